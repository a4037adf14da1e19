// libFuzzer target over the whole checking path: YAML reader, replay through the rules
// (with invariant checks), and every report renderer. Any crash, sanitizer report,
// uncaught exception, timeout or runaway allocation is a finding; add the input to
// samples/ (or tests/schema/cases/) as a regression case.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "diag/render_github.hpp"
#include "diag/render_json.hpp"
#include "diag/render_junit.hpp"
#include "diag/render_sarif.hpp"
#include "diag/render_text.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream in(text);
  std::vector<catan::diag::GameReport> reports;
  catan::log::read_stream(in, [&](catan::log::Document&& doc) {
    // A low world bound: player-view inputs reach the interval approximation quickly, and no
    // input multiplies worlds past what the fuzzer's per-input timeout allows.
    catan::replay::Settings settings;
    settings.max_worlds = 500;
    reports.push_back(doc.game ? catan::replay::replay("fuzz.yaml", *doc.game, settings).report
                               : catan::replay::malformed("fuzz.yaml", doc));
  });
  const catan::diag::SourceText source(text);
  const catan::diag::TextStyle style{false, &source};
  for (const auto& r : reports) (void)catan::diag::render_text(r, false, style);
  (void)catan::diag::render_json(reports);
  (void)catan::diag::render_junit(reports);
  (void)catan::diag::render_github(reports);
  if (reports.size() < 4) (void)catan::diag::render_sarif(reports, {"fuzz"});
  return 0;
}
