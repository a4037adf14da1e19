// The texts of `catan-referee explain`: a rule (its status, what the rules texts say, the
// check, an example, the options that change it) and a decision (D-NN).
#pragma once

#include <string>
#include <string_view>

#include "core/options.hpp"
#include "core/rule_catalog.hpp"

namespace catan::diag {

// What `catan-referee explain RULE-ID` prints for a rule; `reference` is where the rules
// reference (docs/rules.md) is installed, named in its last line.
std::string explain_rule(core::Rule rule, std::string_view reference);

// What `catan-referee explain D-NN` prints for a decision.
std::string explain_decision(const core::DecisionInfo& d, std::string_view reference);

// An option's values for a listing ("a | b | c"): unsupported ones marked, and with
// mark_default the default.
std::string values_text(const core::OptionInfo& o, bool mark_default = false);

// Where the rules reference (rules.md) is for a program whose file is in the folder `dir`
// (links resolved), installed as <prefix>/<under_prefix>: <prefix>/<docdir>/rules.md when
// that exists (a relocated installation names its own files); `source_dir`/docs/rules.md
// when run from its build tree (`dir` is `build_dir`); else `fallback`, the build-time
// docdir's. The CLI asks for its executable, the Python module for its package.
std::string find_rules_reference(const std::string& dir, const std::string& under_prefix,
                                 const std::string& docdir, const std::string& build_dir,
                                 const std::string& source_dir, const std::string& fallback);

}  // namespace catan::diag
