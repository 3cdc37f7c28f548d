#include "ui_cli/exit_codes.h"

#include <cstdio>
#include <string>

#include "absl/strings/str_replace.h"

namespace checkers::cli {

int ExitCodeFor(const absl::Status& status) {
  switch (status.code()) {
    case absl::StatusCode::kOk:
      return kExitOk;
    case absl::StatusCode::kInvalidArgument:
      return kExitUsage;
    case absl::StatusCode::kDataLoss:
      return kExitBadData;
    case absl::StatusCode::kNotFound:
      return kExitNoInput;
    case absl::StatusCode::kFailedPrecondition:
    case absl::StatusCode::kAlreadyExists:
      return kExitRefused;
    case absl::StatusCode::kUnavailable:
      return kExitLocked;
    default:
      return kExitCantWrite;
  }
}

int Fail(int code, const absl::Status& status) {
  // One line, whatever the message holds.
  const std::string line =
      absl::StrReplaceAll(status.message(), {{"\n", " "}, {"\r", " "}});
  std::fprintf(stderr, "checkers: %s\n", line.c_str());
  return code;
}

int Fail(const absl::Status& status) {
  return Fail(ExitCodeFor(status), status);
}

}  // namespace checkers::cli
