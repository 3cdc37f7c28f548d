#include "terminal/text_wrap.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace checkers::terminal {
namespace {

using ::testing::ElementsAre;

TEST(TextWrapTest, WidthCountsCodePointsNotBytes) {
  EXPECT_EQ(TextWidth("abc"), 3);
  EXPECT_EQ(TextWidth("Поље"), 4);
  EXPECT_EQ(TextWidth("\u265BR"), 2);
  EXPECT_EQ(TextWidth("Ångra"), 5);
}

TEST(TextWrapTest, FitNeverCutsACodePoint) {
  EXPECT_EQ(FitText("Поље 11", 3), "Пољ");
  EXPECT_EQ(FitText("ab", 5), "ab");
  EXPECT_EQ(FitText("ab", -1), "");
}

TEST(TextWrapTest, PadFillsToTheWidth) {
  EXPECT_EQ(PadText("ä", 3), "ä  ");
  EXPECT_EQ(PadText("abcdef", 3), "abc");
}

TEST(TextWrapTest, WrapBreaksAtSpacesAndKeepsLineBreaks) {
  EXPECT_THAT(WrapText("one two three four", 9),
              ElementsAre("one two", "three", "four"));
  EXPECT_THAT(WrapText("a\nb c", 10), ElementsAre("a", "b c"));
}

TEST(TextWrapTest, WrapCutsAWordLongerThanALine) {
  EXPECT_THAT(WrapText("abcdefgh ij", 3),
              ElementsAre("abc", "def", "gh", "ij"));
}

}  // namespace
}  // namespace checkers::terminal
