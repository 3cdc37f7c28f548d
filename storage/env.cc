#include "storage/env.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

namespace checkers::storage {
namespace {

std::string Describe(absl::string_view action, absl::string_view path,
                     int error) {
  return absl::StrCat("cannot ", action, " ", path, ": ", std::strerror(error));
}

absl::Status TooLarge(absl::string_view path, uint64_t max_size) {
  return absl::DataLossError(
      absl::StrCat("cannot read ", path, ": it is larger than ", max_size,
                   " bytes, far more than a checkers save holds"));
}

// Retries a system call that failed only because a signal arrived.
template <typename F>
auto RetryOnEintr(F call) {
  decltype(call()) result;
  do {
    result = call();
  } while (result == -1 && errno == EINTR);
  return result;
}

class PosixWritableFile final : public WritableFile {
 public:
  PosixWritableFile(std::string path, int fd)
      : path_(std::move(path)), fd_(fd) {}
  ~PosixWritableFile() override { close(fd_); }

  absl::Status Append(absl::string_view data) override {
    while (!data.empty()) {
      const ssize_t n =
          RetryOnEintr([&] { return ::write(fd_, data.data(), data.size()); });
      if (n < 0) return IoError("write", path_, errno);
      // write() on a regular file returns 0 only when nothing can be
      // written; calling it again would spin.
      if (n == 0) return IoError("write", path_, EIO);
      data.remove_prefix(static_cast<size_t>(n));
    }
    return absl::OkStatus();
  }

  absl::Status Sync() override {
    // No retry on failure: after a failed fdatasync the kernel may have
    // dropped the dirty pages, so a second call can succeed without the
    // data being on disk.
    if (::fdatasync(fd_) != 0) return IoError("sync", path_, errno);
    return absl::OkStatus();
  }

  absl::Status Truncate(uint64_t size) override {
    if (RetryOnEintr(
            [&] { return ::ftruncate(fd_, static_cast<off_t>(size)); }) != 0) {
      return IoError("truncate", path_, errno);
    }
    return absl::OkStatus();
  }

 private:
  const std::string path_;
  const int fd_;
};

class PosixFileLock final : public FileLock {
 public:
  explicit PosixFileLock(int fd) : fd_(fd) {}
  // Closing the only descriptor of the open file releases the flock.
  ~PosixFileLock() override { close(fd_); }

 private:
  const int fd_;
};

// Bytes read into memory: Env's MapFile where nothing can be mapped.
class OwnedFile final : public ReadOnlyFile {
 public:
  explicit OwnedFile(std::string contents) : contents_(std::move(contents)) {}
  absl::string_view data() const override { return contents_; }

 private:
  const std::string contents_;
};

class MappedFile final : public ReadOnlyFile {
 public:
  MappedFile(void* address, size_t size) : address_(address), size_(size) {}
  ~MappedFile() override { munmap(address_, size_); }
  absl::string_view data() const override {
    return absl::string_view(static_cast<const char*>(address_), size_);
  }

 private:
  void* const address_;
  const size_t size_;
};

class PosixEnv final : public Env {
 public:
  absl::StatusOr<std::unique_ptr<ReadOnlyFile>> MapFile(
      const std::string& path, uint64_t max_size) override {
    const int fd = RetryOnEintr(
        [&] { return ::open(path.c_str(), O_RDONLY | O_CLOEXEC); });
    if (fd < 0) return ReadError(path, errno);
    struct stat st;
    // Anything but a non-empty regular file (a FIFO, a device, an empty
    // file, which mmap refuses) is read as ReadFile reads it.
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
      close(fd);
      return Env::MapFile(path, max_size);
    }
    const uint64_t size = static_cast<uint64_t>(st.st_size);
    if (size > max_size) {
      close(fd);
      return TooLarge(path, max_size);
    }
    void* address = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (address == MAP_FAILED) return Env::MapFile(path, max_size);
    return std::make_unique<MappedFile>(address, size);
  }

  absl::StatusOr<std::string> ReadFile(const std::string& path,
                                       uint64_t max_size) override {
    const int fd = RetryOnEintr(
        [&] { return ::open(path.c_str(), O_RDONLY | O_CLOEXEC); });
    if (fd < 0) return ReadError(path, errno);
    std::string contents;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
      if (static_cast<uint64_t>(st.st_size) > max_size) {
        close(fd);
        return TooLarge(path, max_size);
      }
      contents.reserve(static_cast<size_t>(st.st_size));
    }
    char buffer[1 << 16];
    while (true) {
      const ssize_t n =
          RetryOnEintr([&] { return ::read(fd, buffer, sizeof(buffer)); });
      if (n < 0) {
        const int error = errno;
        close(fd);
        return ReadError(path, error);
      }
      if (n == 0) break;
      if (contents.size() + static_cast<size_t>(n) > max_size) {
        close(fd);
        return TooLarge(path, max_size);
      }
      contents.append(buffer, static_cast<size_t>(n));
    }
    close(fd);
    return contents;
  }

  absl::StatusOr<std::unique_ptr<WritableFile>> OpenForAppend(
      const std::string& path, OpenMode mode) override {
    int flags = O_WRONLY | O_APPEND | O_CLOEXEC;
    if (mode != OpenMode::kMustExist) flags |= O_CREAT;
    if (mode == OpenMode::kCreateEmpty) flags |= O_TRUNC;
    const int fd =
        RetryOnEintr([&] { return ::open(path.c_str(), flags, 0644); });
    if (fd < 0) {
      return IoError(mode == OpenMode::kMustExist ? "open" : "create", path,
                     errno);
    }
    return std::make_unique<PosixWritableFile>(path, fd);
  }

  absl::Status Rename(const std::string& from, const std::string& to) override {
    if (::rename(from.c_str(), to.c_str()) != 0) {
      return IoError("rename", absl::StrCat(from, " to ", to), errno);
    }
    return absl::OkStatus();
  }

  absl::Status RemoveFile(const std::string& path) override {
    if (::unlink(path.c_str()) != 0) return IoError("remove", path, errno);
    return absl::OkStatus();
  }

  absl::Status SyncDir(const std::string& dir) override {
    const int fd = RetryOnEintr([&] {
      return ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    });
    if (fd < 0) return IoError("open directory", dir, errno);
    const int result = ::fsync(fd);
    const int error = errno;
    close(fd);
    if (result != 0) return IoError("sync directory", dir, error);
    return absl::OkStatus();
  }

  absl::Status CreateDirs(const std::string& dir) override {
    struct stat st;
    if (::stat(dir.c_str(), &st) == 0) {
      if (S_ISDIR(st.st_mode)) return absl::OkStatus();
      return IoError("create directory", dir, ENOTDIR);
    }
    const std::string parent = ParentDir(dir);
    if (parent != dir) {
      if (absl::Status s = CreateDirs(parent); !s.ok()) return s;
    }
    // 0700, as the XDG base directory specification asks for the
    // directories it creates.
    if (::mkdir(dir.c_str(), 0700) != 0) {
      if (errno == EEXIST) return absl::OkStatus();
      return IoError("create directory", dir, errno);
    }
    return SyncDir(parent);
  }

  absl::StatusOr<std::unique_ptr<FileLock>> LockFile(
      const std::string& path) override {
    const int fd = RetryOnEintr([&] {
      return ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    });
    if (fd < 0) return IoError("create lock file", path, errno);
    if (RetryOnEintr([&] { return ::flock(fd, LOCK_EX | LOCK_NB); }) != 0) {
      const int error = errno;
      close(fd);
      if (error == EWOULDBLOCK) {
        return absl::UnavailableError(
            absl::StrCat(path, " is locked by another process"));
      }
      return IoError("lock", path, error);
    }
    return std::make_unique<PosixFileLock>(fd);
  }

  bool FileExists(const std::string& path) override {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
  }

  absl::StatusOr<FileKind> KindOf(const std::string& path) override {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) {
      const int error = errno;
      if (error != ENOENT && error != ENOTDIR) {
        return IoError("examine", path, error);
      }
      struct stat link;
      if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
        return FileKind::kDanglingLink;
      }
      return FileKind::kMissing;
    }
    if (S_ISREG(st.st_mode)) return FileKind::kRegular;
    if (S_ISDIR(st.st_mode)) return FileKind::kDirectory;
    if (S_ISFIFO(st.st_mode)) return FileKind::kFifo;
    if (S_ISSOCK(st.st_mode)) return FileKind::kSocket;
    return FileKind::kDevice;
  }

  absl::StatusOr<std::string> ResolvePath(const std::string& path) override {
    struct stat link;
    if (::lstat(path.c_str(), &link) != 0)
      return IoError("examine", path, errno);
    if (!S_ISLNK(link.st_mode)) return path;
    std::unique_ptr<char, decltype(&std::free)> resolved(
        ::realpath(path.c_str(), nullptr), &std::free);
    if (resolved == nullptr) return IoError("resolve", path, errno);
    return std::string(resolved.get());
  }

  absl::StatusOr<uint64_t> FileSize(const std::string& path) override {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) return IoError("stat", path, errno);
    return static_cast<uint64_t>(st.st_size);
  }

  absl::StatusOr<std::vector<std::string>> ListDir(
      const std::string& dir) override {
    struct Closer {
      void operator()(DIR* d) const { ::closedir(d); }
    };
    std::unique_ptr<DIR, Closer> d(::opendir(dir.c_str()));
    if (d == nullptr) return IoError("list", dir, errno);
    std::vector<std::string> names;
    errno = 0;
    while (const dirent* entry = ::readdir(d.get())) {
      const absl::string_view name = entry->d_name;
      if (name != "." && name != "..") names.emplace_back(name);
      errno = 0;
    }
    if (errno != 0) return IoError("list", dir, errno);
    std::sort(names.begin(), names.end());
    return names;
  }
};

}  // namespace

absl::string_view FileKindName(FileKind kind) {
  switch (kind) {
    case FileKind::kMissing:
      return "missing";
    case FileKind::kRegular:
      return "a regular file";
    case FileKind::kDirectory:
      return "a directory";
    case FileKind::kFifo:
      return "a FIFO";
    case FileKind::kSocket:
      return "a socket";
    case FileKind::kDevice:
      return "a device";
    case FileKind::kDanglingLink:
      return "a symbolic link to nothing";
  }
  return "not a regular file";
}

absl::StatusOr<FileKind> Env::KindOf(const std::string& path) {
  return FileExists(path) ? FileKind::kRegular : FileKind::kMissing;
}

absl::StatusOr<std::string> Env::ResolvePath(const std::string& path) {
  return path;
}

absl::StatusOr<std::unique_ptr<ReadOnlyFile>> Env::MapFile(
    const std::string& path, uint64_t max_size) {
  absl::StatusOr<std::string> contents = ReadFile(path, max_size);
  if (!contents.ok()) return contents.status();
  return std::make_unique<OwnedFile>(*std::move(contents));
}

Env* Env::Default() {
  static Env* const env = new PosixEnv;
  return env;
}

absl::Status IoError(absl::string_view action, absl::string_view path,
                     int error) {
  std::string message = Describe(action, path, error);
  switch (error) {
    case ENOENT:
      return absl::NotFoundError(message);
    case EACCES:
    case EPERM:
    case EROFS:
      return absl::PermissionDeniedError(message);
    case ENOSPC:
    case EDQUOT:
    case EFBIG:
      return absl::ResourceExhaustedError(message);
    default:
      return absl::InternalError(message);
  }
}

absl::Status ReadError(absl::string_view path, int error) {
  std::string message = Describe("read", path, error);
  if (error == ENOENT || error == ENOTDIR) {
    return absl::NotFoundError(message);
  }
  if (error == EACCES || error == EPERM) {
    return absl::PermissionDeniedError(message);
  }
  return absl::DataLossError(message);
}

std::string ParentDir(absl::string_view path) {
  const size_t slash = path.find_last_of('/');
  if (slash == absl::string_view::npos) return ".";
  absl::string_view dir = path.substr(0, slash);
  while (!dir.empty() && dir.back() == '/') dir.remove_suffix(1);
  if (dir.empty()) return "/";
  return std::string(dir);
}

}  // namespace checkers::storage
