// GitHub Actions workflow commands: one `::error` or `::warning` annotation per diagnostic,
// then the plain summary line (https://docs.github.com/actions/reference/workflow-commands).
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.hpp"
#include "diag/report_stream.hpp"

namespace catan::diag {

// run_keep_going (check --keep-going): a last line counts the deviations.
std::string render_github(const std::vector<GameReport>& reports, bool run_keep_going = false);
// The same commands written to `out` as the games come (diag/report_stream.hpp).
std::unique_ptr<ReportStream> make_github_stream(bool run_keep_going, std::ostream& out,
                                                 const RunInfo& run = {});

// The command's message: % \r \n as %25 %0D %0A (the escaping of @actions/core).
std::string github_escape_data(std::string_view s);
// A property value (file=, title=): as data, and : , as %3A %2C.
std::string github_escape_property(std::string_view s);

}  // namespace catan::diag
