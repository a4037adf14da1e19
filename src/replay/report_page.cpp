#include "replay/report_page.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

#include "diag/explain.hpp"
#include "replay/timeline.hpp"

namespace catan::replay {

int open_step(const AtSpec& at, const diag::ReportData& d, const log::Game& game) {
  const int last = static_cast<int>(d.steps.size()) - 1;
  auto start_of_turn = [&](int turn) {
    for (int k = 0; k <= last; ++k)
      if (d.steps[static_cast<size_t>(k)].turn >= turn) return k;
    return last;
  };
  switch (at.kind) {
    case AtSpec::Kind::End:
      return last;
    case AtSpec::Kind::Action:
      return std::min(at.n, last);
    case AtSpec::Kind::Turn:
      return start_of_turn(at.n);
    case AtSpec::Kind::Round:
      return start_of_turn((at.n - 1) * static_cast<int>(game.players.size()) + 1);
    case AtSpec::Kind::Line: {
      const int before = entry_at_line(game, at.n);
      return before == 0 ? last : std::min(before - 1, last);
    }
    default:
      return -1;
  }
}

std::string file_url(const std::string& file) {
  std::error_code ec;
  const std::filesystem::path abs = std::filesystem::absolute(file, ec);
  if (ec) return "";
  std::string url = "file://";
  for (unsigned char c : abs.string()) {
    const bool plain = std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~';
    url += plain ? std::string(1, static_cast<char>(c)) : fmt::format("%{:02X}", c);
  }
  return url;
}

ReportPage report_page(const std::string& file, const std::string& source, const log::Game& game,
                       const Settings& settings, const AtSpec& at, const std::string& log_href,
                       const std::string& rules_reference, const diag::ColourChoices& colours) {
  diag::ReportData data = build_report_data(file, source, game, settings);
  data.colours = diag::player_colours(data.players, colours);
  diag::HtmlOptions html;
  html.log_href = log_href;
  html.explain = data.report.error && data.report.error->rule
                     ? diag::explain_rule(*data.report.error->rule, rules_reference)
                     : "";
  html.open_step = open_step(at, data, game);
  return {diag::render_html(data, html), data.report.status};
}

}  // namespace catan::replay
