// The progress line of the long commands (egdb build and verify, train,
// book) on stderr: "WHAT [#######.......]  42% DETAIL". On a terminal it is
// redrawn in place; otherwise (a log, a pipe) a new line is written each
// time the whole percentage changes, so a log stays short.

#ifndef CHECKERS_UI_CLI_PROGRESS_LINE_H_
#define CHECKERS_UI_CLI_PROGRESS_LINE_H_

#include <string>

#include "absl/strings/string_view.h"

namespace checkers::cli {

class ProgressLine {
 public:
  explicit ProgressLine(absl::string_view what);

  // Shows `share` of the work done (0 to 1), with `detail` after it.
  void Show(double share, absl::string_view detail);

  // Shows `done` of `total` done, the counts as the detail.
  void Count(int done, int total);

  // Ends the line on a terminal, if anything was shown; call it when the
  // work is over.
  void Done();

 private:
  std::string what_;
  bool tty_;
  int last_percent_ = -1;
};

}  // namespace checkers::cli

#endif  // CHECKERS_UI_CLI_PROGRESS_LINE_H_
