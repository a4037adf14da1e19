// The JSON report (schemas/catan-referee-report-1.schema.json): one document per run.
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostic.hpp"

namespace catan::diag {

inline constexpr const char* kReportFormat = "catan-referee-report/1";
std::string render_json(const std::vector<GameReport>& reports);

}  // namespace catan::diag
