#include "replay/run_policy.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "core/options.hpp"

namespace catan::replay {

void require_assertions(diag::GameReport& r, const std::vector<std::string>& kinds) {
  if (!r.assertions || (r.status != diag::Status::Legal && r.status != diag::Status::Incomplete))
    return;
  const diag::AssertionCounts& c = *r.assertions;
  std::vector<std::string> missing;
  std::optional<diag::Diagnostic> first;
  for (const std::string& k : kinds) {
    diag::Diagnostic d;
    d.title = kMissingAssertions;
    d.at = c.game_at;
    if (k == "gains" && c.roll_without_gains > 0) {
      d.message = fmt::format(
          "action {} is a production roll without `gains` (--require-assertions=gains: every "
          "roll but a 7 asserts what it paid; {} of {} do)",
          c.roll_without_gains, c.gains, c.rolls);
      d.at = c.roll_without_gains_at;
      d.action = c.roll_without_gains;
    } else if ((k == "hands" && c.hands == 0) || (k == "vp" && c.vp == 0) ||
               (k == "awards" && c.awards == 0)) {
      const char* how = k == "hands" ? "`expect: {hands: ...}` or `expect: {cards: ...}`"
                        : k == "vp"  ? "`expect: {vp: ...}`"
                                     : "`expect: {longest-road: ...}` or `{largest-army: ...}`";
      d.message = fmt::format(
          "the log never asserts {} ({}), which --require-assertions={} requires at least once", k,
          how, k);
    } else {
      continue;
    }
    missing.push_back(k);
    if (!first) first = std::move(d);
  }
  if (!first) return;
  if (missing.size() > 1) {
    std::string all;
    for (const auto& m : missing) all += (all.empty() ? "" : ", ") + m;
    first->notes.push_back({"missing", "assertions of " + all});
  }
  first->severity = core::Severity::Warning;  // the verdict stands; the exit status is 1
  r.warnings.push_back(std::move(*first));
}

void apply_run_policy(diag::GameReport& r, const RunPolicy& p) {
  if (p.require) {
    const bool all = std::find(p.kinds.begin(), p.kinds.end(), "all") != p.kinds.end();
    require_assertions(r, all ? assertion_kinds() : p.kinds);
  } else {
    r.assertions.reset();  // the summary is shown only when asked for
  }
  for (auto& w : r.warnings) w.fails_run = p.strict || w.title == kMissingAssertions;
}

std::string parse_rule_overrides(const std::vector<std::string>& items,
                                 std::vector<std::pair<std::string, std::string>>& out,
                                 std::string_view option) {
  for (const std::string& item : items) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos) return fmt::format("{} takes KEY=VALUE, not '{}'", option, item);
    core::Options probe;
    if (std::string err = core::apply_option_item(probe, item); !err.empty())
      return fmt::format("{} {}: {}", option, item, err);
    out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
  }
  return {};
}

}  // namespace catan::replay
