// The JSON report (schemas/catan-referee-report-1.schema.json): one document per run.
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostic.hpp"

namespace catan::diag {

inline constexpr const char* kReportFormat = "catan-referee-report/1";
std::string render_json(const std::vector<GameReport>& reports, const RunInfo& run = {});
// `check --format jsonl`: one game a line, each exactly an item of the report's `games`
// (schemas/catan-referee-report-line-1.schema.json), so shards merge with `cat`.
std::string render_jsonl(const GameReport& r);

class JsonWriter;
// The rules options as an object in option_table() order: {"bank-shortage": "strict", ...}.
void write_options(JsonWriter& w, const core::Options& o);
// One diagnostic as the report's `error` and `warnings` items hold it.
void write_diagnostic(JsonWriter& w, const Diagnostic& d);
// One game as an item of the report's `games`.
void write_game(JsonWriter& w, const GameReport& r);

}  // namespace catan::diag
