#!/usr/bin/env bash
# Builds catan-referee and runs every test. Installs missing Debian packages first.
# Usage: scripts/test.sh [dev|sanitize|release]   (default: dev)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-dev}"
bash scripts/setup-deps.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
ctest --preset "$preset" -j "$(nproc)"
