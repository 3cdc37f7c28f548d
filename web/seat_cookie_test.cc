#include "web/seat_cookie.h"

#include "gtest/gtest.h"

namespace checkers::web {
namespace {

TEST(SeatCookieTest, ASecretIs32HexDigitsAndKeptOnlyAsItsDigest) {
  const std::string secret = NewSeatSecret();
  ASSERT_EQ(secret.size(), 32u);
  EXPECT_NE(NewSeatSecret(), secret);
  EXPECT_EQ(KeyOf(secret).size(), 32u);
  EXPECT_NE(KeyOf(secret), KeyOf(NewSeatSecret()));
}

TEST(SeatCookieTest, AHeaderShowsTheSecretOfItsOwnTableOnly) {
  const std::string secret(32, 'a');
  const std::string header =
      "lang=sv; seat-0123456789ab=" + secret + "; seat-ffffffffffff=zz";
  EXPECT_EQ(SecretIn(header, "0123456789ab"), secret);
  EXPECT_EQ(ViewerKey(header, "0123456789ab"), KeyOf(secret));
  EXPECT_EQ(SecretIn(header, "ffffffffffff"), "");
  EXPECT_EQ(SecretIn(header, "012345678900"), "");
  EXPECT_EQ(ViewerKey("", "0123456789ab"), "");
  EXPECT_EQ(SeatCookie("0123456789ab", secret),
            "seat-0123456789ab=" + secret +
                "; Path=/api/tables/0123456789ab; Max-Age=31536000; HttpOnly; "
                "SameSite=Strict");
}

}  // namespace
}  // namespace checkers::web
