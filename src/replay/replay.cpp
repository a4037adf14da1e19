#include "replay/replay.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "core/work_counters.hpp"
#include "diag/message_text.hpp"
#include "log/reader.hpp"
#include "log/writer.hpp"
#include "replay/mark_log.hpp"
#include "replay/tree_json.hpp"
#include "rules/engine.hpp"
#include "rules/recovery.hpp"
#include "text/pieces.hpp"

namespace catan::replay {
namespace {

using core::Focus;

diag::Location where(const std::string& file, text::Mark m) { return {file, m.line, m.column}; }

text::Mark entry_mark(const log::Entry& e, Focus f) {
  text::Mark m = e.at;
  switch (f) {
    case Focus::Player:
      m = e.player;
      break;
    case Focus::Value:
      m = e.value;
      break;
    case Focus::Steal:
      m = e.steal;
      break;
    case Focus::Gains:
      m = e.gains;
      break;
    case Focus::Takes:
      m = e.takes;
      break;
    case Focus::Take:
      m = e.take;
      break;
    case Focus::Expect:
      m = e.expect;
      break;
    default:
      break;
  }
  return m.line > 0 ? m : e.at;
}

// Whether VP that `x` asserts hold with the award holders `road` and `army` but not with
// those of `s` (an award adopted from the same entry would make its own VP wrong).
bool contradicts_vp(const core::GameState& s, int road, int army, const core::Expectation& x) {
  core::GameState other = s;
  other.longest_road = road;
  other.largest_army = army;
  for (int p = 0; p < s.player_count() && p < static_cast<int>(x.vp.size()); ++p)
    if (x.vp[p] && *x.vp[p] == other.victory_points(p) && *x.vp[p] != s.victory_points(p))
      return true;
  return false;
}

text::Mark header_mark(const log::Game& g, const core::Violation& v) {
  auto pick = [&](const std::vector<text::Mark>& v2, int i, text::Mark fallback) {
    return i >= 0 && i < static_cast<int>(v2.size()) ? v2[i] : fallback;
  };
  switch (v.focus) {
    case Focus::Players:
      return g.players_at;
    case Focus::BoardHexes:
      return g.hexes_at;
    case Focus::BoardHex:
      return pick(g.hex_at, v.index, g.hexes_at);
    case Focus::BoardHarbors:
      return g.harbors_at;
    case Focus::BoardHarbor:
      return pick(g.harbor_at, v.index, g.harbors_at);
    case Focus::BoardRobber:
      return g.robber_at;
    case Focus::Rolloff:
      return pick(g.rolloff_at, v.index, g.at);
    case Focus::Result:
      return g.result_at;
    default:
      return g.at;
  }
}

// Where an entry is judged, as the fields situation() reads: kept before the entry changes
// the state, made into text only for a diagnostic (a player view's entries keep one each).
struct Place {
  core::Phase phase = core::Phase::Setup;
  int setup_step = 0, setup_steps = 0, turn = 0, active = 0, lead = core::kNoPlayer;
  static Place of(const core::GameState& s) {
    return {s.phase, s.setup_step, s.setup_steps(), s.turn, s.active, s.lead};
  }
  std::string text(const std::vector<core::PlayerState>& players) const {
    if (phase == core::Phase::Setup)
      return fmt::format("set-up, placement {} of {}", setup_step + 1, setup_steps);
    if (phase == core::Phase::Over) return fmt::format("after the game ended (turn {})", turn);
    return core::turn_text(turn, phase, lead, active, players);
  }
};

std::string situation(const core::GameState& s) { return Place::of(s).text(s.players); }

// Where entry `a` is judged, as `d`'s turn and situation: after a Special Build Phase or
// player 2's phase, the entry that begins the next turn is judged at that turn's start.
void judged_at(diag::Diagnostic& d, const core::GameState& s, const core::Action& a) {
  const std::optional<core::GameState> next = rules::next_turn_start(s, a);
  const core::GameState& at = next ? *next : s;
  d.turn = at.turn;
  d.situation = situation(at);
}

// --keep-going could not go on at entry `number`.
void r_stop_keep_going(diag::GameReport& r, int number, std::string why) {
  if (!r.keep_going) r.keep_going.emplace();
  r.keep_going->stopped_at = number;
  r.keep_going->stopped = std::move(why);
}

// A diagnostic's message from the table, with its text.
void say(diag::Diagnostic& d, core::MessageId m, std::initializer_list<core::Arg> args) {
  d.rule = core::info(m).rules.front();
  d.msg = core::make_message(*d.rule, m, args);
  d.message = diag::message_text(*d.msg);
}

diag::Diagnostic from_violation(const core::Violation& v, diag::Location at) {
  diag::Diagnostic d;
  d.severity = v.severity;
  d.rule = v.rule;
  d.message = diag::message_text(v);
  d.msg = v.msg;
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
  d.at = where(file, doc.error ? doc.error->at : text::Mark{});
  r.error = d;
  for (const text::ReadError& e : doc.more_errors) {
    diag::Diagnostic more;
    more.message = e.message;
    more.at = where(file, e.at);
    r.more_errors.push_back(std::move(more));
  }
  return r;
}

diag::GameReport unreadable(const std::string& file, const std::string& why) {
  diag::GameReport r;
  r.file = file;
  r.status = diag::Status::Malformed;
  r.error = diag::Diagnostic{};
  r.error->message = why;
  r.error->at = {file, 0, 0};
  return r;
}

struct Replayer::Impl {
  std::string file;
  Settings settings;
  Outcome out;
  std::optional<core::GameState> s;
  // The game's edition when its island is not the base one (nullptr: the base island):
  // entries' places are resolved again (the reader resolves them on the base island).
  const core::Edition* edition = nullptr;
  std::vector<text::Mark> no_marks;
  bool decided = false;
  int number = 0;  // entries fed so far
  text::Mark last_entry;
  MarkLog marks;                       // where each entry starts (8 bytes an entry), for notes
  std::optional<rules::Position> pos;  // from the first entry that hides a card on

  // check --keep-going: the deviations so far (the first is the report's error).
  struct Deviation {
    int action = 0;
    core::Rule rule{};
    std::vector<int> players;
    text::Mark at;
    size_t root = 0;  // the deviation it may follow from at the start of its chain (itself)
  };
  std::vector<Deviation> deviations;
  bool going() const { return !deviations.empty(); }
  // The worlds (distinct, peak) when the first deviation was met: the report's, as without
  // --keep-going, whatever the worlds became after it.
  std::pair<size_t, size_t> worlds_at_error{0, 0};

  // Which diagnostic a deviation is: -1 the report's error, else r.deviations[i]. The one
  // reported last, and the diagnostic an index names (null if there is none).
  int last_reported() const {
    return out.report.deviations.empty() ? -1 : static_cast<int>(out.report.deviations.size()) - 1;
  }
  diag::Diagnostic* reported(int i) {
    diag::GameReport& r = out.report;
    if (i < 0) return r.error ? &*r.error : nullptr;
    return i < static_cast<int>(r.deviations.size()) ? &r.deviations[static_cast<size_t>(i)]
                                                     : nullptr;
  }

  // AWARD-09: an award assertion failed because the log still named the previous holder on
  // the entry that moved the award. The entries up to the end of that turn are watched: one
  // that asserts the engine's holder shows that the log made the change, only later, and the
  // diagnostic then cites AWARD-09 instead of the rule that moved the award.
  struct Deferral {
    bool road = true;    // Longest Road, else Largest Army
    int holder = 0;      // the engine's holder after the entry that moved it
    int deviation = -1;  // which diagnostic: -1 the report's error, else r.deviations[i]
    int action = 0;      // the entry that moved it
  };
  std::optional<Deferral> deferral;
  int watched = 0;  // entries watched after the verdict

  // --keep-going: the engine saw a win that the log plays on from. Reported once (TURN-07,
  // WIN-03 for a claim) at the first entry after the end, which is held back; at a second
  // one the log's view that the game goes on is adopted: the win is set aside, the held entry
  // applied, and from there a game ends only where the log claims it (as under
  // win-detection: declared) or its result names a winner with the VP to have won.
  core::Phase phase_before = core::Phase::Setup;  // of the entry being applied
  core::Phase resume_phase = core::Phase::Main;   // where the winner's turn was at the win
  bool win_set_aside = false;
  std::optional<core::Action> held_after_end;  // the first entry after the end, held back
  int end_deviation = -1;                      // its diagnostic: -1 the error, else deviations[i]
  std::string continue_after_win(core::GameState& s) {
    const std::string who = s.players[s.winner].name;
    const int at = s.win_action;
    s.phase = resume_phase;
    s.winner = core::kNoPlayer;
    s.win_action = 0;
    s.robber_after_win = false;
    s.options.win_detection = core::WinDetection::Declared;
    win_set_aside = true;
    return fmt::format(
        "the log plays on: {}'s win after action {} was set aside, and from here the game ends "
        "only where the log claims a win (as under win-detection: declared)",
        who, at);
  }

  // --keep-going: an award holder adopted from the log stays adopted while the engine, when
  // it re-evaluates, only gives the award back to the holder it had computed (the same
  // difference, reported once); any other change of holder is a new reason and ends it, and
  // so does a log that names the engine's holder again.
  struct AwardGap {
    int engine = 0;  // the holder the engine computed
    int log = 0;     // the holder adopted from the log
  };
  std::optional<AwardGap> road_gap, army_gap;
  void keep_adopted_awards(core::GameState& s, int road_before, int army_before) {
    auto keep = [](std::optional<AwardGap>& gap, int& holder, int before) {
      if (!gap || holder == before) return;
      if (before == gap->log && holder == gap->engine)
        holder = gap->log;  // the same difference again
      else
        gap.reset();
    };
    keep(road_gap, s.longest_road, road_before);
    keep(army_gap, s.largest_army, army_before);
  }
  // The log names the engine's holder again: the difference is gone.
  void close_award_gaps(core::GameState& s, const core::Expectation& x) {
    auto close = [](std::optional<AwardGap>& gap, int& holder, const std::optional<int>& claim) {
      if (gap && claim && *claim == gap->engine && holder == gap->log) {
        holder = gap->engine;
        gap.reset();
      }
    };
    close(road_gap, s.longest_road, x.longest_road);
    close(army_gap, s.largest_army, x.largest_army);
  }
  static std::optional<Deferral> deferred(const rules::Prior& before, const core::GameState& s,
                                          const core::Expectation& x, int number) {
    // The award assertions are checked first (rules::check_expectation), Longest Road first.
    if (x.longest_road && *x.longest_road != s.longest_road) {
      if (before.longest_road != s.longest_road && *x.longest_road == before.longest_road)
        return Deferral{true, s.longest_road, -1, number};
      return {};
    }
    if (x.largest_army && *x.largest_army != s.largest_army &&
        before.largest_army != s.largest_army && *x.largest_army == before.largest_army)
      return Deferral{false, s.largest_army, -1, number};
    return {};
  }
  // A later entry of the watched turn, numbered `number`: true when it asserts the holder.
  bool watch_deferral(const log::Entry& e, int number) {
    const Deferral w = *deferral;
    const core::Expectation* x = e.action.expect ? &*e.action.expect : nullptr;
    const std::optional<int>* claim = x ? (w.road ? &x->longest_road : &x->largest_army) : nullptr;
    if (e.action.kind == core::ActionKind::EndTurn || (claim && *claim)) deferral.reset();
    if (!claim || !*claim || **claim != w.holder) return false;
    diag::Diagnostic* d = reported(w.deviation);
    if (!d) return false;
    d->rule = core::Rule::AWARD_09;
    d->notes.push_back(
        {"deferred", fmt::format("the log makes this change only at action {} ({}:{}:{}), not on "
                                 "action {}, which caused it: awards change at once",
                                 number, file, e.at.line, e.at.column, w.action)});
    for (Deviation& dev : deviations)
      if (dev.action == w.action) dev.rule = core::Rule::AWARD_09;
    return true;
  }
  // A VP total or card count cannot be adopted, so once one differs every later `expect`
  // of it would differ too: the difference (logged minus derived) reported last, per
  // player, so that an `expect` repeating it unchanged is not reported again.
  std::vector<std::optional<int>> vp_gap, cards_gap;
  // The production gap adopted last per roll total (rules::production_gap).
  std::map<int, std::vector<core::ResourceSet>> production_gaps;
  // After a deviation: `gap` (of the roll `a`) is the one last adopted on its number.
  bool repeats_gap(const std::vector<core::ResourceSet>& gap, const core::Action& a) const {
    if (!going() || gap.empty()) return false;
    auto known = production_gaps.find(a.roll_total());
    return known != production_gaps.end() && known->second == gap;
  }
  // Drops from `x` each VP and card count that differs from `s` exactly as last reported,
  // and forgets a difference that is gone.
  void drop_known_gaps(const core::GameState& s, core::Expectation& x) {
    vp_gap.resize(s.players.size());
    cards_gap.resize(s.players.size());
    for (size_t p = 0; p < s.players.size(); ++p) {
      const int i = static_cast<int>(p);
      if (p < x.vp.size() && x.vp[p]) {
        const int gap = *x.vp[p] - s.victory_points(i);
        if (gap == 0) vp_gap[p].reset();
        if (gap != 0 && vp_gap[p] == gap) x.vp[p].reset();
      }
      if (p < x.cards.size() && x.cards[p]) {
        const int gap = *x.cards[p] - s.players[p].hand.total();
        if (gap == 0) cards_gap[p].reset();
        if (gap != 0 && cards_gap[p] == gap) x.cards[p].reset();
      }
    }
  }
  // After adopt_expectation took `before`'s VP or card count of a player out of `after`:
  // remember the difference it reported.
  void remember_gap(const core::GameState& s, const core::Expectation& before,
                    const core::Expectation& after) {
    vp_gap.resize(s.players.size());
    cards_gap.resize(s.players.size());
    for (size_t p = 0; p < s.players.size(); ++p) {
      if (p < before.vp.size() && before.vp[p] && !after.vp[p])
        vp_gap[p] = *before.vp[p] - s.victory_points(static_cast<int>(p));
      if (p < before.cards.size() && before.cards[p] && !after.cards[p])
        cards_gap[p] = *before.cards[p] - s.players[p].hand.total();
    }
  }

  bool feed_worlds(const log::Entry& e, int number);
  void after_view_entry(int road_before, int army_before);
  std::string go_on_in_view(
      const log::Entry& e, const core::Action& a, int number, rules::Position::Result& res,
      const std::function<diag::Diagnostic(const core::Violation&)>& describe);
  void deviation(diag::Diagnostic&& d, const text::Mark& at, std::vector<int> players,
                 const std::vector<std::string>& steps, const std::string& not_applied,
                 const core::GameState& s, int number);

  // The assertions of an entry that was checked and passed.
  void count(const log::Entry& e, int number) {
    diag::AssertionCounts& c = *out.report.assertions;
    const core::Action& a = e.action;
    if (a.kind == core::ActionKind::Roll && a.roll_total() != 7) {
      ++c.rolls;
      if (a.gains)
        ++c.gains;
      else if (c.roll_without_gains == 0) {
        c.roll_without_gains = number;
        c.roll_without_gains_at = where(file, e.at);
      }
    }
    if (a.takes) ++c.takes;
    if (!a.expect) return;
    const core::Expectation& x = *a.expect;
    auto any = [](const auto& v) {
      for (const auto& i : v)
        if (i) return true;
      return false;
    };
    if (any(x.hands) || any(x.cards)) ++c.hands;
    if (any(x.vp)) ++c.vp;
    if (x.longest_road || x.largest_army) ++c.awards;
    if (x.bank) ++c.bank;
    if (x.robber) ++c.robber;
  }

  // A note pointing at the earlier entry that caused the situation.
  void relate(diag::Diagnostic& d, const core::Violation& v) const {
    if (v.related_action < 1 || v.related_action > static_cast<int>(marks.size())) return;
    const text::Mark at = marks[static_cast<size_t>(v.related_action - 1)];
    d.notes.push_back({v.related_what, fmt::format("{}:{}:{} (action {})", file, at.line, at.column,
                                                   v.related_action)});
  }
};

Replayer::Replayer(std::string file, Settings settings) : impl_(std::make_unique<Impl>()) {
  impl_->file = std::move(file);
  impl_->settings = std::move(settings);
}
Replayer::Replayer(const Replayer& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}
Replayer& Replayer::operator=(const Replayer& other) {
  if (this != &other) impl_ = std::make_unique<Impl>(*other.impl_);
  return *this;
}
Replayer::Replayer(Replayer&& other) noexcept = default;
Replayer& Replayer::operator=(Replayer&& other) noexcept = default;
Replayer::~Replayer() = default;

bool Replayer::start(const log::Game& game) {
  core::count_work(&core::WorkCounters::games_replayed);
  Impl& m = *impl_;
  m.edition = nullptr;
  diag::GameReport& r = m.out.report;
  r.file = m.file;
  r.index = game.index;
  r.id = game.id;
  core::Options options = game.options;
  for (const auto& [k, v] : m.settings.rule_overrides) {
    std::string err =
        k == "profile" ? core::apply_profile(options, v) : core::set_option(options, k, v);
    if (!err.empty()) throw std::invalid_argument(err);  // the CLI validates these first
  }
  r.options = options;
  r.assertions.emplace();
  r.assertions->game_at = where(m.file, game.at);
  auto header_error = [&](const core::Violation& v) {
    r.status = diag::Status::Illegal;
    r.error = from_violation(v, where(m.file, header_mark(game, v)));
    r.error->situation = "game header, before the first action";
    m.decided = true;
    return false;
  };
  const int players = static_cast<int>(game.players.size());
  const core::Edition& edition = rules::edition_for(players, game.board);
  if (auto v = rules::check_players(players, edition, options)) return header_error(*v);
  rules::Setup setup = rules::build_board(game.board, options, edition);
  if (setup.violation) return header_error(*setup.violation);
  if (setup.unsupported.empty())
    setup.unsupported = rules::unsupported_turns(edition, options, players);
  if (!setup.unsupported.empty()) {
    r.status = diag::Status::Unsupported;
    diag::Diagnostic d;
    d.message = setup.unsupported;
    d.at = where(m.file, game.at);
    r.error = d;
    m.decided = true;
    return false;
  }
  if (auto v = rules::check_rolloff(game.rolloff, static_cast<int>(game.players.size()), options))
    return header_error(*v);
  m.s = core::GameState::initial(*setup.board, options, game.players);
  m.edition = &edition == &core::Edition::base() ? nullptr : &edition;
  return true;
}

bool Replayer::feed(const log::Entry& e) {
  Impl& m = *impl_;
  if (m.edition) {  // another island than the base one: its places
    log::Entry local = e;
    core::resolve_places(local.action, m.edition->island);
    const core::Edition* edition = std::exchange(m.edition, nullptr);
    const bool more = feed(local);
    m.edition = edition;
    return more;
  }
  if (m.deferral && m.decided) {  // the verdict is known; only its rule may change
    m.watch_deferral(e, m.deferral->action + ++m.watched);
    return false;
  }
  if (m.decided) return false;
  core::count_work(&core::WorkCounters::entries_fed);
  const int number = ++m.number;
  const bool caught_up = m.deferral && m.watch_deferral(e, number);
  m.last_entry = e.at;
  m.marks.push_back(e.at);
  const Settings& settings = m.settings;
  // The turn of the state the next entry meets: in a player-view log, the worlds' (their turn
  // is public and the same in all of them), not the state left behind when they began.
  const int turn_now = m.pos ? m.pos->state().turn : m.s->turn;
  if ((settings.stop_before > 0 && number >= settings.stop_before) ||
      (settings.stop_at_turn > 0 && turn_now >= settings.stop_at_turn)) {
    m.decided = true;
    --m.number;
    m.marks.pop_back();
    return false;
  }
  // The first entry that hides a card: from here the worlds consistent with the log (after a
  // deviation too: --keep-going follows them as it follows a complete log).
  if (!m.pos && e.action.has_hidden())
    m.pos.emplace(*m.s, settings.max_worlds, settings.approximate_worlds);
  if (m.pos) return m.feed_worlds(e, number);
  core::GameState& s = *m.s;
  diag::GameReport& r = m.out.report;
  auto stop = [&](diag::Diagnostic&& d) {
    r.status = diag::Status::Illegal;
    r.error = std::move(d);
    r.checked = number - 1;
    r.turns = s.turn;
    m.decided = true;
    return false;
  };
  const rules::Prior before = e.action.expect ? rules::prior_of(s) : rules::Prior{};
  // --keep-going: a roll whose production differs from the log's exactly as the last roll of
  // that number did (a piece placed to go on that the log's engine does not have) is the
  // same difference again: judged without its gains, which are then adopted.
  std::vector<core::ResourceSet> gap;
  if (settings.keep_going) gap = rules::production_gap(s, e.action);
  std::optional<core::Action> quiet;
  if (m.repeats_gap(gap, e.action)) {
    quiet = e.action;
    quiet->gains.reset();
  }
  const core::Action& act = quiet ? *quiet : e.action;
  if (auto v = rules::check(s, act)) {
    diag::Diagnostic d = from_violation(*v, where(m.file, entry_mark(e, v->focus)));
    d.action = number;
    d.player = s.players[e.action.player].name;
    judged_at(d, s, act);
    m.relate(d, *v);
    if (v->severity == core::Severity::Error) {
      if (!settings.keep_going) return stop(std::move(d));
      const core::GameState at_entry = s;
      std::optional<core::Violation> refused = std::move(v);
      if (s.phase == core::Phase::Over && !m.win_set_aside && !m.held_after_end) {
        // The end, reported once. The entry is held back: a log that only adds a stray entry
        // before the winner's record of the win has not played on.
        m.held_after_end = e.action;
        m.deviation(std::move(d), entry_mark(e, refused->focus), {e.action.player}, {},
                    "the game had ended (held back: the log may play on)", at_entry, number);
        m.end_deviation = m.last_reported();
        return true;
      }
      if (s.phase == core::Phase::Over && !m.win_set_aside) {
        // A second entry after the end: the log plays on. The held entry is applied in the
        // game it plays, and this one judged there; neither is another "the game ended".
        const std::string step = m.continue_after_win(s);
        diag::Diagnostic* end = m.reported(m.end_deviation);
        if (m.end_deviation < 0 && r.keep_going)
          r.keep_going->after_first.push_back({"keep-going", step});
        else if (end)
          end->notes.push_back({"keep-going", step});
        if (!rules::check(s, *m.held_after_end)) rules::apply(s, *m.held_after_end);
        refused = rules::check(s, e.action);
        if (refused && refused->severity == core::Severity::Error) {
          d = from_violation(*refused, where(m.file, entry_mark(e, refused->focus)));
          d.action = number;
          d.player = s.players[e.action.player].name;
          judged_at(d, s, e.action);
        } else {
          refused.reset();
        }
      }
      if (refused) {
        const core::GameState at_refusal = s;
        rules::Recovery rec = rules::recover_action(s, e.action, *refused);
        if (rec.applied && !gap.empty()) m.production_gaps[e.action.roll_total()] = gap;
        if (rec.applied && e.action.expect) {  // its assertions re-synchronise the state
          core::Expectation x = *e.action.expect;
          int who = -1;
          while (auto what = rules::adopt_expectation(s, x, who)) rec.steps.push_back(*what);
        }
        m.deviation(std::move(d), entry_mark(e, refused->focus), rec.players, rec.steps,
                    rec.not_applied ? diag::message_text(*rec.not_applied) : std::string(),
                    at_refusal, number);
        return true;
      }
    } else if (!m.going()) {
      r.warnings.push_back(std::move(d));  // after a deviation: deviations only
    }
  }
#ifdef CATAN_CHECK_INVARIANTS
  std::vector<core::World> mirrored;  // expand_private must agree with apply on every entry
  if (!m.going()) rules::expand_private(s, e.action, mirrored);
#endif
  const int road_before = s.longest_road, army_before = s.largest_army;
  m.phase_before = s.phase;
  rules::apply(s, act);
  if (quiet) rules::add_to_hands(s, gap);
  if (s.phase == core::Phase::Over && m.phase_before != core::Phase::Over)
    m.resume_phase =
        m.phase_before == core::Phase::PreRoll ? core::Phase::PreRoll : core::Phase::Main;
  if (m.going()) m.keep_adopted_awards(s, road_before, army_before);
#ifdef CATAN_CHECK_INVARIANTS
  // (after an adopted value the state need not add up: --keep-going takes the log's word)
  if (auto bad = m.going() ? std::vector<std::string>{} : rules::check_invariants(s); !bad.empty())
    throw std::logic_error(
        fmt::format("{}:{}:{}: internal error: invariant broken after action {}: {}", m.file,
                    e.at.line, e.at.column, number, bad.front()));
  if (!m.going() && (mirrored.size() != 1 || !(mirrored.front() == rules::capture(s))))
    throw std::logic_error(
        fmt::format("{}:{}:{}: internal error: expand_private disagrees with "
                    "apply after action {}",
                    m.file, e.at.line, e.at.column, number));
#endif
  if (e.action.expect) {
    // --keep-going adopts each difference in turn, in a copy; else the entry's own is read.
    std::optional<core::Expectation> own;
    if (settings.keep_going) {
      own = *e.action.expect;
      if (m.going()) {
        m.drop_known_gaps(s, *own);
        m.close_award_gaps(s, *own);
      }
      if (caught_up) {  // the log now names the holder the engine gave: no new deviation
        if (own->longest_road && *own->longest_road != s.longest_road)
          s.longest_road = *own->longest_road;
        if (own->largest_army && *own->largest_army != s.largest_army)
          s.largest_army = *own->largest_army;
      }
    }
    const core::Expectation& x = own ? *own : *e.action.expect;
    while (auto v = rules::check_expectation(before, s, e.action, x)) {
      diag::Diagnostic d = from_violation(*v, where(m.file, entry_mark(e, v->focus)));
      d.action = number;
      d.turn = before.turn;
      d.player = s.players[e.action.player].name;
      d.situation = fmt::format("turn {}", before.turn);
      std::optional<Impl::Deferral> late = Impl::deferred(before, s, x, number);
      if (!settings.keep_going) {
        m.out.error_entry_applied = true;
        m.deferral = late;
        return stop(std::move(d));
      }
      const core::GameState at_entry = s;
      int who = -1;
      const core::Expectation unadopted = x;
      const int road_was = s.longest_road, army_was = s.largest_army;
      auto what = rules::adopt_expectation(s, *own, who);
      if ((s.longest_road != road_was || s.largest_army != army_was) &&
          contradicts_vp(s, road_was, army_was, *own)) {
        // The entry's own VP agree with the engine's holder: the log is at odds with itself,
        // and its award claim is the one left unadopted.
        s.longest_road = road_was;
        s.largest_army = army_was;
        what = "the award was not adopted: the entry's own VP agree with the engine's holder";
      }
      if (s.longest_road != road_was) m.road_gap = Impl::AwardGap{road_was, s.longest_road};
      if (s.largest_army != army_was) m.army_gap = Impl::AwardGap{army_was, s.largest_army};
      m.remember_gap(s, unadopted, x);
      std::vector<int> players{e.action.player};
      if (who >= 0 && who != e.action.player) players.push_back(who);
      const size_t reported = r.deviations.size() + (r.error ? 1 : 0);
      m.deviation(std::move(d), entry_mark(e, v->focus), players,
                  what ? std::vector<std::string>{*what} : std::vector<std::string>{}, "", at_entry,
                  number);
      if (late && r.deviations.size() + (r.error ? 1 : 0) > reported) {
        late->deviation = m.last_reported();
        m.deferral = late;
      }
      if (!what) break;
    }
  }
  if (!m.going()) {
    r.checked = number;
    m.count(e, number);
  }
  return true;
}

// The first deviation is the report's error, exactly as without --keep-going (what was done
// to go on is kept apart); each later one says which earlier one it may follow from: the
// root of the chain it continues, a chain being deviations linked by a player they share
// (the latest earlier one that involves one of its players, and so on back). One that
// involves no player of an earlier deviation starts a chain of its own and follows none.
void Replayer::Impl::deviation(diag::Diagnostic&& d, const text::Mark& at, std::vector<int> players,
                               const std::vector<std::string>& steps,
                               const std::string& not_applied, const core::GameState& s,
                               int number) {
  diag::GameReport& r = out.report;
  std::vector<core::Note> notes;
  for (const std::string& step : steps) notes.push_back({"keep-going", step});
  if (!not_applied.empty())
    notes.push_back({"not applied", "the entry was skipped: " + not_applied});
  Deviation dev{number, d.rule.value_or(core::Rule{}), std::move(players), at, deviations.size()};
  if (deviations.empty()) {
    r.status = diag::Status::Illegal;
    r.error = std::move(d);
    r.checked = number - 1;
    r.turns = s.turn;
    r.keep_going.emplace();
    r.keep_going->after_first = std::move(notes);
  } else {
    // The latest deviation that involves one of its players, and the root of its chain.
    for (auto it = deviations.rbegin(); it != deviations.rend(); ++it) {
      bool shared = false;
      for (int p : it->players)
        for (int q : dev.players) shared = shared || p == q;
      if (shared) {
        dev.root = it->root;
        break;
      }
    }
    if (dev.root < deviations.size()) {
      const Deviation& from = deviations[dev.root];
      d.follows_action = from.action;
      d.follows_rule = from.rule;
      d.notes.push_back({"may follow from",
                         fmt::format("action {} ({}) at {}:{}:{}", from.action, core::id(from.rule),
                                     file, from.at.line, from.at.column),
                         {{"action", from.action}}});
    }
    d.notes.insert(d.notes.end(), notes.begin(), notes.end());
    r.deviations.push_back(std::move(d));
  }
  deviations.push_back(std::move(dev));
  r.keep_going->replayed = number;
}

bool Replayer::Impl::feed_worlds(const log::Entry& e, int number) {
  diag::GameReport& r = out.report;
  // Where the entry is judged (the next turn's start for the entry that begins it after a
  // Special Build Phase or player 2's phase; a copy of the state only then).
  const std::optional<core::GameState> next = rules::next_turn_start(pos->state(), e.action);
  const core::GameState& judged = next ? *next : pos->state();
  const int turn = judged.turn;
  const Place where_in_game = Place::of(judged);
  // --keep-going after a deviation: the entry's assertions without the differences already
  // reported, and the award holders the log named again, as in a complete log.
  std::optional<core::Action> own;
  if (going() && e.action.expect) {
    own = e.action;
    drop_known_gaps(pos->state(), *own->expect);
    const auto road = road_gap, army = army_gap;
    pos->adjust_public([&](core::GameState& st) {
      road_gap = road, army_gap = army;
      close_award_gaps(st, *own->expect);
    });
  }
  // A production difference repeated on its number: judged without the gains, which are
  // then adopted in every world (as in a complete log).
  std::vector<core::ResourceSet> gap;
  if (settings.keep_going) gap = rules::production_gap(pos->state(), e.action);
  const bool quiet = repeats_gap(gap, e.action);
  if (quiet) {
    if (!own) own = e.action;
    own->gains.reset();
  }
  const core::Action& a = own ? *own : e.action;
  const int road_before = pos->state().longest_road, army_before = pos->state().largest_army;
  phase_before = pos->state().phase;
  rules::Position::Result res = pos->apply(a);
  if (quiet && !res.violation)
    pos->adjust_worlds([&](core::GameState& t) { rules::add_to_hands(t, gap); });
  auto describe = [&](const core::Violation& v) {
    diag::Diagnostic d = from_violation(v, where(file, entry_mark(e, v.focus)));
    d.action = number;
    d.turn = turn;
    d.player = pos->state().players[e.action.player].name;
    d.situation =
        res.assertion ? fmt::format("turn {}", turn) : where_in_game.text(pos->state().players);
    relate(d, v);
    return d;
  };
  if (res.violation && settings.keep_going) {
    const std::string stop_why = go_on_in_view(e, a, number, res, describe);
    if (stop_why.empty()) return true;
    if (!going()) {
      r.status = diag::Status::Illegal;
      r.error = describe(*res.violation);
      r.checked = number - 1;
      r.turns = turn;
    }
    decided = true;
    r_stop_keep_going(r, number, stop_why);
    return false;
  }
  if (res.violation) {
    r.status = diag::Status::Illegal;
    r.error = describe(*res.violation);
    r.checked = number - 1;
    r.turns = turn;
    decided = true;
    return false;
  }
  after_view_entry(road_before, army_before);
  if (res.warning && !going()) r.warnings.push_back(describe(*res.warning));
  if (res.approximate) {
    if (r.approximate_from == 0) r.approximate_from = number;
    r.approximate_to = number;
  }
#ifdef CATAN_CHECK_INVARIANTS
  // (a box holds the most cards each hand may have: no conservation to check there; after an
  // adopted value the state need not add up: --keep-going takes the log's word)
  if (auto bad = pos->approximate() || going() ? std::vector<std::string>{}
                                               : rules::check_invariants(pos->state());
      !bad.empty())
    throw std::logic_error(
        fmt::format("{}:{}:{}: internal error: invariant broken after action {}: {}", file,
                    e.at.line, e.at.column, number, bad.front()));
#endif
  if (!going()) r.checked = number;
  if (pos->overflowed()) {
    diag::Diagnostic d;
    d.severity = core::Severity::Warning;
    say(d, core::MessageId::worlds_overflow, {number, settings.max_worlds});
    d.at = where(file, e.at);
    d.action = number;
    d.turn = pos->state().turn;
    d.situation = situation(pos->state());
    if (going()) {
      r_stop_keep_going(r, number, d.message);
    } else {
      r.warnings.push_back(std::move(d));
      r.unjudged_from = number;
      r.checked = number - 1;
    }
    decided = true;
    return false;
  }
  if (!going()) count(e, number);
  return true;
}

// After an entry the worlds allowed, under --keep-going: an adopted award holder stays
// while the engine only gives it back (keep_adopted_awards, in every branch), and the phase
// a win interrupted is remembered, as in a complete log.
void Replayer::Impl::after_view_entry(int road_before, int army_before) {
  const core::GameState& st = pos->state();
  if (st.phase == core::Phase::Over && phase_before != core::Phase::Over)
    resume_phase = phase_before == core::Phase::PreRoll ? core::Phase::PreRoll : core::Phase::Main;
  if (!going()) return;
  const auto road = road_gap, army = army_gap;
  pos->adjust_public([&](core::GameState& b) {
    road_gap = road, army_gap = army;
    keep_adopted_awards(b, road_before, army_before);
  });
}

// --keep-going in a player-view log (rules::Position::recover): the entry's deviation is
// reported and the worlds go on as the log's engine went on; the end of a game is reported
// once and the log's view that the game goes on is adopted, as in a complete log. Returns
// why it cannot go on ("" when it went on).
std::string Replayer::Impl::go_on_in_view(
    const log::Entry& e, const core::Action& a, int number, rules::Position::Result& res,
    const std::function<diag::Diagnostic(const core::Violation&)>& describe) {
  diag::GameReport& r = out.report;
  if (!going()) worlds_at_error = {pos->worlds(), pos->peak_worlds()};
  if (pos->approximate() || pos->constrained())
    return fmt::format(
        "action {} deviates where more than --max-worlds ({}) worlds are consistent: "
        "--keep-going follows worlds held one by one only",
        number, settings.max_worlds);
  const core::GameState at_entry = pos->state();
  const bool ended = at_entry.phase == core::Phase::Over && pos->winner() != core::kNoPlayer;
  if (ended && !win_set_aside && !held_after_end && !res.assertion) {
    held_after_end = a;  // the end, reported once; the entry held back, as in a complete log
    deviation(describe(*res.violation), entry_mark(e, res.violation->focus), {a.player}, {},
              "the game had ended (held back: the log may play on)", at_entry, number);
    end_deviation = last_reported();
    return "";
  }
  if (ended && !win_set_aside && !res.assertion) {
    std::string step;
    pos->adjust_public([&](core::GameState& st) { step = continue_after_win(st); });
    diag::Diagnostic* end = reported(end_deviation);
    if (end_deviation < 0 && r.keep_going)
      r.keep_going->after_first.push_back({"keep-going", step});
    else if (end)
      end->notes.push_back({"keep-going", step});
    if (!pos->check(*held_after_end)) pos->apply(*held_after_end);
    const int road_before = pos->state().longest_road, army_before = pos->state().largest_army;
    phase_before = pos->state().phase;
    res = pos->apply(a);
    if (!res.violation) {
      after_view_entry(road_before, army_before);
      return "";
    }
  }
  const core::Expectation unadopted = a.expect ? *a.expect : core::Expectation{};
  std::optional<rules::Position::Recovered> rec = pos->recover(a, *res.violation, res.assertion);
  if (!rec) return fmt::format("action {} deviates where --keep-going cannot go on", number);
  diag::Diagnostic d = describe(*res.violation);
  if (rec->differ > 0)
    d.notes.push_back({"keep-going", fmt::format("the worlds went on differently: the first "
                                                 "consistent world's way is shown ({} other "
                                                 "worlds went another way)",
                                                 rec->differ)});
  if (rec->left) remember_gap(pos->state(), unadopted, *rec->left);
  const core::GameState& now = pos->state();
  if (now.longest_road != at_entry.longest_road && res.assertion)
    road_gap = AwardGap{at_entry.longest_road, now.longest_road};
  if (now.largest_army != at_entry.largest_army && res.assertion)
    army_gap = AwardGap{at_entry.largest_army, now.largest_army};
  // A production difference reported here (not one judged again without its gains).
  if (settings.keep_going && a.gains && !res.assertion)
    if (auto gap = rules::production_gap(at_entry, a); !gap.empty())
      production_gaps[a.roll_total()] = std::move(gap);
  const rules::Recovery& how = rec->recovery;
  deviation(std::move(d), entry_mark(e, res.violation->focus),
            how.players.empty() ? std::vector<int>{a.player} : how.players, how.steps,
            how.not_applied ? diag::message_text(*how.not_applied) : std::string(), at_entry,
            number);
  return "";
}

bool Replayer::feed(const core::Action& a) {
  log::Entry e;
  e.action = a;
  return feed(e);
}

const core::GameState* Replayer::state() const {
  if (impl_->pos) return &impl_->pos->state();
  return impl_->s ? &*impl_->s : nullptr;
}

bool Replayer::watching() const { return impl_->deferral.has_value(); }

const rules::Position* Replayer::position() const { return impl_->pos ? &*impl_->pos : nullptr; }

const diag::GameReport& Replayer::report() const { return impl_->out.report; }

Outcome Replayer::finish(const log::Game& game, int actions) {
  Impl& m = *impl_;
  diag::GameReport& r = m.out.report;
  r.actions = actions;
  if (!m.s) return std::move(m.out);  // the header decided it
  const Settings& settings = m.settings;
  const bool stopped = settings.stop_before > 0 || settings.stop_at_turn > 0 || r.unjudged_from > 0;
  std::optional<core::Violation> result_violation;
  if (m.pos && r.status != diag::Status::Illegal && game.result_winner && !stopped) {
    // The log's result is an assertion in a player view: it keeps the worlds where the
    // claimed player won (their unseen victory-point cards decide).
    result_violation = m.pos->adopt_result(*game.result_winner);
  }
  if (m.pos) {
    r.worlds = m.pos->worlds();
    r.peak_worlds = m.pos->peak_worlds();
    r.worlds_constrained = m.pos->was_constrained();
    if (m.going()) std::tie(r.worlds, r.peak_worlds) = m.worlds_at_error;
    *m.s = m.pos->state();
    m.out.position = m.pos;
  }
  core::GameState& s = *m.s;
  if (r.status == diag::Status::Illegal) {
    // --keep-going to the end of the log: the result assertion is one more deviation.
    if (m.going() && !r.keep_going->stopped_at && game.result_winner) {
      r.keep_going->replayed = m.number;
      const int claimed = *game.result_winner;
      const bool played_on = m.win_set_aside && s.winner == core::kNoPlayer && claimed >= 0 &&
                             claimed < s.player_count() &&
                             s.victory_points(claimed) >= s.options.victory_points;
      if (auto v = played_on ? std::nullopt
                   : m.pos   ? m.pos->check_result(claimed)
                             : rules::check_result(s, claimed)) {
        diag::Diagnostic d = from_violation(*v, where(m.file, game.result_at));
        d.situation = fmt::format("the end of the log, after action {}", r.actions);
        m.deviation(std::move(d), game.result_at, {*game.result_winner}, {}, "", s, m.number);
        r.keep_going->replayed = m.number;
      }
    } else if (m.going() && !r.keep_going->stopped_at) {
      r.keep_going->replayed = m.number;
    }
    m.out.state = std::move(s);
    return std::move(m.out);
  }
  r.turns = s.turn;
  if (game.result_winner && !stopped) {
    if (auto v =
            m.pos ? std::move(result_violation) : rules::check_result(s, *game.result_winner)) {
      r.status = diag::Status::Illegal;
      r.error = from_violation(*v, where(m.file, game.result_at));
      r.error->situation = fmt::format("the end of the log, after action {}", r.actions);
      m.out.state = std::move(s);
      return std::move(m.out);
    }
  }
  const bool mid_turn = s.phase != core::Phase::PreRoll && s.phase != core::Phase::Over &&
                        !(s.phase == core::Phase::Setup && s.setup_settlement == core::kNone);
  if (mid_turn && actions > 0 && !stopped) {
    diag::Diagnostic d;
    d.severity = core::Severity::Warning;
    if (s.phase == core::Phase::Setup)
      say(d, core::MessageId::ends_mid_setup, {});
    else
      say(d, core::MessageId::ends_mid_turn, {s.turn, core::to_string(s.phase)});
    d.at = where(m.file, m.last_entry);
    d.action = r.actions;
    d.turn = s.turn;
    d.player = s.players[s.active].name;
    d.situation = situation(s);
    r.warnings.push_back(std::move(d));
  }
  if (r.approximate_from > 0) {
    diag::Diagnostic d;
    d.severity = core::Severity::Warning;
    say(d, core::MessageId::checked_approximately,
        {r.approximate_from, r.approximate_to, settings.max_worlds});
    d.at = where(m.file, m.marks[static_cast<size_t>(r.approximate_from - 1)]);
    d.action = r.approximate_from;
    r.warnings.push_back(std::move(d));
  }
  if (m.pos && m.pos->winner_undecided() && !stopped) {
    diag::Diagnostic d;
    d.severity = core::Severity::Warning;
    say(d, core::MessageId::win_undecided, {});
    d.at = where(m.file, m.last_entry);
    d.action = r.actions;
    d.turn = s.turn;
    d.situation = situation(s);
    r.warnings.push_back(std::move(d));
    r.status = diag::Status::Incomplete;
  } else if (s.winner != core::kNoPlayer) {
    r.status = diag::Status::Legal;
    r.winner = s.players[s.winner].name;
    r.win_rests_on_unseen = m.pos && m.pos->win_rests_on_unseen();
  } else {
    r.status = diag::Status::Incomplete;
  }
  m.out.state = std::move(s);
  return std::move(m.out);
}

Outcome replay(const std::string& file, const log::Game& game, const Settings& settings) {
  Replayer r(file, settings);
  if (r.start(game))
    for (const auto& e : game.actions)
      if (!r.feed(e) && !r.watching()) break;
  return r.finish(game, static_cast<int>(game.actions.size()));
}

int entry_at_line(const log::Game& game, int line) {
  const auto& es = game.actions;
  if (es.empty()) return 0;
  if (game.result_winner && game.result_at.line > es.back().at.line && line >= game.result_at.line)
    return 0;
  // Entries stand in the order of their lines: the last one that starts at or before it.
  const auto after = std::upper_bound(es.begin(), es.end(), line,
                                      [](int l, const log::Entry& e) { return l < e.at.line; });
  return after == es.begin() ? 1 : static_cast<int>(after - es.begin());
}

std::optional<diag::PlayerView> player_view(const Outcome& out, const log::Game& game) {
  if (!out.position || !out.state) return std::nullopt;
  return player_view(*out.position, *out.state, game);
}

diag::PlayerView player_view(const rules::Position& pos, const core::GameState& s,
                             const log::Game& game) {
  diag::PlayerView v;
  if (game.has_view) v.view = game.view_player < 0 ? "spectator" : game.players[game.view_player];
  v.worlds = pos.worlds();
  v.approximate = pos.approximate();
  for (const rules::HandRange& r : pos.hand_ranges()) {
    v.lo.push_back(r.lo);
    v.hi.push_back(r.hi);
  }
  v.hand_sizes = pos.hand_sizes();
  for (int p = 0; p < s.player_count(); ++p) {
    v.vp_min.push_back(s.vp_min(p));
    v.vp_max.push_back(s.vp_max(p));
  }
  if (v.approximate) return v;
  std::vector<size_t> worlds;
  const std::vector<core::Action> legal = pos.legal_actions(
      [](const core::Action& a) { return a.kind != core::ActionKind::Trade; }, &worlds);
  std::vector<std::string> texts;
  std::vector<size_t> counts;
  for (size_t i = 0; i < legal.size(); ++i)
    if (worlds[i] < v.worlds) {
      texts.push_back(log::write_entry(legal[i], game.players));
      counts.push_back(worlds[i]);
    }
  const std::vector<std::string> json = flows_to_json(texts);
  for (size_t i = 0; i < texts.size(); ++i) v.undecided.push_back({texts[i], json[i], counts[i]});
  return v;
}

namespace {

class ReplaySink : public log::EntrySink {
 public:
  ReplaySink(const std::string& file, const Settings& settings)
      : file_(file), settings_(settings) {}
  bool begin(const log::Game& header) override {
    replayer_ = std::make_unique<Replayer>(file_, settings_);
    replayer_->start(header);
    return true;
  }
  void entry(log::Entry&& e) override { replayer_->feed(e); }

  // `piece`: the text the document was read from (log::read_piece), for a second read.
  diag::GameReport report(const log::Document& doc, std::string_view piece, int first_line,
                          int first_index) {
    std::unique_ptr<Replayer> r = std::move(replayer_);
    if (!doc.game) return malformed(file_, doc);
    if (doc.streamed && !doc.reread) return r->finish(*doc.game, doc.entries).report;
    if (!doc.reread) return replay(file_, *doc.game, settings_).report;
    // Header keys after `actions` in a form the reader could not see coming (a flow
    // mapping): what was streamed used the wrong header; read the piece again whole.
    std::optional<diag::GameReport> again;
    log::read_piece(
        piece, first_line, first_index, nullptr,
        [&](log::Document&& d) {
          if (d.index == doc.index)
            again = d.game ? replay(file_, *d.game, settings_).report : malformed(file_, d);
        },
        settings_.limits);
    return again ? std::move(*again) : malformed(file_, doc);
  }

 private:
  const std::string& file_;
  const Settings& settings_;
  std::unique_ptr<Replayer> replayer_;
};

}  // namespace

int check_piece(const std::string& file, std::string_view piece, int first_line, int first_index,
                const Settings& settings, const std::function<void(diag::GameReport&&)>& emit) {
  ReplaySink sink(file, settings);
  return log::read_piece(
      piece, first_line, first_index, &sink,
      [&](log::Document&& doc) { emit(sink.report(doc, piece, first_line, first_index)); },
      settings.limits);
}

std::vector<diag::GameReport> check_source(const std::string& file, const std::string& source,
                                           const Settings& settings) {
  std::vector<diag::GameReport> out;
  text::PieceScanner scanner;
  int line = 1, index = 0;
  size_t start = 0;
  const std::string_view text(source);
  do {
    const size_t n = scanner.scan(text.substr(start), true);
    const std::string_view piece = text.substr(start, n);
    index += check_piece(file, piece, line, index, settings,
                         [&](diag::GameReport&& r) { out.push_back(std::move(r)); });
    line += text::count_line_breaks(piece);
    start += n;
    scanner.reset();
  } while (start < text.size());
  return out;
}

}  // namespace catan::replay
