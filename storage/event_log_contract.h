// The contract every EventLog keeps (event_log.h), as one parameterized
// suite that the test of each implementation instantiates with a maker of
// its logs:
//
//   INSTANTIATE_TEST_SUITE_P(File, EventLogContractTest,
//                            testing::Values(EventLogKind{...}), KindName);

#ifndef CHECKERS_STORAGE_EVENT_LOG_CONTRACT_H_
#define CHECKERS_STORAGE_EVENT_LOG_CONTRACT_H_

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "storage/event_log.h"
#include "storage/test_logs.h"

namespace checkers::storage {

// A new, empty log for one test, with whatever it needs kept alive (its
// file system, its store).
class LogUnderTest {
 public:
  virtual ~LogUnderTest() = default;
  virtual EventLog& log() = 0;
};

struct EventLogKind {
  // The instantiation's name, e.g. "File".
  std::string name;
  // What the log's durable() says.
  bool durable = false;
  // Makes the log; may fail or skip the running test and return nullptr.
  std::function<std::unique_ptr<LogUnderTest>()> make;
};

// The kind's name, for INSTANTIATE_TEST_SUITE_P.
std::string KindName(const testing::TestParamInfo<EventLogKind>& info);

class EventLogContractTest : public testing::TestWithParam<EventLogKind> {
 protected:
  void SetUp() override;

  std::unique_ptr<LogUnderTest> under_test_;
  EventLog* log_ = nullptr;
};

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_EVENT_LOG_CONTRACT_H_
