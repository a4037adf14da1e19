// A fast reader for catan-log/1 games written as JSON (what most engines export): one JSON
// value, or one per line (JSON lines), read into exactly the trees (kinds, values, quoted
// flags, marks, entry order, document boundaries) that DocumentReader builds with yaml-cpp
// for the same text, as text/fast_yaml does for block YAML. yaml-cpp stays the reader of
// record: anything outside the subset below is declined, and the caller falls back to it,
// which also gives the error messages for malformed input.
//
// Written by hand rather than on nlohmann-json's SAX parser (which json_source uses for the
// importers): the subset must mark every token as yaml-cpp does and decline, not reinterpret,
// anything yaml-cpp reads differently from a JSON parser (escapes, fractions, exponents,
// non-ASCII, control characters), and a scanner over the text is what makes it fast.
//
// The subset: objects, arrays, double-quoted strings of printable ASCII without backslashes,
// integers (`-?[0-9]+`), `true`, `false`, `null`; spaces and line feeds between tokens;
// several top-level values each starting a line. Declined, among others: escapes, fractions
// and exponents, tabs, carriage returns, non-ASCII, comments, `---`, duplicate keys, empty
// keys, nesting deeper than fast_yaml's limit, a scalar longer than `max_scalar`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "text/yaml_tree.hpp"

namespace catan::text {

// Whether `text` starts (after spaces and line feeds) with `{`: the only texts parse_fast_json
// is tried on.
bool looks_like_json(std::string_view text);

// The documents of `text` as trees (their scalars view `text`, as parse_fast's), or nullopt
// when the text uses anything outside the
// subset (the caller then uses yaml-cpp). `first_line` and `hook` (the items of the root
// object's `actions` array): as parse_fast's.
std::optional<Trees> parse_fast_json(std::string_view text, size_t max_scalar = SIZE_MAX,
                                     int first_line = 1, const ActionHook* hook = nullptr);

}  // namespace catan::text
