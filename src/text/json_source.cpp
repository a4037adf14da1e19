#include "text/json_source.hpp"

#include <cstddef>
#include <iterator>
#include <nlohmann/json.hpp>

namespace catan::text {

const JsonValue* JsonValue::get(std::string_view key) const {
  if (kind != Kind::Object) return nullptr;
  for (const auto& [k, v] : members)
    if (k == key) return &v;
  return nullptr;
}

std::string_view to_string(JsonValue::Kind k) {
  switch (k) {
    case JsonValue::Kind::Null:
      return "null";
    case JsonValue::Kind::Bool:
      return "a boolean";
    case JsonValue::Kind::Int:
      return "an integer";
    case JsonValue::Kind::Float:
      return "a fractional number";
    case JsonValue::Kind::String:
      return "a string";
    case JsonValue::Kind::Array:
      return "an array";
    case JsonValue::Kind::Object:
      return "an object";
  }
  return "a value";
}

namespace {

// An input iterator over the text that tells how many bytes the parser has consumed, so that
// each SAX event can be given the position of the token just read.
class CountingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  CountingIterator(const char* p, const char* base, size_t* consumed)
      : p_(p), base_(base), consumed_(consumed) {}
  reference operator*() const { return *p_; }
  CountingIterator& operator++() {
    ++p_;
    *consumed_ = static_cast<size_t>(p_ - base_);
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator old = *this;
    ++*this;
    return old;
  }
  friend bool operator==(const CountingIterator& a, const CountingIterator& b) {
    return a.p_ == b.p_;
  }

 private:
  const char* p_;
  const char* base_;
  size_t* consumed_;
};

using json = nlohmann::json;

JsonValue make(JsonValue::Kind k) {
  JsonValue v;
  v.kind = k;
  return v;
}

class TreeBuilder {
 public:
  TreeBuilder(std::string_view text, const size_t* consumed) : text_(text), consumed_(consumed) {
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') line_starts_.push_back(i + 1);
  }

  Mark mark_of(size_t offset) const {
    size_t lo = 0, hi = line_starts_.size();
    while (hi - lo > 1) {
      const size_t mid = (lo + hi) / 2;
      (line_starts_[mid] <= offset ? lo : hi) = mid;
    }
    return {static_cast<int>(lo + 1), static_cast<int>(offset - line_starts_[lo] + 1)};
  }

  // The start of the token that ends just before the parser's position.
  size_t scalar_start(size_t length_hint) const {
    const size_t end = *consumed_;
    if (length_hint > 0 && end >= length_hint) return end - length_hint;
    return end == 0 ? 0 : end - 1;
  }
  size_t string_start() const {
    // The closing quote is the last byte read; the opening one is the nearest quote before it
    // that no backslash escapes (a JSON string holds no other unescaped quote).
    size_t j = *consumed_ >= 2 ? *consumed_ - 2 : 0;
    while (j > 0) {
      if (text_[j] == '"') {
        size_t slashes = 0;
        while (j > slashes && text_[j - 1 - slashes] == '\\') ++slashes;
        if (slashes % 2 == 0) break;
      }
      --j;
    }
    return j;
  }
  size_t number_start() const {
    const auto in_number = [](char c) {
      return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
    };
    size_t end = *consumed_;
    // The lexer reads one byte past a number (unless the number ends the text).
    while (end > 0 && !in_number(text_[end - 1])) --end;
    size_t start = end;
    while (start > 0 && in_number(text_[start - 1])) --start;
    return start;
  }

  bool null() { return put(make(JsonValue::Kind::Null), scalar_start(4)); }
  bool boolean(bool v) {
    JsonValue j = make(JsonValue::Kind::Bool);
    j.boolean = v;
    return put(std::move(j), scalar_start(v ? 4 : 5));
  }
  bool number_integer(json::number_integer_t v) {
    JsonValue j = make(JsonValue::Kind::Int);
    j.integer = v;
    return put(std::move(j), number_start());
  }
  bool number_unsigned(json::number_unsigned_t v) {
    if (v > static_cast<json::number_unsigned_t>(INT64_MAX))
      return put(make(JsonValue::Kind::Float), number_start());
    return number_integer(static_cast<json::number_integer_t>(v));
  }
  bool number_float(json::number_float_t, const json::string_t&) {
    return put(make(JsonValue::Kind::Float), number_start());
  }
  bool string(json::string_t& s) {
    JsonValue j = make(JsonValue::Kind::String);
    j.text = std::move(s);
    return put(std::move(j), string_start());
  }
  bool binary(json::binary_t&) { return fail(*consumed_, "binary values are not JSON"); }
  bool start_object(std::size_t) { return open(JsonValue::Kind::Object); }
  bool start_array(std::size_t) { return open(JsonValue::Kind::Array); }
  bool key(json::string_t& k) {
    JsonValue& obj = stack_.back();
    for (const auto& [name, v] : obj.members)
      if (name == k) return fail(string_start(), "duplicate key \"" + clip(k) + "\" in an object");
    pending_key_ = std::move(k);
    return true;
  }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& ex) {
    std::string what = ex.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..."
    if (const auto colon = what.find(": ", what.find("column")); colon != std::string::npos)
      what = what.substr(colon + 2);
    else if (const auto bracket = what.find("] "); bracket != std::string::npos)
      what = what.substr(bracket + 2);
    return fail(base_ + (position == 0 ? 0 : position - 1), clip(what, 200));
  }

  std::optional<JsonValue> root;
  std::optional<JsonError> error;

  // Ready for the next value of the same text (JSON Lines), which starts at byte `base`.
  void reset(size_t base) {
    base_ = base;
    root.reset();
    error.reset();
    stack_.clear();
    keys_.clear();
    pending_key_.clear();
    values_ = 0;
  }

 private:
  static std::string clip(const std::string& s, size_t n = 40) {
    return s.size() <= n ? s : s.substr(0, n) + "...";
  }
  bool fail(size_t offset, std::string message) {
    if (!error) error = JsonError{mark_of(std::min(offset, text_.size())), std::move(message)};
    return false;
  }
  bool count(size_t at) {
    if (++values_ <= kMaxJsonValues) return true;
    return fail(at, "more than " + std::to_string(kMaxJsonValues) + " values");
  }
  bool open(JsonValue::Kind k) {
    const size_t at = *consumed_ == 0 ? 0 : *consumed_ - 1;
    if (!count(at)) return false;
    if (static_cast<int>(stack_.size()) >= kMaxJsonNesting)
      return fail(at, "nesting deeper than " + std::to_string(kMaxJsonNesting) + " levels");
    JsonValue j = make(k);
    j.at = mark_of(at);
    stack_.push_back(std::move(j));
    keys_.push_back(std::move(pending_key_));
    pending_key_.clear();
    return true;
  }
  bool close() {
    JsonValue done = std::move(stack_.back());
    stack_.pop_back();
    pending_key_ = std::move(keys_.back());
    keys_.pop_back();
    return attach(std::move(done));
  }
  bool put(JsonValue v, size_t start) {
    if (!count(start)) return false;
    v.at = mark_of(start);
    return attach(std::move(v));
  }
  bool attach(JsonValue v) {
    if (stack_.empty()) {
      root = std::move(v);
      return true;
    }
    JsonValue& parent = stack_.back();
    if (parent.kind == JsonValue::Kind::Array)
      parent.items.push_back(std::move(v));
    else
      parent.members.push_back(JsonMember{std::move(pending_key_), std::move(v)});
    pending_key_.clear();
    return true;
  }

  std::string_view text_;
  const size_t* consumed_;
  std::vector<size_t> line_starts_{0};
  std::vector<JsonValue> stack_;
  std::vector<std::string> keys_;  // the key each open container is the value of
  std::string pending_key_;
  size_t values_ = 0;
  size_t base_ = 0;  // where the value parsed starts in text_ (the parser counts from there)
};

// One value parsed from text[begin, end), positions in the whole text.
JsonParse parse_range(TreeBuilder& builder, std::string_view text, size_t begin, size_t end,
                      size_t& consumed) {
  builder.reset(begin);
  consumed = begin;
  const CountingIterator first(text.data() + begin, text.data(), &consumed);
  const CountingIterator last(text.data() + end, text.data(), &consumed);
  JsonParse out;
  const bool ok = json::sax_parse(first, last, &builder);
  if (!ok || !builder.root) {
    out.error = builder.error ? *builder.error
                              : JsonError{builder.mark_of(consumed), "not a complete JSON value"};
    return out;
  }
  out.value = std::move(builder.root);
  return out;
}

bool blank(std::string_view s) { return s.find_first_not_of(" \t\r\n") == std::string_view::npos; }

}  // namespace

namespace {

// One value a line when the first non-blank line holds a whole value (JSON Lines), else
// nullopt, or with `whole` the text as one value: one line index and one builder for both.
std::optional<std::vector<JsonParse>> parse_values(std::string_view text, bool whole) {
  size_t consumed = 0;
  TreeBuilder builder(text, &consumed);
  std::vector<JsonParse> out;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    if (!blank(text.substr(begin, end - begin))) {
      out.push_back(parse_range(builder, text, begin, end, consumed));
      // Not JSON Lines unless the first value is whole on its line.
      if (out.size() == 1 && out[0].error) {
        out.clear();
        break;
      }
    }
    begin = end + 1;
  }
  if (!out.empty()) return out;
  if (!whole) return std::nullopt;
  out.push_back(parse_range(builder, text, 0, text.size(), consumed));
  return out;
}

}  // namespace

std::optional<std::vector<JsonParse>> parse_json_lines(std::string_view text) {
  return parse_values(text, false);
}

std::vector<JsonParse> parse_json_values(std::string_view text) {
  return *parse_values(text, true);
}

JsonParse parse_json(std::string_view text) {
  size_t consumed = 0;
  TreeBuilder builder(text, &consumed);
  return parse_range(builder, text, 0, text.size(), consumed);
}

}  // namespace catan::text
