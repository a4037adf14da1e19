// One way in for the commands that read a game file whole (show, report, redact, board,
// mutate, import): the path or standard input read as check reads it, its format decided
// once (named, or told from its first bytes by the import registry), and its documents
// handed out in order, each game with its provenance. check and the Python module stream
// instead (replay/check_file.hpp), deciding the format with the same registry.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "import/registry.hpp"
#include "log/model.hpp"
#include "log/reader.hpp"

namespace catan::replay {

struct InputOptions {
  // "auto": another program's record when its first bytes show one, else catan-log/1;
  // "catan-log": catan-log/1 only; else a registered format's name or alias.
  std::string from = "auto";
  int view_seat = -1;  // a format with seat views: what seat N received (-1: everything)
  size_t max_document_bytes = log::kDefaultMaxDocumentBytes;
  bool records_only = false;  // `import`: a catan-log/1 file is an error, not documents
};

// Where documents came from.
struct Provenance {
  std::string path;   // as given; "-" is standard input
  std::string shown;  // for messages: the path made safe for a terminal, or <stdin>
  const importers::Format* format = nullptr;  // nullptr: catan-log/1
};

// What reading one input gave.
struct Input {
  Provenance from;
  std::string text;  // everything read
  // Why nothing was handed out: "FILE[:LINE:COLUMN]: error: MESSAGE" lines, one for a file
  // that cannot be opened or read, one for each problem of a record that cannot be
  // imported. Empty when the documents were handed out (malformed ones included).
  std::vector<std::string> errors;
  int documents = 0;  // how many were handed out
};

using DocumentHandler = std::function<void(log::Document&&, const Provenance&)>;

// Reads `path` whole and hands each of its documents to `each`, in order: catan-log/1
// documents as the reader reads them (a malformed one with its error), an imported
// record's games after importing it whole. Document indexes count from 0.
Input read_documents(const std::string& path, const InputOptions& options,
                     const DocumentHandler& each);

// The documents of read_documents as a vector (small inputs: report, redact).
std::vector<log::Document> read_all_documents(const std::string& path, const InputOptions& options,
                                              Input& input);

}  // namespace catan::replay
