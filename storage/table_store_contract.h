// The contract every TableStore keeps (table_store.h), as one
// parameterized suite that the test of each store instantiates:
//
//   INSTANTIATE_TEST_SUITE_P(File, TableStoreContractTest,
//                            testing::Values(TableStoreKind{...}),
//                            StoreKindName);

#ifndef CHECKERS_STORAGE_TABLE_STORE_CONTRACT_H_
#define CHECKERS_STORAGE_TABLE_STORE_CONTRACT_H_

#include <functional>
#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "storage/table_store.h"

namespace checkers::storage {

// A new store holding no tables, for one test, with whatever it needs
// kept alive.
class StoreUnderTest {
 public:
  virtual ~StoreUnderTest() = default;
  virtual TableStore& store() = 0;
};

struct TableStoreKind {
  // The instantiation's name, e.g. "File".
  std::string name;
  // Makes the store; may fail or skip the running test and return
  // nullptr.
  std::function<std::unique_ptr<StoreUnderTest>()> make;
};

std::string StoreKindName(const testing::TestParamInfo<TableStoreKind>& info);

class TableStoreContractTest : public testing::TestWithParam<TableStoreKind> {
 protected:
  void SetUp() override;

  std::unique_ptr<StoreUnderTest> under_test_;
  TableStore* store_ = nullptr;
};

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_TABLE_STORE_CONTRACT_H_
