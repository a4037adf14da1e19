// Formats the messages of the message table (core/messages.def): the text of an argument,
// a template filled with its arguments, and the positional form SARIF's messageStrings use.
#pragma once

#include <string>
#include <string_view>

#include "core/message.hpp"
#include "core/violation.hpp"

namespace catan::diag {

class JsonWriter;

// An argument as the message shows it: "red", "{brick: 4}", "[0, -1, S] (written ...)".
std::string arg_text(const core::Arg& a);
// The template of m filled with its arguments.
std::string message_text(const core::Message& m);
// A violation's message: its template's text, after "in every consistent world (N): " for
// an entry that every consistent world of a player-view log refuses.
std::string message_text(const core::Violation& v);
// The template with SARIF's positional placeholders: "{0} already holds {1}'s {2}".
std::string positional_template(core::MessageId id);
// The arguments as a JSON object, each by its kind: integers as numbers, players, cards,
// resources and text as strings, a resource set as an object of its five counts, a corner
// or path as [q, r, "DIR"] (its canonical name; off the island, the name as written) and a
// hex as [q, r].
void write_arguments(JsonWriter& w, const core::Message& m);

}  // namespace catan::diag
