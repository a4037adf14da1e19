// Which files of a folder `check` reads: `--glob` and `--exclude` patterns, and the
// `.gitignore` files met on the way down (input_paths.cpp walks, this decides). Patterns are
// matched as git matches them (a pattern without `/` against the name at any depth, one
// with `/` against the path below the folder given; `*`, `?`, `[...]`, `**`).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace catan::replay {

// One pattern of a .gitignore, or of --glob / --exclude.
struct PathPattern {
  std::string glob;       // without the leading `!`, `/` and trailing `/`
  bool negated = false;   // `!pattern`: re-includes what an earlier pattern excluded
  bool dir_only = false;  // `pattern/`: folders only
  bool anchored = false;  // held a `/` before its end: matched against the whole path
  std::string where;      // ".gitignore" file it came from (for the skip reason), or ""
  std::string text;       // as written
};

PathPattern parse_pattern(std::string_view line);

// Whether `rel` (a path below the pattern's base, `/`-separated, no leading `/`) matches.
bool pattern_matches(const PathPattern& p, std::string_view rel, bool is_dir);

// The .gitignore patterns in force in one folder of a walk: its parents' and its own,
// each with the folder it applies from.
class IgnoreRules {
 public:
  // A folder's rules: `parent`'s plus the .gitignore in `dir` (when present and readable).
  // `rel_dir` is `dir` below the walk's root ("" for the root).
  static std::shared_ptr<const IgnoreRules> enter(std::shared_ptr<const IgnoreRules> parent,
                                                  const std::string& dir,
                                                  const std::string& rel_dir);
  // The .gitignore file and pattern that ignore `rel` (below the root), or nullptr.
  const PathPattern* ignored(std::string_view rel, bool is_dir) const;

 private:
  struct Scoped {
    std::string base;  // the folder of the .gitignore, below the root ("" = root)
    PathPattern pattern;
  };
  std::vector<Scoped> rules_;
};

// The file selection of --glob and --exclude (both repeatable): a file in a folder is read
// when it matches a --glob (without any --glob: when its ending is a log's) and no
// --exclude; a folder that matches an --exclude is not entered.
struct PathSelection {
  std::vector<PathPattern> globs, excludes;
  bool gitignore = true;  // skip what .gitignore files ignore (and `.git` folders)
};

}  // namespace catan::replay
