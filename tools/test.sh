#!/usr/bin/env bash
# Installs what is missing and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
# Every target's deps match its #includes (Bazel 4.2.3 has no layering
# check of its own).
tools/check_deps.py
bazel test //... "$@"
# The web board's pages in Debian's chromium (web/e2e).
tools/web_test.sh
