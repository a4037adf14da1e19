// The importers' shared part: format names, recognising a format by content, dispatch.
#include "log/import.hpp"

#include <cctype>

namespace catan::log {

std::string_view to_string(SourceFormat f) {
  switch (f) {
    case SourceFormat::Jsettlers:
      return "jsettlers";
    case SourceFormat::Catanatron:
      return "catanatron";
    case SourceFormat::Catanlogs:
      return "catanlogs";
  }
  return "?";
}

std::optional<SourceFormat> parse_source_format(std::string_view name) {
  for (auto f : {SourceFormat::Jsettlers, SourceFormat::Catanatron, SourceFormat::Catanlogs})
    if (to_string(f) == name) return f;
  return std::nullopt;
}

std::string_view known_formats() { return "jsettlers, catanatron, catanlogs"; }

namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// `2012:06:06:19:58:56:999:+0100:SOC...`: the STAC corpus' legacy line form.
bool stac_legacy(std::string_view l) {
  constexpr std::string_view kShape = "dddd:dd:dd:dd:dd:dd:ddd:sdddd:SOC";
  if (l.size() < kShape.size()) return false;
  for (size_t i = 0; i < kShape.size(); ++i) {
    const char c = l[i], k = kShape[i];
    if (k == 'd'   ? !std::isdigit(static_cast<unsigned char>(c))
        : k == 's' ? c != '+' && c != '-'
                   : c != k)
      return false;
  }
  return true;
}

}  // namespace

std::optional<SourceFormat> detect_format(std::string_view text) {
  if (starts_with(text, "\xEF\xBB\xBF")) text.remove_prefix(3);  // a UTF-8 byte-order mark
  if (starts_with(text, "SOC game event log: ") || stac_legacy(text))
    return SourceFormat::Jsettlers;
  if (starts_with(text, "catanlog v")) return SourceFormat::Catanlogs;
  size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i < text.size() && text[i] == '{') {
    // catanatron's export: one JSON object whose keys include these two (a catan-log/1
    // game written as JSON has "format" and "actions" instead).
    const std::string_view head = text.substr(i, 1 << 20);
    if (head.find("\"tiles\"") != std::string_view::npos &&
        text.find("\"action_records\"") != std::string_view::npos)
      return SourceFormat::Catanatron;
  }
  return std::nullopt;
}

Imported import_source(SourceFormat format, const std::string& file, std::string_view text,
                       const ImportOptions& options) {
  switch (format) {
    case SourceFormat::Jsettlers:
      return import_jsettlers(file, text, options);
    case SourceFormat::Catanatron:
      return import_catanatron(file, text, options);
    case SourceFormat::Catanlogs:
      return import_catanlogs(file, text, options);
  }
  return {};
}

}  // namespace catan::log
