#include "replay/input_paths.hpp"

#include <glob.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string_view>
#include <system_error>

#include "import/registry.hpp"
#include "replay/path_filter.hpp"

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

// The logs under `dir`, recursively (links to folders are not followed), the other files
// with the reason they are not read, and the folders in it that cannot be listed (each
// reported once, the rest read). `select` chooses among the files (--glob, --exclude, the
// .gitignore files met on the way down).
void walk(const fs::path& dir, const PathSelection& select, std::vector<std::string>& found,
          std::vector<SkippedPath>& other, std::vector<std::string>& unreadable) {
  struct Folder {
    fs::path path;
    std::string rel;  // below `dir`, `/`-separated ("" for `dir`)
    std::shared_ptr<const IgnoreRules> ignore;
  };
  auto excluded = [&](const std::string& rel, bool is_dir) -> const PathPattern* {
    for (const PathPattern& p : select.excludes)
      if (pattern_matches(p, rel, is_dir)) return &p;
    return nullptr;
  };
  std::vector<Folder> todo{{dir, "", nullptr}};
  while (!todo.empty()) {
    Folder d = std::move(todo.back());
    todo.pop_back();
    if (select.gitignore) d.ignore = IgnoreRules::enter(d.ignore, d.path.string(), d.rel);
    std::error_code ec;
    fs::directory_iterator it(d.path, ec);
    for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
      std::error_code entry_ec;
      if (it->is_symlink(entry_ec) && it->is_directory(entry_ec)) continue;  // not through links
      const std::string name = it->path().filename().string();
      const std::string rel = d.rel.empty() ? name : d.rel + "/" + name;
      const bool is_dir = it->is_directory(entry_ec);
      const PathPattern* ignore =
          select.gitignore && d.ignore ? d.ignore->ignored(rel, is_dir) : nullptr;
      if (is_dir) {
        // A folder excluded or ignored is not entered; git's own `.git` neither.
        if (!excluded(rel, true) && !ignore && !(select.gitignore && name == ".git"))
          todo.push_back({it->path(), rel, d.ignore});
        continue;
      }
      std::string why;
      if (const PathPattern* x = excluded(rel, false))
        why = "excluded by --exclude " + x->text;
      else if (ignore)
        why = "ignored by " + ignore->where + " (" + ignore->text + ")";
      else if (!select.globs.empty()) {
        bool any = false;
        for (const PathPattern& g : select.globs) any = any || pattern_matches(g, rel, false);
        if (!any) why = "not matched by --glob";
      } else if (!wanted(it->path())) {
        why = skip_reason();
      }
      if (why.empty())
        found.push_back(it->path().string());  // dangling links, loops, FIFOs too
      else
        other.push_back({it->path().string(), std::move(why)});
    }
    if (ec) unreadable.push_back(d.path.string());
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

PathExpansion expand_paths(const std::vector<std::string>& given, const PathSelection& select) {
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
      std::vector<std::string> found, unreadable;
      std::vector<SkippedPath> other;
      walk(p, select, found, other, unreadable);
      std::sort(found.begin(), found.end());
      std::sort(other.begin(), other.end(),
                [](const SkippedPath& a, const SkippedPath& b) { return a.path < b.path; });
      std::sort(unreadable.begin(), unreadable.end());
      if (found.empty() && unreadable.empty()) out.empty.push_back(p);
      for (auto& f : found) out.files.push_back({std::move(f), true});
      // Each is then reported as unreadable ("cannot open DIR: Permission denied").
      for (auto& u : unreadable) out.files.push_back({std::move(u), false});
      for (auto& o : other) out.skipped.push_back(std::move(o));
    } else {
      out.files.push_back({p, false});
    }
  }
  return out;
}

}  // namespace catan::replay
