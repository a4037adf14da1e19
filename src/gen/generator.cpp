#include "gen/generator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "diag/message_text.hpp"
#include "gen/policy.hpp"
#include "gen/rng.hpp"
#include "log/writer.hpp"
#include "replay/replay.hpp"
#include "rules/engine.hpp"

namespace catan::gen {

using core::Action;
using core::ActionKind;

namespace {

// Harbor sites of the standard frame: coastal paths with the sea beyond.

const std::vector<std::string> kNames{"red", "blue", "white", "orange", "green", "brown"};

core::Expectation snapshot(const core::GameState& s, bool full) {
  core::Expectation e;
  const int n = s.player_count();
  e.vp.resize(n);
  for (int p = 0; p < n; ++p) e.vp[p] = s.victory_points(p);
  e.longest_road = s.longest_road;
  e.largest_army = s.largest_army;
  e.robber = core::HexRef{s.topo().hex_at(s.robber), s.robber};
  if (full) {
    e.hands.resize(n);
    for (int p = 0; p < n; ++p) e.hands[p] = s.players[p].hand;
    e.bank = s.bank;
  }
  return e;
}

// Adds the derived effects an exporter would assert: production, starting cards, monopoly.
void annotate(Action& a, const core::GameState& before, const core::GameState& after) {
  const int n = before.player_count();
  const bool second_setup = a.kind == ActionKind::Settlement &&
                            before.phase == core::Phase::Setup && before.setup_step >= n;
  if ((a.kind == ActionKind::Roll && a.dice[0] + a.dice[1] != 7) || second_setup) {
    std::vector<core::ResourceSet> g(n);
    for (int p = 0; p < n; ++p) g[p] = after.players[p].hand - before.players[p].hand;
    a.gains = g;
  }
  if (a.kind == ActionKind::Play && a.card == core::DevCard::Monopoly) {
    std::vector<int> t(n, 0);
    for (int p = 0; p < n; ++p)
      if (p != a.player) t[p] = before.players[p].hand[a.resource];
    a.takes = t;
  }
}

void observe(Features& f, const Action& a, const core::GameState& before,
             const core::GameState& after) {
  switch (a.kind) {
    case ActionKind::Roll:
      f.sevens += a.dice[0] + a.dice[1] == 7;
      break;
    case ActionKind::Discard:
      ++f.discards;
      break;
    case ActionKind::Robber:
      f.steals += a.has_steal;
      break;
    case ActionKind::Trade:
      ++f.domestic_trades;
      break;
    case ActionKind::BankTrade:
      ++f.bank_trades[std::clamp(a.give.total() / a.get.total(), 2, 4)];
      break;
    case ActionKind::Play:
      ++f.plays[static_cast<int>(a.card)];
      break;
    case ActionKind::City:
      ++f.cities;
      break;
    case ActionKind::Settlement:
      for (int p = 0; p < before.player_count(); ++p)
        if (p != a.player && after.players[p].road_length < before.players[p].road_length)
          ++f.roads_broken;
      break;
    default:
      break;
  }
  if (before.longest_road != after.longest_road && before.longest_road != core::kNoPlayer)
    ++f.longest_road_changes;
  if (before.largest_army != after.largest_army && before.largest_army != core::kNoPlayer)
    ++f.largest_army_changes;
}

}  // namespace

std::string Features::summary() const {
  return fmt::format(
      "{} sevens, {} discards, {} steals, {} domestic trades, bank trades 4:1 {} 3:1 {} 2:1 {}, "
      "played knight {} road-building {} year-of-plenty {} monopoly {}, {} cities, "
      "Longest Road moved {} times, roads broken {}, Largest Army moved {} times",
      sevens, discards, steals, domestic_trades, bank_trades[4], bank_trades[3], bank_trades[2],
      plays[0], plays[1], plays[2], plays[3], cities, longest_road_changes, roads_broken,
      largest_army_changes);
}

bool Features::complete() const {
  return sevens && discards && steals && domestic_trades && bank_trades[2] && bank_trades[3] &&
         bank_trades[4] && plays[0] && plays[1] && plays[2] && plays[3] && cities &&
         longest_road_changes && roads_broken && largest_army_changes;
}

core::BoardSpec random_board(uint64_t seed, const core::Edition& edition) {
  Rng rng(seed);
  std::vector<core::Terrain> terrains;
  for (int t = 0; t < core::kTerrainKinds; ++t)
    for (int i = 0; i < edition.terrain[t]; ++i) terrains.push_back(static_cast<core::Terrain>(t));
  std::vector<int> tokens;
  for (int n = 2; n <= 12; ++n)
    for (int i = 0; i < edition.tokens[n]; ++i) tokens.push_back(n);
  rng.shuffle(terrains);
  rng.shuffle(tokens);
  core::BoardSpec b;
  size_t next_token = 0;
  const core::Topology& island = edition.island;
  for (core::HexId h = 0; h < island.hex_count(); ++h) {
    core::HexSpec x{island.hex_at(h), terrains[h], 0};
    if (x.terrain != core::Terrain::Desert)
      x.number = tokens[next_token++];
    else
      b.robber = x.at;
    b.hexes.push_back(x);
  }
  std::vector<core::HarborKind> kinds;  // the 3:1 harbors first, then by resource
  const int generic = static_cast<int>(core::HarborKind::Generic);
  for (int k : {generic, 0, 1, 2, 3, 4})
    for (int i = 0; i < edition.harbors[k]; ++i) kinds.push_back(static_cast<core::HarborKind>(k));
  rng.shuffle(kinds);
  for (size_t i = 0; i < edition.harbor_sites.size() && i < kinds.size(); ++i)
    b.harbors.push_back({edition.harbor_sites[i].first, edition.harbor_sites[i].second, kinds[i]});
  return b;
}

std::vector<std::string> player_names(int n) {
  return {kNames.begin(), kNames.begin() + std::clamp(n, 0, static_cast<int>(kNames.size()))};
}

const core::Edition& edition_of(int players) {
  return players >= core::Edition::five_six().min_players ? core::Edition::five_six()
                                                          : core::Edition::base();
}

core::BoardSpec random_board_for(uint64_t seed, int players) {
  return random_board(seed, edition_of(players));
}

std::string header_yaml(uint64_t seed, int players, const core::Options& rules) {
  log::HeaderInfo h;
  h.id = fmt::format("new-s{}-p{}", seed, players);
  h.options = rules;
  h.players = player_names(players);
  h.board = random_board_for(seed, players);
  std::string text = log::write_header(h);  // ends with "actions:\n": no entries yet
  text.insert(text.size() - 1, " []");
  return fmt::format(
             "# Generated by `catan-referee generate --header-only --seed {} --players {}`: a "
             "new game,\n# its board the official variable set-up from seed {} (a live game's "
             "`board: {{random: {}}}`).\n",
             seed, players, seed, seed) +
         text;
}

Game generate(const GenOptions& opt) {
  // Five or six players play the five-six extension on its island (RULES-5-6.md).
  const core::Edition& edition = edition_of(opt.players);
  if (auto v = rules::check_players(opt.players, edition, opt.rules))
    throw std::invalid_argument(diag::message_text(*v));
  if (std::string why = rules::unsupported_turns(edition, opt.rules, opt.players); !why.empty())
    throw std::invalid_argument(why);
  Rng seeds(opt.seed);
  for (int attempt = 1;; ++attempt) {
    const uint64_t sub = seeds.next();
    Game g;
    g.seed = opt.seed;
    g.attempts = attempt;
    g.players.assign(kNames.begin(), kNames.begin() + opt.players);
    g.board = random_board(sub, edition);
    // The one replay loop (replay::Replayer) judges every entry the policy makes.
    log::Game header;
    header.players = g.players;
    header.board = g.board;
    header.options = opt.rules;
    replay::Replayer replayer("<generate>", {});
    if (!replayer.start(header))
      throw std::logic_error("generate: a random board was refused: " +
                             (replayer.report().error ? replayer.report().error->message : ""));
    auto feed = [&](const Action& a) {
      if (!replayer.feed(a))
        throw std::logic_error("generate: the policy chose an illegal action: " +
                               replayer.report().error->message);
    };
    Rng rng(sub ^ 0x5DEECE66DULL);
    Policy policy(opt, rng);
    int turns_since_expect = 0;
    while (static_cast<int>(g.actions.size()) < opt.max_actions) {
      const core::GameState& s = *replayer.state();
      if (s.phase == core::Phase::Over) {
        if (s.unrevealed_vp_cards(s.winner) > 0) {
          Action r;
          r.kind = ActionKind::Reveal;
          r.player = s.winner;
          r.count = s.unrevealed_vp_cards(s.winner);
          feed(r);
          g.actions.push_back(r);
        }
        Action c;
        c.kind = ActionKind::Claim;
        c.player = s.winner;
        feed(c);
        g.actions.push_back(c);
        g.final_state = *replayer.state();
        return g;
      }
      std::vector<Action> legal = rules::legal_actions(s);
      Action a = policy.choose(s, legal);
      const core::GameState before = s;
      feed(a);
      const core::GameState& after = *replayer.state();
      annotate(a, before, after);
      observe(g.features, a, before, after);
      if (a.kind == ActionKind::EndTurn && !a.end_build && opt.expect_every > 0 &&
          ++turns_since_expect % opt.expect_every == 0)
        a.expect = snapshot(*replayer.state(), turns_since_expect % (4 * opt.expect_every) == 0);
      g.actions.push_back(a);
    }
  }
}

std::string to_yaml(const Game& g, const GenOptions& opt, const std::string& id) {
  std::string command =
      fmt::format("catan-referee generate --seed {} --players {}", g.seed, opt.players);
  if (opt.trade_bias != 1.0) command += fmt::format(" --trade-bias {}", opt.trade_bias);
  if (opt.build_bias != 1.0) command += fmt::format(" --build-bias {}", opt.build_bias);
  if (opt.expect_every != 1) command += fmt::format(" --expect-every {}", opt.expect_every);
  for (const auto& info : core::option_table())
    if (std::string v = core::get_option(opt.rules, info.key); v != info.default_value)
      command += fmt::format(" --rule {}={}", info.key, v);
  std::string out = fmt::format(
      "# Generated by `{}` ({}).\n"
      "# A complete random legal game. Its derived effects are asserted (the fields gains,\n"
      "# takes, expect and result) so that other implementations can check their bookkeeping.\n"
      "# Contents: {}.\n"
      "# expect: legal\n",
      command, id, g.features.summary());
  log::HeaderInfo h{id, "", opt.rules, g.players, g.board, ""};
  out += log::write_header(h);
  for (const Action& a : g.actions) out += "  - " + log::write_entry(a, g.players) + "\n";
  out += "result: {winner: " + log::write_scalar(g.players[g.final_state.winner]) + "}\n";
  return out;
}

std::string game_id(const GenOptions& opt, bool header_only) {
  return (header_only ? "new-s" : "gen-s") + std::to_string(opt.seed) + "-p" +
         std::to_string(opt.players);
}

std::string game_text(const GenOptions& opt, bool header_only) {
  return header_only ? header_yaml(opt.seed, opt.players, opt.rules)
                     : to_yaml(generate(opt), opt, game_id(opt, header_only));
}

}  // namespace catan::gen
