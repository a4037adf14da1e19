// Importers: game records written by other programs (JSettlers2 .soclog, catanatron's JSON
// export, catanlogs .catan transcripts) read into the same log::Game the catan-log/1 reader
// produces, so that check, show, redact and every renderer work on them unchanged.
// One file per format: import_jsettlers.cpp, import_catanatron.cpp, import_catanlogs.cpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "log/model.hpp"

namespace catan::log {

enum class SourceFormat : uint8_t { Jsettlers, Catanatron, Catanlogs };

std::string_view to_string(SourceFormat f);  // "jsettlers", "catanatron", "catanlogs"
std::optional<SourceFormat> parse_source_format(std::string_view name);

struct ImportOptions {
  int view_seat = -1;  // jsettlers --view N: what seat N received; -1: the server's view
};

// Something in the source the importer cannot map: its position in the source file.
struct ImportProblem {
  Mark at;
  std::string message;
};

// What one source file holds. A file with problems is not checked: every problem is
// reported (not only the first) and `games` may be incomplete.
struct Imported {
  std::vector<Game> games;
  std::vector<ImportProblem> problems;
};

Imported import_jsettlers(const std::string& file, std::string_view text,
                          const ImportOptions& options);
Imported import_catanatron(const std::string& file, std::string_view text,
                           const ImportOptions& options);
Imported import_catanlogs(const std::string& file, std::string_view text,
                          const ImportOptions& options);

// The format of a source file told from its content: a JSettlers2 event log (or the STAC
// legacy line form, which import_jsettlers then refuses by name), catanatron's JSON export
// (an object with "tiles" and "action_records"), or a catanlogs transcript ("catanlog v").
// nullopt when it is none of them (a catan-log/1 file included).
std::optional<SourceFormat> detect_format(std::string_view text);

// "jsettlers, catanatron, catanlogs": for messages naming the formats this build knows.
std::string_view known_formats();

// The importer of `format`.
Imported import_source(SourceFormat format, const std::string& file, std::string_view text,
                       const ImportOptions& options);

}  // namespace catan::log
