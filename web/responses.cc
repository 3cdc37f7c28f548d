#include "web/responses.h"

#include <algorithm>
#include <optional>
#include <string>

#include "absl/strings/ascii.h"
#include "json/encode.h"
#include "web/page_files.h"

namespace checkers::web {

http::Response JsonAnswer(const Answer& answer) {
  return http::Response(answer.status, "application/json",
                        checkers::json::Dump(answer.body));
}

const lang::Catalogue& TextFor(const http::Request& request) {
  const std::string asked = request.Param("lang").value_or("");
  return lang::Catalogue::Builtin(
      lang::IsLanguage(asked)
          ? asked
          : lang::LanguageFromAcceptLanguage(
                request.Header("accept-language").value_or("")));
}

http::Response Refusal(const http::Request& request, int status,
                       absl::string_view reason,
                       absl::Span<const lang::Arg> args) {
  return JsonAnswer(Refused(status, TextFor(request), reason, args));
}

http::Response Refusal(const http::Request& request, int status,
                       absl::string_view reason, const absl::Status& detail) {
  return Refusal(request, status, reason,
                 {{"detail", std::string(detail.message())}});
}

http::Response StaticFile(const http::Request& request,
                          absl::string_view name) {
  const std::optional<PageFile> f = FindPageFile(name);
  if (!f.has_value()) return Refusal(request, 404, "no_file");
  http::Response r(200, f->content_type, std::string(f->text));
  r.Add("Cache-Control", "no-cache");
  return r;
}

std::string CookieOf(const http::Request& request) {
  return std::string(request.Header("cookie").value_or(""));
}

bool IsTableId(absl::string_view id) {
  return id == "local" ||
         (id.size() == 12 && std::all_of(id.begin(), id.end(), [](char c) {
            return absl::ascii_isdigit(c) || (c >= 'a' && c <= 'f');
          }));
}

}  // namespace checkers::web
