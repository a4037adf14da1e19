#!/usr/bin/env bash
# The main job: builds catan-referee (release) and checks every bundled sample log,
# printing each game's verdict and a summary. Installs missing Debian packages first.
# Exit status is check's: the samples include illegal logs on purpose, so 1 is expected;
# scripts/test.sh is what compares each verdict with the one the sample declares.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-deps.sh
cmake --preset release -DCATAN_BUILD_TESTS=OFF >/dev/null
cmake --build --preset release -j "$(nproc)" --target catan-referee
./build/release/catan-referee check samples/ "$@"
