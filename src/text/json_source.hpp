// A JSON text read into a small tree that keeps the 1-based line and column of every value,
// for importers that must point at the source (catanatron's export). Parsing is
// nlohmann-json's SAX parser (Debian nlohmann-json3-dev), used only in json_source.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "text/yaml_tree.hpp"

namespace catan::text {

struct JsonMember;

struct JsonValue {
  enum class Kind : uint8_t { Null, Bool, Int, Float, String, Array, Object };
  Kind kind = Kind::Null;
  Mark at;
  bool boolean = false;
  int64_t integer = 0;  // Int
  std::string text;     // String
  std::vector<JsonValue> items;
  std::vector<JsonMember> members;  // Object, in document order

  // The member named `key` of an object, or null when absent (or not an object).
  const JsonValue* get(std::string_view key) const;
  bool is(Kind k) const { return kind == k; }
};

struct JsonMember {
  std::string key;
  JsonValue value;
};

std::string_view to_string(JsonValue::Kind k);  // "null", "a number", "a string", ...

// Deeper nesting is refused (no export needs more than a few levels; the tree is freed
// recursively).
inline constexpr int kMaxJsonNesting = 64;
// More values are refused (a tree node takes about 110 bytes; a real export holds about
// 10,000 values), so that memory stays bounded whatever the input's size.
inline constexpr size_t kMaxJsonValues = 1000000;

struct JsonError {
  Mark at;
  std::string message;
};

struct JsonParse {
  std::optional<JsonValue> value;
  std::optional<JsonError> error;
};

// Strict RFC 8259 JSON (no comments, no trailing commas); a duplicate key in an object is an
// error. Columns count bytes.
JsonParse parse_json(std::string_view text);

// JSON Lines (one value a line, blank lines skipped): every line's value or error, with
// positions in the whole text, each line parsed once; nullopt when `text` is not JSON Lines
// (its first non-blank line is not a whole value, as in pretty-printed JSON, or there is
// none): read it with parse_json. One compact value on one line is JSON Lines of one.
std::optional<std::vector<JsonParse>> parse_json_lines(std::string_view text);
// parse_json_lines, else the text as one value (parse_json): the text indexed once.
std::vector<JsonParse> parse_json_values(std::string_view text);

}  // namespace catan::text
