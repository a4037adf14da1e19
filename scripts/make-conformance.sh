#!/usr/bin/env bash
# Regenerates the conformance corpus in conformance/: complete legal games with every
# derived effect asserted (conformance/legal) and illegal variants of each, one per
# mutation kind, each declaring its verdict (conformance/illegal). Deterministic.
# Usage: scripts/make-conformance.sh [GAMES_PER_PLAYER_COUNT] [OUT_DIR]  (default 3, conformance)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-3}"
out="${2:-conformance}"
cmake --preset release -DCATAN_BUILD_TESTS=OFF >/dev/null
cmake --build --preset release -j "$(nproc)" --target catan-referee >/dev/null
exe=build/release/catan-referee
rm -rf "$out/legal" "$out/illegal"
mkdir -p "$out/legal" "$out/illegal"
for players in 3 4; do
  "$exe" generate --seed 7000 --players "$players" --count "$n" --build-bias 2 --out "$out/legal"
done
for f in "$out"/legal/*.yaml; do
  "$exe" mutate "$f" --seed 1 --out "$out/illegal"
done
echo "conformance: $(ls "$out"/legal | wc -l) legal, $(ls "$out"/illegal | wc -l) illegal logs in $out/"
