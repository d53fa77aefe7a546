#!/usr/bin/env python3
"""Benchmarks/lsp-typing.py: what an editor sees of `flowlint lsp` while someone types, for several debounce values.

    lsp-typing.py FLOWLINT_BIN PROJECT_DIR FILE [--debounces 0,10,20,75] [--keystrokes N] [--seed S] [--label TEXT]

Starts the server in PROJECT_DIR, opens FILE, waits for the project's load, then plays the same synthetic typing
session for each debounce value (a fresh server each time): bursts of keystrokes typed into a string literal, each a
`didChange` of one character sent at its time, whatever the server is doing. Within a burst keystrokes come 80 to
200 ms apart (uniformly), one in five pairs faster, 30 to 80 ms (rolled-over keys); a burst is 3 to 12 keystrokes,
then a pause of 0.4 to 1.5 s; one burst in four is followed by deleting what it typed with the key held down (key
repeat, 33 ms apart), the others by deleting it at typing speed. One typed keystroke in ten is followed 2 to 8 ms
later by a second `didChange` from the editor itself (a formatter's or a completion's follow-up edit, here one more
character). The session is fixed by the seed.

For each debounce value it prints:
  - visible latency per keystroke: from sending it to the first `publishDiagnostics` of its version or a later one,
    median and 95th percentile (what the editor shows lags the text by this much);
  - the same after the last keystroke of each burst (what someone who stops typing waits for);
  - lints per keystroke (from the server's `$/logTrace` lines: a value under 1 means keystrokes were linted together),
    lints stopped by newer input per keystroke (work thrown away), and the server's CPU time per keystroke.

Plain JSON-RPC over pipes, standard library only; exits non-zero if the server misbehaves.
"""
import argparse
import os
import random
import statistics
import sys
import time

from lsp_client import Server


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def session(seed, keystrokes):
    """The changes as (delay before it in seconds, 'type' or 'delete', ends a burst, is a keystroke): a keystroke's
    follow-up edit from the editor is a change but no keystroke."""
    rng = random.Random(seed)
    out = []
    while sum(1 for change in out if change[3]) < keystrokes:
        typed = rng.randint(3, 12)
        characters = 0
        for n in range(typed):
            gap = rng.uniform(0.030, 0.080) if n > 0 and rng.random() < 0.2 else rng.uniform(0.080, 0.200)
            follows = rng.random() < 0.1
            out.append((gap if n > 0 else rng.uniform(0.4, 1.5), "type", n == typed - 1 and not follows, True))
            characters += 1
            if follows:
                out.append((rng.uniform(0.002, 0.008), "type", n == typed - 1, False))
                characters += 1
        held = rng.random() < 0.25
        for n in range(characters):
            gap = (0.033 if held else rng.uniform(0.080, 0.200)) if n > 0 else rng.uniform(0.3, 0.8)
            out.append((gap, "delete", n == characters - 1, True))
    return out


def run(binary, project, path, debounce, keys):
    uri = "file://" + path
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    line_number = next(i for i, line in enumerate(lines) if '"' in line and ("Text(" in line or "TextField(" in line))
    column = lines[line_number].index('"') + 1

    server = Server(binary, project, ["--debounce", str(debounce)])
    if server.request("initialize", {
        "processId": os.getpid(), "rootUri": "file://" + project, "trace": "verbose",
        "workspaceFolders": [{"uri": "file://" + project, "name": "bench"}], "capabilities": {},
    }, 120) is None:
        sys.exit("lsp-typing: no answer to initialize")
    server.notify("initialized", {})
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
    if server.diagnostics(uri, 600, version=1) is None:
        sys.exit("lsp-typing: the project did not load")
    time.sleep(0.5)
    with open("/proc/%d/stat" % server.process.pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    cpu_before = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    # Play the session on schedule: each keystroke at its time, answered or not.
    sent = []  # (time, version, ends a burst)
    version, offset = 1, 0
    start = time.perf_counter()
    due = start
    for gap, kind, last, keystroke in keys:
        due += gap
        time.sleep(max(0.0, due - time.perf_counter()))
        version += 1
        if kind == "type":
            change = {"range": {"start": {"line": line_number, "character": column + offset},
                                "end": {"line": line_number, "character": column + offset}}, "text": "x"}
            offset += 1
        else:
            offset -= 1
            change = {"range": {"start": {"line": line_number, "character": column + offset},
                                "end": {"line": line_number, "character": column + offset + 1}}, "text": ""}
        sent.append((server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                             "contentChanges": [change]}), version, last, keystroke))
    # Everything published up to the last version, with arrival times (the reader thread time-stamps each message).
    published, lints, stopped = [], 0, 0
    while True:
        got = server.wait(lambda m: m.get("method") in ("textDocument/publishDiagnostics", "$/logTrace"), 30)
        if got is None:
            sys.exit("lsp-typing: the last version was never published (debounce %d)" % debounce)
        arrived, message = got
        if message["method"] == "$/logTrace":
            lints += message["params"]["message"].startswith("lint /")
            stopped += message["params"]["message"].startswith("lint stopped")
            continue
        if message["params"]["uri"] == uri:
            published.append((arrived, message["params"].get("version") or 0))
            if published[-1][1] == version:
                break
    with open("/proc/%d/stat" % server.process.pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") - cpu_before
    server.end(30)

    latencies, after_burst = [], []
    for when, v, last, keystroke in sent:
        shown = next(arrived for arrived, pv in published if pv >= v and arrived >= when)
        if keystroke:
            latencies.append((shown - when) * 1000)
        if last:
            after_burst.append((shown - when) * 1000)
    keystrokes = len(latencies)
    return latencies, after_burst, lints / keystrokes, stopped / keystrokes, cpu / keystrokes * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("project")
    parser.add_argument("file")
    parser.add_argument("--debounces", default="0,10,20,75")
    parser.add_argument("--keystrokes", type=int, default=300)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    project = os.path.abspath(args.project)
    keys = session(args.seed, args.keystrokes)
    gaps = [gap for gap, _, _, keystroke in keys if keystroke]
    print("%s: typing session of %d keystrokes and %d follow-up edits (seed %d): gaps median %.0f ms, %d under 80 ms, %d bursts" %
          (args.label or project, len(gaps), len(keys) - len(gaps), args.seed, statistics.median(gaps) * 1000,
           sum(1 for g in gaps if g < 0.080), sum(1 for change in keys if change[2])))
    for debounce in [int(d) for d in args.debounces.split(",")]:
        latencies, after_burst, lints, stopped, cpu = run(args.binary, project, os.path.join(project, args.file), debounce, keys)
        print("  debounce %3d ms: visible latency median %5.1f ms, p95 %5.1f ms; after a burst median %5.1f ms, p95 %5.1f ms;"
              " per keystroke %.2f lints, %.2f stopped, %.1f ms CPU" %
              (debounce, statistics.median(latencies), percentile(latencies, 0.95), statistics.median(after_burst),
               percentile(after_burst, 0.95), lints, stopped, cpu))


if __name__ == "__main__":
    main()
