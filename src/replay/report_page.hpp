// The HTML report of one game (`catan-referee report`, the Python module's report_html):
// the game replayed step by step (build_report_data), the page opening at an --at moment.
#pragma once

#include <string>

#include "diag/player_colours.hpp"
#include "diag/render_html.hpp"
#include "diag/report_data.hpp"
#include "log/model.hpp"
#include "replay/at_spec.hpp"
#include "replay/replay.hpp"

namespace catan::replay {

// The step of a page (step k: after entry k) that `at` names; -1 for the default (the
// illegal entry, else the end). The same moments as `show --at`.
int open_step(const AtSpec& at, const diag::ReportData& d, const log::Game& game);

// A file URL of the log for the page's links to its lines ("" when it cannot be made).
std::string file_url(const std::string& file);

struct ReportPage {
  std::string html;
  diag::Status status = diag::Status::Legal;  // the game's verdict
};

// The page of one game of `file` (named so in diagnostics; `source` its text, for the
// excerpts), opening at `at`. `log_href`: the log as a URL for links to its lines ("" for
// none); `rules_reference`: where docs/rules.md is installed, named by the explain panel
// of a violated rule; `colours`: players' colours chosen by the user (`--colors`).
ReportPage report_page(const std::string& file, const std::string& source, const log::Game& game,
                       const Settings& settings, const AtSpec& at, const std::string& log_href,
                       const std::string& rules_reference, const diag::ColourChoices& colours = {});

}  // namespace catan::replay
