// The JUnit XML report: one <testsuite> per file, one <testcase> per game; an illegal game
// is a <failure>, a malformed or unsupported one an <error>.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.hpp"
#include "diag/report_stream.hpp"

namespace catan::diag {

std::string render_junit(const std::vector<GameReport>& reports);
// The same document written to `out` at finish(): until then the finished <testsuite>s
// and a big file's <testcase>s wait in temporary files, at most 64 KiB of them in memory
// (diag/report_stream.hpp). A file whose games come back later gets a second <testsuite>.
std::unique_ptr<ReportStream> make_junit_stream(std::ostream& out, const RunInfo& run = {});

// XML 1.0 escaping of UTF-8 text: & < > " ' as entities, \r as &#13;; control characters
// other than \t \n \r (and U+FFFE, U+FFFF) removed; invalid UTF-8 replaced by U+FFFD.
std::string xml_escape_text(std::string_view s);
// The same for an attribute value, which also keeps \t and \n as &#9; and &#10;.
std::string xml_escape_attribute(std::string_view s);

}  // namespace catan::diag
