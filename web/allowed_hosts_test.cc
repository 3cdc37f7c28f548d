#include "web/allowed_hosts.h"

#include "gtest/gtest.h"

namespace checkers::web {
namespace {

TEST(AllowedHostsTest, OnLoopbackTheLoopbackNamesAndAddressesOnly) {
  const AllowedHosts hosts("127.0.0.1", {});
  for (const char* host : {"localhost", "LOCALHOST:8080", "127.0.0.1:8080",
                           "127.1.2.3", "[::1]:8080", "[::1]"}) {
    EXPECT_TRUE(hosts.Allows(host)) << host;
  }
  for (const char* host :
       {"evil.example:8080", "evil.example", "10.0.0.5:8080", "", ":8080",
        "localhost:80a", "localhost.:8080", "::1", "[127.0.0.1]",
        "127.0.0.1:123456", "[::1", "localhost:8080:8080"}) {
    EXPECT_FALSE(hosts.Allows(host)) << host;
  }
  EXPECT_TRUE(AllowedHosts("localhost", {}).Allows("127.0.0.1:1"));
  EXPECT_TRUE(AllowedHosts("::1", {}).Allows("localhost"));
}

TEST(AllowedHostsTest, OnEveryAddressAnyAddressButNoOtherName) {
  const AllowedHosts hosts("0.0.0.0", {});
  EXPECT_TRUE(hosts.Allows("192.168.1.5:8080"));
  EXPECT_TRUE(hosts.Allows("[fe80::1]:8080"));
  EXPECT_TRUE(hosts.Allows("localhost:8080"));
  EXPECT_FALSE(hosts.Allows("mybox.local:8080"));
  EXPECT_TRUE(AllowedHosts("", {}).Allows("10.1.1.1"));
}

TEST(AllowedHostsTest, OnOneAddressOrNameThatOneAndTheNamesGiven) {
  const AllowedHosts address("192.168.1.5", {"Board.Example"});
  EXPECT_TRUE(address.Allows("192.168.1.5:8080"));
  EXPECT_TRUE(address.Allows("board.example:8080"));
  EXPECT_FALSE(address.Allows("192.168.1.6:8080"));
  EXPECT_FALSE(address.Allows("localhost:8080"));
  const AllowedHosts name("mybox.local", {});
  EXPECT_TRUE(name.Allows("MyBox.local:8080"));
  EXPECT_FALSE(name.Allows("other.local:8080"));
}

}  // namespace
}  // namespace checkers::web
