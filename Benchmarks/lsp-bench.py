#!/usr/bin/env python3
"""Benchmarks/lsp-bench.py: how long `flowlint lsp` takes from a `didChange` to the `publishDiagnostics` for it.

    lsp-bench.py FLOWLINT_BIN PROJECT_DIR FILE [--edits N] [--warmup N] [--debounce MS] [--label TEXT]

Starts the server in PROJECT_DIR (a workspace folder), opens FILE (relative to it), waits for its first
diagnostics (the project's load), then sends N incremental edits one at a time: typing a character into a string
literal, then deleting it, alternately. Each edit's latency is the time from writing the `didChange` to reading the
`publishDiagnostics` of the document version it made. With `--debounce 0` that is the server's own work (apply
the edit, parse the file, update the index, run the project checks, convert and write the diagnostics); with the
default debounce it includes the wait. The server's `$/logTrace` lines (trace "verbose") give the parse / index /
checks split. Then a file is created on disk and announced with `didChangeWatchedFiles` (the index is built again
for a new file: the rebuild figure), and the server's peak RSS is read from /proc before it shuts down. Last, a
second server (no facts cache) is asked to shut down one second into loading the project: the load is cancelled
within one file's parse, so the answer's delay is the cancellation's.

Plain JSON-RPC over pipes, standard library only. Prints one block of figures; exits non-zero if the server
misbehaves (no answer within 120 s, a crash, a non-zero exit).
"""
import argparse
import os
import re
import statistics
import sys
import time

from lsp_client import Server as PipeServer


class Server(PipeServer):
    """lsp_client's server, keeping the `$/logTrace` lines it sees, and giving up when an answer does not come."""

    def __init__(self, binary, directory, debounce, extra=()):
        super().__init__(binary, directory, ["--debounce", str(debounce), *extra])
        self.traces = []

    def wait(self, accept, timeout=120):
        """The first message `accept` takes, with its arrival time; traces seen on the way are kept."""
        def take(message):
            if message.get("method") == "$/logTrace":
                self.traces.append(message["params"]["message"])
            return accept(message)
        got = super().wait(take, timeout)
        if got is None:
            sys.exit("lsp-bench: no answer from the server within %d s, or it exited (status %s)" % (timeout, self.process.poll()))
        return got

    def cpu_seconds(self):
        """User and system time the server has used so far."""
        with open("/proc/%d/stat" % self.process.pid) as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def peak_rss_mb(self):
        with open("/proc/%d/status" % self.process.pid) as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return float("nan")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("project")
    parser.add_argument("file")
    parser.add_argument("--edits", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--debounce", type=int, default=0)
    parser.add_argument("--label", default="")
    args = parser.parse_args()

    project = os.path.abspath(args.project)
    path = os.path.join(project, args.file)
    uri = "file://" + path
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    # Where to type: inside the first string literal of a line that has one.
    line_number = next(i for i, line in enumerate(lines) if '"' in line and "Text(" in line or "TextField(" in line)
    column = lines[line_number].index('"') + 1

    server = Server(args.binary, project, args.debounce)
    server.request("initialize", timeout=120, params={
        "processId": os.getpid(), "rootUri": "file://" + project, "trace": "verbose",
        "workspaceFolders": [{"uri": "file://" + project, "name": "bench"}],
        "capabilities": {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}},
    })
    server.notify("initialized", {})
    opened = server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
    arrived, first = server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
    load_ms = (arrived - opened) * 1000
    findings = len(first["params"]["diagnostics"])

    latencies = []
    version = 1
    server.traces.clear()
    cpu_before = server.cpu_seconds()
    for n in range(args.warmup + args.edits):
        version += 1
        if n % 2 == 0:
            change = {"range": {"start": {"line": line_number, "character": column}, "end": {"line": line_number, "character": column}}, "text": "x"}
        else:
            change = {"range": {"start": {"line": line_number, "character": column}, "end": {"line": line_number, "character": column + 1}}, "text": ""}
        sent = server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        arrived, _ = server.wait(lambda m, v=version: m.get("method") == "textDocument/publishDiagnostics"
                                 and m["params"]["uri"] == uri and m["params"].get("version") == v)
        if n >= args.warmup:
            latencies.append((arrived - sent) * 1000)
    cpu_per_edit = (server.cpu_seconds() - cpu_before) / (args.warmup + args.edits) * 1000
    edit_traces = server.traces[args.warmup:]

    # A new file on disk: the project is searched again and the index built from every file's facts.
    created = os.path.join(project, "LSPBenchCreated.swift")
    with open(created, "w") as f:
        f.write("import SwiftUI\nstruct LSPBenchCreated: View { var body: some View { Text(\"new\") } }\n")
    server.traces.clear()
    sent = server.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": "file://" + created, "type": 1}]})
    arrived, _ = server.wait(lambda m: m.get("method") == "$/logTrace" and "index built" in m["params"]["message"])
    create_ms = (arrived - sent) * 1000
    create_trace = next((t for t in reversed(server.traces) if "index built" in t), "")
    os.remove(created)

    rss = server.peak_rss_mb()
    server.request("shutdown", None, 120)
    server.notify("exit", None)
    status = server.process.wait(timeout=30)

    # A shutdown while the project loads (no cache: every file is parsed): answered once the load stops.
    server = Server(args.binary, project, 0, ["--no-cache"])
    server.request("initialize", timeout=120, params={"processId": os.getpid(), "rootUri": "file://" + project, "capabilities": {}})
    server.notify("initialized", {})
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
    time.sleep(1.0)
    sent = time.perf_counter()
    server.request("shutdown", None, 300)
    shutdown_ms = (time.perf_counter() - sent) * 1000
    server.notify("exit", None)
    server.process.wait(timeout=30)

    def split(traces, pattern):
        values = [float(m.group(1)) for t in traces for m in [re.search(pattern, t)] if m]
        return "%.2f" % statistics.median(values) if values else "?"

    files = sum(1 for _ in (f for _, _, fs in os.walk(project) for f in fs if f.endswith(".swift")))
    print("%s: %d Swift files, %s (%d lines), %d findings in it; debounce %d ms" %
          (args.label or project, files, args.file, len(lines), findings, args.debounce))
    print("  open (project load, facts cache as found): %8.1f ms" % load_ms)
    print("  didChange -> publishDiagnostics, %d edits: median %.2f ms, p95 %.2f ms, max %.2f ms" %
          (len(latencies), statistics.median(latencies), percentile(latencies, 0.95), max(latencies)))
    print("  server CPU time per edit (user + system, all threads): %.2f ms" % cpu_per_edit)
    print("  server's split (median): parse %s ms, index %s ms, project checks %s ms%s" %
          (split(edit_traces, r"parse ([0-9.]+) ms"), split(edit_traces, r"index \w+ ([0-9.]+) ms"),
           split(edit_traces, r"checks ([0-9.]+) ms"),
           ", baseline %s ms" % split(edit_traces, r"baseline ([0-9.]+) ms") if any("baseline" in t for t in edit_traces) else ""))
    print("  a file created on disk (%.1f ms end to end): %s" % (create_ms, create_trace.split(": ", 1)[-1]))
    print("  server peak RSS: %.0f MB" % rss)
    print("  shutdown 1 s into a load without the cache: answered %.1f ms after it was sent" % shutdown_ms)
    if status != 0:
        sys.exit("lsp-bench: the server exited with %d after shutdown and exit" % status)


if __name__ == "__main__":
    main()
