#include "web/event_streams.h"

#include "gtest/gtest.h"

namespace checkers::web {
namespace {

// The streams' text is tested end to end over a socket
// (web/server_test.cc, StreamsTest).
TEST(ParsePositionsTest, IdsAndSeqsInOrder) {
  auto p = ParsePositions("0123456789ab:5,local:0");
  ASSERT_TRUE(p.has_value());
  ASSERT_EQ(p->size(), 2u);
  EXPECT_EQ((*p)[0].first, "0123456789ab");
  EXPECT_EQ((*p)[0].second, 5u);
  EXPECT_EQ((*p)[1].first, "local");
  EXPECT_TRUE(ParsePositions("")->empty());
  for (const char* bad : {"a", "a:", ":5", "a:-1", "a:5,", "a:5;b:6", "a:x"}) {
    EXPECT_FALSE(ParsePositions(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace checkers::web
