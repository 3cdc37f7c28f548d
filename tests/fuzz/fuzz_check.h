// A property check for the fuzz targets: a broken property is a crash, so
// libFuzzer keeps the input that broke it (tools/fuzz.sh).

#ifndef CHECKERS_TESTS_FUZZ_FUZZ_CHECK_H_
#define CHECKERS_TESTS_FUZZ_FUZZ_CHECK_H_

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(condition, what)                                       \
  do {                                                                    \
    if (!(condition)) {                                                   \
      std::fprintf(stderr, "%s:%d: property broken: %s (%s)\n", __FILE__, \
                   __LINE__, what, #condition);                           \
      std::abort();                                                       \
    }                                                                     \
  } while (false)

#endif  // CHECKERS_TESTS_FUZZ_FUZZ_CHECK_H_
