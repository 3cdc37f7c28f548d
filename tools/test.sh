#!/usr/bin/env bash
# Installs what is missing and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
bazel test //... "$@"
# The web board's pages in Debian's chromium (web/e2e).
tools/web_test.sh
