// Matching as git does it, on fnmatch(3) (POSIX, in the C library): FNM_PATHNAME so that `*`
// stops at `/`, and `**` handled here (fnmatch has no notion of it).
#include "replay/path_filter.hpp"

#include <fnmatch.h>

#include <fstream>

namespace catan::replay {
namespace {

bool fn(const std::string& glob, std::string_view text, int flags) {
  return ::fnmatch(glob.c_str(), std::string(text).c_str(), flags) == 0;
}

// `glob` against `rel`, where a `**` segment matches any number of folders.
bool match_path(std::string_view glob, std::string_view rel) {
  const size_t star2 = glob.find("**");
  if (star2 == std::string_view::npos) return fn(std::string(glob), rel, FNM_PATHNAME);
  const std::string_view head = glob.substr(0, star2);  // "" or "a/"
  std::string_view tail = glob.substr(star2 + 2);       // "" or "/b"
  if (!head.empty() && head.back() != '/')
    return fn(std::string(glob), rel, 0);  // `a**`: an approximation, `*` across folders
  if (!tail.empty() && tail.front() != '/') return fn(std::string(glob), rel, 0);
  if (!tail.empty()) tail.remove_prefix(1);
  // The head matches a prefix of whole segments, the tail the rest after any folders.
  auto rest_matches = [&](std::string_view rest) {
    if (tail.empty()) return !rest.empty();
    for (size_t at = 0;;) {
      if (match_path(tail, rest.substr(at))) return true;
      at = rest.find('/', at);
      if (at == std::string_view::npos) return false;
      ++at;
    }
  };
  if (head.empty()) return rest_matches(rel);
  const std::string h(head.substr(0, head.size() - 1));
  for (size_t cut = rel.find('/'); cut != std::string_view::npos; cut = rel.find('/', cut + 1))
    if (fn(h, rel.substr(0, cut), FNM_PATHNAME) && rest_matches(rel.substr(cut + 1))) return true;
  return false;
}

}  // namespace

PathPattern parse_pattern(std::string_view line) {
  PathPattern p;
  p.text = std::string(line);
  if (!line.empty() && line.front() == '!') {
    p.negated = true;
    line.remove_prefix(1);
  } else if (line.size() > 1 && line[0] == '\\' && (line[1] == '!' || line[1] == '#')) {
    line.remove_prefix(1);
  }
  if (!line.empty() && line.back() == '/') {
    p.dir_only = true;
    line.remove_suffix(1);
  }
  if (!line.empty() && line.front() == '/') {
    p.anchored = true;
    line.remove_prefix(1);
  }
  if (line.find('/') != std::string_view::npos) p.anchored = true;
  p.glob = std::string(line);
  return p;
}

bool pattern_matches(const PathPattern& p, std::string_view rel, bool is_dir) {
  if (p.glob.empty() || (p.dir_only && !is_dir)) return false;
  if (p.anchored) return match_path(p.glob, rel);
  const size_t slash = rel.rfind('/');
  const std::string_view name = slash == std::string_view::npos ? rel : rel.substr(slash + 1);
  return match_path(p.glob, name);
}

std::shared_ptr<const IgnoreRules> IgnoreRules::enter(std::shared_ptr<const IgnoreRules> parent,
                                                      const std::string& dir,
                                                      const std::string& rel_dir) {
  std::ifstream in(dir + "/.gitignore");
  if (!in) return parent ? parent : std::make_shared<const IgnoreRules>();
  auto out = std::make_shared<IgnoreRules>();
  if (parent) out->rules_ = parent->rules_;
  const std::string where = rel_dir.empty() ? ".gitignore" : rel_dir + "/.gitignore";
  std::string line;
  for (int n = 0; std::getline(in, line) && n < 10000; ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    while (!line.empty() && line.back() == ' ' &&
           (line.size() < 2 || line[line.size() - 2] != '\\'))
      line.pop_back();
    if (line.empty() || line.front() == '#') continue;
    PathPattern p = parse_pattern(line);
    p.where = where;
    out->rules_.push_back({rel_dir, std::move(p)});
  }
  return out;
}

const PathPattern* IgnoreRules::ignored(std::string_view rel, bool is_dir) const {
  // The last matching pattern decides, as in git (a negation re-includes).
  const PathPattern* last = nullptr;
  for (const Scoped& s : rules_) {
    std::string_view below = rel;
    if (!s.base.empty()) {
      if (rel.size() <= s.base.size() || rel.compare(0, s.base.size(), s.base) != 0 ||
          rel[s.base.size()] != '/')
        continue;
      below = rel.substr(s.base.size() + 1);
    }
    if (pattern_matches(s.pattern, below, is_dir)) last = &s.pattern;
  }
  return last && !last->negated ? last : nullptr;
}

}  // namespace catan::replay
