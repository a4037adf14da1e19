#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan, invariant checks) and runs them for a
# bounded time over a seed corpus made of samples/, the schema cases and past findings:
# fuzz_check (reader, rules, renderers) for 5/8 of SECONDS, fuzz_fast_yaml (the fast YAML
# and JSON readers against yaml-cpp) for 3/8, then each importer for 1/6: fuzz_import_jsettlers (on the
# project's .soclog fixtures), fuzz_import_catanatron, fuzz_import_catanlogs and
# fuzz_import_stac (on the real records in ../shared/realgames when that folder is there,
# else from nothing; they are copied to build/, never into the repository): 1.67 x SECONDS
# in all.
# Fixed seed (CATAN_FUZZ_SEED, default 1).
# Usage: scripts/fuzz.sh [SECONDS]   (default 60). Findings are written to build/fuzz/findings.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
CATAN_WITH_FUZZ=1 bash scripts/setup-deps.sh
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)" --target fuzz_check fuzz_fast_yaml fuzz_import_jsettlers \
  fuzz_import_catanatron fuzz_import_catanlogs fuzz_import_stac
corpus=build/fuzz/corpus
mkdir -p "$corpus" build/fuzz/findings
cp samples/*.yaml tests/schema/cases/valid/*.yaml tests/schema/cases/malformed/*.yaml \
  tests/fuzz/regressions/*.yaml tests/fuzz/seeds/json/*.json "$corpus"/
# -rss_limit_mb and -malloc_limit_mb bound memory; -timeout flags a hang in one input.
build/fuzz/tests/fuzz_check "$corpus" -max_total_time="$((seconds * 5 / 8))" -timeout=10 \
  -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=65536 -print_final_stats=1 \
  -artifact_prefix=build/fuzz/findings/ -seed="${CATAN_FUZZ_SEED:-1}" 2>&1 | tail -25
mkdir -p build/fuzz/corpus_fast
cp "$corpus"/*.yaml tests/fuzz/seeds/json/*.json build/fuzz/corpus_fast/
build/fuzz/tests/fuzz_fast_yaml build/fuzz/corpus_fast -max_total_time="$((seconds * 3 / 8))" -timeout=10 \
  -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=65536 -print_final_stats=1 \
  -artifact_prefix=build/fuzz/findings/ -seed="${CATAN_FUZZ_SEED:-1}" 2>&1 | tail -8
mkdir -p build/fuzz/corpus_jsettlers
cp tests/fixtures/jsettlers/*.soclog tests/fuzz/regressions/jsettlers/*.soclog build/fuzz/corpus_jsettlers/
build/fuzz/tests/fuzz_import_jsettlers build/fuzz/corpus_jsettlers \
  -max_total_time="$((seconds / 6))" -timeout=10 \
  -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=65536 -print_final_stats=1 \
  -artifact_prefix=build/fuzz/findings/ -seed="${CATAN_FUZZ_SEED:-1}" 2>&1 | tail -8
shared=../shared/realgames
for importer in catanatron catanlogs stac; do
  mkdir -p "build/fuzz/corpus_$importer"
  if [ "$importer" = catanatron ] && [ -d "$shared/catanatron-json" ]; then
    cp "$shared"/catanatron-json/*.json "build/fuzz/corpus_$importer/"
  elif [ "$importer" = catanlogs ] && [ -d "$shared/catanlogs" ]; then
    cp "$shared"/catanlogs/*.catan "build/fuzz/corpus_$importer/"
  elif [ "$importer" = stac ] && [ -d "$shared/stac" ]; then
    cp "$shared"/stac/*.soclog "build/fuzz/corpus_$importer/"
  fi
  build/fuzz/tests/fuzz_import_$importer "build/fuzz/corpus_$importer" \
    -max_total_time="$((seconds / 6))" -timeout=10 \
    -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=262144 -print_final_stats=1 \
    -artifact_prefix=build/fuzz/findings/ -seed="${CATAN_FUZZ_SEED:-1}" 2>&1 | tail -8
done
