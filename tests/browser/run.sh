#!/usr/bin/env bash
# The browser test of the HTML report, or a skip (exit $skip) with the reason when Debian's
# chromium, node or playwright-core (npm ci here) is missing.
# Usage: run.sh CATAN_REFEREE REPO_ROOT
# Set-up: CATAN_WITH_BROWSER=1 bash scripts/setup-deps.sh
set -u
here="$(cd "$(dirname "$0")" && pwd)"
chromium="${CATAN_CHROMIUM:-/usr/bin/chromium}"
# CI sets CATAN_BROWSER_REQUIRED=1: missing tooling is then a failure, not a skip.
skip=77
[ "${CATAN_BROWSER_REQUIRED:-0}" = 1 ] && skip=1
if [ ! -x "$chromium" ]; then
  echo "SKIP: no $chromium (install with CATAN_WITH_BROWSER=1 bash scripts/setup-deps.sh)"
  exit $skip
fi
if ! command -v node >/dev/null 2>&1; then
  echo "SKIP: no node (install with CATAN_WITH_BROWSER=1 bash scripts/setup-deps.sh)"
  exit $skip
fi
if [ ! -d "$here/node_modules/playwright-core" ]; then
  echo "SKIP: no $here/node_modules/playwright-core (CATAN_WITH_BROWSER=1 bash scripts/setup-deps.sh runs npm ci)"
  exit $skip
fi
exec node "$here/report_test.mjs" "$1" "$2" "$chromium"
