#include "ui_cli/progress_line.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "absl/strings/str_cat.h"

namespace checkers::cli {

ProgressLine::ProgressLine(absl::string_view what)
    : what_(what), tty_(isatty(fileno(stderr))) {}

void ProgressLine::Show(double share, absl::string_view detail) {
  share = std::clamp(share, 0.0, 1.0);
  const int percent = static_cast<int>(share * 100);
  if (!tty_ && percent == last_percent_) return;
  last_percent_ = percent;
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(share * kWidth);
  std::fprintf(stderr, "%s%s [%s%s] %3d%% %.*s%s", tty_ ? "\r\x1b[K" : "",
               what_.c_str(), std::string(filled, '#').c_str(),
               std::string(kWidth - filled, '.').c_str(), percent,
               static_cast<int>(detail.size()), detail.data(),
               tty_ ? "" : "\n");
  std::fflush(stderr);
}

void ProgressLine::Count(int done, int total) {
  Show(total == 0 ? 1.0 : static_cast<double>(done) / total,
       absl::StrCat("(", done, "/", total, ")"));
}

void ProgressLine::Done() {
  if (tty_ && last_percent_ >= 0) std::fprintf(stderr, "\n");
}

}  // namespace checkers::cli
