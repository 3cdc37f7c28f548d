// What a table answers a request with: the HTTP status and a JSON body,
// and, for a refusal, the reason as a word a script can test ("reason")
// and as a sentence in the viewer's language ("error", from the
// catalogues of lang/). Also the table's actions, named once: the server
// routes POST /api/tables/ID/<name> by this list (web/API.md).

#ifndef CHECKERS_WEB_ANSWERS_H_
#define CHECKERS_WEB_ANSWERS_H_

#include <optional>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "events/game_state.h"
#include "lang/catalogue.h"
#include "nlohmann/json.hpp"
#include "session/outcome.h"

namespace checkers::web {

// An answer to a request: its HTTP status and JSON body.
struct Answer {
  int status = 200;
  nlohmann::json body;
};

// An error answer: {"error": message}.
Answer Error(int status, absl::string_view message);

// A refusal worded from the catalogue: {"error": the text of
// web.error.<reason> in `text`'s language, "reason": reason}.
Answer Refused(int status, const lang::Catalogue& text,
               absl::string_view reason, absl::Span<const lang::Arg> args = {});

// The session's refusal `report` (a kRefused report) of an action on the
// game `state`: its HTTP status (403 while someone else is to act, 409 for
// no game, 410 for a finished game, 422 for a move or action the rules
// refuse, 503 when the log cannot be written), "reason" the refusal's
// catalogue name (session::RefusalKey), "error" session::RefusalText, and
// for a refused move "legal", the legal moves.
Answer SessionRefusal(const session::Report& report,
                      const events::GameState& state,
                      const lang::Catalogue& text);

// The actions a viewer takes at a table.
enum class Action {
  kMove,
  kUndo,
  kResign,
  kOfferDraw,
  kAcceptDraw,
  kDeclineDraw,
  kPause,
  kResume,
  kNewGame,
};

// Each action and the last part of its path.
struct NamedAction {
  absl::string_view name;
  Action action;
};
inline constexpr NamedAction kActions[] = {
    {"moves", Action::kMove},
    {"undo", Action::kUndo},
    {"resign", Action::kResign},
    {"draw/offer", Action::kOfferDraw},
    {"draw/accept", Action::kAcceptDraw},
    {"draw/decline", Action::kDeclineDraw},
    {"pause", Action::kPause},
    {"resume", Action::kResume},
    {"new", Action::kNewGame},
};

// The action whose path ends in `name`; nullopt for none.
std::optional<Action> ActionNamed(absl::string_view name);

}  // namespace checkers::web

#endif  // CHECKERS_WEB_ANSWERS_H_
