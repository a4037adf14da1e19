// Reads catan-log/1 documents (../shared/spec/LOG-FORMAT.md, docs/FORMAT-DECISIONS.md):
// strict about shape (unknown, duplicate or missing keys, wrong types, YAML 1.1 spellings),
// silent about rules (coordinates off the island, wrong counts are for the rules engine).
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

#include "log/model.hpp"
#include "text/yaml_tree.hpp"

namespace catan::log {

// Limits on what one read accepts (check --max-scalar-bytes): a longer scalar is malformed,
// reported at the scalar. The document size limit is applied by the caller while reading.
struct ReadLimits {
  size_t max_scalar_bytes = size_t{16} << 20;
};
inline constexpr size_t kDefaultMaxDocumentBytes = size_t{256} << 20;

// Calls `visit` for every document of the stream, in order. After a YAML syntax error
// the rest of the stream cannot be read; that document is the last one visited.
void read_stream(std::istream& in, const std::function<void(Document&&)>& visit,
                 const ReadLimits& limits = {});

// Receives a game's entries while they are read (bounded memory for long logs).
class EntrySink {
 public:
  virtual ~EntrySink() = default;
  // The header of a document, complete before its first entry. Return false to have the
  // entries kept in the Document instead.
  virtual bool begin(const Game& header) = 0;
  // Move from `e` to keep it: what is left in it after the call (its vectors) is reused by
  // the reader for the next entries.
  virtual void entry(Entry&& e) = 0;
};

// Like read_stream, but when a document's header keys precede `actions`, its entries go
// to `sink` one by one and are not kept (Document::streamed). The sink may see entries of
// a document that turns out malformed later (Document::error then says so), and of a
// document whose header keys follow `actions` in a form no scan before parsing sees (a
// YAML flow mapping at the top: Document::reread, read it again without a sink; nothing
// that was streamed may be used). Block YAML and JSON are scanned first: their documents
// with header keys after `actions` are read whole, once.
void read_stream(std::istream& in, EntrySink& sink, const std::function<void(Document&&)>& visit,
                 const ReadLimits& limits = {});

// Reads a whole text a document at a time (text/pieces.hpp cuts it): each with the fast
// readers (text/fast_yaml.hpp, text/fast_json.hpp) when it stays inside their subset, which
// gives the same trees as yaml-cpp 20 times faster, else with yaml-cpp, the reader of
// record. With a `sink`, the entries of a document whose header keys precede `actions` go
// to it one by one as they are read (a long log needs memory for its text, not its tree).
// Line breaks are CR, LF or CRLF (YAML 1.2); lone CRs are read as LFs. A YAML syntax error
// ends its document's piece; the next document is read.
void read_text(std::string_view text, EntrySink* sink, const std::function<void(Document&&)>& visit,
               const ReadLimits& limits = {});

// One piece of a longer input (text::PieceScanner): its first line is the input's line
// `first_line` and its first document the input's document `first_index`. Returns how many
// documents it visited (an empty first piece: one, the "no YAML document" error).
int read_piece(std::string_view text, int first_line, int first_index, EntrySink* sink,
               const std::function<void(Document&&)>& visit, const ReadLimits& limits = {});

// One YAML or JSON value (a header, an entry, a serve request) as a tree, with marks from
// line 1; its scalars may view `text`. Throws SyntaxError (also for no value or several
// documents).
text::Tree parse_one(const std::string& text, const ReadLimits& limits = {});
// A lone flow mapping on one line (`{player: red, roll: [3, 4]}`, as a client of serve or of
// Python's Game.play writes an entry in YAML), read by the fast reader as the item of a
// block sequence (the form of a log's `actions`) and copied out of that text, its columns
// those of `text`: yaml-cpp's tree. Nullopt when the fast reader declines (parse_one then
// reads the text with yaml-cpp, which reports its errors).
std::optional<text::Tree> parse_flow_line(const std::string& text, size_t max_scalar = SIZE_MAX);
// Adds `lines` (and `columns`) to every mark of a tree (a value read from line 1+lines of a
// stream).
void shift_marks(text::Node& n, int lines, int columns = 0);
// A game header: a catan-log/1 document whose `actions` is absent or empty (`result` is
// allowed). Throws SyntaxError. `board`: a live game's board made by the caller for a
// `board` that asks for one (replay::board_request); the key is then not read.
Game read_header(const text::Node& root, const core::BoardSpec* board = nullptr);
// One entry (`{player: red, roll: [3, 4]}`) against a header's players. Throws SyntaxError.
Entry read_entry(const Game& header, const text::Node& entry);

// Convenience: all documents of a string.
std::vector<Document> read_string(const std::string& text);

}  // namespace catan::log
