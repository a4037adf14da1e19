#include "replay/input_paths.hpp"

#include <glob.h>

#include <algorithm>
#include <filesystem>
#include <string_view>
#include <system_error>

#include "import/registry.hpp"

namespace catan::replay {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string_view>& log_extensions() {
  static const std::vector<std::string_view> kExtensions = importers::log_extensions();
  return kExtensions;
}

const std::string& skip_reason() {
  static const std::string kWhy = [] {
    std::string endings;
    for (std::string_view e : log_extensions())
      endings += (endings.empty() ? "" : ", ") + std::string(e);
    return "not a log's file ending (" + endings + ")";
  }();
  return kWhy;
}

bool wanted(const fs::path& p) {
  const std::string ext = p.extension().string();
  return std::find(log_extensions().begin(), log_extensions().end(), ext) != log_extensions().end();
}

// The logs under `dir`, recursively (links to folders are not followed), the other files,
// and the folders in it that cannot be listed (each reported once, the rest read).
void walk(const fs::path& dir, std::vector<std::string>& found, std::vector<std::string>& other,
          std::vector<std::string>& unreadable) {
  std::vector<fs::path> todo{dir};
  while (!todo.empty()) {
    const fs::path d = std::move(todo.back());
    todo.pop_back();
    std::error_code ec;
    fs::directory_iterator it(d, ec);
    for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
      std::error_code entry_ec;
      if (it->is_symlink(entry_ec) && it->is_directory(entry_ec)) continue;  // not through links
      if (it->is_directory(entry_ec))
        todo.push_back(it->path());
      else if (wanted(it->path()))
        found.push_back(it->path().string());  // dangling links, loops, FIFOs too
      else
        other.push_back(it->path().string());
    }
    if (ec) unreadable.push_back(d.string());
  }
}

}  // namespace

std::vector<std::string> glob_matches(const std::string& pattern) {
  std::vector<std::string> out;
  std::error_code ec;
  if (pattern == "-" || pattern.find_first_of("*?[") == std::string::npos ||
      fs::exists(pattern, ec))
    return out;
  glob_t g{};
  if (::glob(pattern.c_str(), GLOB_NOSORT, nullptr, &g) == 0)
    for (size_t i = 0; i < g.gl_pathc; ++i) out.emplace_back(g.gl_pathv[i]);
  ::globfree(&g);
  std::sort(out.begin(), out.end());
  return out;
}

PathExpansion expand_paths(const std::vector<std::string>& given) {
  PathExpansion out;
  // A pattern the shell did not expand (quoted, from --files-from or Python) is expanded
  // here; one that matches nothing stays as it is (and does not exist).
  std::vector<std::string> paths;
  for (const auto& p : given) {
    std::vector<std::string> m = glob_matches(p);
    if (m.empty())
      paths.push_back(p);
    else
      paths.insert(paths.end(), std::make_move_iterator(m.begin()),
                   std::make_move_iterator(m.end()));
  }
  for (const auto& p : paths) {
    std::error_code ec;
    if (p != "-" && fs::is_directory(p, ec)) {
      std::vector<std::string> found, other, unreadable;
      walk(p, found, other, unreadable);
      std::sort(found.begin(), found.end());
      std::sort(other.begin(), other.end());
      std::sort(unreadable.begin(), unreadable.end());
      if (found.empty() && unreadable.empty()) out.empty.push_back(p);
      for (auto& f : found) out.files.push_back({std::move(f), true});
      // Each is then reported as unreadable ("cannot open DIR: Permission denied").
      for (auto& u : unreadable) out.files.push_back({std::move(u), false});
      for (auto& o : other) out.skipped.push_back({std::move(o), skip_reason()});
    } else {
      out.files.push_back({p, false});
    }
  }
  return out;
}

}  // namespace catan::replay
