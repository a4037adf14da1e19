// The JSON report (schemas/catan-referee-report-2.schema.json): one document per run.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "diag/diagnostic.hpp"
#include "diag/report_stream.hpp"

namespace catan::diag {

inline constexpr const char* kReportFormat = "catan-referee-report/2";
std::string render_json(const std::vector<GameReport>& reports, const RunInfo& run = {});
// The same document written to `out` as the games come (diag/report_stream.hpp).
std::unique_ptr<ReportStream> make_json_stream(const RunInfo& run, std::ostream& out);
// `check --format jsonl`: one game a line, each exactly an item of the report's `games`
// (schemas/catan-referee-report-line-2.schema.json), so shards merge with `cat`.
std::string render_jsonl(const GameReport& r);
std::unique_ptr<ReportStream> make_jsonl_stream(std::ostream& out);

class JsonWriter;
// The rules options as an object in option_table() order: {"bank-shortage": "strict", ...}.
void write_options(JsonWriter& w, const core::Options& o);
// A resource set as an object in resource order, {"lumber": 1, "ore": 2}: every resource
// with `zeros`, else only those held.
void write_resources(JsonWriter& w, const core::ResourceSet& r, bool zeros);
// One diagnostic as the report's `error` and `warnings` items hold it.
void write_diagnostic(JsonWriter& w, const Diagnostic& d);
// One game as an item of the report's `games`.
void write_game(JsonWriter& w, const GameReport& r);

}  // namespace catan::diag
