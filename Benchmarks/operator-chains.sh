#!/usr/bin/env bash
# Benchmarks/operator-chains.sh — is parsing a flat chain linear in its length?
#
#   Benchmarks/operator-chains.sh [FLOWLINT_BIN]    (default: a release build in .build-ctx, built if missing)
#
# Times `flowlint lint --no-cache` on `let x = 1 + 1 + ...` of 200 KB, 400 KB and 800 KB, and on a view body of
# `.padding()` modifiers of the same sizes (best of RUNS runs, default 3), then prints time(800 KB) / time(200 KB):
# about 4 when the work is linear, about 16 when it is quadratic (it was 15 before the parser stopped inserting
# each wrapped parent in front of its child). A figure to read, not a test: the machine's load moves it.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-3}"
bin="${1:-}"
if [[ -z "$bin" ]]; then
  scratch="${FLOWLINT_SCRATCH:-$root/.build-ctx}"
  nice -n "${NICE:-10}" swift build -c release --package-path "$root" --scratch-path "$scratch" --product flowlint >/dev/null
  bin="$(swift build -c release --package-path "$root" --scratch-path "$scratch" --show-bin-path)/flowlint"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.git" # the file is its own project: nothing else is read

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# chain KIND BYTES: writes the input of about BYTES bytes to $work/chain.swift.
chain() {
  local kind="$1" bytes="$2"
  case "$kind" in
    operators)
      awk -v n=$((bytes / 4)) 'BEGIN { printf "let x = 1"; for (i = 0; i < n; i++) printf " + 1"; printf "\n" }' \
        >"$work/chain.swift" ;;
    modifiers)
      awk -v n=$((bytes / 10)) 'BEGIN {
        printf "import SwiftUI\nstruct V: View {\n    var body: some View {\n        Text(\"a\")"
        for (i = 0; i < n; i++) printf ".padding()"
        printf "\n    }\n}\n" }' >"$work/chain.swift" ;;
  esac
}

# best_ms: the fastest of $runs runs of flowlint with the arguments given, or "exit N" if a run ends with an exit
# status other than 0 or 1 (139: a crash).
best_ms() {
  local best="" start elapsed status
  for _ in $(seq "$runs"); do
    start=$(now_ms)
    status=0
    "$bin" "$@" >/dev/null 2>&1 || status=$?
    elapsed=$(( $(now_ms) - start ))
    if [[ "$status" -gt 1 ]]; then echo "exit $status"; return; fi
    if [[ -z "$best" || "$elapsed" -lt "$best" ]]; then best="$elapsed"; fi
  done
  echo "$best"
}

echo "flowlint: $bin (best of $runs runs)"
for kind in operators modifiers; do
  times=()
  for kb in 200 400 800; do
    chain "$kind" $((kb * 1000))
    result=$(best_ms lint --no-cache --quiet "$work/chain.swift")
    times+=("$result")
    if [[ "$result" == exit* ]]; then
      printf '  %-9s %4d KB  lint %s\n' "$kind" "$kb" "$result"
    else
      printf '  %-9s %4d KB  lint %6d ms\n' "$kind" "$kb" "$result"
    fi
  done
  if [[ "${times[0]}" == exit* || "${times[2]}" == exit* ]]; then
    printf '  %-9s no ratio: a run failed\n' "$kind"
  else
    awk -v a="${times[0]}" -v c="${times[2]}" -v k="$kind" \
      'BEGIN { printf "  %-9s 800 KB / 200 KB = %.1f (linear: ~4, quadratic: ~16)\n", k, (a > 0 ? c / a : 0) }'
  fi
done
