#include "ui_cli/exit_codes.h"

#include <cstdio>
#include <string>

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

namespace {

// The length of the UTF-8 sequence that starts `text`, or 0 when it is not
// one (a stray byte, a truncated or overlong sequence).
size_t Utf8Length(absl::string_view text) {
  const unsigned char c = text[0];
  size_t n = c < 0x80           ? 1
             : (c >> 5) == 0x6  ? 2
             : (c >> 4) == 0xE  ? 3
             : (c >> 3) == 0x1E ? 4
                                : 0;
  if (n == 0 || n > text.size() || (n == 2 && c < 0xC2)) return 0;
  for (size_t i = 1; i < n; ++i) {
    if ((static_cast<unsigned char>(text[i]) >> 6) != 0x2) return 0;
  }
  return n;
}

}  // namespace

std::string PrintableLine(absl::string_view message) {
  std::string line;
  while (!message.empty()) {
    const size_t n = Utf8Length(message);
    if (n == 1 &&
        (message[0] == '\n' || message[0] == '\r' || message[0] == '\t')) {
      line += ' ';
    } else if (n == 0 ||
               (n == 1 && (static_cast<unsigned char>(message[0]) < 0x20 ||
                           message[0] == 0x7F))) {
      line += '?';
    } else {
      line.append(message.data(), n);
    }
    message.remove_prefix(n == 0 ? 1 : n);
  }
  return line;
}

int Fail(int code, const absl::Status& status) {
  std::fprintf(stderr, "checkers: %s\n",
               PrintableLine(status.message()).c_str());
  return code;
}

int Fail(const absl::Status& status) {
  return Fail(ExitCodeFor(status), status);
}

}  // namespace checkers::cli
