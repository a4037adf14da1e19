#include "replay/replay.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "rules/engine.hpp"

namespace catan::replay {
namespace {

using core::Focus;

diag::Location where(const std::string& file, log::Mark m) { return {file, m.line, m.column}; }

log::Mark entry_mark(const log::Entry& e, Focus f) {
  log::Mark m = e.at;
  switch (f) {
    case Focus::Player: m = e.player; break;
    case Focus::Value: m = e.value; break;
    case Focus::Steal: m = e.steal; break;
    case Focus::Gains: m = e.gains; break;
    case Focus::Takes: m = e.takes; break;
    case Focus::Take: m = e.take; break;
    case Focus::Expect: m = e.expect; break;
    default: break;
  }
  return m.line > 0 ? m : e.at;
}

log::Mark header_mark(const log::Game& g, const core::Violation& v) {
  auto pick = [&](const std::vector<log::Mark>& v2, int i, log::Mark fallback) {
    return i >= 0 && i < static_cast<int>(v2.size()) ? v2[i] : fallback;
  };
  switch (v.focus) {
    case Focus::Players: return g.players_at;
    case Focus::BoardHexes: return g.hexes_at;
    case Focus::BoardHex: return pick(g.hex_at, v.index, g.hexes_at);
    case Focus::BoardHarbors: return g.harbors_at;
    case Focus::BoardHarbor: return pick(g.harbor_at, v.index, g.harbors_at);
    case Focus::BoardRobber: return g.robber_at;
    case Focus::Rolloff: return pick(g.rolloff_at, v.index, g.at);
    case Focus::Result: return g.result_at;
    default: return g.at;
  }
}

std::string situation(const core::GameState& s) {
  if (s.phase == core::Phase::Setup)
    return fmt::format("set-up, placement {} of {}", s.setup_step + 1, s.setup_steps());
  if (s.phase == core::Phase::Over) return fmt::format("after the game ended (turn {})", s.turn);
  return fmt::format("turn {}, {}'s turn, {}", s.turn, s.players[s.active].name,
                     core::to_string(s.phase));
}

diag::Diagnostic from_violation(const core::Violation& v, diag::Location at) {
  diag::Diagnostic d;
  d.severity = v.severity;
  d.rule = v.rule;
  d.message = v.message;
  d.at = std::move(at);
  d.notes = v.notes;
  return d;
}

}  // namespace

diag::GameReport malformed(const std::string& file, const log::Document& doc) {
  diag::GameReport r;
  r.file = file;
  r.index = doc.index;
  r.status = diag::Status::Malformed;
  diag::Diagnostic d;
  d.message = doc.error ? doc.error->message : "malformed";
  d.at = where(file, doc.error ? doc.error->at : log::Mark{});
  r.error = d;
  return r;
}

Outcome replay(const std::string& file, const log::Game& game, const Settings& settings) {
  Outcome out;
  diag::GameReport& r = out.report;
  r.file = file;
  r.index = game.index;
  r.id = game.id;
  r.actions = static_cast<int>(game.actions.size());

  core::Options options = game.options;
  for (const auto& [k, v] : settings.rule_overrides) {
    std::string err = k == "profile" ? core::apply_profile(options, v) : core::set_option(options, k, v);
    if (!err.empty()) throw std::invalid_argument(err);  // the CLI validates these first
  }
  auto header_error = [&](const core::Violation& v) {
    r.status = diag::Status::Illegal;
    r.error = from_violation(v, where(file, header_mark(game, v)));
    r.error->situation = "game header, before the first action";
    return out;
  };
  if (auto v = rules::check_players(static_cast<int>(game.players.size()))) return header_error(*v);
  rules::Setup setup = rules::build_board(game.board, options);
  if (setup.violation) return header_error(*setup.violation);
  if (!setup.unsupported.empty()) {
    r.status = diag::Status::Unsupported;
    diag::Diagnostic d;
    d.message = setup.unsupported;
    d.at = where(file, game.at);
    r.error = d;
    return out;
  }
  if (auto v = rules::check_rolloff(game.rolloff, static_cast<int>(game.players.size()), options))
    return header_error(*v);

  core::GameState s = core::GameState::initial(*setup.board, options, game.players);
  for (size_t i = 0; i < game.actions.size(); ++i) {
    const int number = static_cast<int>(i) + 1;
    if (settings.stop_before == number) break;
    if (settings.stop_at_turn > 0 && s.turn >= settings.stop_at_turn) break;
    const log::Entry& e = game.actions[i];
    auto fill = [&](diag::Diagnostic& d) {
      d.action = number;
      d.turn = s.turn;
      d.player = s.players[e.action.player].name;
      d.situation = situation(s);
    };
    if (auto v = rules::check(s, e.action)) {
      diag::Diagnostic d = from_violation(*v, where(file, entry_mark(e, v->focus)));
      fill(d);
      if (v->severity == core::Severity::Error) {
        r.status = diag::Status::Illegal;
        r.error = std::move(d);
        r.checked = number - 1;
        r.turns = s.turn;
        out.state = std::move(s);
        return out;
      }
      r.warnings.push_back(std::move(d));
    }
    const rules::Prior before = e.action.expect ? rules::prior_of(s) : rules::Prior{};
    rules::apply(s, e.action);
#ifdef CATAN_CHECK_INVARIANTS
    if (auto bad = rules::check_invariants(s); !bad.empty())
      throw std::logic_error(fmt::format("{}:{}:{}: internal error: invariant broken after action {}: {}",
                                         file, e.at.line, e.at.column, number, bad.front()));
#endif
    if (e.action.expect) {
      if (auto v = rules::check_expectation(before, s, e.action, *e.action.expect)) {
        diag::Diagnostic d = from_violation(*v, where(file, entry_mark(e, v->focus)));
        d.action = number;
        d.turn = before.turn;
        d.player = s.players[e.action.player].name;
        d.situation = fmt::format("turn {}", before.turn);
        r.status = diag::Status::Illegal;
        r.error = std::move(d);
        r.checked = number - 1;
        r.turns = s.turn;
        out.state = std::move(s);
        return out;
      }
    }
    r.checked = number;
  }
  r.turns = s.turn;
  if (game.result_winner && settings.stop_before == 0 && settings.stop_at_turn == 0) {
    if (auto v = rules::check_result(s, *game.result_winner)) {
      r.status = diag::Status::Illegal;
      r.error = from_violation(*v, where(file, game.result_at));
      r.error->situation = fmt::format("the end of the log, after action {}", r.actions);
      out.state = std::move(s);
      return out;
    }
  }
  const bool mid_turn = s.phase != core::Phase::PreRoll && s.phase != core::Phase::Over &&
                        !(s.phase == core::Phase::Setup && s.setup_settlement == core::kNone);
  if (mid_turn && !game.actions.empty() && settings.stop_before == 0 && settings.stop_at_turn == 0) {
    diag::Diagnostic d;
    d.severity = core::Severity::Warning;
    d.rule = core::Rule::TURN_05;
    d.message = fmt::format("the log ends in the middle of {}", s.phase == core::Phase::Setup
                                                                   ? std::string("a set-up placement")
                                                                   : fmt::format("turn {} ({})", s.turn,
                                                                                 core::to_string(s.phase)));
    d.at = where(file, game.actions.back().at);
    d.action = r.actions;
    d.turn = s.turn;
    d.player = s.players[s.active].name;
    d.situation = situation(s);
    r.warnings.push_back(std::move(d));
  }
  if (s.winner != core::kNoPlayer) {
    r.status = diag::Status::Legal;
    r.winner = s.players[s.winner].name;
  } else {
    r.status = diag::Status::Incomplete;
  }
  out.state = std::move(s);
  return out;
}

}  // namespace catan::replay
