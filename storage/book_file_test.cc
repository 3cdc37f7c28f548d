#include "storage/book_file.h"

#include <fstream>
#include <string>

#include "absl/status/status.h"
#include "engine/opening_book.h"
#include "engine/rules.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "storage/env.h"
#include "storage/test_dir.h"

namespace checkers::storage {
namespace {

using ::testing::HasSubstr;

// A file of the committed book of `edition`, as `checkers book` writes it.
std::string WriteBook(const std::string& name, Edition edition) {
  const std::string path = RunningTestDir("BookFileTest") + "/" + name;
  std::ofstream(path, std::ios::binary)
      << book::Serialize(book::Committed(edition).entries(), edition);
  return path;
}

TEST(BookFileTest, AFileOfTheEditionReadsBackAsWritten) {
  const std::string path = WriteBook("pool.txt", Edition::kPool);
  absl::StatusOr<book::OpeningBook> read =
      ReadBookFile(Env::Default(), path, Edition::kPool);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->edition(), Edition::kPool);
  EXPECT_EQ(book::Serialize(read->entries(), Edition::kPool),
            book::Serialize(book::Committed(Edition::kPool).entries(),
                            Edition::kPool));
}

TEST(BookFileTest, ABookOfTheOtherBoardIsRefusedByNameAndLine) {
  const std::string path = WriteBook("ten.txt", Edition::kInternational);
  absl::StatusOr<book::OpeningBook> read =
      ReadBookFile(Env::Default(), path, Edition::kRussian);
  EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(read.status().message(), HasSubstr(path + ": line "));
}

TEST(BookFileTest, AMissingFileIsNotFound) {
  EXPECT_EQ(ReadBookFile(Env::Default(), "/no/such/book.txt", Edition::kPool)
                .status()
                .code(),
            absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace checkers::storage
