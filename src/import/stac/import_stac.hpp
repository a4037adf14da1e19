// The STAC corpus's legacy game logs (human league games on a JSettlers 1.x-based server,
// 2011-2013) as log::Game: one message a line,
//   YYYY:MM:DD:hh:mm:ss:ms:+zone:MessageType:key=value|key=value...
// with the server's and the clients' messages interleaved and no audience. The grammar, the
// message table and what is refused: docs/IMPORT-STAC.md.
#pragma once

#include <string>
#include <string_view>

#include "import/imported.hpp"

namespace catan::importers {

// A complete record (the server saw every hand): the game has no `view`. A file with
// problems yields no game; every problem has the line and column of its message or field.
importers::Imported import_stac(const std::string& file, std::string_view text,
                                const importers::ImportOptions& options);

// Whether a file's first bytes look like the STAC legacy form: its first line starts with
// the time stamp `dddd:dd:dd:dd:dd:dd:ddd:+dddd:` (a UTF-8 byte order mark is skipped).
bool looks_like_stac(std::string_view first_bytes);

// The registry's test (import/registry.hpp): the time stamp and then a message type `SOC...`.
Sniff sniff_stac(std::string_view head, bool ended);

}  // namespace catan::importers
