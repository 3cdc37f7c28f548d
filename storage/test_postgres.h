// The scratch PostgreSQL server of a test binary (scratch_postgres.h),
// for the tests of the PostgreSQL table store and of what runs on it.

#ifndef CHECKERS_STORAGE_TEST_POSTGRES_H_
#define CHECKERS_STORAGE_TEST_POSTGRES_H_

#include <string>

#include "storage/scratch_postgres.h"

namespace checkers::storage {

// The binary's one server, started on first use and stopped at exit. Called
// from a test or its fixture's SetUp: when PostgreSQL's server programs are
// not installed it skips the test, unless $CHECKERS_REQUIRE_POSTGRES is
// set (CI sets it, having installed them), and then fails it, as it does
// when the server cannot start; it returns nullptr then.
ScratchPostgres* TestPostgres();

// A URI of the server for the running test alone: a new schema named
// after the test. "" when TestPostgres() is nullptr or the schema cannot be
// made (the test has failed or been skipped then).
std::string TestPostgresUri();

}  // namespace checkers::storage

#endif  // CHECKERS_STORAGE_TEST_POSTGRES_H_
