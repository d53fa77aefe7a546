#!/usr/bin/env bash
# Benchmarks/rule-costs.sh — each rule's and each project analysis's share of a whole-corpus lint (issue 25's cost
# budgets), measured by running with it off: every rule on (opt-in rules included) against every rule but one on,
# and, per analysis, against every rule that declares it off (`flowlint rules --reporter json` lists each rule's
# analyses). Prints a Markdown table: CPU time (user + system, median of RUNS runs, --jobs 1, no facts cache, each
# row's runs alternating with as many all-on runs, against whose median its share is taken) and heap allocations
# (count and bytes, counted by Benchmarks/malloc-count.c), each as the share of the all-on run that turning it off
# saves.
#
#   Benchmarks/rule-costs.sh [FLOWLINT] [CORPUS]      (RUNS=5 by default)
#   OFF_TOGETHER="rule_a rule_b; rule_c rule_d" Benchmarks/rule-costs.sh ...   also each group of rules off at once
#
# Analyses that the same rules declare (the environment rules declare five) cannot be told apart by turning rules
# off: they share one row. An analysis is computed for whichever check asks first, so one that a rule reads without
# declaring it stays on while that rule does; its row is the share of the rules that declare it.
# FLOWLINT defaults to the release build Tools/install.sh makes (.build-install); CORPUS to Benchmarks/corpus,
# linted as a project of its own as Benchmarks/run does. A share within the run-to-run spread (the "spread" line)
# is noise; the allocation counts are exact.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${1:-}"
[ -n "$bin" ] || bin="$("$root/Benchmarks/release-flowlint.sh")"
corpus="${2:-$root/Benchmarks/corpus}"
[ -d "$corpus" ] || "$root/Benchmarks/corpus.sh" "$corpus"
runs="${RUNS:-5}"
work="$(mktemp -d "${TMPDIR:-/tmp}/flowlint-costs.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache" XDG_STATE_HOME="$work/state"
cc -shared -fPIC -O2 -o "$work/malloc-count.so" "$root/Benchmarks/malloc-count.c" -ldl

"$bin" rules --reporter json > "$work/rules.json"
# (Not GROUPS: bash sets that to the user's group ids.)
python3 - "$bin" "$corpus" "$runs" "$work" "${OFF_TOGETHER:-}" <<'PY'
import json, os, statistics, subprocess, sys
bin_, corpus, runs, work, groups = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
rules = json.load(open(f"{work}/rules.json"))["rules"]
ids = [r["id"] for r in rules]
analyses = {}
for r in rules:
    for a in r.get("analyses", []):
        analyses.setdefault(a, []).append(r["id"])

def config_for(name, on):
    config = f"{work}/{name}.yml"
    with open(config, "w") as f:
        f.write("only_rules:\n" + "".join(f"  - {i}\n" for i in on) if on else "only_rules: []\n")
    return config

def cpu_seconds(config):
    rusage = f"{work}/time"
    subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", rusage, bin_, "lint", "--config", config, "--jobs", "1",
                    "--no-cache", "--project", corpus, "--reporter", "json", corpus],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    user, system, _ = open(rusage).read().split()[-3:]
    return float(user) + float(system)

def allocations(config):
    env = dict(os.environ, LD_PRELOAD=f"{work}/malloc-count.so", MALLOC_COUNT_OUT=f"{work}/count")
    subprocess.run([bin_, "lint", "--config", config, "--jobs", "1", "--no-cache", "--project", corpus,
                    "--reporter", "json", corpus], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    count, size = map(int, open(f"{work}/count").read().split())
    return count, size

all_config = config_for("all", ids)

def measure(name, on):
    """CPU time medians of the run with `on` and of the all-on run, the two alternating (this shared host's speed
    drifts by more than most shares within minutes: each share is measured against all-on runs of the same
    minutes), and the allocation counts of one run with `on`."""
    config = config_for(name, on)
    times, base_times = [], []
    for _ in range(runs):
        base_times.append(cpu_seconds(all_config))
        times.append(cpu_seconds(config))
    count, size = allocations(config)
    return statistics.median(times), statistics.median(base_times), times, count, size

base_count, base_bytes = allocations(all_config)
floor, base, base_times, floor_count, floor_bytes = measure("none", [])
spread = (max(base_times) - min(base_times)) / base if base else 0.0
print(f"all rules on: {base:.2f} s CPU (median of {runs}), {base_count:,} allocations, {base_bytes / 2**20:,.0f} MiB asked")
print(f"no rule on (parse, facts, index): {floor:.2f} s, {floor_count:,} allocations; spread of the all-on runs: {spread:.1%}")
print()
print("| off | CPU time saved | share | allocations saved | share | bytes saved |")
print("| --- | --- | --- | --- | --- | --- |")
all_on = []
def row(label, on):
    t, b_t, _, c, b = measure(label.replace(" ", "_").replace(",", "")[:80], on)
    all_on.append(b_t)
    print(f"| {label} | {b_t - t:+.3f} s | {(b_t - t) / b_t if b_t else 0.0:.1%} | {base_count - c:,} | {(base_count - c) / base_count:.1%} | {(base_bytes - b) / 2**20:,.1f} MiB |", flush=True)
for i in ids:
    row(f"rule {i}", [x for x in ids if x != i])
# One row per set of rules that declare analyses: the analyses they all declare share it.
by_users = {}
for a, users in analyses.items():
    by_users.setdefault(tuple(sorted(users)), []).append(a)
for users, names in sorted(by_users.items(), key=lambda item: sorted(item[1])):
    label = "analysis" if len(names) == 1 else "analyses"
    row(f"{label} {', '.join(sorted(names))} ({len(users)} rule{'s' if len(users) > 1 else ''})",
        [x for x in ids if x not in users])
for group in filter(None, (g.split() for g in groups.split(";"))):
    unknown = [g for g in group if g not in ids]
    if unknown:
        sys.exit(f"rule-costs: unknown rule ids in OFF_TOGETHER: {' '.join(unknown)}")
    row(f"{len(group)} rules together: {', '.join(group)}", [x for x in ids if x not in group])
print()
print(f"all-on medians over the rows: {min(all_on):.2f} to {max(all_on):.2f} s (each row's share is against its own)")
PY
