#!/usr/bin/env bash
# Regenerates docs/board.png, the README's picture: `show --format svg` of an illegal
# sample (the state before its illegal settlement, outlined), screenshotted by Debian's
# chromium headless (the browser test's tooling: CATAN_WITH_BROWSER=1 scripts/setup-deps.sh).
# Usage: scripts/make-readme-picture.sh [CATAN_REFEREE]   (default: build/dev/catan-referee)
set -euo pipefail
cd "$(dirname "$0")/.."
exe="${1:-build/dev/catan-referee}"
chromium="${CATAN_CHROMIUM:-/usr/bin/chromium}"
[ -x "$exe" ] || { echo "make-readme-picture: build first (no $exe)" >&2; exit 2; }
[ -x "$chromium" ] || { echo "make-readme-picture: no $chromium (CATAN_WITH_BROWSER=1 bash scripts/setup-deps.sh)" >&2; exit 2; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
status=0
"$exe" show samples/illegal-BUILD-05-next-to-own-settlement.yaml --format svg >"$tmp/board.svg" || status=$?
[ "$status" = 1 ] || { echo "make-readme-picture: show exited $status, expected 1 (illegal)" >&2; exit 2; }
# The SVG's own size (its width and height attributes) is the window's.
size="$(sed -n 's/^<svg .* width="\([0-9]*\)" height="\([0-9]*\)".*/\1,\2/p' "$tmp/board.svg" | head -1)"
[ -n "$size" ] || { echo "make-readme-picture: no size in the SVG" >&2; exit 2; }
"$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
  --proxy-server=http://127.0.0.1:9 --host-resolver-rules='MAP * ~NOTFOUND' \
  --window-size="$size" --screenshot="$tmp/board.png" "file://$tmp/board.svg" 2>/dev/null
mv "$tmp/board.png" docs/board.png
echo "make-readme-picture: wrote docs/board.png ($size)"
