// JSettlers2 game event logs (.soclog, 2.5.00 and later): docs/IMPORT-JSETTLERS.md.
#pragma once

#include "import/imported.hpp"

namespace catan::importers {

Imported import_jsettlers(const std::string& file, std::string_view text,
                          const ImportOptions& options);

// A first line "SOC game event log: ...".
Sniff sniff_jsettlers(std::string_view head, bool ended);

}  // namespace catan::importers
