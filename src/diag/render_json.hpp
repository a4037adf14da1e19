// The JSON report (schemas/catan-referee-report-1.schema.json): one document per run.
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostic.hpp"

namespace catan::diag {

inline constexpr const char* kReportFormat = "catan-referee-report/1";
std::string render_json(const std::vector<GameReport>& reports, const RunInfo& run = {});

class JsonWriter;
// The rules options as an object in option_table() order: {"bank-shortage": "strict", ...}.
void write_options(JsonWriter& w, const core::Options& o);

}  // namespace catan::diag
