// A log::Entry as a few bytes and back, exactly: every member of its action and every mark.
// A live game (replay::Session) keeps each accepted entry this way so that undo can replay
// them; a log::Entry is about 460 bytes with its allocations, a packed one 10 to 30 (only
// the members that differ from a default-constructed entry are written, as varints, and
// the marks as lines relative to the entry's own). Not a file format: the bytes live and
// die with the process.
#pragma once

#include <string>
#include <string_view>

#include "log/model.hpp"

namespace catan::log {

// Appends `e` to `out`.
void pack_entry(const Entry& e, std::string& out);
// Reads one entry from the front of `in` and advances `in` past it. `in` must hold what
// pack_entry wrote (std::logic_error otherwise: the caller's bytes, not a user's input).
Entry unpack_entry(std::string_view& in);

}  // namespace catan::log
