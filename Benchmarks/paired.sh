#!/usr/bin/env bash
# Benchmarks/paired.sh — whole-corpus lint against swift-syntax's parse, measured in alternation.
#
#   Benchmarks/paired.sh [PAIRS]        (default 6)
#
# A shared host's speed can drift by a quarter within minutes, so two figures taken minutes apart (as
# Benchmarks/run takes them) can put the ratio anywhere from 7x to 12x. Here each pair is one swift-syntax
# parse of the corpus (`syntax-oracle bench --runs 1`, one thread) followed at once by one `flowlint lint`
# of it (all cores, the binary Tools/install.sh builds, the corpus a project of its own, as in Benchmarks/run).
# Printed: each pair's ratio, the median of the ratios, and the ratio of the two best times.
#
# Needs what Benchmarks/run builds: the oracle (ORACLE_SCRATCH, default Tools/SyntaxOracle/.build) and
# .build-install. Environment: CORPUS (default Benchmarks/corpus).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="${CORPUS:-$root/Benchmarks/corpus}"
pairs="${1:-6}"
scratch="${ORACLE_SCRATCH:-$root/Tools/SyntaxOracle/.build}"
oracle="$(swift build -c release --package-path "$root/Tools/SyntaxOracle" --scratch-path "$scratch" --show-bin-path)/syntax-oracle"
flowlint="$("$root/Benchmarks/release-flowlint.sh" --path-only)"
for tool in "$oracle" "$flowlint"; do
  [[ -x "$tool" ]] || { echo "paired.sh: $tool is not built (run Benchmarks/run first)" >&2; exit 2; }
done

timing="$(mktemp)"
trap 'rm -f "$timing"' EXIT
for pair in $(seq "$pairs"); do
  parse=$("$oracle" bench "$corpus" --runs 1 2> /dev/null | awk '/^swift-syntax parse/ { print $4 }')
  /usr/bin/time -f "%e" -o "$timing" "$flowlint" lint "$corpus" --project "$corpus" --reporter json --quiet --no-cache > /dev/null || true
  echo "$pair $parse $(cat "$timing")"
done | python3 -c '
import sys, statistics
rows = [line.split() for line in sys.stdin if line.strip()]
ratios = []
print("pair  swift-syntax s  flowlint s   ratio")
for pair, parse, lint in rows:
    ratios.append(float(parse) / float(lint))
    print(f"{pair:>4} {float(parse):>15.2f} {float(lint):>11.2f} {ratios[-1]:>7.1f}x")
best = min(float(r[1]) for r in rows) / min(float(r[2]) for r in rows)
print(f"median of the ratios: {statistics.median(ratios):.1f}x; best times: {best:.1f}x; "
      f"{sum(r >= 10 for r in ratios)} of {len(ratios)} pairs at 10x or more")
'
