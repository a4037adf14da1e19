// libFuzzer target: the STAC legacy importer (importers::import_stac) on any bytes, then the replay
// of what it imported. Every problem must point inside the input (line and column from 1);
// any crash, sanitizer report, uncaught exception, timeout or runaway allocation is a
// finding: add the input to tests/unit/import_stac_test.cpp as a case.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "diag/render_text.hpp"
#include "import/stac/import_stac.hpp"
#include "replay/replay.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const catan::importers::Imported in = catan::importers::import_stac("fuzz", text, {});
  int lines = 1;
  for (char c : text) lines += c == '\n';
  for (const auto& p : in.problems)
    if (p.at.line < 1 || p.at.line > lines || p.at.column < 1 ||
        static_cast<size_t>(p.at.column) > size + 1 || p.message.empty())
      std::abort();
  if (!in.problems.empty()) return 0;
  catan::replay::Settings settings;
  settings.max_worlds = 500;  // as fuzz_check: player views reach the approximation quickly
  for (const auto& g : in.games) {
    const auto out = catan::replay::replay("fuzz", g, settings);
    (void)catan::diag::render_text(out.report, false, catan::diag::TextStyle{false, nullptr});
  }
  return 0;
}
