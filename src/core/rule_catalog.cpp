#include "core/rule_catalog.hpp"

#include <array>

namespace catan::core {
namespace {
constexpr RuleInfo kTable[] = {
#define RULE(name, id, title, tag, replaces, check, example) \
  {Rule::name, id, title, tag, replaces, check, example},
#include "core/rules.def"
#undef RULE
};
constexpr DecisionInfo kDecisions[] = {
#define DECISION(id, title, decision, seeds, official, notes) \
  {id, title, decision, seeds, official, notes},
#include "core/decisions.def"
#undef DECISION
};
constexpr SourceInfo kSources[] = {
#define SOURCE(tag, name, description, language) {tag, name, description, language},
#define QUOTE(rule, source, where, original, english)
#define NOTE(rule, text)
#include "core/rule_sources.def"
#undef SOURCE
#undef QUOTE
#undef NOTE
};
constexpr RuleQuote kQuotes[] = {
#define SOURCE(tag, name, description, language)
#define QUOTE(rule, source, where, original, english) {rule, source, where, original, english},
#define NOTE(rule, text)
#include "core/rule_sources.def"
#undef SOURCE
#undef QUOTE
#undef NOTE
};
struct Note {
  std::string_view rule, text;
};
constexpr Note kNotes[] = {
#define SOURCE(tag, name, description, language)
#define QUOTE(rule, source, where, original, english)
#define NOTE(rule, text) {rule, text},
#include "core/rule_sources.def"
#undef SOURCE
#undef QUOTE
#undef NOTE
};
}  // namespace

std::span<const RuleInfo> rule_table() { return kTable; }
std::span<const DecisionInfo> decision_table() { return kDecisions; }
const DecisionInfo* find_decision(std::string_view id) {
  for (const auto& d : kDecisions)
    if (d.id == id) return &d;
  return nullptr;
}
std::span<const SourceInfo> source_table() { return kSources; }
const SourceInfo* find_source(std::string_view tag) {
  for (const auto& s : kSources)
    if (s.tag == tag) return &s;
  return nullptr;
}
std::span<const RuleQuote> quote_table() { return kQuotes; }
std::string_view inference_note(std::string_view rule_id) {
  for (const auto& n : kNotes)
    if (n.rule == rule_id) return n.text;
  return {};
}
const RuleInfo& info(Rule r) { return kTable[static_cast<size_t>(r)]; }
std::string_view id(Rule r) { return info(r).id; }
std::optional<Rule> parse_rule_id(std::string_view s) {
  for (const auto& ri : kTable)
    if (ri.id == s) return ri.rule;
  return std::nullopt;
}

}  // namespace catan::core
