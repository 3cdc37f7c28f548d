// Reading PDN (Portable Draughts Notation) text: the tags, main-line moves
// and result of every game in a multi-game file, as written. This layer
// knows the notation, not the rules; pdn_replay.h checks the moves.

#ifndef CHECKERS_REPLAY_PDN_H_
#define CHECKERS_REPLAY_PDN_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/position8.h"

namespace checkers::replay {

// One `[Name "value"]` tag; the value has its escapes (\" and \\) undone
// and each control character (a tab, an escape, a bell...) made a space, as
// the PDN writer writes them.
struct PdnTag {
  std::string name;
  std::string value;
  // The 1-based line the tag is on, for messages; not part of equality.
  int line = 0;

  friend bool operator==(const PdnTag& a, const PdnTag& b) {
    return a.name == b.name && a.value == b.value;
  }
};

// A main-line move as it appears in the file.
struct PdnMove {
  // The squares as written, without annotations: "11-15", "24x6", "09-13".
  std::string text;
  // The move number: the last one written before the move (a number names
  // a pair of moves, the first mover's then the other's), counted on from
  // there when the file leaves numbers out; 1 for the first move of an
  // unnumbered game.
  int number = 0;
  // Who played it: the sides alternate from the side to move of the FEN
  // tag, or the first mover (see ParsePdn).
  Color side = Color::kBlack;
  // 1-based position of the move's first character.
  int line = 0;
  int column = 0;
};

// Something the reader tolerated rather than rejected, e.g. a remark glued
// to a move, so that importers can show it.
struct PdnNote {
  int line = 0;
  std::string message;
};

struct PdnGame {
  // 1-based position of the game in the file, and the line where it starts
  // (its first tag or move); for messages.
  int index = 0;
  int line = 0;
  // In the order written; a name written twice is kept twice.
  std::vector<PdnTag> tags;
  // The main line; variations are left out.
  std::vector<PdnMove> moves;
  // The game-termination token as written ("1-0", "0-1", "1/2-1/2", "*",
  // or the two-point forms "2-0", "0-2", "1-1"); empty when the game ends
  // without one (at the next game's tags or the end of the file).
  std::string result;
  // The line of the termination token; 0 when there is none.
  int result_line = 0;
  std::vector<PdnNote> notes;
};

// The outcome a result token or Result tag claims. The first score is the
// edition's first mover's: "1-0" (and "2-0") means Black won in English and
// pool checkers, White in Russian and international draughts.
enum class GameResult { kUnknown, kFirstWins, kSecondWins, kDraw };

// The result a token names; kUnknown for "*" and for anything that is not
// a result token.
GameResult ParseResultToken(absl::string_view token);

// The standard token of `result`: "1-0", "0-1", "1/2-1/2" or "*".
absl::string_view ResultToken(GameResult result);

// The result `game` claims: its termination token, else its Result tag.
GameResult ClaimedResult(const PdnGame& game);

// The line where `game` claims its result: its termination token's, else
// its Result tag's, else the line where the game starts.
int ResultLine(const PdnGame& game);

// Whether `text` is well-formed UTF-8: no stray or truncated sequences, no
// overlong forms, no surrogates, nothing above U+10FFFF.
bool IsValidUtf8(absl::string_view text);

// The bytes of a PDN file as UTF-8 text: unchanged when they are valid
// UTF-8, else read as ISO-8859-1 (Latin-1, the character set of the PDN
// 2.0 standard), one character per byte. Decided for the whole file, which
// is written in one encoding. The result is always valid UTF-8, so every
// name and value read from it can be stored in an event.
std::string DecodePdnText(absl::string_view bytes);

// The value of the first tag called `name` (compared ignoring case), or
// nullopt when there is none.
std::optional<absl::string_view> FindTag(const std::vector<PdnTag>& tags,
                                         absl::string_view name);

// The number a GameType tag gives: "21", or the first field of the long
// form "20,W,10,10,N2,0". InvalidArgument naming the value when it does
// not start with a number.
absl::StatusOr<int> ParseGameType(absl::string_view value);

// The colour that moves first in a game of GameType `value`: the long
// form's start colour ("25,W,8,8,A0,0" is White) or, for the bare number,
// as PDN's GameType table has it: Black for 21 English, 23 pool and 31
// Thai, White for the others (20 international, 25 Russian...); nullopt
// for a value that does not start with a number.
std::optional<Color> GameTypeFirstMover(absl::string_view value);

// `written` (a move as PdnMove::text holds it) in numeric notation on a
// board of `columns` columns (8 or 10): algebraic squares become their
// numbers ("c3-d4" is "22-18" on 8x8, where a1 is 29 and b8 is 1) and ':'
// becomes 'x'; numeric text comes back with only that change. Squares off
// the board's dark squares give nullopt.
std::optional<std::string> NumericMoveText(absl::string_view written,
                                           int columns);

// Names a game for messages: its index in the file and its Event, Black
// and White tags where present, e.g.
// `game 512 ("Petal 1981, game 18", AA Long vs M Tinsley)`.
std::string DescribeGame(const PdnGame& game);

// A stretch of a PDN file that the reader could not read and skipped, so
// that the games around it are still read.
struct PdnSkip {
  // The game the stretch belongs to, as far as it was read before the
  // problem: its index (its place in the file; the games after it keep
  // theirs), the line where it starts and its tags. Index 0 when the
  // stretch lies outside every game: text before the first game or between
  // two games that is not PDN.
  PdnGame game;
  // 1-based position of the problem, and what it is.
  int line = 0;
  int column = 0;
  std::string problem;
  // The line where reading went on: the next line that starts with a tag
  // (after a problem inside a game), or the first line of the next game
  // (after text between games); 0 when the skip ran to the end of the file.
  int resumed_line = 0;
};

// One line naming what was skipped and why: the game (see DescribeGame)
// or "text at", the line, the column, the problem and where reading went
// on, e.g. `game 36 ("Open", A vs B), line 595, column 4: "-" is not a
// move, move number, result or annotation (read on at line 605)` or
// `text at line 2, column 1: "Round" is not a tag, move, move number or
// result (read on at line 3)`.
std::string DescribeSkip(const PdnSkip& skip);

// What ReadPdn reads from a file.
struct PdnFile {
  // The games read whole, in file order.
  std::vector<PdnGame> games;
  // What was skipped, in file order. A caller that needs every game of the
  // file checks that this is empty.
  std::vector<PdnSkip> skipped;
};

// Reads every game of a PDN file. Tolerates what real files contain:
// a UTF-8 byte order mark; CRLF, LF or CR line ends; odd spacing in tags;
// `{...}` comments over several lines and `;` comments to the end of the
// line; variations `(...)`, nested, which are skipped; NAGs (`$12`) and
// move annotations (`!`, `?`, `!!`, `??`, `!?`, `?!`, and the star `*`
// glued to a move); move numbers in any spacing (`1.`, `1...`, `1. ...`,
// `12.11-15`); moves in any notation the rules layer accepts later (short
// jumps, `-` or `:` in captures, leading zeros, a one-digit square padded
// with a space as in `1- 6`, and algebraic squares as Russian collections
// write them, `c3-d4`, `d4:b6`); games without tags or without a
// blank line before the next; a remark glued to a move (`8-11Red...`,
// kept as a note); and text after the last game's result (kept as a note).
//
// `first_mover` is the colour that moves first in a game without a
// GameType tag (a game with one takes GameTypeFirstMover): it numbers the
// moves in pairs from that side and, without a FEN tag, plays the first.
//
// What cannot be read does not stop the reading; it is skipped and listed
// in `skipped`, so one bad game costs that game only:
// - inside a game (a tag, comment or variation left open, a stray ')',
//   '}' or ']', a word that is not a move, move number, result or
//   annotation), the game is dropped and the reader goes on at the next
//   line that starts with a tag, '[' after blanks, as the next game's tags
//   do; games without tags before that line are skipped with it;
// - outside every game (text before the first game or between two games
//   that is none of these), the text is skipped up to the next game.
// Does not check that moves are legal, nor that FEN tags are well formed.
PdnFile ReadPdn(absl::string_view text, Color first_mover = Color::kBlack);

// ReadPdn for a caller that needs every game of the text (a game written
// back and read again, a one-game record): DataLossError "PDN line L,
// column C: problem" for the first stretch ReadPdn skipped, else the games.
absl::StatusOr<std::vector<PdnGame>> ParsePdn(
    absl::string_view text, Color first_mover = Color::kBlack);

}  // namespace checkers::replay

#endif  // CHECKERS_REPLAY_PDN_H_
