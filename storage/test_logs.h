// Logs and their contents as the storage tests write and compare them.

#ifndef CHECKERS_STORAGE_TEST_LOGS_H_
#define CHECKERS_STORAGE_TEST_LOGS_H_

#include <cstddef>
#include <string>
#include <vector>

#include "storage/event_log.h"

namespace checkers::storage {

using Commit = std::vector<std::string>;

// The payloads of every record of `log`, in order.
std::vector<std::string> Payloads(const EventLog& log);
// The payloads of `commits`, one after another.
std::vector<std::string> Flatten(const std::vector<Commit>& commits);
// The commit ends of `log` as record counts, e.g. {1, 4} for a commit of
// one record and then one of three.
std::vector<size_t> CommitEnds(const EventLog& log);
// The same of a log holding `commits`.
std::vector<size_t> CommitEndsOf(const std::vector<Commit>& commits);
// Four commits, one of them of two records.
const std::vector<Commit>& SampleCommits();

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_TEST_LOGS_H_
