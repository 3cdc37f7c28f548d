#include "web/http/response.h"

#include "absl/strings/str_cat.h"

namespace checkers::http {

Response::Response(int status, std::string content_type, std::string body)
    : status(status), body(std::move(body)) {
  Add("Content-Type", content_type);
}

void Response::Add(absl::string_view name, absl::string_view value) {
  headers.emplace_back(std::string(name), std::string(value));
}

absl::string_view StatusText(int status) {
  switch (status) {
    case 100:
      return "Continue";
    case 200:
      return "OK";
    case 201:
      return "Created";
    case 204:
      return "No Content";
    case 302:
      return "Found";
    case 400:
      return "Bad Request";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 409:
      return "Conflict";
    case 410:
      return "Gone";
    case 411:
      return "Length Required";
    case 413:
      return "Content Too Large";
    case 414:
      return "URI Too Long";
    case 417:
      return "Expectation Failed";
    case 421:
      return "Misdirected Request";
    case 422:
      return "Unprocessable Content";
    case 423:
      return "Locked";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 503:
      return "Service Unavailable";
  }
  return "Unknown";
}

std::string Serialize(const Response& response, bool keep_alive) {
  std::string out = absl::StrCat("HTTP/1.1 ", response.status, " ",
                                 StatusText(response.status), "\r\n");
  for (const auto& [name, value] : response.headers) {
    absl::StrAppend(&out, name, ": ", value, "\r\n");
  }
  if (response.stream == nullptr) {
    absl::StrAppend(&out, "Content-Length: ", response.body.size(), "\r\n");
  }
  absl::StrAppend(&out, "Connection: ", keep_alive ? "keep-alive" : "close",
                  "\r\n\r\n");
  if (response.stream == nullptr) out += response.body;
  return out;
}

}  // namespace checkers::http
