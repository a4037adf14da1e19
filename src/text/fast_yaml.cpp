#include "text/fast_yaml.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "text/tree_stack.hpp"
#ifdef CATAN_FAST_YAML_TRACE
#include <cstdio>
#endif

// How yaml-cpp 0.7 marks what it reports (1-based here), established with a scratch
// program printing its parser events, and reproduced below:
//  - a block mapping: its first key (also in `- key: value`); a block sequence: its
//    first `-` (also when at the column of its key);
//  - a flow collection: its `[` or `{`; a scalar: its first character, the quote for a
//    quoted one; plain `~`, `null`, `Null`, `NULL` are Null nodes marked like scalars;
//  - the Null of `key:` with no value: the next token after the `:`, i.e. the first
//    character of the next line that is neither blank nor a comment (a sibling key, a
//    `-` or key of an outer collection, a `---`); at the end of the text, the line after
//    the last newline (the last line when the text has no final newline), at the column
//    where the text ends if the mapping's column is greater, else at column 1.
// Other behaviours the subset depends on (see the checks below):
//  - a plain scalar at the end of a line continues on the next non-blank line that is
//    more indented than the innermost block collection; comment lines end it;
//  - text before a block collection's column (e.g. `  a: 1` then `b: 2`) starts a new
//    document without `---`; `---` followed by nothing is a document of one Null;
//  - a simple key must end (at its `:`) within 1024 characters of where it starts;
//  - byte 0x04 ends yaml-cpp's input stream; a NUL among the first bytes selects UTF-16;
//    `\r` is a line break; a tab before a key on a line disallows the key.

namespace catan::text {
namespace {

struct Decline {};

#ifdef CATAN_FAST_YAML_TRACE  // scratch builds: say which check declined
#define decline() (std::fprintf(stderr, "fast_yaml: declined at %d\n", __LINE__), throw Decline{})
#else
[[noreturn]] void decline() { throw Decline{}; }
#endif

constexpr int kMaxDepth = 100;        // yaml-cpp gives up at 500 nested nodes
constexpr long kMaxKeyLength = 1000;  // yaml-cpp: a simple key is at most 1024 characters

// Character classes.
enum : uint8_t {
  kKeyStart = 1,      // a plain key's first character
  kKeyChar = 2,       // a plain key's other characters
  kPlainStart = 4,    // a plain scalar's first character (`-` is checked apart)
  kBlockPlain = 8,    // plain scalar content needing no attention, block context
  kFlowPlain = 16,    // the same in flow context
  kDoubleQuoted = 32  // double-quoted content needing no attention
};

constexpr std::array<uint8_t, 256> make_classes() {
  std::array<uint8_t, 256> t{};
  for (int c = 0x20; c < 0x7f; ++c) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    uint8_t k = 0;
    if (alnum || c == '_') k |= kKeyStart;
    if (alnum || c == '_' || c == '-' || c == '.' || c == '/' || c == '+') k |= kKeyChar;
    if (alnum || c == '_' || c == '.' || c == '/' || c == '+' || c == '~' || c == '(' || c == '$' ||
        c == '=')
      k |= kPlainStart;
    if (c != ' ' && c != '#' && c != ':') {
      k |= kBlockPlain;
      if (c != ',' && c != '[' && c != ']' && c != '{' && c != '}' && c != '?') k |= kFlowPlain;
    }
    if (c != '"' && c != '\\') k |= kDoubleQuoted;
    t[static_cast<size_t>(c)] = k;
  }
  return t;
}
constexpr std::array<uint8_t, 256> kClass = make_classes();

// Whether text holds a control character other than the line feed, or DEL. Blocks of 64
// bytes with byte-wide flags and no early exit, which compilers vectorize (the per-byte loop
// with bool flags was not, and took a tenth of `check`'s time).
bool has_refused_bytes(const char* text, size_t size) {
  const auto* p = reinterpret_cast<const unsigned char*>(text);
  uint8_t bad = 0;
  size_t i = 0;
  for (; i + 64 <= size; i += 64) {
    uint8_t block = 0;
    for (size_t k = 0; k < 64; ++k) {
      const uint8_t c = p[i + k];
      block |= static_cast<uint8_t>((c < 0x20 && c != '\n') || c == 0x7f);
    }
    bad |= block;
  }
  for (; i < size; ++i) bad |= static_cast<uint8_t>((p[i] < 0x20 && p[i] != '\n') || p[i] == 0x7f);
  return bad != 0;
}

bool has(char c, uint8_t cls) { return kClass[static_cast<unsigned char>(c)] & cls; }
bool is_printable(char c) { return c >= 0x20 && c < 0x7f; }  // ASCII, no tab
bool is_null_word(std::string_view s) {
  return s == "~" || s == "null" || s == "Null" || s == "NULL";
}

class Parser {
 public:
  Parser(std::string_view text, Arena& arena, size_t max_scalar, int first_line,
         const ActionHook* hook)
      : tree_(arena),
        p_(text.data()),
        end_(text.data() + text.size()),
        ls_(p_),
        max_scalar_(max_scalar),
        line_(first_line),
        hook_(hook && *hook ? hook : nullptr) {}

  std::vector<Node> run() {
    // Bytes that no part of the subset may contain, comments included: control characters
    // other than the line feed (tabs, carriage returns, NUL, 0x04 which ends yaml-cpp's
    // stream, ...) and DEL. Non-ASCII bytes are refused outside comments as they are met.
    if (has_refused_bytes(p_, static_cast<size_t>(end_ - p_))) decline();
    std::vector<Node> docs;
    advance_to_content();
    bool first = true;
    while (at_ != At::Eof) {
      if (at_ == At::DocStart) {
        p_ += 3;  // `---`, then spaces and a comment at most
        finish_line();
        if (at_ != At::Content) decline();  // an empty document: yaml-cpp yields a Null
      } else if (!first) {
        decline();  // a new document without `---`
      }
      root_ = &docs.emplace_back();
      parse_root(*root_);
      if (at_ == At::Content) decline();  // e.g. less indented than the root collection
      first = false;
    }
    return docs;
  }

 private:
  enum class At { Content, DocStart, Eof };

  TreeStack tree_;
  const char* p_;
  const char* end_;
  const char* ls_;  // start of the current line
  size_t max_scalar_;
  int line_ = 1;
  // Called with each item of the root mapping's block sequence `actions` (as DocumentReader
  // does); an item it takes is not kept in the tree.
  const ActionHook* hook_ = nullptr;
  Node* root_ = nullptr;     // the document being read
  size_t root_entries_ = 0;  // where its entries start in tree_
  std::string quoted_;       // a single-quoted scalar's value being unescaped
  bool hook_next_ = false;   // the value being read is the root's `actions`
  int depth_ = 0;
  At at_ = At::Eof;
  int indent_ = 0;  // column (0-based) of the current content line's first character

  struct DepthGuard {
    explicit DepthGuard(int& d) : d_(d) {
      if (++d_ > kMaxDepth) decline();
    }
    ~DepthGuard() { --d_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;
    int& d_;
  };

  Mark mark_at(const char* q) const { return {line_, static_cast<int>(q - ls_) + 1}; }
  bool eol(const char* q) const { return q == end_ || *q == '\n'; }

  void new_line(const char* after_break) {
    p_ = after_break;
    ls_ = p_;
    ++line_;
  }

  // From the start of a line: skips blank and comment lines; stops at the first character
  // of the next content line (At::Content, indent_ set), at a `---` document separator
  // (At::DocStart) or at the end (At::Eof).
  void advance_to_content() {
    for (;;) {
      const char* q = p_;
      while (q < end_ && *q == ' ') ++q;
      if (q == end_) {
        p_ = q;
        at_ = At::Eof;
        return;
      }
      if (*q == '\n' || *q == '#') {
        const void* nl = std::memchr(q, '\n', static_cast<size_t>(end_ - q));
        if (!nl) {
          p_ = end_;
          at_ = At::Eof;
          return;
        }
        new_line(static_cast<const char*>(nl) + 1);
        continue;
      }
      p_ = q;
      indent_ = static_cast<int>(q - ls_);
      if (indent_ == 0 && end_ - q >= 3 &&
          ((q[0] == '-' && q[1] == '-' && q[2] == '-') ||
           (q[0] == '.' && q[1] == '.' && q[2] == '.'))) {
        if (q[0] == '-' && (eol(q + 3) || q[3] == ' ')) {
          at_ = At::DocStart;
          return;
        }
        decline();  // `...`, or `---`/`...` starting a scalar
      }
      at_ = At::Content;
      return;
    }
  }

  // After a value: the rest of the line may hold spaces and a comment (after a space);
  // then on to the next content line.
  void finish_line() {
    const char* q = p_;
    while (q < end_ && *q == ' ') ++q;
    if (q < end_ && *q == '#') {
      if (q == p_) decline();
      const void* nl = std::memchr(q, '\n', static_cast<size_t>(end_ - q));
      q = nl ? static_cast<const char*>(nl) : end_;
    }
    if (q == end_) {
      p_ = q;
    } else {
      if (*q != '\n') decline();
      new_line(q + 1);
    }
    advance_to_content();
  }

  bool is_block_entry() const { return *p_ == '-' && (eol(p_ + 1) || p_[1] == ' '); }

  // A plain key at q followed by optional spaces, `:` and a space (or, in block context,
  // the end of the line). Returns the end of the key, or nullptr.
  const char* key_end(const char* q, bool flow) const {
    if (q == end_ || !has(*q, kKeyStart)) return nullptr;
    const char* k = q + 1;
    while (k < end_ && has(*k, kKeyChar)) ++k;
    const char* c = k;
    while (c < end_ && *c == ' ') ++c;
    if (c == end_ || *c != ':' || c - q > kMaxKeyLength) return nullptr;
    const char* after = c + 1;
    if (flow ? (after < end_ && *after == ' ') : (eol(after) || *after == ' ')) return k;
    return nullptr;
  }

  // Parses the key ending at k (from key_end) and its `:`; p_ is left after the `:`.
  void parse_key(Node& key, const char* k) {
    key.kind = Node::Kind::Scalar;
    key.mark = mark_at(p_);
    const std::string_view v(p_, static_cast<size_t>(k - p_));
    if (is_null_word(v)) decline();  // yaml-cpp: a Null key
    key.value = v;
    p_ = k;
    while (*p_ == ' ') ++p_;
    ++p_;  // the ':'
  }

  void parse_root(Node& out) {
    if (is_block_entry()) return parse_block_seq(out, false);
    if (key_end(p_, false)) return parse_block_map(out, indent_);
    decline();
  }

  // A block mapping whose first key is at p_, column `col`.
  void parse_block_map(Node& map, int col) {
    DepthGuard guard(depth_);
    map.kind = Node::Kind::Mapping;
    map.mark = mark_at(p_);
    const size_t mark = tree_.entries_mark();
    if (depth_ == 1) root_entries_ = mark;
    KeySet keys;
    for (;;) {
      const char* k = key_end(p_, false);
      if (!k) decline();
      Node key;
      parse_key(key, k);
      if (!keys.add(tree_.open_entries(mark), key.value)) decline();
      hook_next_ = hook_ && depth_ == 1 && key.value == "actions";
      Node value;
      parse_block_value(value, col);
      hook_next_ = false;
      tree_.push(MapEntry{key, value});
      if (at_ != At::Content || indent_ < col) break;
      if (indent_ > col || is_block_entry()) decline();
    }
    map.entries = tree_.close_entries(mark);
  }

  // The value of a block mapping entry at column `col`, p_ just after the `:`.
  void parse_block_value(Node& out, int col) {
    const char* q = p_;
    while (q < end_ && *q == ' ') ++q;
    if (eol(q) || *q == '#') {
      finish_line();
      if (at_ == At::Content) {
        if (indent_ > col) {
          if (is_block_entry()) return parse_block_seq(out, false);
          return parse_block_map(out, indent_);  // declines unless the line is a key
        }
        if (indent_ == col && is_block_entry()) return parse_block_seq(out, true);
      }
      // No value: yaml-cpp reports a Null at its next token: a key of this mapping, or
      // the end of this mapping, made where the next token (or `---`) starts. At the end
      // of the text, the mapping ends where the text ends when it is indented more than
      // that column, else at column 1 (yaml-cpp's end of stream resets the column).
      out.kind = Node::Kind::Null;
      out.mark = mark_at(p_);
      if (at_ == At::Eof && col <= static_cast<int>(p_ - ls_)) out.mark.column = 1;
      return;
    }
    p_ = q;
    parse_inline(out, false);
    finish_line();
  }

  // A block sequence whose first `-` is at p_. `in_map_column`: it is the value of a key
  // at the same column, so a line there that is not a `-` ends it.
  void parse_block_seq(Node& seq, bool in_map_column) {
    DepthGuard guard(depth_);
    seq.kind = Node::Kind::Sequence;
    seq.mark = mark_at(p_);
    const int col = indent_;
    const bool hooked = hook_next_;
    hook_next_ = false;
    const size_t mark = tree_.items_mark();
    for (;;) {
      const char* q = p_ + 1;
      while (q < end_ && *q == ' ') ++q;
      if (eol(q) || *q == '#') decline();  // an empty item, or a block node below
      p_ = q;
      if (is_block_entry()) decline();  // `- - x`
      const Arena::Checkpoint start = tree_.arena().checkpoint();
      Node item;
      if (key_end(p_, false)) {
        parse_block_map(item, static_cast<int>(p_ - ls_));
      } else {
        parse_inline(item, false);
        finish_line();
      }
      if (hooked)
        tree_.offer(*hook_, *root_, root_entries_, item, start);
      else
        tree_.push(item);
      if (at_ != At::Content || indent_ < col) break;
      if (indent_ > col) decline();
      if (!is_block_entry()) {
        if (in_map_column) break;
        decline();
      }
    }
    seq.items = tree_.close_items(mark);
  }

  // A scalar or single-line flow collection at p_.
  void parse_inline(Node& out, bool flow) {
    switch (*p_) {
      case '[':
        return parse_flow_seq(out);
      case '{':
        return parse_flow_map(out);
      case '"':
      case '\'':
        return parse_quoted(out);
      default:
        return parse_plain(out, flow);
    }
  }

  void parse_plain(Node& out, bool flow) {
    const char* s = p_;
    if (!has(*s, kPlainStart) &&
        !(*s == '-' && s + 1 < end_ && (has(s[1], kKeyStart) || s[1] == '.')))
      decline();  // an indicator, or `-` not starting a word or number
    const uint8_t plain = flow ? kFlowPlain : kBlockPlain;
    const char* q = s;
    const char* last = s;  // one past the last non-space character
    for (;;) {
      const char* run = q;
      while (q < end_ && has(*q, plain)) ++q;
      if (q != run) last = q;
      if (q == end_) break;
      const char c = *q;
      if (c == ' ') {
        ++q;
        continue;
      }
      if (c == '\n') break;
      if (c == '#') {
        if (!flow && q[-1] == ' ') break;  // a comment
        decline();
      }
      if (c == ':') {
        const char* n = q + 1;
        if (eol(n) || *n == ' ' || (flow && (*n == ',' || *n == ']' || *n == '}'))) {
          if (flow) break;  // the caller declines what follows
          decline();        // `key: value` where a scalar was expected
        }
        q = n;
        last = q;
        continue;
      }
      if (flow && (c == ',' || c == ']' || c == '}')) break;
      decline();  // `[`, `{`, `?` in flow context; control or non-ASCII bytes
    }
    p_ = last;
    out.mark = mark_at(s);
    const std::string_view v(s, static_cast<size_t>(last - s));
    if (v.size() > max_scalar_) decline();
    if (is_null_word(v)) {
      out.kind = Node::Kind::Null;
    } else {
      out.kind = Node::Kind::Scalar;
      out.value = v;
    }
  }

  void parse_quoted(Node& out) {
    const char quote = *p_;
    out.kind = Node::Kind::Scalar;
    out.quoted = true;
    out.mark = mark_at(p_);
    const char* q = p_ + 1;
    if (quote == '"') {
      const char* s = q;
      while (q < end_ && has(*q, kDoubleQuoted)) ++q;
      if (q == end_ || *q != '"') decline();  // escapes, breaks, non-ASCII, no end
      if (static_cast<size_t>(q - s) > max_scalar_) decline();
      out.value = std::string_view(s, static_cast<size_t>(q - s));
    } else {
      quoted_.clear();
      for (;;) {
        const char* s = q;
        while (q < end_ && *q != '\'' && is_printable(*q)) ++q;
        quoted_.append(s, q);
        if (q == end_ || *q != '\'') decline();  // breaks, non-ASCII, no end
        if (q + 1 < end_ && q[1] == '\'') {
          quoted_ += '\'';
          q += 2;
          continue;
        }
        break;
      }
      if (quoted_.size() > max_scalar_) decline();
      out.value = tree_.text(quoted_);
    }
    p_ = q + 1;
  }

  void skip_spaces() {
    while (p_ < end_ && *p_ == ' ') ++p_;
  }

  void parse_flow_value(Node& out) {
    if (eol(p_)) decline();
    parse_inline(out, true);
  }

  void parse_flow_seq(Node& seq) {
    DepthGuard guard(depth_);
    seq.kind = Node::Kind::Sequence;
    seq.mark = mark_at(p_);
    const bool hooked = hook_next_;
    hook_next_ = false;
    ++p_;
    skip_spaces();
    if (p_ < end_ && *p_ == ']') {
      ++p_;
      return;
    }
    const size_t mark = tree_.items_mark();
    for (;;) {
      const Arena::Checkpoint start = tree_.arena().checkpoint();
      Node item;
      parse_flow_value(item);
      if (hooked)  // `actions: [...]`: its items go to the hook, as a block sequence's
        tree_.offer(*hook_, *root_, root_entries_, item, start);
      else
        tree_.push(item);
      skip_spaces();
      if (p_ == end_) decline();
      if (*p_ == ',') {
        ++p_;
        skip_spaces();
        if (p_ < end_ && *p_ == ']') decline();  // a trailing comma
        continue;
      }
      if (*p_ == ']') {
        ++p_;
        break;
      }
      decline();
    }
    seq.items = tree_.close_items(mark);
  }

  void parse_flow_map(Node& map) {
    DepthGuard guard(depth_);
    map.kind = Node::Kind::Mapping;
    map.mark = mark_at(p_);
    hook_next_ = false;  // `actions: {...}` holds no items
    KeySet keys;
    ++p_;
    skip_spaces();
    if (p_ < end_ && *p_ == '}') {
      ++p_;
      return;
    }
    const size_t mark = tree_.entries_mark();
    for (;;) {
      const char* k = key_end(p_, true);
      if (!k) decline();
      Node key;
      parse_key(key, k);
      if (!keys.add(tree_.open_entries(mark), key.value)) decline();
      skip_spaces();
      if (p_ < end_ && (*p_ == ',' || *p_ == '}')) decline();  // no value
      Node value;
      parse_flow_value(value);
      tree_.push(MapEntry{key, value});
      skip_spaces();
      if (p_ == end_) decline();
      if (*p_ == ',') {
        ++p_;
        skip_spaces();
        if (p_ < end_ && *p_ == '}') decline();  // a trailing comma
        continue;
      }
      if (*p_ == '}') {
        ++p_;
        break;
      }
      decline();
    }
    map.entries = tree_.close_entries(mark);
  }
};

}  // namespace

std::optional<Trees> parse_fast(std::string_view text, size_t max_scalar, int first_line,
                                const ActionHook* hook) {
  Trees out;
  try {
    out.docs = Parser(text, out.arena, max_scalar, first_line, hook).run();
  } catch (const Decline&) {
    return std::nullopt;
  }
  return out;
}

}  // namespace catan::text
