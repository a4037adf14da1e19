// The paths a run reads, as check and the Python module expand them: files as named
// (`-` is standard input), a pattern (`*`, `?`, `[...]`) that names no file expanded as the
// shell would (sorted), folders walked recursively for the files whose ending is a
// log's (catan-log/1's and every import format's; links to folders are not followed),
// sorted by their bytes. A folder's other files are skipped, each with the reason (not a
// log's ending, --glob, --exclude, a .gitignore); a subfolder that cannot be listed is one
// unreadable path, after that folder's logs.
#pragma once

#include <string>
#include <vector>

#include "replay/path_filter.hpp"

namespace catan::replay {

struct InputPath {
  std::string path;
  bool found = false;  // met in a folder: only a regular file is opened (check_file)
};

struct SkippedPath {
  std::string path;
  std::string why;  // "not a log's file ending (.yaml, ...)", "ignored by .gitignore (*.tmp)"
};

struct PathExpansion {
  std::vector<InputPath> files;      // in check's order
  std::vector<std::string> empty;    // folders that hold no log
  std::vector<SkippedPath> skipped;  // files in folders that are not read, and why
};

// `select`: which files of the folders are read (--glob, --exclude, .gitignore; files named
// themselves are always read).
PathExpansion expand_paths(const std::vector<std::string>& paths, const PathSelection& select = {});

// The files a pattern matches, sorted; none when `pattern` is no pattern, names a file
// itself, or matches nothing.
std::vector<std::string> glob_matches(const std::string& pattern);

}  // namespace catan::replay
