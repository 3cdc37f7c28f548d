#include "storage/endgame_files.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "storage/crc32c.h"
#include "storage/replace_file.h"
#include "storage/save_path.h"

namespace checkers::storage {
namespace {

constexpr absl::string_view kMagic = "CKEGDB01";
// The edition byte: the databases are English checkers' only.
constexpr uint8_t kEnglish = 0;

void PutLittleEndian(uint64_t value, int bytes, std::string* out) {
  for (int i = 0; i < bytes; ++i)
    out->push_back(static_cast<char>(value >> (8 * i)));
}

uint64_t GetLittleEndian(absl::string_view bytes, int offset, int size) {
  uint64_t value = 0;
  for (int i = size - 1; i >= 0; --i)
    value = (value << 8) | static_cast<uint8_t>(bytes[offset + i]);
  return value;
}

std::string Header(const egdb::Material& m, absl::string_view packed) {
  std::string header(kMagic);
  header.push_back(static_cast<char>(kEnglish));
  for (int count : {m.black_men, m.black_kings, m.white_men, m.white_kings})
    header.push_back(static_cast<char>(count));
  header.append(3, '\0');
  PutLittleEndian(egdb::SliceEntries(m), 8, &header);
  PutLittleEndian(crc32c::Mask(crc32c::Value(packed.data(), packed.size())), 4,
                  &header);
  PutLittleEndian(crc32c::Mask(crc32c::Value(header.data(), header.size())), 4,
                  &header);
  return header;
}

// The error for the file `name` found damaged: what is wrong, and the cure.
absl::Status Damaged(absl::string_view name, absl::string_view what) {
  return absl::DataLossError(
      absl::StrCat("the endgame file ", name, " ", what,
                   "; delete it and run checkers egdb build to make it again"));
}

// A slice file whose header has been checked: its values, and the
// checksum they should have.
struct Framed {
  absl::string_view packed;
  uint32_t values_crc;

  bool ValuesSound(absl::string_view values) const {
    return crc32c::Value(values.data(), values.size()) == values_crc;
  }
  absl::Status CheckValues(absl::string_view name) const {
    if (ValuesSound(packed)) return absl::OkStatus();
    return Damaged(name, "has damaged values (checksum mismatch)");
  }
};

// Everything DecodeEndgameSlice checks but the values' checksum, which
// needs the whole file read.
absl::StatusOr<Framed> Unframe(const egdb::Material& material,
                               absl::string_view bytes,
                               absl::string_view name) {
  if (bytes.size() < kEndgameHeaderSize || bytes.substr(0, 8) != kMagic) {
    return Damaged(name, "is not an endgame database file");
  }
  const absl::string_view header = bytes.substr(0, kEndgameHeaderSize);
  if (crc32c::Unmask(GetLittleEndian(header, 28, 4)) !=
      crc32c::Value(header.data(), 28)) {
    return Damaged(name, "has a damaged header (checksum mismatch)");
  }
  const egdb::Material stored{header[9], header[10], header[11], header[12]};
  if (header[8] != kEnglish || !(stored == material) ||
      GetLittleEndian(header, 16, 8) != egdb::SliceEntries(material)) {
    return Damaged(name,
                   absl::StrCat("holds another slice than ", material.Name()));
  }
  const uint64_t size = kEndgameHeaderSize + egdb::SlicePackedBytes(material);
  if (bytes.size() != size) {
    return Damaged(
        name, absl::StrCat("is ", bytes.size(), " bytes long, not ", size));
  }
  return Framed{
      bytes.substr(kEndgameHeaderSize),
      static_cast<uint32_t>(crc32c::Unmask(GetLittleEndian(header, 24, 4)))};
}

}  // namespace

absl::StatusOr<std::string> DefaultEndgameDir() {
  absl::StatusOr<std::string> save = DefaultSavePath();
  if (!save.ok()) return save.status();
  return absl::StrCat(ParentDir(*save), "/egdb");
}

std::string EndgameSliceFileName(const egdb::Material& material) {
  return absl::StrCat("english-", material.Name(), ".wdl");
}

std::string EncodeEndgameSlice(const egdb::Material& material,
                               absl::string_view packed) {
  std::string bytes = Header(material, packed);
  bytes.append(packed.data(), packed.size());
  return bytes;
}

absl::StatusOr<absl::string_view> DecodeEndgameSlice(
    const egdb::Material& material, absl::string_view bytes,
    absl::string_view name) {
  absl::StatusOr<Framed> framed = Unframe(material, bytes, name);
  if (!framed.ok()) return framed.status();
  if (absl::Status s = framed->CheckValues(name); !s.ok()) return s;
  return framed->packed;
}

absl::Status WriteEndgameSlice(Env* env, const std::string& dir,
                               const egdb::Material& material,
                               const egdb::Database& db) {
  const std::optional<absl::string_view> packed = db.PackedSlice(material);
  if (!packed.has_value()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the endgame slice ", material.Name(), " has not been built"));
  }
  if (absl::Status s = env->CreateDirs(dir); !s.ok()) return s;
  return ReplaceFile(env,
                     absl::StrCat(dir, "/", EndgameSliceFileName(material)),
                     EncodeEndgameSlice(material, *packed));
}

absl::Status LoadEndgameSlice(Env* env, const std::string& dir,
                              const egdb::Material& material,
                              egdb::Database* db, EndgameCheck check) {
  const std::string path =
      absl::StrCat(dir, "/", EndgameSliceFileName(material));
  absl::StatusOr<std::unique_ptr<ReadOnlyFile>> file =
      env->MapFile(path, kEndgameHeaderSize + egdb::SlicePackedBytes(material));
  if (!file.ok()) return file.status();
  absl::StatusOr<Framed> framed = Unframe(material, (*file)->data(), path);
  if (!framed.ok()) return framed.status();
  egdb::Database::CheckFn values_check;
  if (check == EndgameCheck::kAtLoad) {
    if (absl::Status s = framed->CheckValues(path); !s.ok()) return s;
  } else {
    values_check = [framed = *framed](absl::string_view values) {
      return framed.ValuesSound(values);
    };
  }
  return db->AddSliceView(material, framed->packed,
                          std::shared_ptr<const ReadOnlyFile>(*std::move(file)),
                          std::move(values_check));
}

absl::StatusOr<std::unique_ptr<egdb::Database>> LoadEndgameDatabase(
    Env* env, const std::string& dir, int max_pieces, EndgameCheck check) {
  auto db = std::make_unique<egdb::Database>();
  int loaded = 0;
  for (const egdb::Material& m : egdb::SlicesUpTo(max_pieces)) {
    const std::string path = absl::StrCat(dir, "/", EndgameSliceFileName(m));
    if (!env->FileExists(path)) continue;
    if (absl::Status s = LoadEndgameSlice(env, dir, m, db.get(), check);
        !s.ok()) {
      return s;
    }
    ++loaded;
  }
  if (loaded == 0) {
    return absl::NotFoundError(absl::StrCat("no endgame database in ", dir,
                                            "; run checkers egdb build"));
  }
  return db;
}

absl::StatusOr<std::unique_ptr<egdb::Database>> LoadDefaultEndgameDatabase(
    EndgameCheck check) {
  absl::StatusOr<std::string> dir = DefaultEndgameDir();
  if (!dir.ok()) return dir.status();
  return LoadEndgameDatabase(Env::Default(), *dir, egdb::kMaxPieces, check);
}

std::unique_ptr<egdb::Database> LoadDefaultEndgameDatabaseIfPresent(
    EndgameCheck check) {
  absl::StatusOr<std::unique_ptr<egdb::Database>> db =
      LoadDefaultEndgameDatabase(check);
  if (!db.ok()) return nullptr;
  return *std::move(db);
}

}  // namespace checkers::storage
