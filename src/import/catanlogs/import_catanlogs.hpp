// catanlogs .catan transcripts of games played by people: docs/IMPORT-CATANLOGS.md.
#pragma once

#include "import/imported.hpp"

namespace catan::importers {

Imported import_catanlogs(const std::string& file, std::string_view text,
                          const ImportOptions& options);

// A first line "catanlog v...".
Sniff sniff_catanlogs(std::string_view head, bool ended);

}  // namespace catan::importers
