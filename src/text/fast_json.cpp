#include "text/fast_json.hpp"

#include <string>

#include "diag/utf8.hpp"
#include "text/tree_stack.hpp"

// Marks, as yaml-cpp gives them for the same text: a collection at its `{` or `[`, a scalar
// at its first character (the quote of a string), `null` as a Null node marked the same way.
// A string is a quoted scalar; an integer, `true` and `false` are plain scalars.

namespace catan::text {

namespace {

struct Decline {};
[[noreturn]] void decline() { throw Decline{}; }

constexpr int kMaxDepth = 100;  // as text/fast_yaml; yaml-cpp gives up at 500 nested nodes

class Parser {
 public:
  Parser(std::string_view text, Arena& arena, size_t max_scalar, int first_line,
         const ActionHook* hook)
      : tree_(arena),
        p_(text.data()),
        end_(text.data() + text.size()),
        line_start_(text.data()),
        line_(first_line),
        max_scalar_(max_scalar),
        hook_(hook && *hook ? hook : nullptr) {}

  std::vector<Node> documents() {
    std::vector<Node> out;
    skip_space();
    while (p_ < end_) {
      if (p_ != line_start_) decline();  // a second value on the line of the first
      if (*p_ != '{') decline();         // a top-level value that is not an object
      root_ = &out.emplace_back();
      parse_value(*root_);
      skip_space();
    }
    if (out.empty()) decline();  // no document: the caller says so as for YAML
    return out;
  }

 private:
  Mark mark() const { return {line_, static_cast<int>(p_ - line_start_) + 1}; }

  void skip_space() {
    while (p_ < end_) {
      if (*p_ == ' ') {
        ++p_;
      } else if (*p_ == '\n') {
        ++p_;
        ++line_;
        line_start_ = p_;
      } else {
        return;
      }
    }
  }

  void parse_value(Node& out) {
    skip_space();
    if (p_ == end_) decline();
    out.mark = mark();
    switch (*p_) {
      case '{':
        return parse_object(out);
      case '[':
        return parse_array(out);
      case '"':
        return parse_string(out);
      default:
        return parse_word(out);
    }
  }

  void parse_object(Node& out) {
    if (++depth_ > kMaxDepth) decline();
    out.kind = Node::Kind::Mapping;
    ++p_;  // {
    skip_space();
    if (p_ < end_ && *p_ == '}') {
      ++p_;
      --depth_;
      return;
    }
    KeySet keys;
    const size_t mark = tree_.entries_mark();
    if (depth_ == 1) root_entries_ = mark;
    for (;;) {
      skip_space();
      if (p_ == end_ || *p_ != '"') decline();
      MapEntry e;
      e.key.mark = this->mark();
      parse_string(e.key);
      if (e.key.value.empty()) decline();
      if (!keys.add(tree_.open_entries(mark), e.key.value)) decline();
      while (p_ < end_ && *p_ == ' ') ++p_;  // yaml-cpp: a key's `:` is on the key's line
      if (p_ == end_ || *p_ != ':') decline();
      ++p_;
      hook_next_ = hook_ && depth_ == 1 && e.key.value == "actions";
      parse_value(e.value);
      hook_next_ = false;
      tree_.push(e);
      skip_space();
      if (p_ == end_) decline();
      if (*p_ == ',') {
        ++p_;
        continue;
      }
      if (*p_ != '}') decline();
      ++p_;
      --depth_;
      out.entries = tree_.close_entries(mark);
      return;
    }
  }

  void parse_array(Node& out) {
    if (++depth_ > kMaxDepth) decline();
    out.kind = Node::Kind::Sequence;
    const bool hooked = hook_next_;
    hook_next_ = false;
    ++p_;  // [
    skip_space();
    if (p_ < end_ && *p_ == ']') {
      ++p_;
      --depth_;
      return;
    }
    const size_t mark = tree_.items_mark();
    for (;;) {
      const Arena::Checkpoint start = tree_.arena().checkpoint();
      Node item;
      parse_value(item);
      if (hooked)
        tree_.offer(*hook_, *root_, root_entries_, item, start);
      else
        tree_.push(item);
      skip_space();
      if (p_ == end_) decline();
      if (*p_ == ',') {
        ++p_;
        continue;
      }
      if (*p_ != ']') decline();
      ++p_;
      --depth_;
      out.items = tree_.close_items(mark);
      return;
    }
  }

  // Printable ASCII, well-formed UTF-8 from U+00A0 on and the escapes JSON writers use
  // (\" \\ \b \f \n \r \t \uXXXX outside the surrogates), on one line: yaml-cpp reads
  // them the same, but refuses a key of more than 1,024 characters (a long player name in
  // `gains`), which JSON allows. U+2028, U+2029 and U+FEFF written as they are, and every
  // other escape, are left to yaml-cpp (it reads the first two as line breaks).
  void parse_string(Node& out) {
    out.kind = Node::Kind::Scalar;
    out.quoted = true;
    const char* q = ++p_;
    // The usual string (a key, a name, a word) is printable ASCII to the closing quote: one
    // tight loop over it, and the loop below only from an escape or other character on.
    while (q < end_) {
      const auto c = static_cast<unsigned char>(*q);
      if (c == '"' || c == '\\' || c < 0x20 || c > 0x7e) break;
      ++q;
    }
    std::string decoded;  // the value, once an escape was met
    bool escaped = false;
    while (q < end_ && *q != '"') {
      const auto c = static_cast<unsigned char>(*q);
      if (c >= 0x80) {
        char32_t cp = 0;
        const std::string_view rest(q, static_cast<size_t>(end_ - q));
        const size_t len = diag::decode_utf8(rest, 0, cp);
        if (len == 0 || cp < 0xa0 || cp == 0x2028 || cp == 0x2029 || cp == 0xfeff) decline();
        if (escaped) decoded.append(q, len);
        q += len;
        continue;
      }
      if (c < 0x20 || c > 0x7e) decline();
      if (c != '\\') {
        if (escaped) decoded += static_cast<char>(c);
        ++q;
        continue;
      }
      if (!escaped) decoded.assign(p_, q), escaped = true;
      if (q + 1 >= end_) decline();
      const char e = q[1];
      q += 2;
      switch (e) {
        case '"':
        case '\\':
          decoded += e;
          break;
        case 'b':
          decoded += '\b';
          break;
        case 'f':
          decoded += '\f';
          break;
        case 'n':
          decoded += '\n';
          break;
        case 'r':
          decoded += '\r';
          break;
        case 't':
          decoded += '\t';
          break;
        case 'u': {
          if (end_ - q < 4) decline();
          unsigned cp = 0;
          for (int i = 0; i < 4; ++i) {
            const char h = q[i];
            const int v = h >= '0' && h <= '9'   ? h - '0'
                          : h >= 'a' && h <= 'f' ? h - 'a' + 10
                          : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                 : -1;
            if (v < 0) decline();
            cp = cp * 16 + static_cast<unsigned>(v);
          }
          q += 4;
          if (cp >= 0xd800 && cp <= 0xdfff) decline();
          if (cp < 0x80) {
            decoded += static_cast<char>(cp);
          } else if (cp < 0x800) {
            decoded += static_cast<char>(0xc0 | (cp >> 6));
            decoded += static_cast<char>(0x80 | (cp & 0x3f));
          } else {
            decoded += static_cast<char>(0xe0 | (cp >> 12));
            decoded += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
            decoded += static_cast<char>(0x80 | (cp & 0x3f));
          }
          break;
        }
        default:
          decline();
      }
    }
    if (q == end_) decline();
    if (static_cast<size_t>(q - p_) > max_scalar_) decline();
    out.value = escaped ? tree_.text(decoded) : std::string_view(p_, static_cast<size_t>(q - p_));
    p_ = q + 1;
  }

  // An integer, true, false or null, ended by a delimiter.
  void parse_word(Node& out) {
    const char* q = p_;
    if (*q == '-') ++q;
    const char* digits = q;
    while (q < end_ && *q >= '0' && *q <= '9') ++q;
    std::string_view word;
    if (q > digits) {
      word = std::string_view(p_, static_cast<size_t>(q - p_));
    } else {
      q = p_;
      while (q < end_ && *q >= 'a' && *q <= 'z') ++q;
      word = std::string_view(p_, static_cast<size_t>(q - p_));
      if (word != "true" && word != "false" && word != "null") decline();
    }
    if (q < end_ && *q != ',' && *q != '}' && *q != ']' && *q != ' ' && *q != '\n') decline();
    if (word.size() > max_scalar_) decline();
    if (word == "null") {
      out.kind = Node::Kind::Null;
    } else {
      out.kind = Node::Kind::Scalar;
      out.value = word;
    }
    p_ = q;
  }

  TreeStack tree_;
  const char* p_;
  const char* end_;
  const char* line_start_;
  int line_ = 1;
  int depth_ = 0;
  size_t max_scalar_;
  // As fast_yaml's: each item of the root object's `actions` array, once complete.
  const ActionHook* hook_ = nullptr;
  Node* root_ = nullptr;
  size_t root_entries_ = 0;  // where the root's entries start in tree_
  bool hook_next_ = false;
};

}  // namespace

bool looks_like_json(std::string_view text) {
  for (char c : text) {
    if (c == ' ' || c == '\n') continue;
    return c == '{';
  }
  return false;
}

std::optional<Trees> parse_fast_json(std::string_view text, size_t max_scalar, int first_line,
                                     const ActionHook* hook) {
  Trees out;
  try {
    out.docs = Parser(text, out.arena, max_scalar, first_line, hook).documents();
  } catch (const Decline&) {
    return std::nullopt;
  }
  return out;
}

}  // namespace catan::text
