#!/usr/bin/env python3
"""Benchmarks/lsp-attacks.py: the language-server attacks of issue 23 (items 11 to 16), one per run, for the rows of
Benchmarks/attacks.sh.

    lsp-attacks.py FLOWLINT ATTACK DIRECTORY [--timeout SECONDS]

Starts `FLOWLINT lsp --no-cache` in DIRECTORY (a fresh, empty directory), plays the attack and prints one line,
tab-separated: the server's exit status ("killed" when it had to be killed after TIMEOUT), the seconds from its start
to its end, its peak resident memory in KB (wait4), and what was checked. Waits are bounded: an attack never takes
much longer than TIMEOUT. The attacks:

  bom              a document whose text starts with U+FEFF: a finding on line 0 and an edit on line 0, in the
                   editor's positions (U+FEFF is one UTF-16 unit of the text)
  two-uris         one file opened as file://localhost/P and file:///P with the same unsaved text, one closed: the
                   other's findings must still come from its buffer
  oversized-stall  a Content-Length over 64 MiB whose body never comes, then a request: it must be answered
  oversized-body   a 100 MB message sent whole, then a request: refused, answered, memory bounded
  directory-open   didOpen of file:/// as a Swift document, then shutdown: answered at once, no walk of /
  exit-busy        exit while a lint of a 6 MB document runs: the process must end promptly
  edits-top        200 one-character edits at the top of an 8 MiB document
  edits-line       200 one-character edits at the end of a 50 MB line
  large-document   a 63 MB didOpen (a document of 57 MB in 5.7 million short lines), then a request
  large-array      a 63 MB request whose params are 31.5 million zeros
"""
import argparse
import os
import sys
import time

from lsp_client import Server

# One line holding a finding (observed_object_inline at the `@`).
VIEW_LINE = ('import SwiftUI; final class S: ObservableObject { @Published var count = 0 }; '
             'struct V: View { @ObservedObject var s = S(); var body: some View { Button("\\(s.count)") { s.count += 1 } } }')
STORE_VIEW = """import SwiftUI

final class Store: ObservableObject { @Published var count = 0 }

struct ContentView: View {
    @ObservedObject var store = Store()
    var body: some View { Button("\\(store.count)") { store.count += 1 } }
}
"""


def utf16(text):
    return len(text.encode("utf-16-le")) // 2


def change(uri, version, start, end, text):
    return {"textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": start[0], "character": start[1]},
                                          "end": {"line": end[0], "character": end[1]}}, "text": text}]}


def opened(uri, text, language="swift", version=1):
    return {"textDocument": {"uri": uri, "languageId": language, "version": version, "text": text}}


def project(directory):
    open(os.path.join(directory, ".flowlint.yml"), "w").close()
    return directory


def attack_bom(server, directory, timeout):
    project(directory)
    server.initialize(directory)
    uri = "file://" + os.path.join(directory, "A.swift")
    text = "\ufeff" + VIEW_LINE
    server.notify("textDocument/didOpen", opened(uri, text))
    first = server.diagnostics(uri, timeout, version=1)
    # The editor inserts a comment right after U+FEFF, at (0, 1): the finding moves right by its length.
    server.notify("textDocument/didChange", change(uri, 2, (0, 1), (0, 1), "/* c */ "))
    second = server.diagnostics(uri, timeout, version=2)
    if not first or not second:
        return "no finding (%s, %s)" % (first, second)
    expected = [utf16(text[:text.index("@")]), utf16(text[:text.index("@")]) + len("/* c */ ")]
    got = [first[0]["range"]["start"]["character"], second[0]["range"]["start"]["character"]]
    return "positions as the editor's" if got == expected else "line 0 shifted: found at %s, editor has %s" % (got, expected)


def attack_two_uris(server, directory, timeout):
    project(directory)
    path = os.path.join(directory, "A.swift")
    with open(path, "w") as f:
        f.write(STORE_VIEW)  # on disk: a finding
    server.initialize(directory)
    fixed = STORE_VIEW.replace("@ObservedObject var", "@StateObject private var")  # in the editor: none
    local, plain = "file://localhost" + path, "file://" + path
    for uri in [local, plain]:
        server.notify("textDocument/didOpen", opened(uri, fixed))
    server.diagnostics(plain, timeout, version=1)
    server.notify("textDocument/didClose", {"textDocument": {"uri": local}})
    # A code action request lints what is pending first, and is answered after the publication.
    last = []
    id = server.send_request("textDocument/codeAction", {
        "textDocument": {"uri": plain}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": []}})

    def take(message):
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == plain:
            last.append(message["params"]["diagnostics"])
        return message.get("id") == id
    if not server.wait(take, timeout):
        return "no answer"
    return "linted from disk after the close" if last and last[-1] else "the open buffer is linted"


def attack_oversized_stall(server, directory, timeout):
    server.initialize(directory)
    server.send_raw(b"Content-Length: 100000000\r\n\r\n")
    started = time.perf_counter()
    answer = server.request("flowlint/probe", {}, min(timeout, 5))
    if answer is None:
        return "the next request was swallowed (no answer in %d s)" % min(timeout, 5)
    return "the next request answered in %.0f ms" % ((time.perf_counter() - started) * 1000)


def attack_oversized_body(server, directory, timeout):
    server.initialize(directory)
    body = b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x.swift",' \
        b'"languageId":"swift","version":1,"text":"' + b"x" * 100_000_000 + b'"}}}'
    server.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    answer = server.request("flowlint/probe", {}, timeout)
    return "refused, the next request answered" if answer else "no answer to the next request"


def attack_directory_open(server, directory, timeout):
    server.initialize(directory)
    server.notify("textDocument/didOpen", opened("file:///", "struct A {}"))
    time.sleep(0.3)  # past the debounce: a lint of the document would have started
    started = time.perf_counter()
    answer = server.request("shutdown", None, timeout)
    if answer is None:
        return "no answer to shutdown in %d s (walking /)" % timeout
    return "shutdown answered in %.0f ms" % ((time.perf_counter() - started) * 1000)


def attack_exit_busy(server, directory, timeout):
    project(directory)
    server.initialize(directory, options={"debounce": 0})
    uri = "file://" + os.path.join(directory, "Big.swift")
    declaration = "struct S%d: View { @State var a = 0; var body: some View { Text(\"\") } }\n"
    text = "import SwiftUI\n" + "".join(declaration % n for n in range(80_000))
    server.notify("textDocument/didOpen", opened(uri, text))
    time.sleep(0.5)  # the lint is running
    server.send_request("shutdown", None)
    sent = time.perf_counter()
    server.notify("exit", None)
    server.reap(timeout)
    return "ended %.0f ms after exit (%.1f MB document)" % ((server.ended - sent) * 1000, len(text) / 1e6)


def attack_edits(server, directory, timeout, text, position, label):
    server.initialize(directory, options={"debounce": 10_000})
    uri = "file://" + os.path.join(directory, "notes.txt")
    server.notify("textDocument/didOpen", opened(uri, text, language="plaintext"))
    if server.request("flowlint/probe", {}, timeout) is None:
        return "no answer after the open"
    started = time.perf_counter()
    for n in range(200):
        line, character = position
        if n % 2 == 0:
            server.notify("textDocument/didChange", change(uri, n + 2, (line, character), (line, character), "x"))
        else:
            server.notify("textDocument/didChange", change(uri, n + 2, (line, character), (line, character + 1), ""))
    if server.request("flowlint/probe", {}, timeout) is None:
        return "200 edits not applied in %d s" % timeout
    return "200 edits %s in %.0f ms" % (label, (time.perf_counter() - started) * 1000)


def attack_edits_top(server, directory, timeout):
    line = "let value = 12345 // a line of an 8 MiB document, 64 bytes long\n"
    text = line * ((8 << 20) // len(line))
    return attack_edits(server, directory, timeout, text, (0, 0), "at the top of 8 MiB")


def attack_edits_line(server, directory, timeout):
    text = "x" * 50_000_000
    return attack_edits(server, directory, timeout, text, (0, len(text) - 1), "at the end of a 50 MB line")


def attack_large_document(server, directory, timeout):
    server.initialize(directory)
    uri = "file://" + os.path.join(directory, "Large.swift")
    text = "let a = 1\n" * 5_700_000  # 63 MB as JSON (a line break is escaped in two bytes)
    server.notify("textDocument/didOpen", opened(uri, text))
    answer = server.request("flowlint/probe", {}, timeout)
    return "the next request answered" if answer else "no answer to the next request"


def attack_large_array(server, directory, timeout):
    server.initialize(directory)
    body = b'{"jsonrpc":"2.0","id":5,"method":"flowlint/probe","params":[' + b"0," * 31_499_970 + b'0]}'
    server.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    got = server.wait(lambda m: "error" in m and m.get("id") in (5, None), timeout)
    return "answered: %s" % got[1]["error"]["message"][:60] if got else "no answer"


ATTACKS = {name[len("attack_"):].replace("_", "-"): function for name, function in globals().items()
           if name.startswith("attack_") and name not in ("attack_edits",)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("attack", choices=sorted(ATTACKS))
    parser.add_argument("directory")
    parser.add_argument("--timeout", type=float, default=30)
    args = parser.parse_args()
    directory = os.path.realpath(args.directory)
    server = Server(args.binary, directory, ["--no-cache"])
    try:
        check = ATTACKS[args.attack](server, directory, args.timeout)
    except (BrokenPipeError, OSError) as error:
        check = "the server went away (%s)" % error
    if server.status is None:
        server.end(max(1.0, args.timeout - (time.perf_counter() - server.started)))
    print("%s\t%.2f\t%d\t%s" % (server.status, server.seconds(), server.peak_kb, check))


if __name__ == "__main__":
    sys.exit(main())
