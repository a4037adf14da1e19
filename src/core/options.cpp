#include "core/options.hpp"

#include <array>
#include <charconv>
#include <type_traits>

#include "core/spelling.hpp"

namespace catan::core {
namespace {

template <typename E>
struct Choice {
  std::string_view key;
  E Options::*field;
  std::vector<std::string_view> names;  // index = enum value
  std::string_view ref;
};

// One place lists every enumerated option: key, field, spellings (default first), catalog entry.
struct Registry {
  std::vector<Choice<BankShortage>> a{{"bank-shortage",
                                       &Options::bank_shortage,
                                       {"single-recipient-takes-rest", "strict"},
                                       "D-01"}};
  std::vector<Choice<StartPlayer>> b{
      {"start-player", &Options::start_player, {"as-logged", "highest-roll-reroll-ties"}, "D-02"}};
  std::vector<Choice<RobberDesert>> c{
      {"robber-desert", &Options::robber_desert, {"allowed", "forbidden"}, "D-03"}};
  std::vector<Choice<TurnPhases>> d{
      {"turn-phases", &Options::turn_phases, {"combined", "strict"}, "D-04"}};
  std::vector<Choice<RobberSteal>> e{
      {"robber-steal", &Options::robber_steal, {"mandatory", "optional"}, "D-05"}};
  std::vector<Choice<RoadBuildingShortfall>> f{{"road-building-shortfall",
                                                &Options::road_building_shortfall,
                                                {"up-to-two", "as-many-as-possible", "exactly-two"},
                                                "D-06"}};
  std::vector<Choice<YearOfPlentyShortage>> g{{"year-of-plenty-shortage",
                                               &Options::year_of_plenty_shortage,
                                               {"take-available", "forbid"},
                                               "D-07"}};
  std::vector<Choice<LongestRoadBrokenTie>> h{{"longest-road-broken-tie",
                                               &Options::longest_road_broken_tie,
                                               {"holder-keeps", "set-aside"},
                                               "D-08"}};
  std::vector<Choice<WinDetection>> i{
      {"win-detection", &Options::win_detection, {"automatic", "declared"}, "D-09"}};
  std::vector<Choice<SameTypeTrade>> j{
      {"maritime-same-type", &Options::maritime_same_type, {"forbid", "allow"}, "D-10"},
      {"domestic-same-type-both-sides", &Options::domestic_same_type, {"forbid", "allow"}, "D-13"}};
  std::vector<Choice<DevCardTiming>> k{{"dev-card-timing",
                                        &Options::dev_card_timing,
                                        {"outside-roll-resolution", "any-time-own-turn"},
                                        "D-11"}};
  std::vector<Choice<BoardTokens>> l{
      {"board-tokens", &Options::board_tokens, {"counts-only", "spiral"}, "D-12"}};
  std::vector<Choice<SetupMode>> m{
      {"setup-mode", &Options::setup_mode, {"variable", "beginner-fixed"}, "D-14"}};
  std::vector<Choice<TurnStructure56>> n{
      {"turn-structure-56", &Options::turn_structure_56, {"paired", "special-build"}, "D-21"}};
  std::vector<Choice<SpecialBuildOrder>> o{
      {"special-build-order", &Options::special_build_order, {"strict", "any"}, "D-23"}};
  std::vector<Choice<PairedWin>> p{
      {"paired-win", &Options::paired_win, {"both-on-turn", "own-part-only"}, "D-26"}};
  std::vector<Choice<Board56Players>> q{
      {"board-56-players", &Options::board_56_players, {"five-or-six", "any"}, "D-28"}};

  template <typename F>
  void each(F&& fn) const {
    for (auto& x : a) fn(x);
    for (auto& x : b) fn(x);
    for (auto& x : c) fn(x);
    for (auto& x : d) fn(x);
    for (auto& x : e) fn(x);
    for (auto& x : f) fn(x);
    for (auto& x : g) fn(x);
    for (auto& x : h) fn(x);
    for (auto& x : i) fn(x);
    for (auto& x : j) fn(x);
    for (auto& x : k) fn(x);
    for (auto& x : l) fn(x);
    for (auto& x : m) fn(x);
    for (auto& x : n) fn(x);
    for (auto& x : o) fn(x);
    for (auto& x : p) fn(x);
    for (auto& x : q) fn(x);
  }
};

const Registry& registry() {
  static const Registry r;
  return r;
}

struct IntOption {
  std::string_view key;
  int Options::*field;
  int lo, hi;
  std::string_view range, def;
};
const std::array<IntOption, 2> kIntOptions{{
    {"victory-points", &Options::victory_points, 3, 20, "3..20", "10"},
    {"discard-limit", &Options::discard_limit, 2, 19, "2..19", "7"},
}};

std::string join(const std::vector<std::string_view>& v) {
  std::string s;
  for (auto x : v) s += (s.empty() ? "" : ", ") + std::string(x);
  return s;
}

}  // namespace

// The rules each catalog entry of RULES.md section 2 governs.
std::vector<std::string_view> affected(std::string_view ref) {
  static const std::vector<std::pair<std::string_view, std::vector<std::string_view>>> kMap{
      {"D-01", {"PROD-04"}},
      {"D-02", {"SETUP-02"}},
      {"D-03", {"ROBBER-03"}},
      {"D-04", {"TURN-04", "TRADE-11"}},
      {"D-05", {"ROBBER-04"}},
      {"D-06", {"DEV-08"}},
      {"D-07", {"DEV-09"}},
      {"D-08", {"AWARD-05", "AWARD-06"}},
      {"D-09", {"WIN-02", "WIN-03"}},
      {"D-10", {"TRADE-07", "TRADE-08", "TRADE-09"}},
      {"D-11", {"DEV-05"}},
      {"D-12", {"BOARD-03"}},
      {"D-13", {"TRADE-04"}},
      {"D-14", {"BOARD-04"}},
      {"D-21", {"X56-TURN-01", "X56-TURN-02"}},
      {"D-23", {"X56-SBP-05"}},
      {"D-26", {"X56-PAIR-08"}},
      {"D-28", {"X56-SETUP-01"}},
  };
  for (const auto& [r, rules] : kMap)
    if (r == ref) return rules;
  return {};
}

const std::vector<OptionInfo>& option_table() {
  static const std::vector<OptionInfo> table = [] {
    std::vector<OptionInfo> t;
    registry().each([&](const auto& c) {
      t.push_back({c.key, c.names[0], c.names, "", c.ref, affected(c.ref), {}});
      // The printed beginner layout is not in the catalog's sources (BOARD-04, D-14).
      if (c.key == "setup-mode") t.back().unsupported = {"beginner-fixed"};
    });
    t.push_back({"victory-points", "10", {}, "3..20", "", {"WIN-02", "WIN-04"}, {}});
    t.push_back({"discard-limit", "7", {}, "2..19", "", {"ROBBER-01"}, {}});
    return t;
  }();
  return table;
}

const std::vector<std::string_view>& profile_names() {
  static const std::vector<std::string_view> names{"catan-2025", "catan-5e"};
  return names;
}

std::string apply_profile(Options& o, std::string_view profile) {
  if (profile == "catan-2025") {
    o = Options{};
    return {};
  }
  if (profile == "catan-5e") {
    // The 2015 fifth-edition readings where RULES.md section 2 records a difference.
    o = Options{};
    o.bank_shortage = BankShortage::Strict;                      // D-01, E-2015 p.10
    o.longest_road_broken_tie = LongestRoadBrokenTie::SetAside;  // D-08, E-2015 p.9
    o.turn_structure_56 = TurnStructure56::SpecialBuild;         // D-21, X-2015
    return {};
  }
  return "unknown rules profile '" + std::string(profile) + "' (expected " + join(profile_names()) +
         ")";
}

bool is_option_key(std::string_view key) {
  for (const auto& info : option_table())
    if (info.key == key) return true;
  return false;
}

std::string apply_option_item(Options& o, std::string_view item) {
  const size_t eq = item.find('=');
  const std::string_view key = item.substr(0, eq);
  const std::string_view value = eq == std::string_view::npos ? "" : item.substr(eq + 1);
  return key == "profile" ? apply_profile(o, value) : set_option(o, key, value);
}

std::string set_option(Options& o, std::string_view key, std::string_view value) {
  for (const auto& io : kIntOptions) {
    if (io.key != key) continue;
    int v = 0;
    auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc{} || p != value.data() + value.size() || v < io.lo || v > io.hi)
      return "option '" + std::string(key) + "' takes an integer in " + std::string(io.range) +
             ", not '" + std::string(value) + "'";
    o.*(io.field) = v;
    return {};
  }
  std::string err = "unknown rules option '" + std::string(key) + "'";
  bool found = false;
  registry().each([&](const auto& c) {
    if (found || c.key != key) return;
    found = true;
    for (size_t i = 0; i < c.names.size(); ++i) {
      if (c.names[i] == value) {
        o.*(c.field) = static_cast<std::remove_reference_t<decltype(o.*(c.field))>>(i);
        err.clear();
        return;
      }
    }
    err = "option '" + std::string(key) + "' takes one of " + join(c.names) + ", not '" +
          std::string(value) + "'" +
          did_you_mean(value, std::vector<std::string>(c.names.begin(), c.names.end()));
  });
  if (!found) {  // the keys, for "did you mean" (the message still starts with "unknown")
    std::vector<std::string> keys;
    for (const auto& info : option_table()) keys.emplace_back(info.key);
    const std::string hint = did_you_mean(key, keys);
    err += hint.empty() ? " (options: " : hint + " (options: ";
    for (size_t i = 0; i < keys.size(); ++i) err += (i ? ", " : "") + keys[i];
    err += ")";
  }
  return err;
}

std::string get_option(const Options& o, std::string_view key) {
  for (const auto& io : kIntOptions)
    if (io.key == key) return std::to_string(o.*(io.field));
  std::string out;
  registry().each([&](const auto& c) {
    if (c.key == key) out = std::string(c.names[static_cast<size_t>(o.*(c.field))]);
  });
  return out;
}

}  // namespace catan::core
