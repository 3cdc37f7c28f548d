#!/usr/bin/env bash
# Installs what is missing, builds the `checkers` command and starts a game
# on the default local save. Extra arguments go to `checkers play`.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
bazel build --config=opt //ui_cli:checkers
exec bazel-bin/ui_cli/checkers play "$@"
