// catan_referee: reading games. A catan-log/1 file (YAML or JSON, one game per document)
// or another program's record in any registered import format (`catan-referee import
// --list-formats`), from a path or from text, recognised by content or named. Part of the
// installed C++ API (docs/API.md); needs only the standard library.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catan_referee/diagnostic.hpp"

namespace catan_referee {

struct ReadOptions {
  // "auto": catan-log/1, or another program's record recognised by its content;
  // "catan-log": catan-log/1 only; else a format of import_formats() (name or alias),
  // as `--from`. An unknown name throws Error.
  std::string format = "auto";
  int view_seat = -1;  // a format with seat views (jsettlers): what seat N received
  std::size_t max_document_bytes = 256u << 20;  // a larger document is not read
};

// One import format of this build.
struct ImportFormat {
  std::string name;                     // as ReadOptions::format takes it: "jsettlers"
  std::vector<std::string> aliases;     // other names it takes
  std::vector<std::string> extensions;  // usual file name endings: ".soclog"
  std::string title;                    // what writes these records
};
std::vector<ImportFormat> import_formats();

// One game as read (not judged yet).
struct GameInfo {
  int index = 0;                     // the document's index in the input, from 0
  std::string id;                    // `id:` of the game, "" when absent
  std::vector<std::string> players;  // in seat order
  int entries = 0;                   // entries in its `actions`
  // The document could not be read as a game (the game is malformed): why, and where.
  std::optional<Diagnostic> error;
};

// The games of one input, read whole into memory. Cheap to copy (shared, immutable).
class Log {
 public:
  // The file `path` ("-" is a file of that name, not standard input). A file that
  // cannot be opened or read, or a record that cannot be imported, gives a Log with
  // problems() and no games; it throws only for bad options.
  static Log read_file(const std::string& path, const ReadOptions& options = {});
  // A text held in memory; `name` names it in positions.
  static Log read_text(std::string text, const std::string& name = "<text>",
                       const ReadOptions& options = {});

  const std::string& name() const;    // the path or name, as positions give it
  const std::string& format() const;  // "catan-log", or the import format's name
  const std::string& text() const;    // the text read (the record, for an imported one)
  // Why nothing could be read (empty when the games were read, malformed ones included).
  const std::vector<Diagnostic>& problems() const;
  std::size_t size() const;            // the games (documents)
  GameInfo game(std::size_t i) const;  // throws Error past size()
  // Game i written as a catan-log/1 document (YAML; `json`: one line of JSON), as
  // `catan-referee import` writes an imported record. Throws Error for a malformed game.
  std::string catan_log(std::size_t i, bool json = false) const;

  struct Impl;  // opaque: defined inside the library

 private:
  friend struct Access;
  explicit Log(std::shared_ptr<const Impl> impl);
  std::shared_ptr<const Impl> impl_;
};

}  // namespace catan_referee
