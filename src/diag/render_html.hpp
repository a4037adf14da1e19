// The game report (`catan-referee report`): one self-contained HTML page per game, with no
// network use (inline SVG, CSS and a small script): the board at every step, a timeline of
// every entry, hands, VP and the bank at the current step, and the verdict.
#pragma once

#include <string>

#include "diag/report_data.hpp"

namespace catan::diag {

struct HtmlOptions {
  std::string explain;   // `catan-referee explain` of the violated rule ("" = none)
  std::string log_href;  // the log file as a URL, for links to its lines ("" = no links)
  int open_step = -1;    // the step the page opens at (-1: the illegal entry, else the end)
};

std::string render_html(const ReportData& d, const HtmlOptions& o);

}  // namespace catan::diag
