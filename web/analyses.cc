#include "web/analyses.h"

#include <utility>

#include "absl/strings/escaping.h"
#include "json/analysis_json.h"
#include "web/seat_cookie.h"

namespace checkers::web {

using nlohmann::json;

std::string GameKey(absl::Span<const events::Event> log) {
  std::string bytes;
  for (const events::Event& e : log) {
    const std::string one = e.SerializeAsString();
    // Each event's length first: two logs whose bytes run together alike
    // are still two keys.
    bytes += std::to_string(one.size());
    bytes += ':';
    bytes += one;
  }
  return absl::BytesToHexString(KeyOf(bytes)).substr(0, 24);
}

Analyses::Analyses(replay::AnalysisOptions options, size_t kept)
    : options_(std::move(options)), kept_(kept), worker_([this] { Work(); }) {}

Analyses::~Analyses() { Stop(); }

std::string Analyses::Start(std::vector<events::Event> log) {
  std::string key = GameKey(log);
  absl::MutexLock lock(&mu_);
  if (stopping_) return key;
  std::shared_ptr<Job>& job = jobs_[key];
  if (job != nullptr && job->state != "cancelled" && job->state != "failed") {
    job->asked = ++clock_;
    return key;
  }
  job = std::make_shared<Job>();
  job->log = std::move(log);
  job->asked = ++clock_;
  queue_.push_back(key);
  Trim();
  return key;
}

json Analyses::Get(const std::string& key) {
  absl::MutexLock lock(&mu_);
  auto it = jobs_.find(key);
  if (it == jobs_.end()) return {{"state", "none"}};
  Job& job = *it->second;
  job.asked = ++clock_;
  if (job.state == "done") return {{"state", "done"}, {"analysis", job.result}};
  if (job.state == "failed") return {{"state", "failed"}, {"error", job.error}};
  if (job.state == "cancelled") return {{"state", "cancelled"}};
  return {{"state", job.state}, {"done", job.done}, {"total", job.total}};
}

void Analyses::Cancel(const std::string& key) {
  absl::MutexLock lock(&mu_);
  auto it = jobs_.find(key);
  if (it == jobs_.end()) return;
  Job& job = *it->second;
  if (job.state == "queued") {
    job.state = "cancelled";
    job.log.clear();
  } else if (job.state == "running") {
    job.cancel = true;
  }
}

void Analyses::Stop() {
  {
    absl::MutexLock lock(&mu_);
    if (stopping_) return;
    stopping_ = true;
    for (auto& [key, job] : jobs_) job->cancel = true;
  }
  worker_.join();
}

void Analyses::Trim() {
  size_t finished = 0;
  for (const auto& [key, job] : jobs_) {
    finished += job->state != "queued" && job->state != "running";
  }
  while (finished > kept_) {
    auto oldest = jobs_.end();
    for (auto it = jobs_.begin(); it != jobs_.end(); ++it) {
      const std::string& s = it->second->state;
      if (s == "queued" || s == "running") continue;
      if (oldest == jobs_.end() || it->second->asked < oldest->second->asked) {
        oldest = it;
      }
    }
    jobs_.erase(oldest);
    --finished;
  }
}

void Analyses::Work() {
  for (;;) {
    std::shared_ptr<Job> job;
    {
      absl::MutexLock lock(&mu_);
      mu_.Await(absl::Condition(
          +[](Analyses* a) ABSL_EXCLUSIVE_LOCKS_REQUIRED(a->mu_) {
            return a->stopping_ || !a->queue_.empty();
          },
          this));
      if (stopping_) return;
      const std::string key = queue_.front();
      queue_.pop_front();
      auto it = jobs_.find(key);
      if (it == jobs_.end() || it->second->state != "queued") continue;
      job = it->second;
      job->state = "running";
    }
    // The search runs without the lock: requests read the progress
    // meanwhile, and the search itself sees a cancel.
    replay::AnalysisOptions options = options_;
    options.cancel = &job->cancel;
    absl::StatusOr<replay::GameAnalysis> analysis = replay::AnalyseGame(
        job->log, options, [this, &job](int done, int total) {
          absl::MutexLock lock(&mu_);
          job->done = done;
          job->total = total;
          return true;
        });
    json result =
        analysis.ok() ? checkers::json::AnalysisJson(*analysis) : json();
    absl::MutexLock lock(&mu_);
    job->log.clear();
    if (analysis.ok()) {
      job->state = "done";
      job->result = std::move(result);
    } else if (absl::IsCancelled(analysis.status())) {
      job->state = "cancelled";
    } else {
      job->state = "failed";
      job->error = std::string(analysis.status().message());
    }
    Trim();
  }
}

}  // namespace checkers::web
