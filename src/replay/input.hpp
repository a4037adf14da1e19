// One way in for the commands that read a game file whole (show, report, redact, board,
// mutate, import) and for the Python module's import_log: the path or standard input read
// as check reads it, its format decided once (named, or told from its first bytes by the
// import registry), and its documents handed out in order, each game with its provenance.
// check and the Python module's check stream instead (replay/check_file.hpp), deciding the
// format with the same registry.
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
  bool dash_is_stdin = true;  // false: "-" is a file of that name (the Python module)
};

// Where documents came from.
struct Provenance {
  std::string path;   // as given; "-" is standard input
  std::string shown;  // for messages: the path made safe for a terminal, or <stdin>
  const importers::Format* format = nullptr;  // nullptr: catan-log/1
};

// One reason why nothing was handed out.
struct InputProblem {
  int line = 0;  // where in the file (1-based); 0 with os_error
  int column = 0;
  std::string message;  // made safe for a terminal (diag::visible)
  int os_error = 0;     // the errno of a file that cannot be opened or read, else 0
};

// A problem as every command prints it: "FILE:LINE:COLUMN: error: MESSAGE", FILE being
// `from.shown`; "FILE: error: MESSAGE" for a file that cannot be opened or read.
std::string problem_text(const Provenance& from, const InputProblem& problem);

// What reading one input gave.
struct Input {
  Provenance from;
  std::string text;  // everything read
  // Why nothing was handed out: one problem for a file that cannot be opened or read, or
  // whose document passes the size limit, or (records_only) that is no record of a known
  // format; one for each problem of a record that cannot be imported. Empty when the
  // documents were handed out (malformed ones included).
  std::vector<InputProblem> errors;
  int documents = 0;  // how many were handed out
};

using DocumentHandler = std::function<void(log::Document&&, const Provenance&)>;

// Reads `path` whole and hands each of its documents to `each`, in order: catan-log/1
// documents as the reader reads them (a malformed one with its error), an imported
// record's games after importing it whole. Document indexes count from 0.
Input read_documents(const std::string& path, const InputOptions& options,
                     const DocumentHandler& each);

// The same for a text already in memory, named `shown` in positions and messages (the
// API's Log::read_text): its format decided as read_documents decides it.
Input read_text_documents(const std::string& shown, std::string text, const InputOptions& options,
                          const DocumentHandler& each);

// The documents of read_documents as a vector (small inputs: report, redact).
std::vector<log::Document> read_all_documents(const std::string& path, const InputOptions& options,
                                              Input& input);

}  // namespace catan::replay
