// The file-level check of `catan-referee check` and of the Python module: read one file a
// document at a time in bounded memory, recognise another program's record, replay every
// game, and give each diagnostic the extent of what it points at. Both drivers call this;
// only what they do with the reports (rendering, --require-assertions) is their own.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.hpp"
#include "diag/render_text.hpp"
#include "log/reader.hpp"
#include "replay/read_input.hpp"
#include "replay/replay.hpp"

namespace catan::replay {

struct FileOptions {
  // "auto": catan-log/1, or another program's record recognised by content; a format name
  // of log::parse_source_format: imported as that; "catan-log": catan-log/1 only.
  std::string from = "auto";
  int view_seat = -1;  // an imported JSettlers2 log: what seat N received (-1: everything)
  size_t max_document_bytes = log::kDefaultMaxDocumentBytes;
};

struct FileCheck {
  std::vector<diag::GameReport> reports;  // one per game, in order; an unreadable file: one
  std::string source;                     // the text read ("" when it could not be read)
};

// Receives each game's report as soon as its document is read, with the text it points
// into (for excerpts; valid during the call only).
using ReportHandler = std::function<void(diag::GameReport&&, const diag::SourceText&)>;

// Checks the file `path` ("-": standard input, shown as <stdin>) a document at a time:
// memory holds one document, never the whole input. `found`: the path was met in a
// folder, where only a regular file is opened (a FIFO or a device may block or never end).
// Returns how many reports were handed over.
int check_file(const std::string& path, bool found, const Settings& settings,
               const FileOptions& options, const ReportHandler& emit);

// The same, keeping every report and the whole text (for tests and small inputs).
FileCheck check_file(const std::string& path, bool found, const Settings& settings,
                     const FileOptions& options);

// The same for a text already read under the name `shown`; `over`: where reading stopped
// at --max-document-bytes (the documents before it are checked, that one is reported).
std::vector<diag::GameReport> check_text(const std::string& shown, const std::string& source,
                                         const Settings& settings, const FileOptions& options,
                                         const std::optional<OverLimit>& over = std::nullopt);

}  // namespace catan::replay
