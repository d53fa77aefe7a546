#!/usr/bin/env bash
# Benchmarks/partial-run.sh — single-file runs with the whole project as context (pre-commit, editors).
#
#   Benchmarks/partial-run.sh [FLOWLINT_BIN]    (default: a release build in .build-ctx, built if missing)
#
# For the corpus (Benchmarks/corpus as one project, --project) and a fixture app (Fixtures/SharedSettings):
#   full     `flowlint lint <project>`, with --no-cache (the reference) and with an empty cache directory
#   single   `flowlint lint FILE`: with --no-cache; with an empty cache directory (cold: gathers every file's
#            facts and writes the cache); again with the cache filled and nothing changed (warm)
#   stdin    `--stdin-path FILE` with the file's own bytes (an editor on save), warm cache
#   edited   `--stdin-path FILE` with a buffer that differs from the file (an editor while typing): that file
#            is parsed, every other one answered by the cache
# Runs are interleaved (one of each mode per round, RUNS rounds, default 7) so that the machine's drift
# touches every mode alike; each figure is the median, with the best run after it.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="${CORPUS:-$root/Benchmarks/corpus}"
runs="${RUNS:-7}"
bin="${1:-}"
if [[ -z "$bin" ]]; then
  scratch="${FLOWLINT_SCRATCH:-$root/.build-ctx}"
  nice -n "${NICE:-10}" swift build -c release --package-path "$root" --scratch-path "$scratch" --product flowlint >/dev/null
  bin="$(swift build -c release --package-path "$root" --scratch-path "$scratch" --show-bin-path)/flowlint"
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
scratch_dir="$(mktemp -d)"
trap 'rm -rf "$scratch_dir"' EXIT

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# run_ms DIR STDIN ARGS...: milliseconds of one `flowlint ARGS` in DIR, standard input from STDIN.
run_ms() {
  local dir="$1" input="$2"; shift 2
  local start end
  start=$(now_ms)
  (cd "$dir" && "$bin" "$@" <"$input" >/dev/null 2>&1) || true
  end=$(now_ms)
  echo $((end - start))
}

# summary FILE: "median ms (best ms)" of the numbers in FILE.
summary() {
  sort -n "$1" | awk '{ a[NR] = $1 } END { printf "%6d ms  (best %d)", a[int((NR + 1) / 2)], a[1] }'
}

bench_project() {  # bench_project NAME DIR FILE [--project DIR]
  local name="$1" dir="$2" file="$3"; shift 3
  local files lines times edited round
  files=$(find "$dir" -type f -name '*.swift' -not -path '*/.build*' | wc -l)
  lines=$(find "$dir" -type f -name '*.swift' -not -path '*/.build*' -print0 | xargs -0 cat | wc -l)
  printf '\n== %s: %s files, %s lines; single file %s; %s rounds\n' "$name" "$files" "$lines" "$file" "$runs"
  times="$scratch_dir/times"; rm -rf "$times"; mkdir -p "$times"
  edited="$scratch_dir/edited.swift"
  { cat "$dir/$file"; printf '\n// edited in the editor\n'; } > "$edited"
  # The warm cache, filled once; the cold ones are emptied before each of their runs.
  rm -rf "$scratch_dir/warm"
  run_ms "$dir" /dev/null lint --quiet --cache-path "$scratch_dir/warm" "$@" "$file" > /dev/null
  for ((round = 0; round < runs; round++)); do
    run_ms "$dir" /dev/null lint --quiet --no-cache "$@" . >> "$times/full-nocache"
    rm -rf "$scratch_dir/cold"
    run_ms "$dir" /dev/null lint --quiet --cache-path "$scratch_dir/cold" "$@" . >> "$times/full-cold"
    run_ms "$dir" /dev/null lint --quiet --no-cache "$@" "$file" >> "$times/single-nocache"
    rm -rf "$scratch_dir/cold"
    run_ms "$dir" /dev/null lint --quiet --cache-path "$scratch_dir/cold" "$@" "$file" >> "$times/single-cold"
    run_ms "$dir" /dev/null lint --quiet --cache-path "$scratch_dir/warm" "$@" "$file" >> "$times/single-warm"
    run_ms "$dir" "$dir/$file" lint --quiet --cache-path "$scratch_dir/warm" "$@" --stdin-path "$file" >> "$times/stdin-warm"
    run_ms "$dir" "$edited" lint --quiet --cache-path "$scratch_dir/warm" "$@" --stdin-path "$file" >> "$times/edited-warm"
  done
  printf '  full lint, --no-cache:                    %s\n' "$(summary "$times/full-nocache")"
  printf '  full lint, cold cache:                    %s\n' "$(summary "$times/full-cold")"
  printf '  single file, --no-cache:                  %s\n' "$(summary "$times/single-nocache")"
  printf '  single file, cold cache:                  %s\n' "$(summary "$times/single-cold")"
  printf '  single file, warm cache:                  %s\n' "$(summary "$times/single-warm")"
  printf '  stdin buffer = file, warm cache:          %s\n' "$(summary "$times/stdin-warm")"
  printf '  stdin buffer edited, warm cache:          %s\n' "$(summary "$times/edited-warm")"
}

echo "flowlint: $bin"
if [[ -d "$corpus" ]]; then
  corpus_file="$(cd "$corpus" && find . -type f -name '*.swift' | sort | awk 'NR == 1000')"
  bench_project corpus "$corpus" "${corpus_file#./}" --project .
else
  echo "(no corpus at $corpus: run Benchmarks/corpus.sh)"
fi
bench_project "fixture app" "$root/Fixtures/SharedSettings" Views/AvatarBadge.swift
