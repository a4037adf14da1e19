// libFuzzer target over the JSettlers2 importer: any byte string is a .soclog, imported in
// the server view and in a seat's view; what imports is written as catan-log/1, read back
// (it must read: the writer and the reader agree) and replayed with invariant checks. Any
// crash, sanitizer report, uncaught exception, timeout or runaway allocation is a finding.
// The seed corpus (scripts/fuzz.sh) is the project's own fixture, tests/fixtures/jsettlers/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "import/jsettlers/import_jsettlers.hpp"
#include "import/registry.hpp"
#include "log/reader.hpp"
#include "log/writer.hpp"
#include "replay/replay.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (int view : {-1, 2}) {
    catan::importers::ImportOptions o;
    o.view_seat = view;
    const catan::importers::Imported im =
        catan::importers::import_jsettlers("fuzz.soclog", text, o);
    if (!im.problems.empty() && !im.games.empty()) std::abort();  // never half-converted
    for (const catan::log::Game& g : im.games) {
      catan::replay::Settings settings;
      settings.max_worlds = 500;
      (void)catan::replay::replay("fuzz.soclog", g, settings);
      const auto docs = catan::log::read_string(catan::log::write_game(g));
      if (docs.size() != 1) std::abort();
      // Names and values come from the source; whatever the importer accepted, the YAML it
      // writes must be a well-formed catan-log/1 document.
      if (!docs[0].game) std::abort();
    }
  }
  return 0;
}
