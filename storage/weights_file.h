// A learned evaluation's weights file (engine/learned_eval.h), as
// `checkers train` writes it: what `train --from` starts from and what
// `checkers match`'s +weights=FILE plays with.

#ifndef CHECKERS_STORAGE_WEIGHTS_FILE_H_
#define CHECKERS_STORAGE_WEIGHTS_FILE_H_

#include <string>

#include "absl/status/statusor.h"
#include "engine/learned_eval.h"
#include "engine/rules.h"
#include "storage/env.h"

namespace checkers::storage {

// The weights of `edition`'s board in the file at `path`. The Env's read
// errors (NotFound for a missing file), or InvalidArgument naming `path`
// when the file holds no weights of that board (learned::Parse).
absl::StatusOr<learned::Weights> ReadWeightsFile(Env* env,
                                                 const std::string& path,
                                                 Edition edition);

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_WEIGHTS_FILE_H_
