#include "match/ballot_file.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace checkers::match {
namespace {

// A small reader for the ballot files: a JSON object whose members are
// either objects from opening name to FEN, or arrays of opening names
// defined in such an object.
class BallotReader {
 public:
  struct Set {
    std::vector<Opening> openings;   // an object of name -> FEN
    std::vector<std::string> names;  // an array of names
  };

  explicit BallotReader(absl::string_view text) : text_(text) {}

  absl::StatusOr<std::map<std::string, Set>> Read() {
    std::map<std::string, Set> sets;
    if (!Expect('{')) return Error("expected a JSON object");
    if (Expect('}')) return sets;
    do {
      absl::StatusOr<std::string> name = String();
      if (!name.ok()) return name.status();
      if (!Expect(':')) return Error("expected ':'");
      Set& set = sets[*name];
      if (Expect('{')) {
        if (!Expect('}')) {
          do {
            absl::StatusOr<std::string> opening = String();
            if (!opening.ok()) return opening.status();
            if (!Expect(':')) return Error("expected ':'");
            absl::StatusOr<std::string> fen = String();
            if (!fen.ok()) return fen.status();
            set.openings.push_back({*std::move(opening), *std::move(fen)});
          } while (Expect(','));
          if (!Expect('}')) return Error("expected '}' after the openings");
        }
      } else if (Expect('[')) {
        if (!Expect(']')) {
          do {
            absl::StatusOr<std::string> opening = String();
            if (!opening.ok()) return opening.status();
            set.names.push_back(*std::move(opening));
          } while (Expect(','));
          if (!Expect(']'))
            return Error("expected ']' after the opening names");
        }
      } else {
        return Error(
            "a set must be an object of openings or an array of their names");
      }
    } while (Expect(','));
    if (!Expect('}')) return Error("expected '}' at the end");
    SkipSpace();
    if (pos_ != text_.size()) return Error("text after the end of the object");
    return sets;
  }

 private:
  void SkipSpace() {
    while (pos_ < text_.size() &&
           absl::ascii_isspace(static_cast<unsigned char>(text_[pos_]))) {
      ++pos_;
    }
  }
  bool Expect(char c) {
    SkipSpace();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  absl::Status Error(absl::string_view what) {
    return absl::DataLossError(
        absl::StrCat("bad ballot file at byte ", pos_, ": ", what));
  }
  absl::StatusOr<std::string> String() {
    if (!Expect('"')) return Error("expected a string");
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      char c = text_[pos_++];
      if (c == '\\') {
        if (pos_ >= text_.size()) break;
        c = text_[pos_++];
        if (c == 'u') return Error("\\u escapes are not used in ballot files");
        if (c == 'n') c = '\n';
        if (c == 't') c = '\t';
      }
      out.push_back(c);
    }
    if (pos_ >= text_.size()) return Error("unterminated string");
    ++pos_;
    return out;
  }

  absl::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

absl::StatusOr<std::vector<Opening>> ParseBallots(absl::string_view json,
                                                  absl::string_view set) {
  absl::StatusOr<std::map<std::string, BallotReader::Set>> sets =
      BallotReader(json).Read();
  if (!sets.ok()) return sets.status();
  auto it = sets->find(std::string(set));
  if (it == sets->end()) {
    std::vector<std::string> names;
    for (const auto& [name, unused] : *sets) names.push_back(name);
    return absl::InvalidArgumentError(
        absl::StrCat("the ballot file has no set \"", set,
                     "\"; it has: ", absl::StrJoin(names, ", ")));
  }
  std::vector<Opening> openings = it->second.openings;
  for (const std::string& name : it->second.names) {
    // A name refers to an opening defined in one of the object sets.
    const Opening* found = nullptr;
    for (const auto& [unused, other] : *sets) {
      for (const Opening& o : other.openings) {
        if (o.name == name) found = &o;
      }
    }
    if (found == nullptr) {
      return absl::DataLossError(absl::StrCat("the ballot set \"", set,
                                              "\" names opening \"", name,
                                              "\", which no set defines"));
    }
    openings.push_back(*found);
  }
  return openings;
}

}  // namespace checkers::match
