// `catan-referee explain RULE-ID` and `catan-referee rules`: the rules catalog and the
// variant options, printed from the tables the engine uses (core/rules.def, option_table).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <vector>

#include "cli/commands.hpp"
#include "core/options.hpp"
#include "core/rule_catalog.hpp"
#include "diag/explain.hpp"

namespace catan::cli {

std::string explain_rule(core::Rule rule) { return diag::explain_rule(rule, rules_reference()); }

namespace {

int run_explain(const std::string& id) {
  std::string upper = id;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (const core::DecisionInfo* d = core::find_decision(upper)) {
    std::cout << diag::explain_decision(*d, rules_reference());
    return kExitLegal;
  }
  auto rule = core::parse_rule_id(upper);
  if (!rule) {
    std::cerr << "catan-referee: unknown rule ID or decision '" << id
              << "'; `catan-referee rules` lists them\n";
    return kExitMalformed;
  }
  std::cout << explain_rule(*rule);
  return kExitLegal;
}

int run_rules() {
  std::string area;
  std::cout << "Rule IDs (catan-referee explain ID for the full text):\n";
  for (const auto& r : core::rule_table()) {
    const bool x56 = r.id.rfind("X56-", 0) == 0;  // the five-six part: "X56-SBP"
    std::string a(r.id.substr(0, r.id.find('-', x56 ? 4 : 0)));
    if (a != area) {
      if (x56 && area.rfind("X56-", 0) != 0)
        std::cout << "\nFive and six players (the extension; X56 rules replace the base rule "
                     "they name):\n";
      std::cout << "\n" << (area = a) << "\n";
    }
    std::cout << fmt::format("  {:<13} {}{}\n", r.id, r.title,
                             r.replaces.empty() ? "" : fmt::format(" ({})", r.replaces));
  }
  std::cout << "\nRules options (a log's `rules:` mapping, or --rule KEY=VALUE; default first):\n";
  for (const auto& o : core::option_table()) {
    std::string values = diag::values_text(o);
    if (values.empty())
      values = fmt::format("integer {} (default {})", o.integer_range, o.default_value);
    std::cout << fmt::format("  {:<32} {}{}\n", o.key, values,
                             o.catalog_ref.empty() ? "" : fmt::format("  [{}]", o.catalog_ref));
  }
  std::cout << "\nDecisions where the rules texts differ or are silent (catan-referee "
               "explain D-NN):\n";
  for (const auto& d : core::decision_table())
    std::cout << fmt::format("  {:<10} {}\n", d.id, d.title);
  std::cout << "\nProfiles: catan-2025 (the defaults), catan-5e (bank-shortage: strict, "
               "longest-road-broken-tie: set-aside, turn-structure-56: special-build)\n";
  return kExitLegal;
}

}  // namespace

Runner set_explain_command(CLI::App& app) {
  auto id = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("explain",
                                     "Print a rule's text, sources, an example of a "
                                     "violation and the options that change it.");
  cmd->add_option("rule", *id, "A rule ID such as ROBBER-01, or a decision such as D-07")
      ->required();
  return [id] { return run_explain(*id); };
}

Runner set_rules_command(CLI::App& app) {
  app.add_subcommand("rules", "List every rule ID and every rules option with its values.");
  return [] { return run_rules(); };
}

}  // namespace catan::cli
