// The report model (diag::GameReport, diag::Diagnostic) and its renderers: text as
// `check` prints it, JSON (catan-referee-report/1), SARIF, JUnit, GitHub annotations, and
// the state as `show` prints it; diag::ReportStream writes a run's report as its games
// are decided. See docs/LIBRARY.md.
#pragma once

#include "catan_referee/version.hpp"
#include "diag/diagnostic.hpp"
#include "diag/render_github.hpp"
#include "diag/render_json.hpp"
#include "diag/render_junit.hpp"
#include "diag/render_sarif.hpp"
#include "diag/render_state.hpp"
#include "diag/render_text.hpp"
#include "diag/report_stream.hpp"
