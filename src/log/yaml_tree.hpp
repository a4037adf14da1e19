// A small YAML tree built from yaml-cpp's event parser, keeping 1-based positions and
// refusing what catan-log/1 forbids: anchors, aliases, tags and duplicate keys.
// yaml-cpp is used only in yaml_tree.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace catan::log {

struct Mark {
  int line = 0;    // 1-based
  int column = 0;  // 1-based
};

// What kind of problem made a document malformed.
enum class ReadErrorKind : uint8_t {
  Shape,  // well-formed YAML that is not a catan-log/1 game (a key, a type, a value)
  Yaml,   // not well-formed YAML: the rest of the stream cannot be read
  Limit,  // past a size or nesting limit (check --max-scalar-bytes, --max-document-bytes)
};

// A document that is not a well-formed catan-log/1 game.
struct ReadError {
  Mark at;
  std::string message;
  ReadErrorKind kind = ReadErrorKind::Shape;
  std::string parser_message;  // Yaml: yaml-cpp's own words, before they were explained
};

struct MapEntry;

struct Node {
  enum class Kind : uint8_t { Null, Scalar, Sequence, Mapping };
  Kind kind = Kind::Null;
  Mark mark;
  bool quoted = false;            // scalars: written in quotes
  std::string value;              // scalars
  std::vector<Node> items;        // sequences
  std::vector<MapEntry> entries;  // mappings, in document order
};

struct MapEntry {
  Node key;
  Node value;
};

// Malformed input at a position.
struct SyntaxError : std::runtime_error {
  Mark mark;
  std::string message;  // whole, unlike what(), which a NUL in a quoted value would cut short
  ReadErrorKind kind = ReadErrorKind::Shape;
  std::string parser_message;  // Yaml: the parser's own words (log/syntax_words.hpp)
  SyntaxError(Mark m, const std::string& what, ReadErrorKind k = ReadErrorKind::Shape,
              std::string parser = {})
      : std::runtime_error(what),
        mark(m),
        message(what),
        kind(k),
        parser_message(std::move(parser)) {}
  ReadError error() const { return ReadError{mark, message, kind, parser_message}; }
};

// Reads one document at a time from a stream.
// Called with each item of the top-level `actions` sequence as soon as it is complete,
// and the top-level mapping as read so far (the keys before `actions`). Returning true
// consumes the item: it is not kept in the tree (bounded memory for long logs). The hook
// only reads the item; returning false leaves it to the tree.
using ActionHook = std::function<bool(const Node& root_so_far, const Node& item)>;

// Deeper nesting is malformed, reported where it passes the limit (no log needs more than
// a few levels; yaml-cpp itself gives up at 500 and only says so at the end of the input).
inline constexpr int kMaxNesting = 100;

class DocumentReader {
 public:
  // `max_scalar_bytes`: a longer scalar is malformed (check --max-scalar-bytes).
  // `first_line`: the line number of the stream's first line (a document cut from a
  // longer input), so that every mark is the input's.
  explicit DocumentReader(std::istream& in, size_t max_scalar_bytes = SIZE_MAX, int first_line = 1);
  ~DocumentReader();
  // The next document, or nullptr at the end of the stream. Throws SyntaxError.
  std::unique_ptr<Node> next(const ActionHook& hook = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace catan::log
