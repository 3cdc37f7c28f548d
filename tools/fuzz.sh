#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang-15 (AddressSanitizer
# and UndefinedBehaviorSanitizer on) against the system protobuf and Abseil,
# then runs each for a bounded time from its seed corpus in
# tests/fuzz/corpus/<target>. A broken property or a sanitizer finding stops
# the run with the crashing input saved under the work directory.
#
#   tools/fuzz.sh [SECONDS] [TARGET...]    SECONDS per target, default 60
#
# Environment: FUZZ_WORK (default /tmp/checkers-fuzz) holds the objects,
# binaries, the corpus each run grows and any crash; FUZZ_JOBS the compile
# jobs and targets fuzzed at once, default one a core. New inputs
# stay in FUZZ_WORK; the committed seeds are never changed.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh --fuzz

seconds="${1:-60}"
[ $# -gt 0 ] && shift
all_targets=(log_reader_fuzz fold_fuzz pdn_import_fuzz fen_fuzz book_fuzz http_fuzz
  ballot_fuzz weights_fuzz)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
work="${FUZZ_WORK:-/tmp/checkers-fuzz}"
jobs="${FUZZ_JOBS:-$(nproc)}"
mkdir -p "$work/gen" "$work/obj" "$work/bin"

cxx=clang++-15
sanitize=(-fsanitize=address,undefined -fno-sanitize-recover=undefined)
cxxflags=(-std=c++20 -O1 -g1 -fno-omit-frame-pointer -I. -I"$work/gen"
  -Wno-deprecated-declarations "${sanitize[@]}")
# Objects are rebuilt by file times only, so a change of compiler or flags
# empties the object folder: an old work folder would otherwise link
# objects built another way.
flags_file="$work/obj/flags"
if [ "$(cat "$flags_file" 2>/dev/null)" != "$cxx ${cxxflags[*]}" ]; then
  rm -rf "${work:?}/obj" "${work:?}/bin"
  mkdir -p "$work/obj" "$work/bin"
  echo "$cxx ${cxxflags[*]}" >"$flags_file"
fi
# shellcheck disable=SC2207
libs=($(pkg-config --libs protobuf absl_status absl_statusor absl_strings \
  absl_str_format absl_random_random absl_time absl_synchronization \
  absl_hash absl_raw_hash_set) -lpq -lcrypto -lpthread)

# The protobuf code, regenerated when the .proto changes.
if [ ! -f "$work/gen/events/events.pb.cc" ] ||
  [ events/events.proto -nt "$work/gen/events/events.pb.cc" ]; then
  protoc -I. --cpp_out="$work/gen" events/events.proto
fi

# The catalogues the audit words its reasoning from (replay/phrase.h),
# embedded as the build embeds them (lang/BUILD, tools/embed_files.sh).
mkdir -p "$work/gen/lang"
for kind in h cc; do
  tools/embed_files.sh "$kind" lang/lang_data.h checkers::lang LanguageFiles \
    .txt lang/en.txt lang/sv.txt lang/it.txt lang/ms.txt lang/sr.txt \
    lang/tl.txt >"$work/gen/lang/lang_data.$kind.new"
  if ! cmp -s "$work/gen/lang/lang_data.$kind.new" "$work/gen/lang/lang_data.$kind"; then
    mv "$work/gen/lang/lang_data.$kind.new" "$work/gen/lang/lang_data.$kind"
  else
    rm "$work/gen/lang/lang_data.$kind.new"
  fi
done

# The web board's pages, embedded as web/BUILD's static_files.
mkdir -p "$work/gen/web"
for kind in h cc; do
  tools/embed_files.sh "$kind" web/static_files.h checkers::web StaticFiles \
    '' web/static/* >"$work/gen/web/static_files.$kind.new"
  if ! cmp -s "$work/gen/web/static_files.$kind.new" "$work/gen/web/static_files.$kind"; then
    mv "$work/gen/web/static_files.$kind.new" "$work/gen/web/static_files.$kind"
  else
    rm "$work/gen/web/static_files.$kind.new"
  fi
done

# The learned evaluation's weights and the opening books, compiled in as
# the build does (engine/BUILD's eval_weights_*_data and opening_book_*_data
# of each edition).
mkdir -p "$work/gen/engine"
embed() {
  tools/embed_bytes.sh "$1" "$2" "$3" >"$work/gen/engine/$4.new"
  if ! cmp -s "$work/gen/engine/$4.new" "$work/gen/engine/$4"; then
    mv "$work/gen/engine/$4.new" "$work/gen/engine/$4"
  else
    rm "$work/gen/engine/$4.new"
  fi
}
embed engine/data/eval_weights.bin checkers::learned CommittedWeightBytes \
  eval_weights_data.cc
embed engine/data/eval_weights_russian.bin checkers::learned \
  CommittedRussianWeightBytes eval_weights_russian_data.cc
embed engine/data/eval_weights_pool.bin checkers::learned \
  CommittedPoolWeightBytes eval_weights_pool_data.cc
embed engine/data/eval_weights_international.bin checkers::learned \
  CommittedInternationalWeightBytes eval_weights_international_data.cc
embed engine/data/opening_book.txt checkers::book CommittedBookBytes \
  opening_book_data.cc
embed engine/data/opening_book_russian.txt checkers::book \
  CommittedRussianBookBytes opening_book_russian_data.cc
embed engine/data/opening_book_pool.txt checkers::book \
  CommittedPoolBookBytes opening_book_pool_data.cc
embed engine/data/opening_book_international.txt checkers::book \
  CommittedInternationalBookBytes opening_book_international_data.cc

# The libraries the targets use: every non-test source of these packages.
# The CheckerBoard-library loader is left out: no target loads a library;
# so are programs of their own (*_main.cc), the helpers of tests, and
# web/http's client (the HTTP target hands requests to the server without
# a socket). A helper of tests is known by its including GoogleTest, or
# its header's doing so. The server can open a PostgreSQL store, so libpq
# is linked, though no target reads a database.
sources=("$work/gen/events/events.pb.cc" "$work/gen/lang/lang_data.cc"
  "$work/gen/engine/eval_weights_data.cc"
  "$work/gen/engine/eval_weights_russian_data.cc"
  "$work/gen/engine/eval_weights_pool_data.cc"
  "$work/gen/engine/eval_weights_international_data.cc"
  "$work/gen/engine/opening_book_data.cc"
  "$work/gen/engine/opening_book_russian_data.cc"
  "$work/gen/engine/opening_book_pool_data.cc"
  "$work/gen/engine/opening_book_international_data.cc"
  "$work/gen/web/static_files.cc")
for f in engine/*.cc events/*.cc storage/*.cc replay/*.cc lang/*.cc \
  session/*.cc json/*.cc web/*.cc web/http/*.cc match/ballot_file.cc; do
  case "$f" in
    *_test.cc | *_main.cc | */checkerboard*.cc | storage/fault_env.cc | \
      web/http/client.cc) ;;
    *) grep -qs '^#include "gtest/' "$f" "${f%.cc}.h" || sources+=("$f") ;;
  esac
done

# An object is rebuilt when it is missing or older than its source or any
# header it included last time (from its .d file).
stale() {
  local src="$1" obj="$2"
  [ -f "$obj" ] || return 0
  [ "$src" -nt "$obj" ] && return 0
  local dep
  for dep in $(sed -e 's/^[^:]*://' -e 's/\\$//' "${obj%.o}.d"); do
    [ "$dep" -nt "$obj" ] && return 0
  done
  return 1
}

compile() {
  local src="$1" obj="$2"; shift 2
  if stale "$src" "$obj"; then
    mkdir -p "$(dirname "$obj")"
    "$cxx" "${cxxflags[@]}" "$@" -MMD -MF "${obj%.o}.d" -c "$src" -o "$obj"
  fi
}

echo "fuzz: building in $work" >&2
objects=()
pids=()
for src in "${sources[@]}"; do
  obj="$work/obj/$(echo "${src#"$work/gen/"}" | tr / _).o"
  objects+=("$obj")
  compile "$src" "$obj" -fsanitize=fuzzer-no-link &
  pids+=($!)
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
done
for pid in "${pids[@]}"; do wait "$pid"; done

for t in "${targets[@]}"; do
  compile "tests/fuzz/$t.cc" "$work/obj/$t.o" -fsanitize=fuzzer-no-link
  "$cxx" "${sanitize[@]}" -fsanitize=fuzzer "$work/obj/$t.o" "${objects[@]}" \
    "${libs[@]}" -o "$work/bin/$t"
done

# Each target fuzzes in its own process, `jobs` at once; the reports are
# printed in the targets' order once all have run.
fuzz_one() {
  local t="$1" corpus="$work/corpus/$1"
  mkdir -p "$corpus" "$work/crashes/$t"
  # The committed seeds are read, new inputs go to the work corpus.
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1 \
    "$work/bin/$t" "$corpus" "tests/fuzz/corpus/$t" \
    -max_total_time="$seconds" -max_len=65536 -timeout=20 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$work/crashes/$t/" \
    >"$work/$t.log" 2>&1
}

pids=()
for t in "${targets[@]}"; do
  echo "fuzz: $t for ${seconds}s" >&2
  fuzz_one "$t" &
  pids+=($!)
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
done
status=0
for i in "${!targets[@]}"; do
  t="${targets[$i]}"
  if ! wait "${pids[$i]}"; then
    echo "fuzz: $t FAILED; see $work/$t.log and $work/crashes/$t" >&2
    tail -n 40 "$work/$t.log" >&2
    status=1
  fi
  echo "fuzz: $t" >&2
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)|cov: " \
    "$work/$t.log" | tail -n 3 >&2 || true
done
exit "$status"
