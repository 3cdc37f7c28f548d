#!/usr/bin/env bash
# Installs what is missing, builds the `checkers` command (and, the first
# time, the endgame database) and starts a game on the default local save.
# Extra arguments go to `checkers play`; with --web first, the web board
# starts instead (`checkers serve`, which prints its address) and the rest
# go to it.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
# The flags strength and speed are measured with (-O3 -march=native): the
# binary is built on the machine that runs it, so tuning for its CPU is
# safe, and the search counts more nodes a second (docs/SEARCH.md, "The
# build users get").
bazel build --config=opt //ui_cli:checkers
# The computer plays endings of up to five pieces perfectly from the
# endgame database beside the default save: the first start builds it
# (38 MB, some 20 s on two cores, with a progress bar), later ones find
# every slice sound and keep it (docs/ENDGAME.md; `checkers egdb build
# --pieces=6` goes one piece further). The game plays without it when it
# cannot be written; the build has said why.
bazel-bin/ui_cli/checkers egdb build --pieces=5 >/dev/null || true
if [ "${1:-}" = "--web" ]; then
  shift
  exec bazel-bin/ui_cli/checkers serve "$@"
fi
exec bazel-bin/ui_cli/checkers play "$@"
