// YAML syntax errors in plain words: yaml-cpp says "illegal map value" or "end of map not
// found" at the place where it gave up; this looks at the text around that place and says
// what is wrong (a tab in the indentation, a bracket never closed, a line that does not
// line up, `-` without a space) and where the user has to look.
#pragma once

#include <string>
#include <string_view>

#include "text/yaml_tree.hpp"

namespace catan::text {

struct PlainSyntaxError {
  Mark at;
  std::string message;  // without the "YAML syntax error: " prefix
};

// `parser_message`: yaml-cpp's own words (its ErrorMsg constants), `at` its position (1-based).
// `text` may be empty (a stream read without its text): then only the words change.
PlainSyntaxError explain_syntax_error(std::string_view text, Mark at,
                                      std::string_view parser_message);

}  // namespace catan::text
