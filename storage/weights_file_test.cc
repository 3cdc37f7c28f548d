#include "storage/weights_file.h"

#include <fstream>
#include <string>

#include "absl/status/status.h"
#include "engine/learned_eval.h"
#include "engine/rules.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "storage/env.h"
#include "storage/test_dir.h"

namespace checkers::storage {
namespace {

using ::testing::HasSubstr;

std::string WriteWeights(const std::string& name, Edition edition) {
  const std::string path = RunningTestDir("WeightsFileTest") + "/" + name;
  std::ofstream(path, std::ios::binary)
      << learned::Serialize(learned::HandSetOnly(edition));
  return path;
}

TEST(WeightsFileTest, AFileOfTheBoardReadsBackAsWritten) {
  const std::string path = WriteWeights("ten.bin", Edition::kInternational);
  absl::StatusOr<learned::Weights> read =
      ReadWeightsFile(Env::Default(), path, Edition::kInternational);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(learned::Serialize(*read),
            learned::Serialize(learned::HandSetOnly(Edition::kInternational)));
}

TEST(WeightsFileTest, AFileOfTheOtherBoardIsRefusedByName) {
  const std::string path = WriteWeights("eight.bin", Edition::kEnglish);
  absl::StatusOr<learned::Weights> read =
      ReadWeightsFile(Env::Default(), path, Edition::kInternational);
  EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(read.status().message(), HasSubstr(path + ": "));
}

TEST(WeightsFileTest, AMissingFileIsNotFound) {
  EXPECT_EQ(
      ReadWeightsFile(Env::Default(), "/no/such/weights.bin", Edition::kEnglish)
          .status()
          .code(),
      absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace checkers::storage
