#include "replay/timeline.hpp"

#include <fmt/format.h>

#include "diag/player_colours.hpp"
#include "diag/render_text.hpp"
#include "rules/position.hpp"

namespace catan::replay {
namespace {

diag::ReportStep snapshot(const core::GameState& s, const rules::Position* pos) {
  diag::ReportStep st;
  st.turn = s.turn;
  st.phase = std::string(core::to_string(s.phase));
  st.active = s.active;
  const size_t corners = static_cast<size_t>(s.topo().corner_count());
  const size_t edges = static_cast<size_t>(s.topo().edge_count());
  st.corner_owner.assign(s.corner_owner.begin(), s.corner_owner.begin() + corners);
  st.corner_building.assign(s.corner_building.begin(), s.corner_building.begin() + corners);
  st.edge_owner.assign(s.edge_owner.begin(), s.edge_owner.begin() + edges);
  st.robber = s.robber;
  st.longest_road = s.longest_road;
  st.largest_army = s.largest_army;
  if (pos) {
    const std::vector<rules::HandRange> ranges = pos->hand_ranges();
    for (int p = 0; p < s.player_count(); ++p) {
      st.hand_lo.push_back(ranges.at(static_cast<size_t>(p)).lo);
      st.hand_hi.push_back(ranges.at(static_cast<size_t>(p)).hi);
    }
    st.bank_lo = ranges.back().lo;
    st.bank_hi = ranges.back().hi;
    st.worlds = pos->worlds();
  } else {
    for (const auto& p : s.players) st.hand_lo.push_back(p.hand), st.hand_hi.push_back(p.hand);
    st.bank_lo = st.bank_hi = s.bank;
  }
  for (int p = 0; p < s.player_count(); ++p) {
    st.vp_min.push_back(pos ? s.vp_min(p) : s.victory_points(p));
    st.vp_max.push_back(pos ? s.vp_max(p) : s.victory_points(p));
    int devs = 0;
    for (const auto& d : s.players[static_cast<size_t>(p)].devs) devs += d.played ? 0 : 1;
    st.dev_cards.push_back(devs);
  }
  return st;
}

// "+1 lumber -2 grain"; "" when nothing changed.
std::string delta(const core::ResourceSet& before, const core::ResourceSet& after) {
  std::string out;
  for (int r = 0; r < core::kResourceCount; ++r) {
    const int d = after.n[static_cast<size_t>(r)] - before.n[static_cast<size_t>(r)];
    if (d != 0)
      out += fmt::format("{}{:+d} {}", out.empty() ? "" : " ", d,
                         core::to_string(static_cast<core::Resource>(r)));
  }
  return out;
}

std::string who(const std::vector<std::string>& players, int p) {
  return p == core::kNoPlayer ? "none" : players.at(static_cast<size_t>(p));
}

std::string vp_text(const diag::ReportStep& s, size_t p) {
  return s.vp_min[p] == s.vp_max[p] ? std::to_string(s.vp_min[p])
                                    : fmt::format("{}-{}", s.vp_min[p], s.vp_max[p]);
}

std::vector<std::string> effects(const diag::ReportStep& a, const diag::ReportStep& b,
                                 const std::vector<std::string>& players, core::ActionKind kind) {
  std::vector<std::string> out;
  std::string cards;
  for (size_t p = 0; p < players.size(); ++p) {
    const std::string lo = delta(a.hand_lo[p], b.hand_lo[p]),
                      hi = delta(a.hand_hi[p], b.hand_hi[p]);
    if (lo.empty() && hi.empty()) continue;
    cards += (cards.empty() ? "" : "; ") + players[p] + " " +
             (lo == hi ? lo : std::string("changed by unseen cards"));
  }
  if (kind == core::ActionKind::Roll)
    out.push_back(cards.empty() ? "production: none" : "production: " + cards);
  else if (!cards.empty())
    out.push_back("cards: " + cards);
  if (a.longest_road != b.longest_road)
    out.push_back(fmt::format("longest road: {} (was {})", who(players, b.longest_road),
                              who(players, a.longest_road)));
  if (a.largest_army != b.largest_army)
    out.push_back(fmt::format("largest army: {} (was {})", who(players, b.largest_army),
                              who(players, a.largest_army)));
  for (size_t p = 0; p < players.size(); ++p)
    if (a.vp_min[p] != b.vp_min[p] || a.vp_max[p] != b.vp_max[p])
      out.push_back(fmt::format("VP: {} {} -> {}", players[p], vp_text(a, p), vp_text(b, p)));
  return out;
}

// A line as the timeline shows it: whole when short; of a long one (a one-line JSON export,
// a long flow collection), the bracketed value at byte `from` when it closes within
// diag::kExcerptBytes, else that many bytes from `from` with "…" at each cut end; so that a
// page never holds a copy of a long line per entry.
std::string shown_line(std::string_view t, size_t from) {
  constexpr size_t kLongLine = 2 * diag::kExcerptBytes;
  if (t.size() <= kLongLine) return std::string(t);
  from = std::min(from, t.size());
  // A bracketed value (a JSON record, a flow mapping) that closes soon: that value alone.
  if (from < t.size() && (t[from] == '[' || t[from] == '{')) {
    int depth = 0;
    bool quoted = false;
    for (size_t i = from; i < t.size() && i - from < diag::kExcerptBytes; ++i) {
      const char c = t[i];
      if (quoted) {
        if (c == '\\')
          ++i;
        else if (c == '"')
          quoted = false;
      } else if (c == '"') {
        quoted = true;
      } else if (c == '[' || c == '{') {
        ++depth;
      } else if ((c == ']' || c == '}') && --depth == 0) {
        return std::string(t.substr(from, i + 1 - from));
      }
    }
  }
  const diag::LineWindow w = diag::line_window(t.substr(from), 0, diag::kExcerptBytes);
  const size_t lo = from + w.begin, hi = from + w.end;
  return (lo > 0 ? "…" : "") + std::string(t.substr(lo, hi - lo)) + (hi < t.size() ? "…" : "");
}

// The entry as written: its first line, and the lines after it that continue it (more
// indented than its `- `), at most 12; trailing blanks and comment-only lines dropped. A
// long line is shown from the entry's column (shown_line).
std::string entry_text(const std::vector<std::string_view>& lines, int line, int column) {
  if (line < 1 || line > static_cast<int>(lines.size())) return "";
  auto trimmed = [](std::string_view t) {
    while (!t.empty() && (t.back() == '\r' || t.back() == ' ')) t.remove_suffix(1);
    return t;
  };
  const size_t dash = column > 0 ? static_cast<size_t>(column - 1) : 0;
  const std::string_view first = trimmed(lines[static_cast<size_t>(line - 1)]);
  std::string out =
      first.size() > 2 * diag::kExcerptBytes ? shown_line(first, dash) : std::string(first);
  std::string pending;
  for (size_t i = static_cast<size_t>(line), n = 1; i < lines.size() && n < 12; ++i) {
    const std::string_view t = trimmed(lines[i]);
    const size_t indent = t.find_first_not_of(' ');
    if (indent == std::string_view::npos || t[indent] == '#') {  // blank or a comment
      pending += "\n" + shown_line(t, 0);
      continue;
    }
    if (indent <= dash) break;  // the next entry, or the next top-level key
    out += pending + "\n" + shown_line(t, 0);
    pending.clear();
    ++n;
  }
  return out;
}

}  // namespace

diag::ReportData build_report_data(const std::string& file, const std::string& source,
                                   const log::Game& game, const Settings& settings) {
  diag::ReportData d;
  d.id = game.id;
  d.players = game.players;
  d.colours = diag::player_colours(d.players);
  if (game.has_view)
    d.view =
        game.view_player < 0 ? "spectator" : game.players.at(static_cast<size_t>(game.view_player));
  if (game.source)
    d.source = game.source->format + " " + game.source->file +
               (game.source->program.empty() ? "" : " (" + game.source->program + ")");
  std::vector<std::string_view> lines;
  for (size_t i = 0; i <= source.size();) {
    size_t j = source.find('\n', i);
    if (j == std::string::npos) j = source.size();
    lines.emplace_back(source.data() + i, j - i);
    i = j + 1;
  }
  Replayer r(file, settings);
  const bool started = r.start(game);
  if (started) {
    d.start = *r.state();
    d.steps.push_back(snapshot(*r.state(), r.position()));
  }
  bool going = started;
  int number = 0;
  for (const log::Entry& e : game.actions) {
    ++number;
    diag::ReportEntry re;
    re.number = number;
    re.at = {file, e.at.line, e.at.column};
    re.text = entry_text(lines, e.at.line, e.at.column);
    if (e.source.line > 0 && game.source)
      re.source = {game.source->file, e.source.line, e.source.column};
    re.kind = std::string(core::to_string(e.action.kind));
    if (e.action.player >= 0 && e.action.player < static_cast<int>(game.players.size()))
      re.player = game.players[static_cast<size_t>(e.action.player)];
    if (going) {
      going = r.feed(e);
      const diag::GameReport& rep = r.report();
      if (going) {
        re.judged = true;
        d.steps.push_back(snapshot(*r.state(), r.position()));
        re.effects =
            effects(d.steps[d.steps.size() - 2], d.steps.back(), game.players, e.action.kind);
      } else if (rep.status == diag::Status::Illegal && rep.error && rep.error->action == number) {
        re.judged = re.illegal = true;
        re.effects.push_back("illegal: not applied");
        d.illegal = e.action;
        d.steps.push_back(d.steps.back());  // the state before it, with its place outlined
      }
    }
    d.entries.push_back(std::move(re));
  }
  d.report = r.finish(game, static_cast<int>(game.actions.size())).report;
  return d;
}

}  // namespace catan::replay
