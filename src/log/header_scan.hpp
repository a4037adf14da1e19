// Whether a document's text has a header key after its `actions` (any top-level key but
// `result`), decided on the text before it is parsed: such a document's entries cannot be
// judged as they are read (the header they need comes later), so it is read whole, once,
// instead of streamed. A scan, not a parser: for a valid document the answer is exact;
// for a malformed one it may be either (the parser then reports the problem, and a
// document streamed in error is read again whole: log::Document::reread).
//
// What writers write costs a look at the end of the text only: the members after
// `actions` and the last entry (classified by its `player` key, which a player list or a
// roll-off round cannot hold). Any other shape is scanned from the start.
#pragma once

#include <optional>
#include <string_view>

namespace catan::log {

// Block YAML (the form logs are written in): one document.
bool yaml_header_after_actions(std::string_view text);

// JSON: one object (as check's reader cuts JSON Lines into pieces). From the end, the last
// object is read; a text of several values on one line, which the reader reads again
// anyway, is scanned only when its last object is not in the shape writers write.
bool json_header_after_actions(std::string_view text);

// The two ways the functions above decide, exposed for tests that compare them: from the
// end (empty when the text is not in the shape that reads), and a scan of the whole text.
std::optional<bool> yaml_header_after_actions_from_end(std::string_view text);
std::optional<bool> json_header_after_actions_from_end(std::string_view text);
bool yaml_header_after_actions_scanned(std::string_view text);
bool json_header_after_actions_scanned(std::string_view text);

}  // namespace catan::log
