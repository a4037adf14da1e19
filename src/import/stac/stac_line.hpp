// One line of the STAC legacy form (docs/IMPORT-STAC.md):
//   YYYY:MM:DD:hh:mm:ss:ms:+zone:MessageType:key=value|key=value...
// read into its message type and fields, each with its 1-based column, without copying.
// The fields of a chat line (SOCGameTextMsg, GAME-TEXT-MESSAGE) end with the free text,
// which may hold '|' and '='; the other messages split at every '|', so nested sets such as
// `give=clay=0|ore=1|...` come out as consecutive fields (read them with read_cards).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/resources.hpp"

namespace catan::importers::stac {

// Lines longer than this are refused (the longest real line, the board, is ~330 bytes).
inline constexpr size_t kMaxLineBytes = 16 * 1024;
// Fields per line beyond this are refused (the longest real message has 16).
inline constexpr size_t kMaxFields = 64;
// The length of the time stamp and its separator: "2012:11:17:17:01:18:310:+0000:".
inline constexpr size_t kStampBytes = 30;

struct Field {
  std::string_view key;    // empty for a value without `key=` (SOCGameStats' scores)
  std::string_view value;  // the text after the first '='
  int column = 0;          // 1-based column of the field's first byte in the line
  int value_column = 0;    // 1-based column of the value
};

struct Line {
  int number = 0;
  std::string_view type;  // SOCPutPiece, GAME-TEXT-MESSAGE, ...
  int type_column = 0;
  std::vector<Field> fields;

  const Field* field(std::string_view key) const;
  std::optional<std::string_view> get(std::string_view key) const;
};

// What went wrong in a line, and where.
struct LineError {
  int column = 1;
  std::string message;
};

// Whether `l` starts with the time stamp (digits at their places, the zone's sign).
bool has_stamp(std::string_view l);

// The line read, or why not. `l` holds no line end.
struct ParsedLine {
  std::optional<Line> line;
  std::optional<LineError> error;
};
ParsedLine parse_line(std::string_view l, int number);
// The fields view the text: a temporary string would leave them dangling.
ParsedLine parse_line(std::string&& l, int number) = delete;

// A decimal integer (optionally negative), or a hexadecimal one when base is 16 (an
// optional 0x prefix); nullopt unless the whole text is the number and it fits in int.
std::optional<int> to_int(std::string_view s, int base = 10);

// The six fields `key=clay=N|ore=N|sheep=N|wheat=N|wood=N|unknown=N` starting at the field
// named `key`: the known cards and the unknown count, or an error naming the bad field.
struct Cards {
  core::ResourceSet known;
  int unknown = 0;
};
struct CardsOrError {
  std::optional<Cards> cards;
  std::optional<LineError> error;
};
CardsOrError read_cards(const Line& m, std::string_view key);

}  // namespace catan::importers::stac
