#include "replay/session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <random>

#include "diag/json_writer.hpp"
#include "diag/render_json.hpp"
#include "diag/render_state.hpp"
#include "log/reader.hpp"
#include "log/writer.hpp"
#include "replay/entry_store.hpp"
#include "replay/tree_json.hpp"
#include "rules/engine.hpp"

namespace catan::replay {

namespace {

// A value read from line `line` of its stream: every mark (also an error's) counts from there.
text::Tree read_tree(const std::string& text, const log::ReadLimits& limits, int line) {
  text::Tree tree;
  try {
    tree = log::parse_one(text, limits);
  } catch (text::SyntaxError& e) {
    e.mark.line = e.mark.line > 0 ? e.mark.line + line - 1 : line;
    throw;
  }
  log::shift_marks(tree.root, line - 1);
  return tree;
}

}  // namespace

std::string_view to_string(Verdict::Kind k) {
  switch (k) {
    case Verdict::Kind::Ok:
      return "ok";
    case Verdict::Kind::Illegal:
      return "illegal";
    case Verdict::Kind::Unjudged:
      return "unjudged";
    case Verdict::Kind::Malformed:
      return "malformed";
    case Verdict::Kind::Header:
      return "header";
    case Verdict::Kind::Deviation:
      return "deviation";
  }
  return "?";
}

struct Session::Impl {
  log::Game header;
  Settings settings;
  std::string file;
  std::unique_ptr<Replayer> replayer;
  std::optional<diag::Diagnostic> header_error;
  EntryStore accepted;  // every entry applied so far, in order, packed
  bool unjudged = false;
  std::optional<diag::Diagnostic> unjudged_why;
  std::optional<uint64_t> board_seed;  // a board made for the header (Settings::make_board)

  // A fresh Replayer on the header and the accepted entries (after a refused entry, whose
  // check may have left the Replayer decided, and for undo): a copy of the latest
  // checkpoint at or before the accepted entries, fed the entries after it, with
  // checkpoints again on the way (so that the next undo is as cheap as the last).
  void rebuild() {
    while (!checkpoints.empty() && checkpoints.back().first > accepted.size())
      checkpoints.pop_back();
    if (checkpoints.empty()) {
      replayer = std::make_unique<Replayer>(file, settings);
      if (!replayer->start(header)) return;
      checkpoints.emplace_back(0, *replayer);
    } else {
      replayer = std::make_unique<Replayer>(checkpoints.back().second);
    }
    accepted.for_each_from(checkpoints.back().first, [&](size_t i, const log::Entry& e) {
      replayer->feed(e);
      checkpoint(i + 1);
    });
  }
  // After `fed` entries: a checkpoint every kCheckpointEvery entries, so that undo and a
  // refused entry replay at most that many (a search that plays and takes back costs O(1)
  // a step instead of the game's length so far). The older ones are thinned out so that
  // their number grows with the logarithm of the game's length: a checkpoint `d` entries
  // back is kept when its place is a multiple of a spacing that doubles as `d` does. A
  // replayer copy costs a few kilobytes (a player view's worlds excepted), and undo going
  // back far replays at most the spacing there once, leaving dense checkpoints behind.
  void checkpoint(size_t fed) {
    if (fed % kCheckpointEvery != 0 || (!checkpoints.empty() && checkpoints.back().first >= fed))
      return;
    checkpoints.emplace_back(fed, *replayer);
    thin(fed);
  }
  static size_t spacing(size_t distance) {
    size_t step = kCheckpointEvery;
    for (size_t reach = kCheckpointEvery * kDense; reach < distance; reach *= 2) step *= 2;
    return step;
  }
  void thin(size_t now) {
    if (checkpoints.size() < 2 * kDense) return;
    size_t keep = 0;
    for (size_t i = 0; i < checkpoints.size(); ++i) {
      const size_t at = checkpoints[i].first;
      if (at != 0 && i + 1 < checkpoints.size() && at % spacing(now - at) != 0) continue;
      if (keep != i) checkpoints[keep] = std::move(checkpoints[i]);
      ++keep;
    }
    checkpoints.erase(checkpoints.begin() + static_cast<std::ptrdiff_t>(keep), checkpoints.end());
  }
  static constexpr size_t kCheckpointEvery = 16, kDense = 16;
  std::vector<std::pair<size_t, Replayer>> checkpoints;  // (entries accepted, the replayer then)

  Effects effects_after(const std::vector<core::ResourceSet>& hands_before) const {
    const core::GameState& s = *replayer->state();
    const rules::Position* pos = replayer->position();
    Effects fx;
    auto name = [&](int p) { return p == core::kNoPlayer ? std::string() : s.players[p].name; };
    for (int p = 0; p < s.player_count(); ++p) {
      core::ResourceSet gained, lost;
      for (int r = 0; r < core::kResourceCount; ++r) {
        const int d = s.players[p].hand.n[r] - hands_before[p].n[r];
        (d > 0 ? gained : lost).n[r] = d > 0 ? d : -d;
      }
      fx.gained.push_back(gained);
      fx.lost.push_back(lost);
      fx.vp_min.push_back(pos ? s.vp_min(p) : s.victory_points(p));
      fx.vp_max.push_back(pos ? s.vp_max(p) : s.victory_points(p));
    }
    fx.longest_road = name(s.longest_road);
    fx.largest_army = name(s.largest_army);
    fx.winner = name(s.winner);
    return fx;
  }
};

Session::Session(log::Game header, Settings settings, std::string file)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  header.actions.clear();
  m.header = std::move(header);
  m.settings = std::move(settings);
  m.settings.stop_before = 0;
  m.settings.stop_at_turn = 0;
  m.file = std::move(file);
  m.replayer = std::make_unique<Replayer>(m.file, m.settings);
  if (!m.replayer->start(m.header)) {
    const diag::GameReport& r = m.replayer->report();
    m.header_error = r.error ? *r.error : diag::Diagnostic{};
    if (!r.error) m.header_error->message = "the header decided the verdict";
  } else {
    m.checkpoints.emplace_back(0, *m.replayer);
  }
}

namespace {

[[noreturn]] void throw_header_error(const text::SyntaxError& e, const std::string& file) {
  diag::Diagnostic d;
  d.message = e.message;
  d.at = {file, e.mark.line, e.mark.column};
  throw HeaderError{std::move(d)};
}

}  // namespace

Session Session::from_text(const std::string& text, Settings settings, std::string file, int line) {
  text::Tree tree;
  try {
    tree = read_tree(text, settings.limits, line);
  } catch (const text::SyntaxError& e) {
    throw_header_error(e, file);
  }
  return from_tree(tree.root, std::move(settings), std::move(file));
}

namespace {

// `board: {random: N}` or `board: standard` in a live game's header: the seed (drawn for
// `standard`); nullopt for a board given in full (or anything else, which read_header
// judges). Throws SyntaxError for a request that is not well formed.
std::optional<uint64_t> board_request(const text::Node& root) {
  if (root.kind != text::Node::Kind::Mapping) return std::nullopt;
  const text::Node* board = nullptr;
  for (const text::MapEntry& e : root.entries)
    if (e.key.value == "board") board = &e.value;
  if (!board) return std::nullopt;
  if (board->kind == text::Node::Kind::Scalar && board->value == "standard") {
    std::random_device device;
    return (uint64_t{device()} << 32 | device()) % 1000000000;
  }
  if (board->kind != text::Node::Kind::Mapping || board->entries.empty() ||
      board->entries.front().key.value != "random")
    return std::nullopt;
  const text::Node& n = board->entries.front().value;
  uint64_t seed = 0;
  const auto [end, ec] = std::from_chars(n.value.data(), n.value.data() + n.value.size(), seed);
  if (board->entries.size() != 1 || n.kind != text::Node::Kind::Scalar || ec != std::errc() ||
      end != n.value.data() + n.value.size() || n.value.empty())
    throw text::SyntaxError(board->mark,
                            "a board to be made is {random: N} (N a seed, 0 or more) or "
                            "standard; a board given in full has hexes and harbors");
  return seed;
}

}  // namespace

Session Session::from_tree(const text::Node& root, Settings settings, std::string file) {
  log::Game header;
  std::optional<uint64_t> seed;
  try {
    seed = board_request(root);
    if (seed && !settings.make_board)
      throw text::SyntaxError(root.mark, "this referee makes no boards: give the board in full");
    std::optional<core::BoardSpec> made;
    if (seed) {
      int players = 0;  // the header's `players:`, for the edition's island
      for (const text::MapEntry& e : root.entries)
        if (e.key.value == "players" && e.value.kind == text::Node::Kind::Sequence)
          players = static_cast<int>(e.value.items.size());
      made = settings.make_board(*seed, players);
    }
    header = log::read_header(root, made ? &*made : nullptr);
  } catch (const text::SyntaxError& e) {
    throw_header_error(e, file);
  }
  Session s(std::move(header), std::move(settings), std::move(file));
  s.impl_->board_seed = seed;
  return s;
}

std::optional<uint64_t> Session::board_seed() const { return impl_->board_seed; }

Session::Session(Session&&) noexcept = default;
Session& Session::operator=(Session&&) noexcept = default;
Session::~Session() = default;

const std::optional<diag::Diagnostic>& Session::header_error() const { return impl_->header_error; }
const log::Game& Session::header() const { return impl_->header; }

Verdict Session::play(const log::Entry& e, bool with_effects) {
  Impl& m = *impl_;
  Verdict v;
  v.action = static_cast<int>(m.accepted.size()) + 1;
  if (m.header_error) {
    v.kind = Verdict::Kind::Header;
    v.action = 0;
    v.error = m.header_error;
    return v;
  }
  if (m.unjudged) {
    v.kind = Verdict::Kind::Unjudged;
    v.error = m.unjudged_why;
    return v;
  }
  std::vector<core::ResourceSet> hands_before;
  if (with_effects)
    for (const core::PlayerState& p : m.replayer->state()->players) hands_before.push_back(p.hand);
  const size_t warnings_before = m.replayer->report().warnings.size();
  auto deviations = [](const diag::GameReport& r) {
    return r.deviations.size() + (r.keep_going && r.error ? 1 : 0);
  };
  const size_t deviations_before = deviations(m.replayer->report());
  const bool fed = m.replayer->feed(e);
  const diag::GameReport& r = m.replayer->report();
  v.warnings.assign(r.warnings.begin() + static_cast<std::ptrdiff_t>(warnings_before),
                    r.warnings.end());
  if (fed) {
    m.accepted.push_back(e);
    m.checkpoint(m.accepted.size());
    if (with_effects) v.effects = m.effects_after(hands_before);
    if (deviations(r) > deviations_before) {  // keep-going: a deviation, played on
      v.kind = Verdict::Kind::Deviation;
      if (deviations_before == 0) v.deviations.push_back(*r.error);
      const size_t from = deviations_before == 0 ? 0 : deviations_before - 1;
      v.deviations.insert(v.deviations.end(),
                          r.deviations.begin() + static_cast<std::ptrdiff_t>(from),
                          r.deviations.end());
      v.error = v.deviations.front();
    }
    return v;
  }
  if (r.keep_going && r.keep_going->stopped_at == v.action) {
    // keep-going cannot follow the game past this entry: nothing more is judged.
    v.kind = Verdict::Kind::Unjudged;
    diag::Diagnostic d;
    d.message = r.keep_going->stopped;
    d.action = v.action;
    d.at = {m.file, e.at.line, e.at.column};
    v.error = d;
    m.unjudged = true;
    m.unjudged_why = v.error;
    return v;
  }
  if (r.status == diag::Status::Illegal && r.error) {
    v.kind = Verdict::Kind::Illegal;
    v.error = r.error;
    m.rebuild();  // the session stays before the refused entry
    return v;
  }
  // The worlds outgrew what can be followed (COMP-05): the warning says so.
  v.kind = Verdict::Kind::Unjudged;
  if (!v.warnings.empty()) {
    v.error = v.warnings.back();
    v.warnings.pop_back();
  }
  m.unjudged = true;
  m.unjudged_why = v.error;
  return v;
}

Verdict Session::play(const core::Action& a, bool with_effects) {
  log::Entry e;
  e.action = a;
  return play(e, with_effects);
}

namespace {

// An entry that cannot be read: the verdict for the next action, with its position.
Verdict malformed(const text::SyntaxError& err, const std::string& file, size_t accepted) {
  Verdict v;
  v.kind = Verdict::Kind::Malformed;
  v.action = static_cast<int>(accepted) + 1;
  diag::Diagnostic d;
  d.message = err.message;
  d.at = {file, err.mark.line, err.mark.column};
  v.error = std::move(d);
  return v;
}

}  // namespace

Verdict Session::play_text(const std::string& text, bool with_effects, int line) {
  text::Tree tree;
  try {
    tree = read_tree(text, impl_->settings.limits, line);
  } catch (const text::SyntaxError& err) {
    return malformed(err, impl_->file, impl_->accepted.size());
  }
  return play_tree(tree.root, with_effects);
}

Verdict Session::play_tree(const text::Node& root, bool with_effects) {
  log::Entry e;
  try {
    e = log::read_entry(impl_->header, root);
  } catch (const text::SyntaxError& err) {
    return malformed(err, impl_->file, impl_->accepted.size());
  }
  return play(e, with_effects);
}

bool LegalFilter::admits(const core::Action& a) const {
  if (player >= 0 && a.player != player) return false;
  if (no_trades && a.kind == core::ActionKind::Trade) return false;
  return kinds.empty() || std::find(kinds.begin(), kinds.end(), a.kind) != kinds.end();
}

bool LegalFilter::add_kind(std::string_view name) {
  const auto kind = core::parse_action_kind(name);
  if (kind) kinds.push_back(*kind);
  return kind.has_value();
}

bool LegalFilter::set_player(std::string_view name, const std::vector<std::string>& players) {
  const auto it = std::find(players.begin(), players.end(), name);
  if (it == players.end()) return false;
  player = static_cast<int>(it - players.begin());
  return true;
}

std::string LegalFilter::set(const std::vector<std::string>& kind_list, const std::string& name,
                             const std::vector<std::string>& players, std::string_view what) {
  for (const std::string& k : kind_list)
    if (!add_kind(k)) return fmt::format("{} entry kinds ({}), not '{}'", what, kind_names(), k);
  if (!name.empty() && !set_player(name, players))
    return fmt::format("player names a player of the game, not '{}'", name);
  return {};
}

std::string LegalFilter::kind_names() {
  std::string out;
  for (int i = 0; i <= static_cast<int>(core::ActionKind::EndTurn); ++i)
    out +=
        (out.empty() ? "" : ", ") + std::string(core::to_string(static_cast<core::ActionKind>(i)));
  return out;
}

std::vector<core::Action> Session::legal_actions(const LegalFilter& filter,
                                                 std::vector<size_t>* worlds) const {
  const Impl& m = *impl_;
  if (worlds) worlds->clear();
  if (m.header_error || m.unjudged) return {};
  auto admit = [&](const core::Action& a) { return filter.admits(a); };
  const rules::Position* pos = m.replayer->position();
  if (!pos) {
    std::vector<core::Action> out = rules::legal_actions(*m.replayer->state(), admit);
    if (worlds) worlds->assign(out.size(), 1);
    return out;
  }
  return pos->legal_actions(admit, worlds);
}

size_t Session::consistent_worlds() const {
  const rules::Position* pos = impl_->header_error ? nullptr : impl_->replayer->position();
  return pos ? pos->worlds() : 1;
}

std::vector<std::string> Session::legal_entries(const LegalFilter& filter,
                                                std::vector<size_t>* worlds) const {
  std::vector<std::string> out;
  for (const core::Action& a : legal_actions(filter, worlds))
    out.push_back(log::write_entry(a, impl_->header.players));
  return out;
}

std::vector<std::string> Session::legal_entries_json(const LegalFilter& filter,
                                                     std::vector<size_t>* worlds) const {
  return flows_to_json(legal_entries(filter, worlds));
}

std::vector<TradeSummary> Session::trade_summaries(const LegalFilter& filter) const {
  if (!filter.kinds.empty() && std::find(filter.kinds.begin(), filter.kinds.end(),
                                         core::ActionKind::Trade) == filter.kinds.end())
    return {};
  LegalFilter trades = filter;
  trades.kinds = {core::ActionKind::Trade};
  trades.no_trades = false;
  std::vector<TradeSummary> out;
  const core::GameState& s = *impl_->replayer->state();
  for (const core::Action& a : legal_actions(trades)) {
    const bool seen = std::any_of(out.begin(), out.end(), [&](const TradeSummary& t) {
      return t.player == a.player && t.with == a.other;
    });
    if (seen) continue;
    TradeSummary t;
    t.player = a.player;
    t.with = a.other;
    t.give = s.players[a.player].hand;
    t.get = s.players[a.other].hand;
    t.same_type = s.options.domestic_same_type != core::SameTypeTrade::Forbid;
    out.push_back(t);
  }
  return out;
}

std::string Session::trade_summaries_json(const LegalFilter& filter) const {
  const std::vector<std::string>& players = impl_->header.players;
  diag::JsonWriter w(false);
  w.begin_array();
  for (const TradeSummary& t : trade_summaries(filter)) {
    w.begin_object();
    w.key("player").value(players[t.player]);
    w.key("with").value(players[t.with]);
    diag::write_resources(w.key("give"), t.give, false);
    diag::write_resources(w.key("get"), t.get, false);
    w.key("same-type").value(t.same_type);
    w.end_object();
  }
  w.end_array();
  return w.str();
}

std::string Session::state_json(bool pretty) const {
  const Impl& m = *impl_;
  const core::GameState* s = state();
  if (!s) return {};
  const std::string title = m.accepted.empty()
                                ? std::string("State before the first action:")
                                : fmt::format("State after action {}:", m.accepted.size());
  const rules::Position* pos = m.replayer->position();
  if (!pos) return diag::render_state_json(*s, title, nullptr, pretty);
  const diag::PlayerView view = player_view(*pos, *s, m.header);
  return diag::render_state_json(*s, title, &view, pretty);
}

const core::GameState* Session::state() const {
  return impl_->header_error ? nullptr : impl_->replayer->state();
}

bool Session::undo() {
  Impl& m = *impl_;
  if (m.unjudged) {  // take back the entry the worlds could not follow
    m.unjudged = false;
  } else {
    if (m.accepted.empty()) return false;
    m.accepted.pop_back();
  }
  m.unjudged_why.reset();
  m.rebuild();
  return true;
}

int Session::entries() const { return static_cast<int>(impl_->accepted.size()); }
size_t Session::checkpoints() const { return impl_->checkpoints.size(); }
size_t Session::entry_memory() const { return impl_->accepted.memory(); }
bool Session::unjudged() const { return impl_->unjudged; }

}  // namespace catan::replay
