#!/usr/bin/env bash
# Installs the Debian packages catan-referee needs to build and test.
# Idempotent: installs only what is missing; safe to run again.
set -euo pipefail

packages=(
  cmake g++ make pkg-config clang-format
  libcli11-dev libyaml-cpp-dev libfmt-dev catch2
  # Z3: the constraints a player view's worlds become past --max-worlds.
  libz3-dev
  nlohmann-json3-dev
  python3 python3-yaml python3-jsonschema
  # The Python module (pybind11) with its tests, and the Dask example with its test.
  pybind11-dev python3-dev python3-pytest python3-dask python3-distributed
  # Its fuzz tests (tests/python/test_fuzz.py).
  python3-hypothesis
  # pip install . and python3 -m build (pyproject.toml, setup.py) with Debian's setuptools,
  # and the venvs of the test install.python.
  python3-pip python3-setuptools python3-wheel python3-build python3-venv
  # The GNU parallel example of the README ("Check millions of games").
  parallel
)
if [ "${CATAN_WITH_BENCH:-0}" = 1 ]; then packages+=(libbenchmark-dev time); fi
if [ "${CATAN_WITH_FUZZ:-0}" = 1 ]; then packages+=(clang libclang-rt-14-dev); fi
# The browser test of the HTML report (tests/browser): Debian's chromium, and node + npm for
# playwright-core (pinned in tests/browser/package-lock.json, installed there by `npm ci`).
with_browser="${CATAN_WITH_BROWSER:-0}"
if [ "$with_browser" = 1 ]; then
  packages+=(chromium)
  # A node that brings its own npm (NodeSource's nodejs) conflicts with Debian's npm.
  if ! command -v npm >/dev/null 2>&1; then packages+=(nodejs npm); fi
fi

# npm ci into tests/browser/node_modules (gitignored) after the Debian packages are present.
browser_npm() {
  if [ "$with_browser" != 1 ]; then return 0; fi
  local dir
  dir="$(cd "$(dirname "$0")/.." && pwd)/tests/browser"
  if [ -d "$dir/node_modules/playwright-core" ]; then
    echo "setup-deps: playwright-core present in $dir/node_modules"
    return 0
  fi
  echo "setup-deps: npm ci in $dir"
  (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts)
}

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-deps: all packages present"
  browser_npm
  exit 0
fi
echo "setup-deps: missing packages: ${missing[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-deps: no apt-get on this machine; install the packages above with your package manager" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "setup-deps: not root and no sudo; run as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup-deps: installed ${missing[*]}"
browser_npm
