// Where the installed files are, found at run time from the executable's own path, so that a
// relocated installation (a package, `cmake --install --prefix`) names its own files.
#include <filesystem>
#include <system_error>

#include "cli/commands.hpp"

namespace catan::cli {

namespace fs = std::filesystem;

std::string rules_reference() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);  // absolute, links resolved
  if (!ec && exe.is_absolute()) {
    const fs::path bin = exe.parent_path();
    // <prefix>/<bindir>/catan-referee -> <prefix>/<docdir>/rules.md
    const fs::path bindir(CATAN_INSTALL_BINDIR), docdir(CATAN_INSTALL_DOCDIR);
    if (bindir.is_relative() && docdir.is_relative()) {
      fs::path prefix = bin;
      for (const auto& part : bindir.lexically_normal())
        if (!part.empty() && part != ".") prefix = prefix.parent_path();
      const fs::path installed = prefix / docdir / "rules.md";
      if (fs::is_regular_file(installed, ec)) return installed.string();
    }
    // Run from its build tree: the source tree's reference.
    const fs::path build = fs::weakly_canonical(CATAN_BUILD_DIR, ec);
    const fs::path source = fs::path(CATAN_SOURCE_DIR) / "docs" / "rules.md";
    if (!ec && bin == build && fs::is_regular_file(source, ec)) return source.string();
  }
  return CATAN_DOC_DIR "/rules.md";  // where `cmake --install` puts it by default
}

}  // namespace catan::cli
