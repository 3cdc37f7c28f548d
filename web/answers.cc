#include "web/answers.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "session/play_text.h"

namespace checkers::web {

using nlohmann::json;
using session::Refusal;

Answer Error(int status, absl::string_view message) {
  return {status, {{"error", std::string(message)}}};
}

Answer Refused(int status, const lang::Catalogue& text,
               absl::string_view reason, absl::Span<const lang::Arg> args) {
  Answer a = Error(status, text.Get(absl::StrCat("web.error.", reason), args));
  a.body["reason"] = std::string(reason);
  return a;
}

namespace {

int StatusOf(Refusal refusal) {
  switch (refusal) {
    case Refusal::kNone:
      return 200;
    case Refusal::kNoGame:
      return 409;
    case Refusal::kOver:
      return 410;
    case Refusal::kPaused:
    case Refusal::kComputerError:
    case Refusal::kComputerTurn:
    case Refusal::kComputerAnswering:
    case Refusal::kAnswerDue:
    case Refusal::kNotYourSeat:
      return 403;
    case Refusal::kNotation:
    case Refusal::kIllegalMove:
    case Refusal::kAmbiguousMove:
    case Refusal::kNothingToUndo:
    case Refusal::kNoOffer:
    case Refusal::kNotVsComputer:
    case Refusal::kRules:
      return 422;
    case Refusal::kSaveFailed:
      return 503;
  }
  return 422;
}

}  // namespace

Answer SessionRefusal(const session::Report& report,
                      const events::GameState& state,
                      const lang::Catalogue& text) {
  Answer a = Error(StatusOf(report.refusal),
                   session::RefusalText(text, state, report));
  a.body["reason"] = std::string(session::RefusalKey(report.refusal));
  if (report.refusal == Refusal::kNotation ||
      report.refusal == Refusal::kIllegalMove ||
      report.refusal == Refusal::kAmbiguousMove) {
    a.body["legal"] = state.position.LegalMoveTexts(state.rules.capture);
  }
  return a;
}

std::optional<Action> ActionNamed(absl::string_view name) {
  for (const NamedAction& a : kActions) {
    if (a.name == name) return a.action;
  }
  return std::nullopt;
}

}  // namespace checkers::web
