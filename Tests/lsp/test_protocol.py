"""What no well-behaved client sends: broken framing, bad JSON, raw bytes, requests out of order, cancellations,
and how the server ends. Plain pipes (helpers.RawServer)."""
import json

from conftest import FLOWLINT
from helpers import RawServer, write

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}}


def started(tmp_path):
    write(tmp_path, ".flowlint.yml", "")
    server = RawServer(FLOWLINT, tmp_path, ["--no-cache"])
    return server


def test_requests_before_initialize_are_refused_and_notifications_dropped(tmp_path):
    server = started(tmp_path)
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": (tmp_path / "A.swift").as_uri(), "languageId": "swift", "version": 1, "text": "struct A {}"}}})
    server.send({"jsonrpc": "2.0", "id": 7, "method": "textDocument/codeAction", "params": {}})
    assert server.response(7)["error"]["code"] == -32002  # ServerNotInitialized
    server.send({"jsonrpc": "2.0", "id": 8, "method": "shutdown"})
    assert server.response(8)["error"]["code"] == -32002
    server.send(INIT)
    assert server.response(1)["result"]["capabilities"]["positionEncoding"] == "utf-16"
    server.send({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {"capabilities": {}}})
    assert server.response(2)["error"]["code"] == -32600  # already initialized
    server.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    assert server.response(3)["result"] is None
    server.send({"jsonrpc": "2.0", "id": 4, "method": "textDocument/codeAction", "params": {}})
    assert server.response(4)["error"]["code"] == -32600  # shut down
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.process.wait(timeout=10) == 0


def test_exit_without_shutdown_ends_with_1(tmp_path):
    server = started(tmp_path)
    server.send(INIT)
    server.response(1)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.process.wait(timeout=10) == 1


def test_end_of_input_ends_the_server(tmp_path):
    server = started(tmp_path)
    server.send(INIT)
    server.response(1)
    assert server.close() == 1


def test_unknown_methods(tmp_path):
    server = started(tmp_path)
    server.send(INIT)
    server.response(1)
    server.send({"jsonrpc": "2.0", "method": "workspace/somethingNew", "params": {}})  # ignored
    server.send({"jsonrpc": "2.0", "method": "$/progress", "params": {}})             # ignored
    server.send({"jsonrpc": "2.0", "id": "x-1", "method": "textDocument/hover", "params": {}})
    response = server.response("x-1")
    assert response["error"]["code"] == -32601  # MethodNotFound
    server.send({"jsonrpc": "2.0", "id": 9, "method": "textDocument/codeAction", "params": {"textDocument": {}}})
    assert server.response(9)["error"]["code"] == -32602  # InvalidParams


def test_malformed_bytes_never_stop_the_server(tmp_path):
    server = started(tmp_path)
    server.send(INIT)
    server.response(1)
    errors = []

    def parse_error(message):
        return message.get("id") is None and message.get("error", {}).get("code") == -32700

    # Bad JSON, a body that is not UTF-8, JSON that is not an object, nesting no stack could hold.
    for body in [b"{not json", b'{"jsonrpc": "2.0", "id": 5, "method": "\xff\xfe"}', b"[1, 2]",
                 b"[" * 200000 + b"]" * 200000]:
        server.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        message, _ = server.read_until(lambda m: m.get("id") is None and "error" in m)
        errors.append(message["error"]["code"])
    assert errors == [-32700, -32700, -32600, -32700]
    # Garbage between messages, a header without Content-Length, an invalid one: each reported, then skipped.
    server.send_raw(b"garbage\r\n\r\n")
    assert parse_error(server.read())
    server.send_raw(b"Content-Type: text/plain\r\n\r\n")
    assert parse_error(server.read())
    server.send_raw(b"Content-Length: twelve\r\n\r\n")
    assert parse_error(server.read())
    # A Content-Length larger than the body: the next message is found inside it and answered.
    server.send_raw(b'Content-Length: 500\r\n\r\n{"jsonrpc": "2.0"}')
    server.send({"jsonrpc": "2.0", "id": 10, "method": "textDocument/hover", "params": {}})
    message, before = server.read_until(lambda m: m.get("id") == 10)
    assert message["error"]["code"] == -32601
    assert any(parse_error(m) for m in before)
    # A Content-Length smaller than the body: the rest is skipped up to the next header.
    body = json.dumps({"jsonrpc": "2.0", "id": 11, "method": "textDocument/hover", "params": {}}).encode()
    server.send_raw(b"Content-Length: 10\r\n\r\n" + body)
    server.send({"jsonrpc": "2.0", "id": 12, "method": "textDocument/hover", "params": {}})
    message, before = server.read_until(lambda m: m.get("id") == 12)
    assert message["error"]["code"] == -32601
    # A document whose text is not valid Swift, or holds NUL bytes: no crash, no findings.
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    for n, text in enumerate(["\u0000\u0001 struct {{{", "é" * 1000 + "\ud83d", "}" * 10000 + "{" * 10000]):
        path = tmp_path / f"Bad{n}.swift"
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": path.as_uri(), "languageId": "swift", "version": 1, "text": text}}})
        message, _ = server.read_until(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                       and m["params"]["uri"] == path.as_uri())
        assert message["params"]["diagnostics"] == []
    server.send({"jsonrpc": "2.0", "id": 13, "method": "shutdown"})
    assert server.response(13)["result"] is None
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.process.wait(timeout=10) == 0
    assert b"Fatal" not in server.process.stderr.read()


def test_cancelled_requests_are_answered_as_cancelled(tmp_path):
    server = started(tmp_path)
    server.send(INIT)
    server.response(1)
    # A project large enough that loading it keeps the server busy while the next messages arrive: the first code
    # action request loads it (a document changed, so it lints first); the second waits behind it and is cancelled.
    for n in range(400):
        write(tmp_path, f"Sources/View{n}.swift", f"import SwiftUI\nstruct View{n}: View {{ @State var a = {n}; var body: some View {{ Text(\"{n}\") }} }}\n")
    path = tmp_path / "Sources/View0.swift"
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": path.as_uri(), "languageId": "swift", "version": 1, "text": path.read_text()}}})
    action = {"textDocument": {"uri": path.as_uri()}, "range": {"start": {"line": 1, "character": 23}, "end": {"line": 1, "character": 23}},
              "context": {"diagnostics": []}}
    server.send({"jsonrpc": "2.0", "id": 20, "method": "textDocument/codeAction", "params": action})
    server.send({"jsonrpc": "2.0", "id": 21, "method": "textDocument/codeAction", "params": action})
    server.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 21}})
    assert [a["title"] for a in server.response(20)["result"]] == ["insert 'private'", "Disable non_private_state for this line"]
    assert server.response(21)["error"]["code"] == -32800  # RequestCancelled
    # Cancelling a request already answered, or an id nobody used, changes nothing: the same id again is answered.
    server.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 20}})
    server.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": "nobody"}})
    server.send({"jsonrpc": "2.0", "id": 20, "method": "textDocument/codeAction", "params": action})
    assert len(server.response(20)["result"]) == 2


def test_an_oversized_message_is_refused_at_its_header_and_later_messages_are_read(tmp_path):
    server = started(tmp_path)
    server.send(INIT)
    server.response(1)

    def refused(message):
        return message.get("id") is None and message.get("error", {}).get("code") == -32600

    # A Content-Length over 64 MiB whose body never comes: refused at once, and the next message, found where the
    # body should have been, is answered.
    server.send_raw(b"Content-Length: 100000000\r\n\r\n")
    message, _ = server.read_until(refused)
    assert "100000000 bytes is over the limit of 64 MiB" in message["error"]["message"]
    server.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {}})
    assert server.response(2)["error"]["code"] == -32601
    # One sent whole (70 MB): refused, skipped unread, and the next message answered.
    body = b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"text":"' + b"x" * 70_000_000 + b'"}}'
    server.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {}})
    message, before = server.read_until(lambda m: m.get("id") == 3)
    assert message["error"]["code"] == -32601
    assert any(refused(m) for m in before)
    server.send({"jsonrpc": "2.0", "id": 4, "method": "shutdown"})
    assert server.response(4)["result"] is None
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.process.wait(timeout=10) == 0


def test_exit_ends_the_server_without_waiting_for_a_lint(tmp_path):
    server = started(tmp_path)
    server.send({**INIT, "params": {**INIT["params"], "initializationOptions": {"debounce": 0}}})
    server.response(1)
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    # A 6 MB document: its lint takes seconds, so its findings come long after the exit below.
    text = "import SwiftUI\n" + "".join(
        f"struct S{n}: View {{ @State var a = 0; var body: some View {{ Text(\"\") }} }}\n" for n in range(80_000))
    uri = (tmp_path / "Big.swift").as_uri()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "swift", "version": 1, "text": text}}})
    # A code action request lints the document first, on the server's queue: the exit comes while that runs.
    server.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": []}}})
    server.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    server.send({"jsonrpc": "2.0", "method": "exit"})
    # The shutdown was read before the exit: 0. The lint was abandoned: no findings, no answer to the request.
    assert server.process.wait(timeout=10) == 0
    output = server.buffer + server.process.stdout.read()
    assert b'"uri":"%s"' % uri.encode() not in output
    assert b'"id":2' not in output
