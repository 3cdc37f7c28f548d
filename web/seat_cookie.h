// The seat cookie of a remote table (web/API.md, "Seats"): a secret of
// 128 random bits the browser keeps, of which the log keeps only the
// SHA-256, so that the log can be served to anyone.

#ifndef CHECKERS_WEB_SEAT_COOKIE_H_
#define CHECKERS_WEB_SEAT_COOKIE_H_

#include <string>

#include "absl/strings/string_view.h"

namespace checkers::web {

// A new secret: 128 bits from OpenSSL's generator as 32 hex digits; empty
// when the generator fails (then no seat is given).
std::string NewSeatSecret();

// The SHA-256 of `secret` (events.proto, SeatTaken.key_sha256).
std::string KeyOf(absl::string_view secret);

// The Set-Cookie value that gives `secret` for table `id`: sent only to
// the table's API (Path), out of scripts' reach (HttpOnly) and of other
// sites' requests (SameSite).
std::string SeatCookie(absl::string_view id, absl::string_view secret);

// The secret a Cookie header shows for table `id`; empty when it shows
// none, or none of the form this server gives.
std::string SecretIn(absl::string_view cookie_header, absl::string_view id);

// The viewer's key at table `id`: KeyOf the secret the Cookie header
// shows, or empty.
std::string ViewerKey(absl::string_view cookie_header, absl::string_view id);

}  // namespace checkers::web

#endif  // CHECKERS_WEB_SEAT_COOKIE_H_
