// The answers every route of `checkers serve` shares (web/API.md, "Every
// answer"): a JSON answer, a refusal in the viewer's language, a page's
// file, and the form of a table's id.

#ifndef CHECKERS_WEB_RESPONSES_H_
#define CHECKERS_WEB_RESPONSES_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "lang/catalogue.h"
#include "web/answers.h"
#include "web/http/request.h"
#include "web/http/response.h"

namespace checkers::web {

// `answer` as an HTTP response: its status and its body as JSON.
http::Response JsonAnswer(const Answer& answer);

// The language a request's answers are worded in: its ?lang=, else its
// Accept-Language header (web/API.md, "Every answer").
const lang::Catalogue& TextFor(const http::Request& request);

// The refusal of `request`: `status`, and the text of web.error.`reason`
// in its language with `reason` as the word a script tests.
http::Response Refusal(const http::Request& request, int status,
                       absl::string_view reason,
                       absl::Span<const lang::Arg> args = {});

// A refusal whose text frames a lower layer's `detail` ({detail}).
http::Response Refusal(const http::Request& request, int status,
                       absl::string_view reason, const absl::Status& detail);

// The file of web/static/ named `name`, or the 404 no_file.
http::Response StaticFile(const http::Request& request, absl::string_view name);

// The request's Cookie header; empty when it has none.
std::string CookieOf(const http::Request& request);

// Whether `id` is a table's id: 12 lower-case hex digits, or `local` (the
// terminal game's save).
bool IsTableId(absl::string_view id);

}  // namespace checkers::web

#endif  // CHECKERS_WEB_RESPONSES_H_
