#!/usr/bin/env bash
# Benchmarks/partial-run.sh — single-file runs with the whole project as context (pre-commit, editors).
#
#   Benchmarks/partial-run.sh [FLOWLINT_BIN]    (default: a release build in .build-ctx, built if missing)
#
# For the corpus (Benchmarks/corpus as one project, --project) and a fixture app (Fixtures/SharedSettings):
#   full     `flowlint lint --no-cache <project>`                    (the reference)
#   cold     `flowlint lint FILE` with an empty cache directory       (gathers every file's facts, writes the cache)
#   warm     `flowlint lint FILE` again (cache filled, nothing changed)
# Each figure is the median wall time of RUNS runs (default 5; the cold one empties the cache before each run).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="${CORPUS:-$root/Benchmarks/corpus}"
runs="${RUNS:-5}"
bin="${1:-}"
if [[ -z "$bin" ]]; then
  scratch="${FLOWLINT_SCRATCH:-$root/.build-ctx}"
  nice -n "${NICE:-10}" swift build -c release --package-path "$root" --scratch-path "$scratch" --product flowlint >/dev/null
  bin="$(swift build -c release --package-path "$root" --scratch-path "$scratch" --show-bin-path)/flowlint"
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
cache="$(mktemp -d)"
trap 'rm -rf "$cache"' EXIT

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# time_runs MODE DIR ARGS...: prints the median milliseconds of `flowlint ARGS` run in DIR.
time_runs() {
  local mode="$1" dir="$2"; shift 2
  local i start end
  for ((i = 0; i < runs; i++)); do
    [[ "$mode" == cold ]] && rm -rf "$cache"/*
    start=$(now_ms)
    (cd "$dir" && "$bin" "$@" <"${STDIN_FILE:-/dev/null}" >/dev/null 2>&1) || true
    end=$(now_ms)
    echo $((end - start))
  done | median
}

bench_project() {  # bench_project NAME DIR FILE [--project DIR]
  local name="$1" dir="$2" file="$3"; shift 3
  local files lines
  files=$(find "$dir" -type f -name '*.swift' -not -path '*/.build*' | wc -l)
  lines=$(find "$dir" -type f -name '*.swift' -not -path '*/.build*' -print0 | xargs -0 cat | wc -l)
  printf '\n== %s: %s files, %s lines; single file %s\n' "$name" "$files" "$lines" "$file"
  printf '  full lint (--no-cache):        %6s ms\n' "$(time_runs full "$dir" lint --quiet --no-cache "$@" .)"
  printf '  single file, --no-cache:       %6s ms\n' "$(time_runs full "$dir" lint --quiet --no-cache "$@" "$file")"
  printf '  single file, cold cache:       %6s ms\n' "$(time_runs cold "$dir" lint --quiet --cache-path "$cache" "$@" "$file")"
  (cd "$dir" && "$bin" lint --quiet --cache-path "$cache" "$@" "$file" >/dev/null 2>&1) || true
  printf '  single file, warm cache:       %6s ms\n' "$(time_runs warm "$dir" lint --quiet --cache-path "$cache" "$@" "$file")"
  printf '  stdin buffer, warm cache:      %6s ms\n' \
    "$(STDIN_FILE="$dir/$file" time_runs warm "$dir" lint --quiet --cache-path "$cache" "$@" --stdin-path "$file")"
}

echo "flowlint: $bin; median of $runs runs"
if [[ -d "$corpus" ]]; then
  corpus_file="$(cd "$corpus" && find . -type f -name '*.swift' | sort | awk 'NR == 1000')"
  bench_project corpus "$corpus" "${corpus_file#./}" --project .
else
  echo "(no corpus at $corpus: run Benchmarks/corpus.sh)"
fi
bench_project "fixture app" "$root/Fixtures/SharedSettings" Views/AvatarBadge.swift
