// The replay page's analyses (web/API.md, "Replay and analysis"): the
// engine's judgement of whole games (replay/analysis.h, the code `checkers
// analyse` runs, so the page and the terminal agree), made on one
// background thread, one game at a time, and kept per game so that a
// second visit is answered at once. A game is named by its key, a digest
// of its events: a table's game that goes on is a new game to judge.
//
// Thread-safe.

#ifndef CHECKERS_WEB_ANALYSES_H_
#define CHECKERS_WEB_ANALYSES_H_

#include <atomic>
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/types/span.h"
#include "events/events.pb.h"
#include "nlohmann/json.hpp"
#include "replay/analysis.h"

namespace checkers::web {

// The key of the game `log` holds: 24 hex digits of the SHA-256 of its
// events, so that the same events have the same key on any server.
std::string GameKey(absl::Span<const events::Event> log);

class Analyses {
 public:
  // Each game is judged with `options` (AnalysisOptions' defaults are
  // `checkers analyse`'s); at most `kept` finished analyses are kept, the
  // least recently asked for forgotten first.
  explicit Analyses(replay::AnalysisOptions options, size_t kept = 64);
  // Stop().
  ~Analyses();

  Analyses(const Analyses&) = delete;
  Analyses& operator=(const Analyses&) = delete;

  // Queues the analysis of `log` under GameKey(log), unless it is kept or
  // under way; one cancelled or failed is started again. Returns the key.
  std::string Start(std::vector<events::Event> log);

  // What is known of the analysis of `key`: {state: "none"} (never started
  // or forgotten), {state: "queued" | "running", done, total} (positions
  // judged, of the game's), {state: "done", analysis} (json/
  // analysis_json.h), {state: "cancelled"}, or {state: "failed", error}.
  nlohmann::json Get(const std::string& key);

  // Cancels the analysis of `key`: one queued at once, one running as soon
  // as its search looks at the flag. No-op for another state.
  void Cancel(const std::string& key);

  // Cancels every analysis and ends the thread; Start queues nothing more.
  void Stop();

 private:
  struct Job {
    std::string state = "queued";
    int done = 0;
    int total = 0;
    // Read by the search under way (AnalysisOptions::cancel).
    std::atomic<bool> cancel{false};
    std::vector<events::Event> log;
    nlohmann::json result;
    std::string error;
    // When it was last asked for, for forgetting the oldest.
    uint64_t asked = 0;
  };

  void Work();
  // Forgets the least recently asked-for finished analyses past kept_.
  void Trim() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  const replay::AnalysisOptions options_;
  const size_t kept_;
  absl::Mutex mu_;
  std::map<std::string, std::shared_ptr<Job>> jobs_ ABSL_GUARDED_BY(mu_);
  std::deque<std::string> queue_ ABSL_GUARDED_BY(mu_);
  uint64_t clock_ ABSL_GUARDED_BY(mu_) = 0;
  bool stopping_ ABSL_GUARDED_BY(mu_) = false;
  std::thread worker_;
};

}  // namespace checkers::web

#endif  // CHECKERS_WEB_ANALYSES_H_
