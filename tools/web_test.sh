#!/usr/bin/env bash
# The browser tests of the web board (web/e2e): builds `checkers`, then
# drives Debian's chromium through playwright-core against it. Screenshots
# go to $WEB_TEST_OUTPUTS (default bazel-testlogs/web/e2e).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
bazel build //ui_cli:checkers
export CHECKERS="$PWD/bazel-bin/ui_cli/checkers"
export WEB_TEST_OUTPUTS="${WEB_TEST_OUTPUTS:-$PWD/bazel-testlogs/web/e2e}"
cd web/e2e
exec node --test --test-concurrency=1 web.test.mjs replay.test.mjs
