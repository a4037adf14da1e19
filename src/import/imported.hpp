// What an importer gives: game records written by other programs (JSettlers2 .soclog,
// catanatron's JSON export, catanlogs .catan transcripts) read into the same log::Game the
// catan-log/1 reader produces, so that check, show, redact and every renderer work on them
// unchanged. One folder per format under src/import/, each registered once in
// import/registry.cpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "log/model.hpp"

namespace catan::importers {

class GameFollower;  // import/follower.hpp

struct ImportOptions {
  int view_seat = -1;  // a seat's view (--view N): what seat N received; -1: everything
  // For a record of one game whose importer follows the game through the rules
  // (catanlogs): the follower to feed, which check makes judge the game as well; null:
  // the importer follows it alone.
  GameFollower* follower = nullptr;
};

// Something in the source the importer cannot map: its position in the source file.
struct ImportProblem {
  text::Mark at;
  std::string message;
};

// What one source file holds. A file with problems is not checked: every problem is
// reported (not only the first) and `games` may be incomplete.
struct Imported {
  std::vector<log::Game> games;
  std::vector<ImportProblem> problems;
};

// An importer: the games of the source `text`, read from `file` (for messages).
using ImportFunction = Imported (*)(const std::string& file, std::string_view text,
                                    const ImportOptions& options);

// What a format's first bytes say.
enum class Sniff : uint8_t {
  No,    // not this format
  Yes,   // this format
  More,  // cannot tell yet: more bytes (up to the format's sniff_bytes) would
};

}  // namespace catan::importers
