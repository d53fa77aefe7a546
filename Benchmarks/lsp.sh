#!/usr/bin/env bash
# Benchmarks/lsp.sh — `flowlint lsp`: time from a didChange to its publishDiagnostics for a 200-line view
# (Benchmarks/SmallView.swift), median and 95th percentile, and the server's peak memory.
#
#   Benchmarks/lsp.sh [FLOWLINT_BIN]     (default: a release build, built here if needed)
#
# Two workspaces, each a project of its own in a temporary directory (a .flowlint.yml marks the root):
#   fixture   Fixtures/SharedSettings with SmallView.swift added
#   corpus    Benchmarks/corpus (hard-linked, no extra disk) with SmallView.swift added at its top: every file of
#             the corpus is part of the one project (built by Benchmarks/corpus.sh if missing)
# In each, lsp-bench.py opens SmallView.swift, waits for the load, then types and deletes a character 50 times
# (after 5 warm-up edits), once with --debounce 0 (the server's own work) and once with the default debounce
# (what an editor sees: the wait plus the work). The facts cache is a fresh directory: the first load of the
# corpus parses every file. Then lsp-typing.py plays a synthetic typing session (bursts of keystrokes 30 to 200 ms
# apart, pauses, key repeat) in the corpus workspace for each of TYPING_DEBOUNCES: the visible latency per keystroke
# and the lints per keystroke, from which the default debounce was chosen (README, "Editors").
# Environment: CORPUS (default Benchmarks/corpus), EDITS (default 50), NICE (default 10, for the build),
# WORKSPACES (default "fixture corpus"), DEBOUNCES (default "0 5"; empty to skip), TYPING_DEBOUNCES (default
# "0,5,10,15,20,30,50,75"; empty to skip), KEYSTROKES (default 300): to run a part only. BASELINE=1: each workspace's
# .flowlint.yml names a baseline of its full run (written first with --write-baseline), which the server matches the
# open files' findings against after every edit (the trace's "baseline" figure).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="${CORPUS:-$root/Benchmarks/corpus}"
edits="${EDITS:-50}"
bin="${1:-}"
if [[ -z "$bin" ]]; then
  nice -n "${NICE:-10}" swift build -c release --package-path "$root" --product flowlint >/dev/null
  bin="$(swift build -c release --package-path "$root" --show-bin-path)/flowlint"
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
if [[ ! -d "$corpus" ]] || [[ -z "$(find "$corpus" -name '*.swift' -print -quit)" ]]; then
  "$root/Benchmarks/corpus.sh" "$corpus"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The server's facts cache goes here, not into the user's cache.
export XDG_CACHE_HOME="$work/cache"

mkdir -p "$work/fixture"
cp -R "$root/Fixtures/SharedSettings/." "$work/fixture/"
: > "$work/fixture/.flowlint.yml"
cp "$root/Benchmarks/SmallView.swift" "$work/fixture/"

mkdir -p "$work/corpus"
: > "$work/corpus/.flowlint.yml"
cp -al "$corpus" "$work/corpus/corpus"
cp "$root/Benchmarks/SmallView.swift" "$work/corpus/"

if [[ -n "${BASELINE:-}" ]]; then
  for workspace in ${WORKSPACES-fixture corpus}; do
    (cd "$work/$workspace" && "$bin" lint --quiet --write-baseline .flowlint-baseline.json . 2>/dev/null)
    echo "baseline: .flowlint-baseline.json" > "$work/$workspace/.flowlint.yml"
  done
fi
echo "flowlint lsp benchmark: $bin, $(nproc) cores, commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo '+dirty')"
for workspace in ${WORKSPACES-fixture corpus}; do
  for debounce in ${DEBOUNCES-0 5}; do
    echo
    python3 "$root/Benchmarks/lsp-bench.py" "$bin" "$work/$workspace" SmallView.swift --edits "$edits" \
      --debounce "$debounce" --label "$workspace"
  done
done
typing="${TYPING_DEBOUNCES-0,5,10,15,20,30,50,75}"
if [[ -n "$typing" ]]; then
  echo
  python3 "$root/Benchmarks/lsp-typing.py" "$bin" "$work/corpus" SmallView.swift --debounces "$typing" \
    --keystrokes "${KEYSTROKES:-300}" --label "corpus"
fi
