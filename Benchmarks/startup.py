#!/usr/bin/env python3
"""Benchmarks/startup.py — start-up: the installed binary on one 200-line view, end to end.

    Benchmarks/startup.py [--runs N] [--record FILE] FLOWLINT [FLOWLINT ...]

Three commands, each run N times (default 100) after 5 warm-up runs, in a project of its own made under a
directory with few entries (STARTUP_PARENT, default /var/tmp): project-root discovery lists the directories
above the file, and a crowded /tmp would be measured with it.

    version              flowlint version
    lint, no cache       flowlint lint SmallView.swift --no-cache --quiet
    lint, warm cache     flowlint lint SmallView.swift --quiet (the facts cache in the project, written by
                         the warm-up runs: the file's facts come from it)

Printed per command and binary: the median wall time, the median CPU time (user + system, from wait4's
rusage: the process's own work, which the host's load barely changes, where wall time on a shared 2-core
host swings by milliseconds), the fastest wall time and the median peak RSS. Several binaries are run in
turn within each round, so a before/after comparison sees the same load. Standard output and error go to
/dev/null; the exit status of every run is checked against the first. --record writes the figures as JSON.
"""
import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VIEW = os.path.join(ROOT, "Benchmarks", "SmallView.swift")
WARM_UP = 5
COMMANDS = [
    ("version", ["version"]),
    ("lint, no cache", ["lint", "SmallView.swift", "--no-cache", "--quiet"]),
    ("lint, warm cache", ["lint", "SmallView.swift", "--quiet"]),
]


def run_once(argv, environment, devnull):
    """Wall seconds, CPU seconds (user + system), peak RSS in KB and exit status of one run."""
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, environment, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def main():
    parser = argparse.ArgumentParser(description="FlowLint start-up benchmark")
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--record", help="write the medians as JSON to this file")
    parser.add_argument("binaries", nargs="+")
    options = parser.parse_args()
    binaries = [os.path.abspath(b) for b in options.binaries]
    for binary in binaries:
        if not os.access(binary, os.X_OK):
            sys.exit(f"startup.py: {binary} is not an executable")

    parent = os.environ.get("STARTUP_PARENT", "/var/tmp" if os.path.isdir("/var/tmp") else tempfile.gettempdir())
    workspace = tempfile.mkdtemp(prefix="flowlint-startup-", dir=parent)
    try:
        # One project per binary, so one binary's cache is never another's.
        projects = []
        for index, _ in enumerate(binaries):
            project = os.path.join(workspace, f"p{index}")
            os.mkdir(project)
            shutil.copy(VIEW, project)
            open(os.path.join(project, ".flowlint.yml"), "w").close()
            projects.append(project)
        environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": workspace}
        samples = {(c, b): [] for c, _ in COMMANDS for b in range(len(binaries))}
        statuses = {}
        devnull = os.open(os.devnull, os.O_WRONLY)
        here = os.getcwd()
        for round_ in range(WARM_UP + options.runs):
            for name, arguments in COMMANDS:
                for index, binary in enumerate(binaries):
                    os.chdir(projects[index])
                    environment["XDG_CACHE_HOME"] = os.path.join(projects[index], "cache")
                    wall, cpu, rss, status = run_once([binary] + arguments, environment, devnull)
                    expected = statuses.setdefault((name, index), status)
                    if status != expected:
                        sys.exit(f"startup.py: {binary} {' '.join(arguments)} exited {status}, earlier {expected}")
                    if round_ >= WARM_UP:
                        samples[(name, index)].append((wall, cpu, rss))
        os.chdir(here)
    finally:
        shutil.rmtree(workspace, ignore_errors=True)

    print(f"{options.runs} runs each after {WARM_UP} warm-up runs, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}; a project under {parent}")
    print(f"{'command':<18}{'binary':<34}{'wall median':>12}{'CPU median':>12}{'wall min':>10}{'peak RSS':>10}")
    record = []
    for name, arguments in COMMANDS:
        for index, binary in enumerate(binaries):
            rows = samples[(name, index)]
            wall = statistics.median(r[0] for r in rows) * 1000
            cpu = statistics.median(r[1] for r in rows) * 1000
            fastest = min(r[0] for r in rows) * 1000
            rss = statistics.median(r[2] for r in rows) / 1024
            label = binary if len(binary) <= 33 else "…" + binary[-32:]
            print(f"{name:<18}{label:<34}{wall:>9.2f} ms{cpu:>9.2f} ms{fastest:>7.2f} ms{rss:>7.1f} MB")
            record.append({"command": name, "arguments": arguments, "binary": binary, "status": statuses[(name, index)],
                           "wall_ms": wall, "cpu_ms": cpu, "fastest_wall_ms": fastest, "peak_rss_mb": rss})
    if options.record:
        with open(options.record, "w") as f:
            json.dump(record, f, indent=1)


if __name__ == "__main__":
    main()
