#include "core/rule_catalog.hpp"

#include <array>

namespace catan::core {
namespace {
constexpr RuleInfo kTable[] = {
#define RULE(name, id, title, tag, check, example) {Rule::name, id, title, tag, check, example},
#include "core/rules.def"
#undef RULE
};
constexpr DecisionInfo kDecisions[] = {
#define DECISION(id, title, decision, seeds, official, notes) \
  {id, title, decision, seeds, official, notes},
#include "core/decisions.def"
#undef DECISION
};
}  // namespace

std::span<const RuleInfo> rule_table() { return kTable; }
std::span<const DecisionInfo> decision_table() { return kDecisions; }
const DecisionInfo* find_decision(std::string_view id) {
  for (const auto& d : kDecisions)
    if (d.id == id) return &d;
  return nullptr;
}
const RuleInfo& info(Rule r) { return kTable[static_cast<size_t>(r)]; }
std::string_view id(Rule r) { return info(r).id; }
std::optional<Rule> parse_rule_id(std::string_view s) {
  for (const auto& ri : kTable)
    if (ri.id == s) return ri.rule;
  return std::nullopt;
}

}  // namespace catan::core
