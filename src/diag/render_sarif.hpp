// The SARIF 2.1.0 report (https://docs.oasis-open.org/sarif/sarif/v2.1.0/): one run whose
// driver lists every rule of the catalog, one result per error or warning diagnostic.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.hpp"
#include "diag/report_stream.hpp"

namespace catan::diag {

// Rule ids of the results that no catalog rule covers (no core::Rule in the diagnostic).
inline constexpr const char* kSarifMalformedId = "MALFORMED";
inline constexpr const char* kSarifUnsupportedId = "UNSUPPORTED";

// Each catalog rule's helpUri is run.help_uri_base + "#RULE-ID" (none when the base is "");
// run.properties hold the tool version, the --rule overrides and the options they give.
std::string render_sarif(const std::vector<GameReport>& reports, const RunInfo& run);
// The same log written to `out` as the games come (diag/report_stream.hpp).
std::unique_ptr<ReportStream> make_sarif_stream(const RunInfo& run, std::ostream& out);

// A rule title as a SARIF reportingDescriptor name: parenthesised asides and apostrophes
// dropped, words capitalised and joined ("Roads don't produce" -> "RoadsDontProduce").
// A five-six rule's name starts with "FiveSix" (its title may be a base rule's).
std::string sarif_rule_name(std::string_view title, std::string_view id = {});
// A file path as given on the command line as a relative URI reference: "/" kept,
// everything outside RFC 3986 unreserved and sub-delims percent-encoded, stdin as "stdin".
std::string sarif_uri(std::string_view path);

}  // namespace catan::diag
