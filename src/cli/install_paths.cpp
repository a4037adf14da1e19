// Where the installed files are, found at run time from the executable's own path, so that a
// relocated installation (a package, `cmake --install --prefix`) names its own files.
#include <filesystem>
#include <system_error>

#include "cli/commands.hpp"
#include "diag/explain.hpp"

namespace catan::cli {

namespace fs = std::filesystem;

std::string rules_reference() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);  // absolute, links resolved
  // <prefix>/<bindir>/catan-referee -> <prefix>/<docdir>/rules.md
  return diag::find_rules_reference(ec ? std::string() : exe.parent_path().string(),
                                    CATAN_INSTALL_BINDIR, CATAN_INSTALL_DOCDIR, CATAN_BUILD_DIR,
                                    CATAN_SOURCE_DIR, CATAN_DOC_DIR "/rules.md");
}

}  // namespace catan::cli
