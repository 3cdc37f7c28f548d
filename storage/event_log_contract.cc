#include "storage/event_log_contract.h"

#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "storage/log_format.h"

namespace checkers::storage {

std::string KindName(const testing::TestParamInfo<EventLogKind>& info) {
  return info.param.name;
}

void EventLogContractTest::SetUp() {
  under_test_ = GetParam().make();
  if (under_test_ != nullptr) log_ = &under_test_->log();
  // A maker that returned nothing has failed or skipped the test.
  if (log_ == nullptr && !HasFailure() && !IsSkipped()) {
    FAIL() << "the maker of " << GetParam().name << " logs made none";
  }
}

TEST_P(EventLogContractTest, AppendAssignsConsecutiveSeqsAndMarksCommitEnds) {
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log_->Append(c).ok());
  EXPECT_EQ(Payloads(*log_), Flatten(SampleCommits()));
  EXPECT_EQ(CommitEnds(*log_), CommitEndsOf(SampleCommits()));
  uint64_t offset = kFileHeaderSize;
  for (size_t i = 0; i < log_->records().size(); ++i) {
    const Record& r = log_->records()[i];
    EXPECT_EQ(r.seq, i + 1);
    EXPECT_EQ(r.offset, offset);
    offset += FrameSize(r.payload.size());
  }
  EXPECT_EQ(log_->durable(), GetParam().durable);
}

TEST_P(EventLogContractTest, EmptyCommitIsRefused) {
  EXPECT_EQ(log_->Append({}).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(log_->records().empty());
}

TEST_P(EventLogContractTest, OverCapPayloadIsRefusedAndTheLogStaysUsable) {
  absl::Status status =
      log_->Append({"fine", std::string(kMaxPayloadSize + 1, 'x')});
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(
      absl::StrContains(status.message(), "over the 1048576-byte limit"))
      << status;
  EXPECT_TRUE(log_->records().empty());
  EXPECT_EQ(log_->ReplaceWith({std::string(kMaxPayloadSize + 1, 'x')}).code(),
            absl::StatusCode::kInvalidArgument);
  ASSERT_TRUE(log_->Append({std::string(kMaxPayloadSize, 'y')}).ok());
  EXPECT_EQ(log_->records().size(), 1u);
}

TEST_P(EventLogContractTest, UndoThenAppendContinuesTheSeqs) {
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log_->Append(c).ok());
  ASSERT_TRUE(log_->TruncateTo(2).ok());
  EXPECT_EQ(Payloads(*log_),
            (std::vector<std::string>{"game started", "turn 1"}));
  ASSERT_TRUE(log_->Append({"turn 2 again"}).ok());
  EXPECT_EQ(log_->records().back().seq, 3u);
  EXPECT_EQ(log_->records().back().offset,
            log_->records()[1].offset + FrameSize(6));
  ASSERT_TRUE(log_->TruncateTo(3).ok());
  ASSERT_TRUE(log_->TruncateTo(0).ok());
  EXPECT_TRUE(log_->records().empty());
  ASSERT_TRUE(log_->Append({"again"}).ok());
  EXPECT_EQ(log_->records().back().seq, 1u);
}

TEST_P(EventLogContractTest, TruncatingInsideACommitOrPastTheEndIsRefused) {
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log_->Append(c).ok());
  absl::Status inside = log_->TruncateTo(3);
  EXPECT_EQ(inside.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(inside.message(), "middle of a commit"));
  EXPECT_EQ(log_->TruncateTo(6).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Payloads(*log_), Flatten(SampleCommits()));
  ASSERT_TRUE(log_->Append({"still usable"}).ok());
}

TEST_P(EventLogContractTest, ReplaceWithStartsOverAtSeqOne) {
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log_->Append(c).ok());
  ASSERT_TRUE(log_->ReplaceWith({"new game", "first turn"}).ok());
  EXPECT_EQ(Payloads(*log_),
            (std::vector<std::string>{"new game", "first turn"}));
  EXPECT_EQ(CommitEnds(*log_), std::vector<size_t>{2});
  EXPECT_EQ(log_->records()[0].seq, 1u);
  ASSERT_TRUE(log_->ReplaceWith({}).ok());
  EXPECT_TRUE(log_->records().empty());
  ASSERT_TRUE(log_->Append({"x"}).ok());
  EXPECT_EQ(log_->records()[0].seq, 1u);
}

TEST_P(EventLogContractTest, CatchingUpWithoutAnotherWriterChangesNothing) {
  for (const Commit& c : SampleCommits()) ASSERT_TRUE(log_->Append(c).ok());
  const std::vector<Record> before = log_->records();
  absl::StatusOr<size_t> kept = log_->CatchUp();
  ASSERT_TRUE(kept.ok()) << kept.status();
  EXPECT_EQ(*kept, before.size());
  EXPECT_EQ(log_->records(), before);
}

}  // namespace checkers::storage
