#include "storage/test_logs.h"

namespace checkers::storage {

std::vector<std::string> Payloads(const EventLog& log) {
  std::vector<std::string> out;
  for (const Record& r : log.records()) out.push_back(r.payload);
  return out;
}

std::vector<std::string> Flatten(const std::vector<Commit>& commits) {
  std::vector<std::string> out;
  for (const Commit& c : commits) out.insert(out.end(), c.begin(), c.end());
  return out;
}

std::vector<size_t> CommitEnds(const EventLog& log) {
  std::vector<size_t> ends;
  for (const Record& r : log.records()) {
    if (r.last_in_commit) ends.push_back(r.seq);
  }
  return ends;
}

std::vector<size_t> CommitEndsOf(const std::vector<Commit>& commits) {
  std::vector<size_t> ends;
  size_t n = 0;
  for (const Commit& c : commits) ends.push_back(n += c.size());
  return ends;
}

const std::vector<Commit>& SampleCommits() {
  static const auto* commits = new std::vector<Commit>{
      {"game started"}, {"turn 1"}, {"turn 2", "game ended"}, {"turn 3"}};
  return *commits;
}

}  // namespace checkers::storage
