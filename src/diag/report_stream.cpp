#include "diag/report_stream.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "diag/render_github.hpp"
#include "diag/render_json.hpp"
#include "diag/render_junit.hpp"
#include "diag/render_sarif.hpp"

namespace catan::diag {

int failing_warnings(const GameReport& r) {
  return static_cast<int>(std::count_if(r.warnings.begin(), r.warnings.end(),
                                        [](const Diagnostic& d) { return d.fails_run; }));
}

std::unique_ptr<ReportStream> make_report_stream(std::string_view format, const RunInfo& run,
                                                 std::ostream& out) {
  if (format == "json") return make_json_stream(run, out);
  if (format == "jsonl") return make_jsonl_stream(out);
  if (format == "sarif") return make_sarif_stream(run, out);
  if (format == "junit") return make_junit_stream(out, run);
  if (format == "github") return make_github_stream(run.keep_going, out, run);
  throw std::invalid_argument("no report stream for the format '" + std::string(format) + "'");
}

}  // namespace catan::diag
