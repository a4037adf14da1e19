// A small YAML tree built from yaml-cpp's event parser, keeping 1-based positions and
// refusing what catan-log/1 forbids: anchors, aliases, tags and duplicate keys.
// yaml-cpp is used only in yaml_tree.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "text/arena.hpp"

namespace catan::text {

struct Mark {
  int line = 0;    // 1-based
  int column = 0;  // 1-based
  friend bool operator==(const Mark&, const Mark&) = default;
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

// A view of a node's children, held by the arena of the tree (shallow, as std::span; a
// small type of its own because std::span wants its element type complete).
template <typename T>
class Span {
 public:
  Span() = default;
  Span(T* data, size_t size) : data_(data), size_(size) {}
  T* begin() const { return data_; }
  T* end() const { return data_ + size_; }
  T* data() const { return data_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](size_t i) const { return data_[i]; }
  T& front() const { return data_[0]; }
  T& back() const { return data_[size_ - 1]; }

 private:
  T* data_ = nullptr;
  size_t size_ = 0;
};

// A node of a YAML tree. Its children live in the Arena the tree was read into
// (text/arena.hpp), and its text there too or, from the fast readers (fast_yaml, fast_json),
// in the text it was read from: copying a Node is shallow, and it is valid as long as that
// arena and that text are.
struct Node {
  enum class Kind : uint8_t { Null, Scalar, Sequence, Mapping };
  Kind kind = Kind::Null;
  bool quoted = false;  // scalars: written in quotes
  Mark mark;
  std::string_view value;  // scalars
  Span<Node> items;        // sequences
  Span<MapEntry> entries;  // mappings, in document order
};

struct MapEntry {
  Node key;
  Node value;
};

// Documents read from one text, with the arena holding their nodes (their scalars may view
// the text).
struct Trees {
  Arena arena;
  std::vector<Node> docs;
};

// One document, with the arena holding its nodes (its scalars may view the text).
struct Tree {
  Arena arena;
  Node root;
};

// A deep copy of `n` into `arena`, text included (to keep an `actions` item a hook was
// shown, or a tree beyond its text).
Node clone(const Node& n, Arena& arena);

// Malformed input at a position.
struct SyntaxError : std::runtime_error {
  Mark mark;
  std::string message;  // whole, unlike what(), which a NUL in a quoted value would cut short
  ReadErrorKind kind = ReadErrorKind::Shape;
  std::string parser_message;  // Yaml: the parser's own words (text/syntax_words.hpp)
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
// only reads the item: the memory of an item it takes is reused for the next one (clone it to
// keep it); returning false leaves it to the tree.
using ActionHook = std::function<bool(const Node& root_so_far, const Node& item)>;

// Deeper nesting is malformed, reported where it passes the limit (no log needs more than
// a few levels; yaml-cpp itself gives up at 500 and only says so at the end of the input).
inline constexpr int kMaxNesting = 100;

// yaml-cpp holds every token of a flow collection until the collection ends, about 235
// bytes per byte of an unclosed `[[[[...`, so it must not read far past the place where
// the nesting passes kMaxNesting. This is the length of the text up to and including the
// first `[` or `{` more than kMaxNesting levels deep in flow brackets alone (quoted
// scalars and comments skipped), or text.size() when there is none; `closers` is then set
// to the brackets that close the ones open there, innermost first. yaml-cpp reads the
// prefix and the closers (closed, so that it does not take the end of the text for
// implicit keys and report elsewhere) as it reads the text up to there. It is a guess (a
// `[` inside a plain or block scalar counts too): use it only when nested_too_deeply
// confirms it.
size_t deep_flow_cut(std::string_view text, std::string& closers);
// Whether yaml-cpp, reading `text` (memory bounded by its size), rejects it as nested too
// deeply.
bool nested_too_deeply(std::string_view text);

class DocumentReader {
 public:
  // `max_scalar_bytes`: a longer scalar is malformed (check --max-scalar-bytes).
  // `first_line`: the line number of the stream's first line (a document cut from a
  // longer input), so that every mark is the input's.
  explicit DocumentReader(std::istream& in, size_t max_scalar_bytes = SIZE_MAX, int first_line = 1);
  ~DocumentReader();
  // The next document, read into `arena`, or nullopt at the end of the stream. Throws
  // SyntaxError.
  std::optional<Node> next(Arena& arena, const ActionHook& hook = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace catan::text
