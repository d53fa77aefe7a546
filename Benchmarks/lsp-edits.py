#!/usr/bin/env python3
"""Benchmarks/lsp-edits.py: what one incremental edit costs `flowlint lsp`, in large documents (issue 23, item 15).

    lsp-edits.py FLOWLINT [--edits N] [--cases top,line-start,line-end]

For each case, a plain-text document is opened (plain text is never linted, so only the edits are measured), then N
one-character edits are sent one after the other, alternately typing a character and deleting it, and a request
after them: its answer comes once every edit is applied. Prints, per case, the time for the N edits, the time per
edit, and the server's peak resident memory. The cases:

  top         edits at the top of an 8 MiB document of 64-byte lines
  line-start  edits at the start of a 50 MB single line
  line-end    edits at the end of the same line (positions are converted across the whole line)

With an edit's cost proportional to the edit, the three take about the same time per edit, whatever the size.
"""
import argparse
import os
import sys
import tempfile
import time

from lsp_client import Server


def case(binary, label, text, position, edits):
    with tempfile.TemporaryDirectory() as directory:
        server = Server(binary, directory, ["--no-cache", "--debounce", "10000"])
        server.initialize(directory)
        uri = "file://" + os.path.join(directory, "notes.txt")
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "plaintext", "version": 1, "text": text}})
        if server.request("flowlint/probe", {}, 300) is None:
            sys.exit("lsp-edits: no answer after opening the document")
        line, character = position
        started = time.perf_counter()
        for n in range(edits):
            end = character + (n % 2)  # type a character, then delete it
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": n + 2},
                "contentChanges": [{"range": {"start": {"line": line, "character": character}, "end": {"line": line, "character": end}},
                                    "text": "x" if n % 2 == 0 else ""}]})
        if server.request("flowlint/probe", {}, 3600) is None:
            sys.exit("lsp-edits: no answer after the edits")
        elapsed = time.perf_counter() - started
        status = server.end(30)
        print("  %-42s %5d edits in %9.1f ms: %8.3f ms per edit; peak %4d MB; exit %s" %
              (label, edits, elapsed * 1000, elapsed * 1000 / edits, server.peak_kb // 1024, status))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--edits", type=int, default=2000)
    parser.add_argument("--cases", default="top,line-start,line-end")
    args = parser.parse_args()
    line = "let value = 12345 // a line of an 8 MiB document, 64 bytes long\n"
    long_line = "x" * 50_000_000
    cases = {
        "top": ("top of an 8 MiB document", line * ((8 << 20) // len(line)), (0, 0)),
        "line-start": ("start of a 50 MB line", long_line, (0, 0)),
        "line-end": ("end of a 50 MB line", long_line, (0, len(long_line) - 1)),
    }
    print("flowlint lsp, one-character edits: %s" % args.binary)
    for name in args.cases.split(","):
        label, text, position = cases[name]
        case(args.binary, label, text, position, args.edits)


if __name__ == "__main__":
    main()
