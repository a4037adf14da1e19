// The installed API's plain data (include/catan_referee/diagnostic.hpp) from the internal
// report model, and the library's version.
#include "api/access.hpp"
#include "catan_referee/version.hpp"
#include "core/options.hpp"
#include "diag/render_text.hpp"
#include "replay/run_policy.hpp"

namespace catan_referee {

const char* library_version() noexcept { return CATAN_REFEREE_VERSION; }

namespace {

// The API's Status is the internal one, value for value (checked here), so that the words
// and the mapping stay the internal layer's.
namespace cd = catan::diag;
static_assert(static_cast<int>(Status::legal) == static_cast<int>(cd::Status::Legal) &&
              static_cast<int>(Status::incomplete) == static_cast<int>(cd::Status::Incomplete) &&
              static_cast<int>(Status::illegal) == static_cast<int>(cd::Status::Illegal) &&
              static_cast<int>(Status::malformed) == static_cast<int>(cd::Status::Malformed) &&
              static_cast<int>(Status::unsupported) == static_cast<int>(cd::Status::Unsupported));

cd::Status internal(Status s) { return static_cast<cd::Status>(static_cast<int>(s)); }

}  // namespace

std::string_view to_string(Status s) noexcept { return cd::to_string(internal(s)); }

Diagnostic to_api(const catan::diag::Diagnostic& d) {
  Diagnostic out;
  out.severity = d.severity == catan::core::Severity::Error ? Severity::error : Severity::warning;
  if (d.rule) out.rule = std::string(catan::core::id(*d.rule));
  out.title = d.title;
  out.message = d.message;
  out.file = d.at.file;
  out.line = d.at.line;
  out.column = d.at.column;
  out.end_line = d.at.end_line;
  out.end_column = d.at.end_column;
  out.action = d.action;
  out.turn = d.turn;
  out.player = d.player;
  for (const auto& n : d.notes) out.notes.push_back(n.label + ": " + n.text);
  out.fails_run = d.fails_run;
  out.text = catan::diag::render_text(d);
  return out;
}

GameVerdict to_api(const catan::diag::GameReport& r) {
  GameVerdict v;
  v.file = r.file;
  v.index = r.index;
  v.id = r.id;
  v.status = static_cast<Status>(static_cast<int>(r.status));
  if (r.error) v.error = to_api(*r.error);
  for (const auto& w : r.warnings) v.warnings.push_back(to_api(w));
  for (const auto& d : r.deviations) v.deviations.push_back(to_api(d));
  v.actions = r.actions;
  v.checked = r.checked;
  v.turns = r.turns;
  v.winner = r.winner;
  if (r.assertions) {
    const auto& a = *r.assertions;
    v.assertions =
        AssertionCounts{a.rolls, a.gains, a.takes, a.hands, a.vp, a.awards, a.bank, a.robber};
  }
  return v;
}

void set_rules(catan::replay::Settings& s, const std::vector<std::string>& rules) {
  if (std::string err = catan::replay::parse_rule_overrides(rules, s.rule_overrides, "rule");
      !err.empty())
    throw Error(err);
}

}  // namespace catan_referee
