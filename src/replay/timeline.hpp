// The data of the HTML game report: one Replayer walks the game, and after every entry the
// state is recorded with what the entry did (production paid, awards, VP).
#pragma once

#include <string>

#include "diag/report_data.hpp"
#include "log/model.hpp"
#include "replay/replay.hpp"

namespace catan::replay {

// `source` is the file's text (for each entry's line); `file` names it in positions.
diag::ReportData build_report_data(const std::string& file, const std::string& source,
                                   const log::Game& game, const Settings& settings);

}  // namespace catan::replay
