#include "web/seat_cookie.h"

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "openssl/evp.h"
#include "openssl/rand.h"

namespace checkers::web {

std::string NewSeatSecret() {
  unsigned char bytes[16];
  if (RAND_bytes(bytes, sizeof(bytes)) != 1) return "";
  return absl::BytesToHexString(
      absl::string_view(reinterpret_cast<const char*>(bytes), sizeof(bytes)));
}

std::string KeyOf(absl::string_view secret) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(secret.data(), secret.size(), digest, &size, EVP_sha256(),
                 nullptr) != 1) {
    return "";
  }
  return std::string(reinterpret_cast<const char*>(digest), size);
}

std::string SeatCookie(absl::string_view id, absl::string_view secret) {
  return absl::StrCat("seat-", id, "=", secret, "; Path=/api/tables/", id,
                      "; Max-Age=31536000; HttpOnly; SameSite=Strict");
}

std::string SecretIn(absl::string_view cookie_header, absl::string_view id) {
  const std::string name = absl::StrCat("seat-", id, "=");
  for (absl::string_view cookie : absl::StrSplit(cookie_header, ';')) {
    cookie = absl::StripAsciiWhitespace(cookie);
    if (!absl::ConsumePrefix(&cookie, name)) continue;
    if (cookie.size() == 32 && cookie.find_first_not_of("0123456789abcdef") ==
                                   absl::string_view::npos) {
      return std::string(cookie);
    }
  }
  return "";
}

std::string ViewerKey(absl::string_view cookie_header, absl::string_view id) {
  const std::string secret = SecretIn(cookie_header, id);
  return secret.empty() ? "" : KeyOf(secret);
}

}  // namespace checkers::web
