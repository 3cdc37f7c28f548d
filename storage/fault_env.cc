#include "storage/fault_env.h"

#include <errno.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

namespace checkers::storage {

class FaultWritableFile final : public WritableFile {
 public:
  FaultWritableFile(FaultEnv* env, std::shared_ptr<FaultEnv::Node> node,
                    std::string path, uint64_t generation)
      : env_(env),
        node_(std::move(node)),
        path_(std::move(path)),
        generation_(generation) {}

  absl::Status Append(absl::string_view data) override {
    return env_->Append(*node_, path_, generation_, data);
  }
  absl::Status Sync() override {
    return env_->Sync(*node_, path_, generation_);
  }
  absl::Status Truncate(uint64_t size) override {
    return env_->Truncate(*node_, path_, generation_, size);
  }

 private:
  FaultEnv* const env_;
  // Like an open file descriptor, the handle keeps writing to the same
  // file after it is renamed or removed.
  const std::shared_ptr<FaultEnv::Node> node_;
  const std::string path_;
  const uint64_t generation_;
};

class FaultFileLock final : public FileLock {
 public:
  FaultFileLock(FaultEnv* env, std::string path, uint64_t generation)
      : env_(env), path_(std::move(path)), generation_(generation) {}
  ~FaultFileLock() override {
    // A lock from before a crash is already gone, and the path may be
    // locked again by now.
    if (generation_ == env_->generation_) env_->locked_.erase(path_);
  }

 private:
  FaultEnv* const env_;
  const std::string path_;
  const uint64_t generation_;
};

bool FaultEnv::Operate() {
  if (!operations_left_.has_value()) return true;
  if (*operations_left_ == 0) return false;
  --*operations_left_;
  return true;
}

absl::Status FaultEnv::CheckGeneration(const std::string& path,
                                       uint64_t generation) const {
  if (generation == generation_) return absl::OkStatus();
  return absl::InternalError(
      absl::StrCat(path, " was opened before a simulated crash"));
}

absl::Status FaultEnv::Append(Node& node, const std::string& path,
                              uint64_t generation, absl::string_view data) {
  ++append_calls_;
  if (absl::Status s = CheckGeneration(path, generation); !s.ok()) return s;
  if (!Operate()) return IoError("write", path, EIO);
  if (space_left_.has_value() && data.size() > *space_left_) {
    node.data.append(data.data(), *space_left_);
    space_left_ = 0;
    return IoError("write", path, ENOSPC);
  }
  if (space_left_.has_value()) *space_left_ -= data.size();
  node.data.append(data.data(), data.size());
  return absl::OkStatus();
}

absl::Status FaultEnv::Sync(Node& node, const std::string& path,
                            uint64_t generation) {
  ++sync_calls_;
  if (absl::Status s = CheckGeneration(path, generation); !s.ok()) return s;
  if (!Operate() || sync_fails_) return IoError("sync", path, EIO);
  node.synced = node.data;
  return absl::OkStatus();
}

absl::Status FaultEnv::Truncate(Node& node, const std::string& path,
                                uint64_t generation, uint64_t size) {
  if (absl::Status s = CheckGeneration(path, generation); !s.ok()) return s;
  if (!Operate()) return IoError("truncate", path, EIO);
  node.data.resize(size, '\0');
  return absl::OkStatus();
}

absl::StatusOr<std::string> FaultEnv::ReadFile(const std::string& path,
                                               uint64_t max_size) {
  if (dirs_.count(path) > 0) return ReadError(path, EISDIR);
  auto it = live_.find(path);
  if (it == live_.end()) return ReadError(path, ENOENT);
  if (it->second->data.size() > max_size) return ReadError(path, EFBIG);
  return it->second->data;
}

absl::StatusOr<std::unique_ptr<WritableFile>> FaultEnv::OpenForAppend(
    const std::string& path, OpenMode mode) {
  const char* action = mode == OpenMode::kMustExist ? "open" : "create";
  if (dirs_.count(ParentDir(path)) == 0) return IoError(action, path, ENOENT);
  if (dirs_.count(path) > 0) return IoError(action, path, EISDIR);
  auto it = live_.find(path);
  if (it == live_.end() && mode == OpenMode::kMustExist) {
    return IoError(action, path, ENOENT);
  }
  if (read_only_) return IoError(action, path, EROFS);
  if (!Operate()) return IoError(action, path, EIO);
  if (it == live_.end()) {
    it = live_.emplace(path, std::make_shared<Node>()).first;
  } else if (mode == OpenMode::kCreateEmpty) {
    it->second->data.clear();
  }
  return std::make_unique<FaultWritableFile>(this, it->second, path,
                                             generation_);
}

absl::Status FaultEnv::Rename(const std::string& from, const std::string& to) {
  const std::string both = absl::StrCat(from, " to ", to);
  auto it = live_.find(from);
  if (it == live_.end() || dirs_.count(ParentDir(to)) == 0) {
    return IoError("rename", both, ENOENT);
  }
  if (read_only_) return IoError("rename", both, EROFS);
  if (!Operate()) return IoError("rename", both, EIO);
  std::shared_ptr<Node> node = it->second;
  live_.erase(it);
  live_[to] = std::move(node);
  return absl::OkStatus();
}

absl::Status FaultEnv::RemoveFile(const std::string& path) {
  auto it = live_.find(path);
  if (it == live_.end()) return IoError("remove", path, ENOENT);
  if (read_only_) return IoError("remove", path, EROFS);
  if (!Operate()) return IoError("remove", path, EIO);
  live_.erase(it);
  return absl::OkStatus();
}

absl::Status FaultEnv::SyncDir(const std::string& dir) {
  ++sync_calls_;
  if (dirs_.count(dir) == 0) return IoError("open directory", dir, ENOENT);
  if (!Operate() || sync_fails_) return IoError("sync directory", dir, EIO);
  for (auto it = durable_.begin(); it != durable_.end();) {
    if (ParentDir(it->first) == dir && live_.count(it->first) == 0) {
      it = durable_.erase(it);
    } else {
      ++it;
    }
  }
  for (const auto& [path, node] : live_) {
    if (ParentDir(path) == dir) durable_[path] = node;
  }
  return absl::OkStatus();
}

absl::Status FaultEnv::CreateDirs(const std::string& dir) {
  std::vector<std::string> missing;
  for (std::string d = dir; dirs_.count(d) == 0; d = ParentDir(d)) {
    if (live_.count(d) > 0) return IoError("create directory", d, ENOTDIR);
    missing.push_back(d);
    if (ParentDir(d) == d) break;
  }
  if (missing.empty()) return absl::OkStatus();
  if (read_only_) return IoError("create directory", missing.back(), EROFS);
  if (!Operate()) return IoError("create directory", missing.back(), EIO);
  dirs_.insert(missing.begin(), missing.end());
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<FileLock>> FaultEnv::LockFile(
    const std::string& path) {
  if (live_.count(path) == 0) {
    if (dirs_.count(ParentDir(path)) == 0) {
      return IoError("create lock file", path, ENOENT);
    }
    if (read_only_) return IoError("create lock file", path, EROFS);
    live_.emplace(path, std::make_shared<Node>());
  }
  if (!locked_.insert(path).second) {
    return absl::UnavailableError(
        absl::StrCat(path, " is locked by another process"));
  }
  return std::make_unique<FaultFileLock>(this, path, generation_);
}

std::vector<std::string> FaultEnv::Files() const {
  std::vector<std::string> files;
  for (const auto& [path, node] : live_) files.push_back(path);
  return files;
}

bool FaultEnv::FileExists(const std::string& path) {
  return live_.count(path) > 0 || dirs_.count(path) > 0;
}

absl::StatusOr<uint64_t> FaultEnv::FileSize(const std::string& path) {
  auto it = live_.find(path);
  if (it == live_.end()) return IoError("stat", path, ENOENT);
  return it->second->data.size();
}

absl::StatusOr<std::vector<std::string>> FaultEnv::ListDir(
    const std::string& dir) {
  if (dirs_.count(dir) == 0) return IoError("list", dir, ENOENT);
  std::set<std::string> names;
  auto add = [&](const std::string& path) {
    if (path != dir && ParentDir(path) == dir) {
      names.insert(path.substr(dir == "/" ? 1 : dir.size() + 1));
    }
  };
  for (const auto& [path, node] : live_) add(path);
  for (const std::string& d : dirs_) add(d);
  return std::vector<std::string>(names.begin(), names.end());
}

void FaultEnv::PutFile(const std::string& path, absl::string_view contents) {
  for (std::string d = ParentDir(path); dirs_.insert(d).second;
       d = ParentDir(d)) {
  }
  auto node = std::make_shared<Node>();
  node->data = std::string(contents);
  node->synced = node->data;
  live_[path] = node;
  durable_[path] = node;
}

void FaultEnv::SimulateCrash(std::mt19937_64* rng) {
  live_ = durable_;
  for (auto& [path, node] : live_) {
    const std::string& synced = node->synced;
    std::string& data = node->data;
    if (rng == nullptr || data == synced) {
      data = synced;
      continue;
    }
    size_t common = 0;
    while (common < data.size() && common < synced.size() &&
           data[common] == synced[common]) {
      ++common;
    }
    const bool appended = common == synced.size();
    if (!appended && (*rng)() % 2 == 0) {
      data = synced;
      continue;
    }
    const size_t keep = common + (*rng)() % (data.size() - common + 1);
    data.resize(keep);
    if ((*rng)() % 4 == 0) {
      std::fill(data.begin() + common, data.end(), '\0');
    }
    node->synced = data;
  }
  locked_.clear();
  ++generation_;
  space_left_.reset();
  sync_fails_ = false;
  read_only_ = false;
  operations_left_.reset();
}

}  // namespace checkers::storage
