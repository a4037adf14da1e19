// The real-record tests' runner: Catch2 2 has no SKIP, so a test that finds no records must
// not run at all. `--needs FOLDER` (repeatable, before Catch2's own arguments) names a
// folder of the records root that the selected tests read; when the root or one of them is
// absent, the process says so and exits 77, which tests/CMakeLists.txt declares as ctest's
// SKIP_RETURN_CODE: ctest prints "Skipped", never "Passed".
// Usage: catan_realgames_tests [--needs FOLDER]... [Catch2 arguments]
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "realgames.hpp"

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<char*> args{argv[0]};
  std::vector<std::string> needs;
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--needs" && i + 1 < argc)
      needs.emplace_back(argv[++i]);
    else
      args.push_back(argv[i]);
  }
  const fs::path root = catan::test::realgames_root();
  std::vector<fs::path> wanted{root};
  for (const std::string& n : needs) wanted.push_back(root / n);
  for (const fs::path& p : wanted) {
    if (!fs::is_directory(p)) {
      std::cout << "SKIPPED: " << p.string()
                << " is absent (the real game records are not part of the repository; "
                   "CATAN_REALGAMES_DIR names another folder)\n";
      return 77;
    }
  }
  return Catch::Session().run(static_cast<int>(args.size()), args.data());
}
