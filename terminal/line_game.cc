#include "terminal/line_game.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <deque>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "engine/notation8.h"
#include "events/computer.h"
#include "events/validate.h"
#include "session/play_text.h"
#include "terminal/board_text.h"
#include "terminal/play_signals.h"

namespace checkers::terminal {

using session::CountdownText;
using session::DrawOfferText;
using session::EditionText;
using session::EndText;
using session::ModeText;
using session::RepetitionText;
using session::RulesText;
using session::RulesTitle;
using session::SideText;
using session::SquareNumbers;
using session::ToMoveText;
namespace {

using events::GameState;

constexpr int kPollMillis = 100;

// A mode by its menu number or its word.
std::optional<events::Mode> ModeAnswer(absl::string_view word) {
  if (word == "1") return events::VS_COMPUTER;
  if (word == "2") return events::TWO_PLAYER;
  absl::StatusOr<events::Mode> mode = events::ParseMode(word);
  return mode.ok() ? std::optional(*mode) : std::nullopt;
}

// A difficulty by its menu number or its word.
std::optional<events::Difficulty> DifficultyAnswer(absl::string_view word) {
  if (word == "1") return events::EASY;
  if (word == "2") return events::MEDIUM;
  if (word == "3") return events::HARD;
  absl::StatusOr<events::Difficulty> level = events::ParseDifficulty(word);
  return level.ok() ? std::optional(*level) : std::nullopt;
}

class LineGame {
 public:
  LineGame(const lang::Catalogue& text, session::Session* session,
           const LineOptions& options)
      : t_(text), session_(session), options_(options) {}

  int Run();

 private:
  // The questions line mode may be waiting an answer to.
  enum class Phase { kPlaying, kDamaged, kConfirmNew, kMode, kDifficulty };

  void Print(absl::string_view text);
  void PrintMessages();
  void AfterOpen();
  void BeginNewGame();
  // Keeps the edition and the preset of English house options that
  // `words` name, if any, for the new game.
  void NoteEdition(const std::vector<std::string>& words);
  // The house options of the new game: the preset named, when the new
  // game is English; none keeps the session's choice.
  std::optional<events::RuleOptions> NewOptions() const;
  // Starts the new game the answers describe and forgets them.
  void StartNewGame(events::Mode mode, events::Difficulty difficulty);
  // Asks what the new game still needs (its mode, then its difficulty),
  // or starts it.
  void AskOrStartNewGame();
  void Ask(Phase phase);
  void Handle(const std::string& line);
  // `new` and `quit` work at every question (`new` once a damaged save is
  // answered); anything else answers it.
  void Answer(const std::vector<std::string>& words);
  void Command(const std::vector<std::string>& words, const std::string& line);
  void Hint(const std::vector<std::string>& words);
  void Show();
  void ShowIfChanged();
  void ReadInput(int timeout_ms);

  const lang::Catalogue& t_;
  session::Session* session_;
  LineOptions options_;
  Phase phase_ = Phase::kPlaying;
  // The answers given so far to a new game's questions.
  std::optional<events::Mode> new_mode_;
  std::optional<events::Difficulty> new_difficulty_;
  // An edition named among the new-game answers ("2 russian", "new pool");
  // none keeps the current game's.
  std::optional<Edition> new_edition_;
  // A preset named among them ("1 qdan"): events::PresetOptions.
  std::string new_preset_;
  std::deque<std::string> lines_;
  std::string partial_;
  bool eof_ = false;
  bool quit_ = false;
  bool prompted_ = false;
  // The position last shown, to show the board again when it changes.
  const void* shown_game_ = nullptr;
  int shown_turns_ = -1;
  uint64_t shown_hash_ = 0;
  // How the game is kept, as last said: said again only when it changes.
  session::Persistence persistence_said_ = session::Persistence::kSaved;
  std::string error_hinted_;
  uint64_t answer_hinted_seq_ = 0;
};

void LineGame::Print(absl::string_view text) {
  std::fprintf(options_.output, "%.*s\n", static_cast<int>(text.size()),
               text.data());
  std::fflush(options_.output);
  prompted_ = false;
}

void LineGame::PrintMessages() {
  for (const session::Report& r : session_->TakeReports()) {
    if (r.kind == session::Report::Kind::kNotSaved)
      persistence_said_ = r.persistence;
    Print(ReportText(t_, session_->state(), r));
  }
  const std::string& error = session_->computer_error();
  if (!error.empty() && error != error_hinted_)
    Print(t_.Get("line.error_hint"));
  error_hinted_ = error;
  if (std::optional<events::Side> due = session_->DrawAnswerDue();
      due.has_value() && answer_hinted_seq_ != session_->state().last_seq) {
    answer_hinted_seq_ = session_->state().last_seq;
    Print(t_.Get("line.answer_due",
                 {{"side", SideText(t_, session_->state(), *due)}}));
  }
}

void LineGame::AfterOpen() {
  if (session_->damaged()) {
    Ask(Phase::kDamaged);
    return;
  }
  if (options_.mode.has_value() && !session_->has_turns()) {
    session_->NewGame(*options_.mode, options_.difficulty);
    return;
  }
  if (session_->has_game()) {
    Print(t_.Get("line.resumed",
                 {{"to_move", ToMoveText(t_, session_->state())}}));
    return;
  }
  BeginNewGame();
}

void LineGame::NoteEdition(const std::vector<std::string>& words) {
  for (const std::string& w : words) {
    const std::optional<Edition> e = EditionNamed(w);
    if (e.has_value()) new_edition_ = e;
    if (events::PresetOptions(w).has_value()) new_preset_ = w;
  }
}

std::optional<events::RuleOptions> LineGame::NewOptions() const {
  const Edition edition =
      new_edition_.value_or(session_->state().rules.edition);
  if (new_preset_.empty() || edition != Edition::kEnglish) return std::nullopt;
  return events::PresetOptions(new_preset_);
}

void LineGame::StartNewGame(events::Mode mode, events::Difficulty difficulty) {
  phase_ = Phase::kPlaying;
  session_->NewGame(mode, difficulty, new_edition_, NewOptions());
  new_mode_.reset();
  new_difficulty_.reset();
  new_edition_.reset();
  new_preset_.clear();
}

void LineGame::BeginNewGame() {
  if (session_->has_turns()) {
    Ask(Phase::kConfirmNew);
  } else {
    AskOrStartNewGame();
  }
}

void LineGame::AskOrStartNewGame() {
  if (!new_mode_.has_value()) {
    Ask(Phase::kMode);
  } else if (*new_mode_ == events::VS_COMPUTER &&
             !new_difficulty_.has_value()) {
    Ask(Phase::kDifficulty);
  } else {
    StartNewGame(*new_mode_, new_difficulty_.value_or(events::MEDIUM));
  }
}

void LineGame::Ask(Phase phase) {
  phase_ = phase;
  switch (phase) {
    case Phase::kDamaged:
      Print(t_.Get("line.damaged", {{"detail", session_->damage()}}));
      break;
    case Phase::kConfirmNew:
      Print(t_.Plural("line.confirm_new", session_->state().turns));
      break;
    case Phase::kMode:
      Print(t_.Get("line.ask_mode"));
      break;
    case Phase::kDifficulty:
      Print(t_.Get("line.ask_difficulty"));
      break;
    case Phase::kPlaying:
      break;
  }
}

void LineGame::Answer(const std::vector<std::string>& words) {
  const std::string word = words.empty() ? "" : words[0];
  // A damaged save must be answered first: a new game would hide it.
  if (word == "quit" || word == "exit" ||
      (word == "new" && phase_ != Phase::kDamaged)) {
    phase_ = Phase::kPlaying;
    Command(words, "");
    return;
  }
  switch (phase_) {
    case Phase::kDamaged:
      if (word == "keep") {
        phase_ = Phase::kPlaying;
        session_->KeepDamagedAside();
        PrintMessages();
        AfterOpen();
      } else if (word == "unsaved") {
        phase_ = Phase::kPlaying;
        session_->PlayWithoutSaving();
        PrintMessages();
        AfterOpen();
      } else if (word == "quit") {
        quit_ = true;
      } else {
        Ask(Phase::kDamaged);
      }
      return;
    case Phase::kConfirmNew:
      if (word == "yes" || word == "y") {
        // Confirmed: the questions that follow replace the game.
        phase_ = Phase::kPlaying;
        AskOrStartNewGame();
      } else {
        phase_ = Phase::kPlaying;
        new_mode_.reset();
        new_difficulty_.reset();
        new_edition_.reset();
        new_preset_.clear();
        Print(t_.Get("line.kept"));
      }
      return;
    case Phase::kMode:
      NoteEdition(words);
      new_mode_ = ModeAnswer(word);
      if (!new_mode_.has_value()) {
        Ask(Phase::kMode);
        return;
      }
      // "computer hard" answers both questions.
      if (words.size() > 1) new_difficulty_ = DifficultyAnswer(words[1]);
      AskOrStartNewGame();
      return;
    case Phase::kDifficulty:
      new_difficulty_ = DifficultyAnswer(word);
      if (!new_difficulty_.has_value()) {
        Ask(Phase::kDifficulty);
        return;
      }
      StartNewGame(new_mode_.value_or(events::VS_COMPUTER), *new_difficulty_);
      return;
    case Phase::kPlaying:
      return;
  }
}

void LineGame::Handle(const std::string& raw) {
  const std::string line(absl::StripAsciiWhitespace(raw));
  std::vector<std::string> words = absl::StrSplit(line, ' ', absl::SkipEmpty());
  for (std::string& w : words) absl::AsciiStrToLower(&w);
  if (phase_ != Phase::kPlaying) {
    Answer(words);
    return;
  }
  if (words.empty()) return;
  Command(words, line);
}

void LineGame::Command(const std::vector<std::string>& words,
                       const std::string& line) {
  const std::string& word = words[0];
  if (absl::ascii_isdigit(word[0])) {
    session_->PlayText(line);
  } else if (word == "undo") {
    session_->Undo();
  } else if (word == "moves") {
    const GameState& s = session_->state();
    if (!session_->has_game() || s.over()) {
      session_->MayMove();
    } else {
      Print(t_.Get(
          "line.moves",
          {{"moves",
            absl::StrJoin(s.position.LegalMoveTexts(s.rules.capture), " ")}}));
    }
  } else if (word == "show") {
    Show();
  } else if (word == "hint") {
    Hint(words);
  } else if (word == "pause") {
    session_->Pause();
    Print(t_.Get("line.paused"));
  } else if (word == "resume") {
    const bool retry = !session_->computer_error().empty();
    session_->Resume();
    Print(t_.Get(retry ? "line.retrying" : "line.resumed_play"));
  } else if ((word == "draw" && words.size() == 1) ||
             (word == "draw" && words[1] == "offer")) {
    session_->OfferDraw();
  } else if (word == "draw" &&
             (words[1] == "accept" || words[1] == "decline")) {
    session_->AnswerDraw(words[1] == "accept");
  } else if (word == "accept" || word == "decline") {
    session_->AnswerDraw(word == "accept");
  } else if (word == "resign") {
    session_->Resign();
  } else if (word == "two-player") {
    session_->ContinueAsTwoPlayer();
  } else if (word == "new") {
    NoteEdition(words);
    new_mode_ = words.size() > 1 ? ModeAnswer(words[1]) : std::nullopt;
    new_difficulty_ =
        words.size() > 2 ? DifficultyAnswer(words[2]) : std::nullopt;
    BeginNewGame();
  } else if (word == "rules") {
    Print(RulesTitle(t_, session_->state().started.get()));
    for (const std::string& paragraph :
         RulesText(t_, session_->state().started.get())) {
      Print(paragraph);
    }
  } else if (word == "help") {
    for (absl::string_view key :
         {"line.help.move", "line.help.moves", "line.help.hint",
          "line.help.show", "line.help.undo", "line.help.pause",
          "line.help.draw", "line.help.resign", "line.help.new",
          "line.help.two_player", "line.help.rules", "line.help.quit"}) {
      Print(t_.Get(key));
    }
  } else if (word == "quit" || word == "exit") {
    quit_ = true;
  } else {
    Print(t_.Get("line.unknown", {{"word", word}}));
  }
}

void LineGame::Hint(const std::vector<std::string>& words) {
  if (!session_->MayMove().ok()) return;
  const GameState& s = session_->state();
  int square = 0;
  if (words.size() > 1) {
    if (!absl::SimpleAtoi(words[1], &square) || square < 1 ||
        square > s.position.square_count()) {
      Print(t_.Get("line.hint_bad_square",
                   {{"text", words[1]},
                    {"last", absl::StrCat(s.position.square_count())}}));
      return;
    }
    // The legal moves that start on `square`, in the order of their
    // squares.
    const session::MoveEntry entry = session_->Entry();
    std::vector<const GameMove*> starting;
    for (const GameMove& m : entry.moves()) {
      if (m.from() == square) starting.push_back(&m);
    }
    std::sort(starting.begin(), starting.end(),
              [](const GameMove* a, const GameMove* b) {
                return a->route() < b->route();
              });
    std::vector<std::string> from_square;
    for (const GameMove* m : starting) from_square.push_back(m->Text());
    Print(from_square.empty()
              ? t_.Get("line.hint_none", {{"n", absl::StrCat(square)}})
              : t_.Get("line.hint_square",
                       {{"n", absl::StrCat(square)},
                        {"moves", absl::StrJoin(from_square, " ")}}));
    return;
  }
  const session::EntryStep start = session_->Entry().At({});
  Print(!start.must_capture.empty()
            ? t_.Get("line.hint_must",
                     {{"squares", SquareNumbers(start.must_capture)}})
            : t_.Get("line.hint_movable",
                     {{"squares", SquareNumbers(start.starts)}}));
}

void LineGame::Show() {
  const GameState& s = session_->state();
  shown_game_ = s.started.get();
  shown_turns_ = s.turns;
  shown_hash_ = s.position.hash();
  if (!session_->has_game()) {
    Print(t_.Get("refuse.no_game"));
    return;
  }
  Print(ModeText(t_, s));
  Print(t_.Get("panel.rules", {{"edition", EditionText(t_, s.rules.edition)}}));
  std::string board = LineBoardText(t_, s);
  if (!board.empty() && board.back() == '\n') board.pop_back();
  Print(board);
  Print(LegendText(t_, s));
  if (s.over()) {
    Print(t_.Get("report.game_over", {{"end", EndText(t_, s)}}));
  } else {
    Print(t_.Get("line.to_move", {{"to_move", ToMoveText(t_, s)},
                                  {"n", absl::StrCat(s.turns + 1)}}));
  }
  if (std::string thinking =
          ThinkingText(t_, session_->state(), session_->computer());
      !thinking.empty())
    Print(thinking);
  if (session_->paused()) Print(t_.Get("line.paused"));
  for (const std::string& line :
       {CountdownText(t_, s), RepetitionText(t_, s), DrawOfferText(t_, s)}) {
    if (!line.empty()) Print(line);
  }
  if (session_->persistence() != persistence_said_) {
    persistence_said_ = session_->persistence();
    Print(
        PersistenceText(t_, persistence_said_, session_->persistence_detail()));
  }
}

void LineGame::ShowIfChanged() {
  const GameState& s = session_->state();
  if (!session_->has_game() || phase_ != Phase::kPlaying) return;
  if (s.started.get() != shown_game_ || s.turns != shown_turns_ ||
      s.position.hash() != shown_hash_) {
    Show();
  }
}

void LineGame::ReadInput(int timeout_ms) {
  pollfd fd = {options_.input_fd, POLLIN, 0};
  const int ready = poll(&fd, 1, timeout_ms);
  if (ready <= 0) return;
  char buffer[4096];
  const ssize_t got = read(options_.input_fd, buffer, sizeof(buffer));
  if (got < 0) {
    if (errno != EINTR && errno != EAGAIN) eof_ = true;
    return;
  }
  if (got == 0) {
    eof_ = true;
    if (!partial_.empty()) lines_.push_back(std::move(partial_));
    partial_.clear();
    return;
  }
  partial_.append(buffer, got);
  for (size_t end = partial_.find('\n'); end != std::string::npos;
       end = partial_.find('\n')) {
    std::string line = partial_.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines_.push_back(std::move(line));
    partial_.erase(0, end + 1);
  }
}

int LineGame::Run() {
  InstallPlaySignalHandlers(/*restore_terminal=*/false);
  PrintMessages();
  AfterOpen();
  int status = 0;
  while (!quit_) {
    if (TakeSignal(PlaySignal::kHangup) || TakeSignal(PlaySignal::kTerminate)) {
      session_->Pause();
      status = 128 + LastEndingSignal();
      break;
    }
    if (TakeSignal(PlaySignal::kSuspend)) {
      session_->Pause();
      Print(t_.Get("line.suspended"));
      StopProcess();
      TakeSignal(PlaySignal::kContinue);
    }
    if (TakeSignal(PlaySignal::kContinue)) {
      session_->Pause();
      Print(t_.Get("line.suspended"));
    }
    session_->Tick();
    PrintMessages();
    const bool busy = session_->ComputerBusy();
    if (!busy) ShowIfChanged();
    if (!lines_.empty() && (options_.interactive || !busy)) {
      const std::string line = std::move(lines_.front());
      lines_.pop_front();
      Handle(line);
      PrintMessages();
      continue;
    }
    if (busy && (eof_ || !options_.interactive)) {
      session_->WaitForComputer(absl::Milliseconds(kPollMillis));
      continue;
    }
    if (eof_) break;
    if (options_.interactive && !busy && !prompted_) {
      std::fputs("> ", options_.output);
      std::fflush(options_.output);
      prompted_ = true;
    }
    ReadInput(kPollMillis);
  }
  return status;
}

}  // namespace

int RunLineGame(const lang::Catalogue& text, session::Session* session,
                const LineOptions& options) {
  LineGame game(text, session, options);
  return game.Run();
}

}  // namespace checkers::terminal
