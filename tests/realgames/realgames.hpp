// The real game records of ../shared/realgames (never copied into the repository), read by
// the tests of this folder: one binary, catan_realgames_tests, whose main() exits 77 (ctest
// reports "Skipped") when the folder it needs is absent (tests/realgames/main.cpp).
#pragma once

#include <cstdlib>
#include <filesystem>

namespace catan::test {

// $CATAN_REALGAMES_DIR when set (to test the skip, point it anywhere), else
// <source>/../shared/realgames.
inline std::filesystem::path realgames_root() {
  if (const char* env = std::getenv("CATAN_REALGAMES_DIR"); env && *env) return env;
  return std::filesystem::path(CATAN_SOURCE_DIR) / ".." / "shared" / "realgames";
}

}  // namespace catan::test
