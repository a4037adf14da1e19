// The compiler-style text rendering of reports:
//   file:line:col: error[RULE-ID]: message
//     note: ...
#pragma once

#include <string>

#include "diag/diagnostic.hpp"

namespace catan::diag {

std::string render_text(const Diagnostic& d);
// One report: its error or warnings, then (unless quiet) a one-line verdict.
std::string render_text(const GameReport& r, bool quiet);
std::string summary_line(int legal, int incomplete, int illegal, int malformed);

}  // namespace catan::diag
