#include "storage/postgres_connection.h"

#include <poll.h>
#include <postgresql/libpq-fe.h>

#include <cstring>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace checkers::storage::pg {
namespace {

// The OIDs of the types this file sends (pg_type.dat).
constexpr uint32_t kInt8Oid = 20;
constexpr uint32_t kTextOid = 25;
constexpr uint32_t kByteaOid = 17;

// Binary form, for parameters and results alike.
constexpr int kBinary = 1;

// The first line of a libpq message, without its trailing newline.
std::string FirstLine(const char* message) {
  absl::string_view text = message == nullptr ? "" : message;
  text = text.substr(0, text.find('\n'));
  return std::string(absl::StripAsciiWhitespace(text));
}

absl::StatusCode CodeOf(absl::string_view sqlstate) {
  if (sqlstate == "23505" || sqlstate == "40001" || sqlstate == "40P01") {
    return absl::StatusCode::kAborted;
  }
  if (absl::StartsWith(sqlstate, "08") || absl::StartsWith(sqlstate, "57P")) {
    return absl::StatusCode::kUnavailable;
  }
  if (absl::StartsWith(sqlstate, "28") || sqlstate == "42501") {
    return absl::StatusCode::kPermissionDenied;
  }
  if (absl::StartsWith(sqlstate, "53")) {
    return absl::StatusCode::kResourceExhausted;
  }
  return absl::StatusCode::kInternal;
}

}  // namespace

Param Int8(int64_t value) {
  Param p{kInt8Oid, std::string(8, '\0')};
  const uint64_t bits = static_cast<uint64_t>(value);
  for (int i = 0; i < 8; ++i) p.value[i] = static_cast<char>(bits >> (56 - 8 * i));
  return p;
}

Param Text(absl::string_view value) {
  return Param{kTextOid, std::string(value)};
}

Param Bytea(absl::string_view value) {
  return Param{kByteaOid, std::string(value)};
}

void Result::Clear::operator()(pg_result* result) const { PQclear(result); }

int Result::rows() const { return PQntuples(result_.get()); }

bool Result::null(int row, int column) const {
  return PQgetisnull(result_.get(), row, column) != 0;
}

absl::string_view Result::bytes(int row, int column) const {
  return absl::string_view(PQgetvalue(result_.get(), row, column),
                           PQgetlength(result_.get(), row, column));
}

int64_t Result::int8(int row, int column) const {
  const absl::string_view b = bytes(row, column);
  uint64_t bits = 0;
  for (size_t i = 0; i < b.size() && i < 8; ++i) {
    bits = bits << 8 | static_cast<uint8_t>(b[i]);
  }
  return static_cast<int64_t>(bits);
}

absl::StatusOr<std::unique_ptr<Connection>> Connection::Open(
    const std::string& uri, absl::string_view application) {
  char* parse_error = nullptr;
  PQconninfoOption* parsed = PQconninfoParse(uri.c_str(), &parse_error);
  if (parsed == nullptr) {
    const std::string why = FirstLine(parse_error);
    PQfreemem(parse_error);
    return absl::InvalidArgumentError(
        absl::StrCat("\"", Redacted(uri),
                     "\" is not a PostgreSQL connection URI: ", why));
  }
  PQconninfoFree(parsed);
  const std::string app(application);
  // "dbname" is expanded into every parameter the URI gives; the
  // application name after it is then set too.
  const char* const keys[] = {"dbname", "application_name", nullptr};
  const char* const values[] = {uri.c_str(), app.c_str(), nullptr};
  std::unique_ptr<Connection> connection(
      new Connection(PQconnectdbParams(keys, values, /*expand_dbname=*/1)));
  if (connection->conn_ == nullptr) {
    return absl::ResourceExhaustedError(
        "cannot connect to PostgreSQL: out of memory");
  }
  // The server's notices (a table that already exists, a shutdown under
  // way) say nothing a caller acts on; its errors come back as Statuses.
  PQsetNoticeReceiver(
      connection->conn_, [](void*, const PGresult*) {}, nullptr);
  if (PQstatus(connection->conn_) != CONNECTION_OK) {
    const std::string why = FirstLine(PQerrorMessage(connection->conn_));
    const absl::StatusCode code = absl::StrContains(why, "authentication")
                                      ? absl::StatusCode::kPermissionDenied
                                      : absl::StatusCode::kUnavailable;
    return absl::Status(code, absl::StrCat("cannot connect to PostgreSQL at ",
                                           Redacted(uri), ": ", why));
  }
  // A server may default to acknowledging commits before they are on its
  // disk; a turn must not be acknowledged so.
  if (absl::StatusOr<Result> set =
          connection->Exec("SET synchronous_commit TO on");
      !set.ok()) {
    return set.status();
  }
  return connection;
}

Connection::~Connection() { PQfinish(conn_); }

absl::Status Connection::Error(const pg_result* result) {
  const char* sqlstate =
      result == nullptr ? nullptr : PQresultErrorField(result, PG_DIAG_SQLSTATE);
  const absl::StatusCode code =
      sqlstate == nullptr ? absl::StatusCode::kUnavailable : CodeOf(sqlstate);
  // An error without a SQLSTATE is libpq's own: the connection failed.
  if (code == absl::StatusCode::kUnavailable || !usable()) {
    lost_ = true;
    const char* message = result == nullptr ? PQerrorMessage(conn_)
                                            : PQresultErrorMessage(result);
    return absl::UnavailableError(absl::StrCat(
        "lost the connection to PostgreSQL: ", FirstLine(message)));
  }
  return absl::Status(code, absl::StrCat("PostgreSQL: ",
                                         FirstLine(PQresultErrorMessage(result))));
}

absl::StatusOr<Result> Connection::Exec(const std::string& sql,
                                        const std::vector<Param>& params) {
  std::vector<uint32_t> types;
  std::vector<const char*> values;
  std::vector<int> lengths;
  std::vector<int> formats(params.size(), kBinary);
  for (const Param& p : params) {
    types.push_back(p.type);
    values.push_back(p.value.data());
    lengths.push_back(static_cast<int>(p.value.size()));
  }
  auto it = prepared_.find(sql);
  if (it == prepared_.end()) {
    const std::string name = absl::StrCat("s", prepared_.size());
    Result prepared(PQprepare(conn_, name.c_str(), sql.c_str(),
                              static_cast<int>(params.size()), types.data()));
    if (prepared.result_ == nullptr ||
        PQresultStatus(prepared.result_.get()) != PGRES_COMMAND_OK) {
      return Error(prepared.result_.get());
    }
    it = prepared_.emplace(sql, name).first;
  }
  Result result(PQexecPrepared(conn_, it->second.c_str(),
                               static_cast<int>(params.size()), values.data(),
                               lengths.data(), formats.data(), kBinary));
  const ExecStatusType status =
      result.result_ == nullptr ? PGRES_FATAL_ERROR
                                : PQresultStatus(result.result_.get());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    return Error(result.result_.get());
  }
  return result;
}

bool Connection::usable() const {
  return !lost_ && PQstatus(conn_) == CONNECTION_OK;
}

bool Connection::Alive() {
  // An idle connection to a healthy server has nothing to read. What the
  // server sends unasked is its farewell before it closes the connection
  // (a shutdown, a terminated backend), or a notice no caller needs: the
  // connection is given up either way.
  pollfd input = {PQsocket(conn_), POLLIN, 0};
  if (usable() && poll(&input, 1, 0) != 0) lost_ = true;
  return usable();
}

bool Connection::idle() const {
  return PQtransactionStatus(conn_) == PQTRANS_IDLE;
}

int Connection::socket() const { return PQsocket(conn_); }

absl::StatusOr<std::optional<Notification>> Connection::NextNotification() {
  if (PQconsumeInput(conn_) == 0 || PQstatus(conn_) != CONNECTION_OK) {
    return Error(nullptr);
  }
  PGnotify* notify = PQnotifies(conn_);
  if (notify == nullptr) return std::nullopt;
  Notification n{notify->relname, notify->extra};
  PQfreemem(notify);
  return n;
}

std::string Redacted(absl::string_view uri) {
  std::string out(uri);
  // postgresql://user:secret@host/db: the password is what follows the
  // user's colon, up to the last '@' before the host.
  if (const size_t scheme = out.find("://"); scheme != std::string::npos) {
    const size_t start = scheme + 3;
    const size_t end = out.find_first_of("/?", start);
    const size_t at = out.rfind('@', end == std::string::npos ? out.size() : end);
    if (at != std::string::npos && at >= start) {
      const size_t colon = out.find(':', start);
      if (colon != std::string::npos && colon < at) {
        out.replace(colon + 1, at - colon - 1, "***");
      }
    }
  }
  // password=secret, in a URI's query or a key=value string.
  for (size_t at = out.find("password="); at != std::string::npos;
       at = out.find("password=", at + 1)) {
    const size_t value = at + std::strlen("password=");
    const size_t end = out.find_first_of("& ", value);
    out.replace(value, (end == std::string::npos ? out.size() : end) - value,
                "***");
  }
  return out;
}

}  // namespace checkers::storage::pg
