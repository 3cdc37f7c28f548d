// Starts a throwaway PostgreSQL server (scratch_postgres.h) for a benchmark
// or a try by hand, prints its connection URI, and keeps it until standard
// input ends (Ctrl-D, or the end of a pipe):
//
//   bazel run --config=opt //storage:scratch_postgres_main
//   checkers bench store --store=URI        (in another shell)

#include <cstdio>
#include <memory>

#include "absl/status/statusor.h"
#include "storage/scratch_postgres.h"

int main() {
  absl::StatusOr<std::unique_ptr<checkers::storage::ScratchPostgres>> server =
      checkers::storage::ScratchPostgres::Start({});
  if (!server.ok()) {
    std::fprintf(stderr, "scratch_postgres: %s\n",
                 std::string(server.status().message()).c_str());
    return 1;
  }
  std::printf("%s\n", (*server)->uri().c_str());
  std::fflush(stdout);
  while (std::getchar() != EOF) {
  }
  return 0;
}
