// A fast reader for the regular subset of YAML that catan-log/1 files are written in,
// producing exactly the trees (kinds, values, quoted flags, marks, entry order, document
// boundaries) that DocumentReader builds with yaml-cpp. Anything outside the subset is
// declined, and the caller then falls back to yaml-cpp, which also reports the errors.
//
// The subset: spaces for indentation; block mappings with plain keys; block sequences
// (`- ` items, also at the key's own column and with `- key: value` compact mappings);
// single-line flow collections; single-line plain, 'single' and "double" quoted scalars
// (double-quoted without backslashes); comments; `---` between non-empty documents;
// `key:` with no value (a Null node, marked where yaml-cpp marks it). Declined, among
// others: anchors, aliases, tags, directives, block scalars, multi-line scalars or flow
// collections, tabs, carriage returns, control characters, non-ASCII outside comments,
// `...`, quoted or complex keys, duplicate keys, empty documents, trailing flow commas.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "text/yaml_tree.hpp"

namespace catan::text {

// Returns the documents of `text` as trees in their arena, their scalars viewing `text` (keep
// it while the trees are read; no trees when there are none), or
// nullopt when the text uses anything outside the fast subset (the caller then uses
// yaml-cpp, which also produces the error messages for malformed input).
// A scalar longer than `max_scalar` is declined (yaml-cpp then reports it). `first_line`:
// the line number of the text's first line (a document cut from a longer input). `hook`: as
// DocumentReader's, called with each item of the root mapping's block sequence `actions`
// once it is complete; an item it takes is not kept. When the text is declined after the
// hook took items, the caller reads it again with yaml-cpp, which calls its hook afresh.
std::optional<Trees> parse_fast(std::string_view text, size_t max_scalar = SIZE_MAX,
                                int first_line = 1, const ActionHook* hook = nullptr);

}  // namespace catan::text
