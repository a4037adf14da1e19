// The table of formats: one line each. Adding a format: its folder under src/import/, one
// line here, its tests and its doc page (the drift test names what else to update).
#include "import/registry.hpp"

#include <algorithm>
#include <array>

#include "import/catanatron/import_catanatron.hpp"
#include "import/catanlogs/import_catanlogs.hpp"
#include "import/jsettlers/import_jsettlers.hpp"
#include "import/stac/import_stac.hpp"

namespace catan::importers {
namespace {

constexpr std::array<std::string_view, 0> kNone{};
constexpr std::array<std::string_view, 1> kJsettlersAliases{"soclog"};
constexpr std::array<std::string_view, 1> kSoclog{".soclog"};
constexpr std::array<std::string_view, 2> kJson{".json", ".jsonl"};
constexpr std::array<std::string_view, 1> kCatan{".catan"};

const std::array<Format, 4> kFormats{{
    {"jsettlers", kJsettlersAliases, kSoclog, "JSettlers2 game event logs (2.5.00 and later)",
     "docs/IMPORT-JSETTLERS.md",
     "every action and every hidden card (the server's view), or one seat's view; the "
     "classic board and the 6-player board with its Special Building Phase",
     sniff_jsettlers, 64, import_jsettlers, true},
    {"catanatron", kNone, kJson, "catanatron's JSON export (GameEncoder)",
     "docs/IMPORT-CATANATRON.md",
     "every action with its hidden cards, the dice as a sum; no seat's view", sniff_catanatron,
     size_t{64} << 10, import_catanatron, false},
    {"catanlogs", kNone, kCatan, "catanlogs .catan transcripts of games played by people",
     "docs/IMPORT-CATANLOGS.md",
     "the public view: dice sums, steals and buys unseen, discards not written", sniff_catanlogs,
     16, import_catanlogs, false},
    {"stac", kNone, kSoclog, "STAC corpus human league games (JSettlers 1.x server logs)",
     "docs/IMPORT-STAC.md",
     "every action and every hand as the server saw them, hand snapshots as expect; the "
     "classic board only",
     sniff_stac, 64, import_stac, false},
}};

}  // namespace

std::span<const Format> formats() { return kFormats; }

const Format* find_format(std::string_view name) {
  for (const Format& f : kFormats) {
    if (f.name == name) return &f;
    if (std::find(f.aliases.begin(), f.aliases.end(), name) != f.aliases.end()) return &f;
  }
  return nullptr;
}

Detection detect(std::string_view head, bool ended) {
  Detection d;
  for (const Format& f : kFormats) {
    const Sniff s = f.sniff(head, ended);
    if (s == Sniff::Yes) return {&f, false};
    d.more = d.more || s == Sniff::More;
  }
  return d;
}

const Format* detect_format(std::string_view text) { return detect(text, true).format; }

size_t detect_bytes() {
  size_t n = 0;
  for (const Format& f : kFormats) n = std::max(n, f.sniff_bytes);
  return n;
}

std::vector<std::string_view> log_extensions() {
  std::vector<std::string_view> out{".yaml", ".yml", ".json", ".jsonl"};
  for (const Format& f : kFormats)
    for (std::string_view e : f.extensions)
      if (std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
  return out;
}

std::string format_names(std::string_view separator) {
  std::string out;
  for (const Format& f : kFormats) {
    if (!out.empty()) out += separator;
    out += f.name;
  }
  return out;
}

}  // namespace catan::importers
