// catanatron's JSON export (GameEncoder): docs/IMPORT-CATANATRON.md.
#pragma once

#include "import/imported.hpp"

namespace catan::importers {

Imported import_catanatron(const std::string& file, std::string_view text,
                           const ImportOptions& options);

// A JSON object whose keys include "tiles" and "action_records" (a catan-log/1 game
// written as JSON has "format" and "actions" instead).
Sniff sniff_catanatron(std::string_view head, bool ended);

}  // namespace catan::importers
