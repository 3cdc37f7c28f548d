// A benchmark's result: named figures, printed by `checkers bench NAME` as
// "name: value" lines, one per figure, in order.

#ifndef CHECKERS_BENCH_FIGURE_H_
#define CHECKERS_BENCH_FIGURE_H_

#include <string>
#include <vector>

namespace checkers::bench {

struct Figure {
  // A stable identifier scripts can grep for, e.g. "search_nodes".
  std::string name;
  // Already formatted, so every printer shows the same digits.
  std::string value;
};

using Figures = std::vector<Figure>;

}  // namespace checkers::bench

#endif  // CHECKERS_BENCH_FIGURE_H_
