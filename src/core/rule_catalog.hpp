// Stable rule IDs of the adopted catalog (RULES.md), one table for code and docs.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace catan::core {

enum class Rule : uint16_t {
#define RULE(name, id, title, tag, check, example) name,
#include "core/rules.def"
#undef RULE
};

struct RuleInfo {
  Rule rule;
  std::string_view id;       // "SETUP-03"
  std::string_view title;    // "Snake order"
  std::string_view tag;      // source status tag, e.g. "R+E"
  std::string_view check;    // the catalog's check sentence
  std::string_view example;  // the catalog's violation example
};

std::span<const RuleInfo> rule_table();

// A decision of RULES.md section 2 ("where the sources differ or are silent").
struct DecisionInfo {
  std::string_view id;        // "D-07"
  std::string_view title;     // "Year of Plenty when the bank lacks cards (DEV-09)"
  std::string_view decision;  // the default and its variants ("Default / variant")
  std::string_view seeds;     // what the seed texts say
  std::string_view official;  // what the official texts say
  std::string_view notes;     // further parts (precisions, sub-points), may be empty
};
std::span<const DecisionInfo> decision_table();
const DecisionInfo* find_decision(std::string_view id);  // nullptr if unknown
const RuleInfo& info(Rule r);
std::string_view id(Rule r);
std::optional<Rule> parse_rule_id(std::string_view id);

}  // namespace catan::core
