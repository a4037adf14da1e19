// Reading documents from a text or a stream: each document's tree made by the fast readers
// (else yaml-cpp, the reader of record), its entries streamed to a sink while the tree is
// built when no header key follows them (log/header_scan.hpp), and the game or its
// problems handed out; plus the single values of a live session (parse_one, read_header,
// read_entry).
#include <cstring>
#include <sstream>
#include <string_view>

#include "core/work_counters.hpp"
#include "log/game_reader.hpp"
#include "log/header_scan.hpp"
#include "log/reader.hpp"
#include "text/fast_json.hpp"
#include "text/fast_yaml.hpp"
#include "text/pieces.hpp"
#include "text/syntax_words.hpp"

namespace catan::log {

// The reader works on the text layer's trees, positions and errors.
using namespace catan::text;
namespace {

using detail::as_seq;
using detail::bad;
using detail::Fields;
using detail::GameReader;
using detail::kResultKeys;
using detail::kTopKeys;
using Kind = Node::Kind;

// The streaming state of one document (see read_stream with an EntrySink).
struct StreamState {
  EntrySink& sink;
  GameReader reader;
  bool started = false;
  bool streaming = false;
  int entries = 0;
  int index = 0;  // of the document in the stream, for the header the sink sees

  bool take(const Node& root, const Node& item) {
    if (!started) {
      started = true;
      // The keys before `actions`; a problem here is reported when the document is read
      // again whole (a fresh reader then finds it and the problems after it).
      if (reader.header(root) && reader.errors().empty()) {
        Game header = reader.game();
        header.index = index;
        streaming = sink.begin(header);
      }
    }
    if (!streaming) return false;
    ++entries;
    const bool clean = reader.errors().empty();  // else the document is malformed already
    std::optional<Entry> e;
    reader.guard([&] { e = reader.read_entry(item); });
    if (e && clean) sink.entry(std::move(*e));
    if (e) reader.recycle(*e);
    return true;
  }
};

// The document's game, or its first problem and the ones after it.
void settle(Document& doc, const GameReader& reader, Game&& game) {
  if (reader.errors().empty()) {
    doc.game = std::move(game);
    doc.game->index = doc.index;
    return;
  }
  doc.game.reset();
  doc.error = reader.errors().front();
  doc.more_errors.assign(reader.errors().begin() + 1, reader.errors().end());
}

bool header_after_actions(const Node& root) {
  bool seen = false;
  for (const auto& [k, v] : root.entries) {
    if (k.value == "actions")
      seen = true;
    else if (seen && k.value != "result")
      return true;
  }
  return false;
}

}  // namespace

namespace {

// The document `index` from its tree, as read_stream and read_piece make it: entries that
// went to the sink while the tree was built (`st` streaming) are not read again.
void finish_document(Document& doc, const Node& root, StreamState* st) {
  core::count_work(&core::WorkCounters::documents_parsed);
  if (st && st->streaming) {
    doc.streamed = true;
    doc.entries = st->entries;
    if (st->reader.errors().empty()) doc.reread = header_after_actions(root);
    st->reader.guard([&] { st->reader.tail(Fields(root, "the game", kTopKeys)); });
    settle(doc, st->reader, Game(st->reader.game()));
  } else {
    GameReader reader;
    Game g = reader.read(root);
    settle(doc, reader, std::move(g));
  }
}

// The documents of one stream read with yaml-cpp, numbered from `first_index`, marks from
// `first_line`; entries go to `sink` when one is given. Returns how many were visited.
int read_yaml_cpp(std::istream& in, EntrySink* sink, const std::function<void(Document&&)>& visit,
                  const ReadLimits& limits, int first_line, int first_index) {
  DocumentReader reader(in, limits.max_scalar_bytes, first_line);
  for (int index = first_index;; ++index) {
    Document doc;
    doc.index = index;
    std::optional<StreamState> st;
    if (sink) st.emplace(StreamState{*sink, {}, false, false, 0, index});
    Arena arena;
    std::optional<Node> root;
    try {
      root = sink ? reader.next(arena,
                                [&](const Node& r, const Node& item) { return st->take(r, item); })
                  : reader.next(arena);
      if (!root) {
        if (index > first_index || first_index > 0) return index - first_index;
        throw SyntaxError({first_line, 1}, "the input holds no YAML document (empty file?)");
      }
      finish_document(doc, *root, st ? &*st : nullptr);
    } catch (const SyntaxError& e) {
      doc.error = e.error();
      doc.game.reset();
      const bool fatal = !root;  // a YAML syntax error ends the stream
      visit(std::move(doc));
      if (fatal) return index - first_index + 1;
      continue;
    }
    visit(std::move(doc));
  }
}

}  // namespace

void read_stream(std::istream& in, EntrySink& sink, const std::function<void(Document&&)>& visit,
                 const ReadLimits& limits) {
  read_yaml_cpp(in, &sink, visit, limits, 1, 0);
}

void read_stream(std::istream& in, const std::function<void(Document&&)>& visit,
                 const ReadLimits& limits) {
  read_yaml_cpp(in, nullptr, visit, limits, 1, 0);
}

int read_piece(std::string_view original, int first_line, int first_index, EntrySink* sink,
               const std::function<void(Document&&)>& visit, const ReadLimits& limits) {
  // yaml-cpp 0.7 does not take a lone CR as a line break (YAML 1.2 does): read those as
  // LFs, byte for byte, so that every mark stays where it was.
  std::string normalised;
  if (std::memchr(original.data(), '\r', original.size())) {
    normalised = original;
    for (size_t i = 0; i < normalised.size(); ++i)
      if (normalised[i] == '\r' && (i + 1 == normalised.size() || normalised[i + 1] != '\n'))
        normalised[i] = '\n';
  }
  const std::string_view text = normalised.empty() ? original : std::string_view(normalised);
  const int offset = first_line - 1;
  // A YAML syntax error in plain words, from the text around the place the parser gave up.
  auto explained = [&](Document&& doc) {
    if (doc.error && doc.error->kind == ReadErrorKind::Yaml && !doc.error->parser_message.empty()) {
      const Mark local{doc.error->at.line - offset, doc.error->at.column};
      const PlainSyntaxError plain = explain_syntax_error(text, local, doc.error->parser_message);
      doc.error->at = {plain.at.line + offset, plain.at.column};
      doc.error->message = "YAML syntax error: " + plain.message;
    }
    visit(std::move(doc));
  };
  // Entries are streamed unless header keys follow them (read whole then, in one pass,
  // decided by a scan of the top level before parsing, for YAML and JSON alike).
  const bool json = looks_like_json(text);
  if (sink && (json ? json_header_after_actions(text) : yaml_header_after_actions(text)))
    sink = nullptr;
  // JSON (one game, or one a line) or the block YAML that logs are written in.
  std::optional<Trees> roots;
  std::optional<StreamState> st;
  const ActionHook hook = [&](const Node& r, const Node& item) { return st->take(r, item); };
  if (sink) st.emplace(StreamState{*sink, {}, false, false, 0, first_index});
  if (json)
    roots = parse_fast_json(text, limits.max_scalar_bytes, first_line, sink ? &hook : nullptr);
  if (!roots && !json)
    roots = parse_fast(text, limits.max_scalar_bytes, first_line, sink ? &hook : nullptr);
  // One document a piece streams (the next starts a piece); else read it with yaml-cpp.
  if (roots && roots->docs.size() > 1 && st && st->started) roots.reset();
  if (roots) {
    if (roots->docs.empty()) {
      if (first_index > 0) return 0;
      Document doc;
      doc.error =
          ReadError{{first_line, 1}, "the input holds no YAML document (empty file?)", {}, {}};
      visit(std::move(doc));
      return 1;
    }
    for (size_t i = 0; i < roots->docs.size(); ++i) {
      Document doc;
      doc.index = first_index + static_cast<int>(i);
      try {
        finish_document(doc, roots->docs[i], st && i == 0 ? &*st : nullptr);
      } catch (const SyntaxError& e) {
        doc.error = e.error();
        doc.game.reset();
      }
      visit(std::move(doc));
    }
    return static_cast<int>(roots->docs.size());
  }
  // yaml-cpp, the reader of record, on this piece only; not past where it is found nested
  // too deeply (it would hold every token of the flow collection that is still open).
  std::string closers;
  std::string yaml_text;
  if (const size_t cut = deep_flow_cut(text, closers); cut < text.size()) {
    yaml_text = std::string(text.substr(0, cut)) + closers;
    if (!nested_too_deeply(yaml_text)) yaml_text.clear();
  }
  std::istringstream in{yaml_text.empty() ? std::string(text) : std::move(yaml_text)};
  return read_yaml_cpp(in, sink, explained, limits, first_line, first_index);
}

void read_text(std::string_view text, EntrySink* sink, const std::function<void(Document&&)>& visit,
               const ReadLimits& limits) {
  PieceScanner scanner;
  int line = 1, index = 0;
  size_t start = 0;
  do {
    const size_t n = scanner.scan(text.substr(start), true);
    const std::string_view piece = text.substr(start, n);
    index += read_piece(piece, line, index, sink, visit, limits);
    line += count_line_breaks(piece);
    start += n;
    scanner.reset();
  } while (start < text.size());
}

std::optional<Tree> parse_flow_line(const std::string& text, size_t max_scalar) {
  const size_t start = text.find_first_not_of(' ');
  if (start == std::string::npos || text[start] != '{' ||
      std::memchr(text.data(), '\n', text.size()))
    return std::nullopt;
  const std::string item = "- " + text;
  std::optional<Trees> roots;
  try {
    roots = parse_fast(item, max_scalar);
  } catch (const SyntaxError&) {
    return std::nullopt;
  }
  if (!roots || roots->docs.size() != 1 || roots->docs.front().kind != Kind::Sequence ||
      roots->docs.front().items.size() != 1)
    return std::nullopt;
  Tree tree;
  tree.root = clone(roots->docs.front().items[0], tree.arena);
  shift_marks(tree.root, 0, -2);
  return tree;
}

Tree parse_one(const std::string& text, const ReadLimits& limits) {
  std::optional<Trees> roots;
  // (Two memchr: string::find_first_of calls memchr on its set for every byte.)
  if (!std::memchr(text.data(), '\r', text.size()) &&
      !std::memchr(text.data(), '\t', text.size())) {
    if (looks_like_json(text)) roots = parse_fast_json(text, limits.max_scalar_bytes);
    if (!roots) roots = parse_fast(text, limits.max_scalar_bytes);
    if (!roots)
      if (auto tree = parse_flow_line(text, limits.max_scalar_bytes)) return std::move(*tree);
  }
  if (roots) {
    if (roots->docs.size() != 1)
      throw SyntaxError({1, 1}, roots->docs.empty()
                                    ? "expected a YAML or JSON value, found nothing"
                                    : "expected one YAML or JSON value, found several documents");
    return Tree{std::move(roots->arena), roots->docs.front()};
  }
  std::string closers, cut_text;
  if (const size_t cut = deep_flow_cut(text, closers); cut < text.size()) {
    cut_text = text.substr(0, cut) + closers;
    if (!nested_too_deeply(cut_text)) cut_text.clear();
  }
  std::istringstream in(cut_text.empty() ? text : cut_text);
  DocumentReader reader(in, limits.max_scalar_bytes);
  Tree tree;
  std::optional<Node> root;
  Arena rest;
  bool more = false;
  try {
    root = reader.next(tree.arena);
    more = root && reader.next(rest);
  } catch (const SyntaxError& e) {
    if (e.kind != ReadErrorKind::Yaml || e.parser_message.empty()) throw;
    // In plain words from the text around it, as read_piece says it (a NUL byte, a bracket
    // never closed, ...).
    const PlainSyntaxError plain = explain_syntax_error(text, e.mark, e.parser_message);
    throw SyntaxError(plain.at, "YAML syntax error: " + plain.message, e.kind, e.parser_message);
  }
  if (!root) throw SyntaxError({1, 1}, "expected a YAML or JSON value, found nothing");
  if (more) throw SyntaxError({1, 1}, "expected one YAML or JSON value, found several documents");
  tree.root = *root;
  return tree;
}

void shift_marks(Node& n, int lines, int columns) {
  if (n.mark.line > 0) n.mark.line += lines, n.mark.column += columns;
  for (Node& i : n.items) shift_marks(i, lines, columns);
  for (MapEntry& e : n.entries) {
    shift_marks(e.key, lines, columns);
    shift_marks(e.value, lines, columns);
  }
}

Game read_header(const Node& root, const core::BoardSpec* board) {
  GameReader reader;
  reader.given_board = board;
  reader.header(root);
  if (!reader.errors().empty()) {  // the first problem (a live client fixes one at a time)
    const ReadError& e = reader.errors().front();
    throw SyntaxError(e.at, e.message, e.kind, e.parser_message);
  }
  Fields top(root, "the game", kTopKeys);
  if (const Node* actions = top.get("actions"); actions && actions->kind != Kind::Null) {
    as_seq(*actions, "actions");
    if (!actions->items.empty())
      bad(*actions,
          "a header holds no entries (`actions` must be absent or empty): send the "
          "entries one by one");
  }
  reader.tail(top);
  return reader.game();
}

Entry read_entry(const Game& header, const Node& entry) {
  return GameReader(header).read_entry(entry);
}

std::vector<Document> read_string(const std::string& text) {
  std::vector<Document> out;
  read_text(text, nullptr, [&](Document&& d) { out.push_back(std::move(d)); });
  return out;
}

}  // namespace catan::log
