"""Helpers shared by the tests: projects on disk, documents, waiting for diagnostics, applying edits."""
import asyncio
import json
import os
import pathlib
import subprocess
import time

from lsprotocol import types

WAIT = 15  # seconds: generous for a loaded 2-core CI machine; a passing test never waits this long


def write(root, name, text):
    path = pathlib.Path(root) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def uri(path):
    return pathlib.Path(path).as_uri()


async def initialize(client, root, encodings=None, watch=True, options=None):
    """Initializes the server for the workspace folder `root` (its facts cache inside `root/.cache`)."""
    capabilities = types.ClientCapabilities(
        general=types.GeneralClientCapabilities(
            position_encodings=encodings or [types.PositionEncodingKind.Utf16]),
        workspace=types.WorkspaceClientCapabilities(
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=watch)),
        text_document=types.TextDocumentClientCapabilities(
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True, version_support=True),
            code_action=types.CodeActionClientCapabilities(
                code_action_literal_support=types.ClientCodeActionLiteralOptions(
                    code_action_kind=types.ClientCodeActionKindOptions(value_set=[types.CodeActionKind.QuickFix])))),
    )
    init_options = {"cachePath": str(pathlib.Path(root) / ".cache")}
    init_options.update(options or {})
    return await client.initialize_session(types.InitializeParams(
        capabilities=capabilities,
        root_uri=uri(root),
        workspace_folders=[types.WorkspaceFolder(uri=uri(root), name="test")],
        initialization_options=init_options,
    ))


def open_document(client, path, text=None, version=1):
    text = pathlib.Path(path).read_text(encoding="utf-8") if text is None else text
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri(path), language_id="swift", version=version, text=text)))
    return text


def change_whole(client, path, version, text):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def change_range(client, path, version, start, end, text):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(*start), end=types.Position(*end)), text=text)]))


def watched(client, *changes):
    """didChangeWatchedFiles: (path, kind) with kind 'created', 'changed' or 'deleted'."""
    kinds = {"created": types.FileChangeType.Created, "changed": types.FileChangeType.Changed,
             "deleted": types.FileChangeType.Deleted}
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=uri(path), type=kinds[kind]) for path, kind in changes]))


async def published(client, path, accept=lambda diagnostics: True, version=None, after=0):
    """The diagnostics of the first publication for `path`, from the `after`-th on, that has `version` (if given)
    and that `accept` takes. Fails after WAIT seconds, showing what was published."""
    deadline = time.monotonic() + WAIT
    key = uri(path)
    seen = 0
    while time.monotonic() < deadline:
        entries = client.published.get(key, [])
        for published_version, diagnostics in entries[max(after, seen):]:
            if (version is None or published_version == version) and accept(diagnostics):
                return diagnostics
        seen = len(entries)
        await asyncio.sleep(0.02)
    raise AssertionError(f"no matching diagnostics for {key} (version {version}); published: "
                         f"{[(v, [(d.code, d.range.start.line) for d in ds]) for v, ds in client.published.get(key, [])]}")


async def barrier(client, path):
    """A request answered after everything sent before it was handled (the server handles messages in order, and
    publishes before it answers): afterwards, what those messages made the server publish has arrived."""
    await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)),
        range=types.Range(start=types.Position(0, 0), end=types.Position(0, 0)), context=types.CodeActionContext(diagnostics=[])))


def count(client, path):
    return len(client.published.get(uri(path), []))


def codes(diagnostics):
    return sorted(str(d.code) for d in diagnostics)


def offset(text, position, encoding="utf-16"):
    """The string index of an LSP position in `text` (lines end at \\n)."""
    lines = text.split("\n")
    index = sum(len(line) + 1 for line in lines[:position.line])
    units = 0
    for character in lines[position.line]:
        if units >= position.character:
            break
        units += len(character.encode("utf-16-le")) // 2 if encoding == "utf-16" else len(character.encode("utf-8"))
        index += 1
    return index


def apply_edits(text, edits, encoding="utf-16"):
    """`text` after a list of LSP TextEdits (all against the original text)."""
    spans = sorted(((offset(text, e.range.start, encoding), offset(text, e.range.end, encoding), e.new_text) for e in edits),
                   reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def snapshot(root, skip=(".cache",)):
    """Every file under `root` (but the facts cache) with its bytes: to check the server wrote nothing."""
    out = {}
    for directory, directories, files in os.walk(root):
        directories[:] = [d for d in directories if d not in skip]
        for name in files:
            path = os.path.join(directory, name)
            out[os.path.relpath(path, root)] = pathlib.Path(path).read_bytes()
    return out


class RawServer:
    """`flowlint lsp` over plain pipes, for what no LSP client sends: broken framing, bad JSON, raw bytes."""

    def __init__(self, flowlint, cwd, args=()):
        self.process = subprocess.Popen([flowlint, "lsp", *args], cwd=cwd, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buffer = b""

    def send_raw(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def read(self, timeout=WAIT):
        """The next message from the server."""
        import select
        deadline = time.monotonic() + timeout
        while True:
            header_end = self.buffer.find(b"\r\n\r\n")
            if header_end >= 0:
                headers = self.buffer[:header_end].decode()
                length = int(headers.split("Content-Length:")[1].split("\r\n")[0])
                if len(self.buffer) >= header_end + 4 + length:
                    body = self.buffer[header_end + 4:header_end + 4 + length]
                    self.buffer = self.buffer[header_end + 4 + length:]
                    return json.loads(body)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError("no message from the server in time")
            ready, _, _ = select.select([self.process.stdout], [], [], remaining)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    raise AssertionError(f"the server closed its output (status {self.process.wait()})")
                self.buffer += chunk

    def read_until(self, accept, timeout=WAIT):
        """Messages up to the first one `accept` takes (returned, with those before it)."""
        before = []
        while True:
            message = self.read(timeout)
            if accept(message):
                return message, before
            before.append(message)

    def response(self, id):
        return self.read_until(lambda m: m.get("id") == id and ("result" in m or "error" in m))[0]

    def close(self, timeout=WAIT):
        self.process.stdin.close()
        return self.process.wait(timeout=timeout)
