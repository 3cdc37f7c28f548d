// The answers every route of `checkers serve` shares (web/API.md, "Every
// answer"): a JSON answer, a one-line error, a page's file, the viewer's
// language, and the form of a table's id.

#ifndef CHECKERS_WEB_RESPONSES_H_
#define CHECKERS_WEB_RESPONSES_H_

#include "absl/strings/string_view.h"
#include "lang/catalogue.h"
#include "web/answers.h"
#include "web/http/request.h"
#include "web/http/response.h"

namespace checkers::web {

// `answer` as an HTTP response: its status and its body as JSON.
http::Response JsonAnswer(const Answer& answer);

// {"error": message} with `status`.
http::Response JsonError(int status, absl::string_view message);

// The file of web/static/ named `name`, or a 404.
http::Response StaticFile(absl::string_view name);

// The language a request's answers are worded in: its ?lang=, else its
// Accept-Language header (web/API.md, "Every answer").
const lang::Catalogue& TextFor(const http::Request& request);

// Whether `id` is a table's id: 12 lower-case hex digits, or `local` (the
// terminal game's save).
bool IsTableId(absl::string_view id);

}  // namespace checkers::web

#endif  // CHECKERS_WEB_RESPONSES_H_
