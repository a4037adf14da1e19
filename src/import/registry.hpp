// The formats of other programs' game records that the referee imports: one table, each
// format registered once (import/registry.cpp). The CLI's --from choices, detection by
// content, the Python module's list, the messages that name the formats and
// `import --list-formats` all come from it; a test checks the completion, the man page and
// the docs against it.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/work_counters.hpp"
#include "import/imported.hpp"

namespace catan::importers {

struct Format {
  std::string_view name;                         // the --from name: "jsettlers"
  std::span<const std::string_view> aliases;     // other names --from accepts
  std::span<const std::string_view> extensions;  // the usual file name endings: ".soclog"
  std::string_view title;                        // one line: what writes these records
  std::string_view doc;                          // the page that maps it: docs/IMPORT-....md
  std::string_view expresses;                    // what it can and cannot say, one line
  // What the first bytes say (`ended`: they are the whole input), and how many bytes at
  // most it needs to decide: past that a More is read as "read it all, then decide".
  Sniff (*sniff)(std::string_view head, bool ended);
  size_t sniff_bytes;
  ImportFunction read;
  bool seat_views;  // --view N picks what one seat received
};

// Every format, in the order --from and the docs list them.
std::span<const Format> formats();

// The format named `name` (or one of its aliases); nullptr when there is none.
const Format* find_format(std::string_view name);

// The format the first bytes `head` show. `ended`: `head` is the whole input.
struct Detection {
  const Format* format = nullptr;  // the first format that says Yes
  bool more = false;               // no Yes, and some format needs more bytes than `head` to decide
};
Detection detect(std::string_view head, bool ended);

// The format of a whole text (detect(text, true).format).
const Format* detect_format(std::string_view text);

// How many bytes of an input detection may read before it decides (the largest
// sniff_bytes).
size_t detect_bytes();

// The file name endings a folder's files are read by (`check DIR`): catan-log/1's (.yaml,
// .yml, .json, .jsonl) and every format's, each once, in that order.
std::vector<std::string_view> log_extensions();

// "jsettlers, catanatron, catanlogs": the names, for messages.
std::string format_names(std::string_view separator = ", ");

// Imports `text` as `format`.
inline Imported import_source(const Format& format, const std::string& file, std::string_view text,
                              const ImportOptions& options) {
  core::count_work(&core::WorkCounters::records_imported);
  return format.read(file, text, options);
}

}  // namespace catan::importers
