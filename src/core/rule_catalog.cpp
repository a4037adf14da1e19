#include "core/rule_catalog.hpp"

#include <array>

namespace catan::core {
namespace {
constexpr RuleInfo kTable[] = {
#define RULE(name, id, title, tag, check, example) {Rule::name, id, title, tag, check, example},
#include "core/rules.def"
#undef RULE
};
}  // namespace

std::span<const RuleInfo> rule_table() { return kTable; }
const RuleInfo& info(Rule r) { return kTable[static_cast<size_t>(r)]; }
std::string_view id(Rule r) { return info(r).id; }
std::optional<Rule> parse_rule_id(std::string_view s) {
  for (const auto& ri : kTable)
    if (ri.id == s) return ri.rule;
  return std::nullopt;
}

}  // namespace catan::core
