#!/usr/bin/env bash
# Installs the Debian 12 packages the build and the tests need. Idempotent:
# it asks apt only for what is missing, and refreshes the package lists
# only when something is. Run as root (or with sudo available).
set -euo pipefail

packages=(
  bazel-bootstrap       # Bazel 4.2.3 (WORKSPACE mode)
  g++
  protobuf-compiler     # protoc 3.21
  libprotobuf-dev
  libabsl-dev           # Abseil 20220623
  libgtest-dev
  libgmock-dev
  libncurses-dev        # the terminal UI
  tmux                  # drives the terminal UI in tests
  locales
  libssl-dev            # OpenSSL's libcrypto: the web board's seat secrets
  nlohmann-json3-dev    # the web API's request and answer bodies
  chromium              # the browser tests drive it (web/e2e)
  libpq-dev             # the PostgreSQL table store's client library
  libjemalloc-dev       # the allocator the checkers program is linked with
  postgresql-15         # the store's tests start throwaway servers of it
)

# `--fuzz`: also what tools/fuzz.sh needs, the clang that builds the
# libFuzzer targets and libFuzzer itself.
if [ "${1:-}" = "--fuzz" ]; then
  packages+=(clang-15 libfuzzer-15-dev pkg-config)
fi

missing=()
# Node and npm run the browser tests; a machine may have its own Node (with
# its own npm), which Debian's npm package would conflict with.
if ! command -v npm >/dev/null; then missing+=(nodejs npm); fi
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "installing: ${missing[*]}" >&2
  # The tests run their own PostgreSQL servers in temporary directories
  # (storage/scratch_postgres.h); Debian's default cluster would be one
  # more server idling, so it is not created (ucf keeps this file over
  # the packaged one: UCF_FORCE_CONFFOLD).
  if ! dpkg-query -W -f='${Status}' postgresql-common 2>/dev/null | grep -q "install ok installed"; then
    $sudo mkdir -p /etc/postgresql-common
    echo "create_main_cluster = false" | $sudo tee /etc/postgresql-common/createcluster.conf >/dev/null
  fi
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive UCF_FORCE_CONFFOLD=1 \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The browser tests' driver, pinned by web/e2e/package-lock.json. No browser
# is downloaded: the tests drive Debian's chromium.
e2e="$(cd "$(dirname "$0")/.." && pwd)/web/e2e"
if [ -f "$e2e/package-lock.json" ] && [ ! -d "$e2e/node_modules/playwright-core" ]; then
  (cd "$e2e" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund >/dev/null)
fi
