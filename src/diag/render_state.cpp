#include "diag/render_state.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <vector>

#include "diag/json_writer.hpp"
#include "diag/render_board.hpp"
#include "diag/render_json.hpp"
#include "diag/render_text.hpp"

namespace catan::diag {
namespace {

struct DevSummary {
  std::string text;
  int playable = 0;
};

// "knight (playable), knight (bought this turn), victory-point (hidden)".
DevSummary dev_cards(const core::GameState& s, int p) {
  DevSummary out;
  for (const auto& d : s.players[p].devs) {
    if (d.played) continue;
    std::string state;
    if (d.hidden) {
      out.text +=
          fmt::format("{}unseen (bought turn {})", out.text.empty() ? "" : ", ", d.turn_bought);
      continue;
    }
    if (d.card == core::DevCard::VictoryPoint)
      state = d.revealed ? "revealed" : "hidden";
    else if (d.turn_bought < s.turn)
      state = "playable", ++out.playable;
    else
      state = "bought this turn";
    out.text +=
        fmt::format("{}{} ({})", out.text.empty() ? "" : ", ", core::to_string(d.card), state);
  }
  if (out.text.empty()) out.text = "none";
  return out;
}

std::string who(const core::GameState& s, int p) {
  return p == core::kNoPlayer ? "none" : s.players[p].name;
}

std::string pieces(const core::GameState& s, int p, core::Building kind) {
  std::string out;
  for (core::CornerId c = 0; c < s.topo().corner_count(); ++c)
    if (s.corner_owner[c] == p && s.corner_building[c] == kind)
      out += (out.empty() ? "" : " ") + s.topo().corner_text(c);
  return out.empty() ? "-" : out;
}

std::string roads(const core::GameState& s, int p) {
  std::string out;
  for (core::EdgeId e = 0; e < s.topo().edge_count(); ++e)
    if (s.edge_owner[e] == p) out += (out.empty() ? "" : " ") + s.topo().edge_text(e);
  return out.empty() ? "-" : out;
}

std::string moment(const core::GameState& s) {
  if (s.phase == core::Phase::Setup)
    return fmt::format("set-up, placement {} of {} ({} to place a {})", s.setup_step + 1,
                       s.setup_steps(), s.players[s.active].name,
                       s.setup_settlement == core::kNone ? "settlement" : "road");
  if (s.phase == core::Phase::Over)
    return fmt::format("game over: {} won after action {}", s.players[s.winner].name, s.win_action);
  return s.turn_text();
}

// "{lumber: 0..2, ore: 1}": a range where the worlds differ.
std::string range_text(const core::ResourceSet& lo, const core::ResourceSet& hi) {
  std::string out;
  for (int i = 0; i < core::kResourceCount; ++i) {
    if (hi.n[i] == 0) continue;
    out += fmt::format(
        "{}{}: {}", out.empty() ? "" : ", ", core::to_string(static_cast<core::Resource>(i)),
        lo.n[i] == hi.n[i] ? fmt::format("{}", lo.n[i]) : fmt::format("{}..{}", lo.n[i], hi.n[i]));
  }
  return "{" + out + "}";
}

std::string count_text(int lo, int hi) {
  return lo == hi ? fmt::format("{}", lo) : fmt::format("{}..{}", lo, hi);
}

}  // namespace

std::string render_state_text(const core::GameState& s, const std::string& title,
                              const PlayerView* view) {
  // Names come from the log: shown with their control characters escaped (visible()).
  std::string out = title + "\n" + visible(moment(s)) + "\n";
  if (view)
    out += fmt::format(
        "Player view ({}): {}\n", view->view.empty() ? "cards hidden" : visible(view->view),
        view->approximate
            ? "too many worlds; ranges are intervals that hold every "
              "consistent world"
            : fmt::format("{} consistent world(s) of the hidden cards", view->worlds));
  if (view && !view->undecided.empty()) {
    // What the unseen cards decide: entries some worlds allow and others refuse.
    constexpr size_t kShown = 12;
    out += "Decided by the unseen cards (allowed in some worlds only):\n";
    for (size_t i = 0; i < view->undecided.size() && i < kShown; ++i)
      out += fmt::format("  {}: {} of {} worlds\n", visible(view->undecided[i].text),
                         view->undecided[i].worlds, view->worlds);
    if (view->undecided.size() > kShown)
      out += fmt::format("  ... and {} more\n", view->undecided.size() - kShown);
  }
  out += "\n" + render_board(s) + "\n";
  for (int p = 0; p < s.player_count(); ++p) {
    const auto& ps = s.players[p];
    out += fmt::format("{}{}\n", visible(ps.name), p == s.active ? " (active)" : "");
    const std::string vp = view && view->vp_min[p] != view->vp_max[p]
                               ? fmt::format("{}..{}", view->vp_min[p], view->vp_max[p])
                               : fmt::format("{}", view ? view->vp_min[p] : s.victory_points(p));
    out += fmt::format("  VP {}: {} settlement(s), {} city(ies) x2, {} VP card(s){}{}\n", vp,
                       ps.settlements, ps.cities, s.vp_cards(p),
                       s.longest_road == p ? ", Longest Road 2" : "",
                       s.largest_army == p ? ", Largest Army 2" : "");
    if (view)
      out += fmt::format("  hand {} ({} cards)\n", range_text(view->lo[p], view->hi[p]),
                         count_text(view->hand_sizes[p].first, view->hand_sizes[p].second));
    else
      out += fmt::format("  hand {} ({} cards)\n", core::to_string(ps.hand), ps.hand.total());
    out += fmt::format("  development cards: {}; knights played {}\n", dev_cards(s, p).text,
                       ps.knights_played);
    out += fmt::format("  settlements {}\n  cities {}\n  roads {} (longest trail {})\n",
                       pieces(s, p, core::Building::Settlement), pieces(s, p, core::Building::City),
                       roads(s, p), ps.road_length);
    out += fmt::format("  pieces left: {} roads, {} settlements, {} cities\n",
                       s.edition().roads - ps.roads, s.edition().settlements - ps.settlements,
                       s.edition().cities - ps.cities);
  }
  out += fmt::format("\nLongest Road: {}; Largest Army: {}\n", visible(who(s, s.longest_road)),
                     visible(who(s, s.largest_army)));
  if (view)
    out += fmt::format(
        "Bank: {} ({} cards); development deck: {} left\n",
        range_text(view->lo.back(), view->hi.back()),
        [&] {
          int lo = core::kResourceCount * s.edition().cards_per_resource, hi = lo;
          for (const auto& [a, b] : view->hand_sizes) lo -= b, hi -= a;
          return count_text(lo, hi);
        }(),
        s.deck_left());
  else
    out += fmt::format("Bank: {} ({} cards); development deck: {} left\n", core::to_string(s.bank),
                       s.bank.total(), s.deck_left());
  out += fmt::format("Robber: {}\n", core::hex_text(s.topo().hex_at(s.robber)));
  for (int p = 0; p < s.player_count(); ++p)
    if (s.discard_owed[p] > 0)
      out +=
          fmt::format("Discard owed: {} owes {}\n", visible(s.players[p].name), s.discard_owed[p]);
  return out;
}

std::string render_state_json(const core::GameState& s, const std::string& title,
                              const PlayerView* view, bool pretty) {
  JsonWriter w(pretty);
  auto resources = [&](const core::ResourceSet& r) { write_resources(w, r, true); };
  // A place as the log writes it, on one line: [q, r] or [q, r, "S"] (canonical name).
  const char* sep = pretty ? ", " : ",";
  auto hex = [&](core::Axial h) { return fmt::format("[{}{}{}]", h.q, sep, h.r); };
  auto place = [&](core::Axial h, std::string_view dir) {
    return fmt::format("[{}{}{}{}{}]", h.q, sep, h.r, sep, JsonWriter::escape(dir));
  };
  w.begin_object();
  w.key("format").value(kStateFormat);
  w.key("title").value(title);
  w.key("moment").value(moment(s));
  w.key("turn").value(s.turn);
  w.key("phase").value(core::to_string(s.phase));
  w.key("active").value(s.players[s.active].name);
  if (s.board->edition->turn_structures) {  // a five- or six-player game
    w.key("turn-structure").begin_object();
    w.key("kind").value(core::get_option(s.options, "turn-structure-56"));
    if (s.special_build()) {
      w.key("order").value(core::get_option(s.options, "special-build-order"));
      if (s.phase == core::Phase::SpecialBuild) {
        w.key("window");
        if (s.window == core::kNoPlayer)
          w.null();
        else
          w.value(s.players[s.window].name);
        w.key("windows-closed").begin_array();
        for (int p = 0; p < s.player_count(); ++p)
          if ((s.windows_done >> p) & 1) w.value(s.players[p].name);
        w.end_array();
      }
    } else if (s.phase != core::Phase::Setup) {
      const int one = s.player_one();
      w.key("player-1").value(s.players[one].name);
      w.key("player-2").value(s.players[s.partner_of(one)].name);
    }
    w.end_object();
  }
  w.key("winner");
  if (s.winner == core::kNoPlayer)
    w.null();
  else
    w.value(s.players[s.winner].name);
  if (view) {
    w.key("player-view").begin_object();
    w.key("view");
    if (view->view.empty())
      w.null();
    else
      w.value(view->view);
    w.key("worlds").value(static_cast<long long>(view->worlds));
    w.key("approximate").value(view->approximate);
    w.key("bank-min");
    resources(view->lo.back());
    w.key("bank-max");
    resources(view->hi.back());
    w.key("undecided").begin_array();
    for (const PlayerView::Undecided& u : view->undecided) {
      w.begin_object();
      w.key("entry").raw(u.json);
      w.key("worlds").value(static_cast<long long>(u.worlds));
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.key("players").begin_array();
  for (int p = 0; p < s.player_count(); ++p) {
    const auto& ps = s.players[p];
    w.begin_object();
    w.key("name").value(ps.name);
    w.key("vp").value(view ? view->vp_min[p] : s.victory_points(p));
    if (view) {
      w.key("vp-max").value(view->vp_max[p]);
      w.key("hand-min");
      resources(view->lo[p]);
      w.key("hand-max");
      resources(view->hi[p]);
    }
    w.key("vp-sources").begin_object();
    w.key("settlements").value(ps.settlements).key("cities").value(2 * ps.cities);
    w.key("victory-point-cards").value(s.vp_cards(p));
    w.key("longest-road")
        .value(s.longest_road == p ? 2 : 0)
        .key("largest-army")
        .value(s.largest_army == p ? 2 : 0);
    w.end_object();
    w.key("hand");
    resources(ps.hand);
    w.key("development-cards").begin_array();
    for (const auto& d : ps.devs) {
      // A `buy: hidden` not yet played is spelt as the log spells it.
      w.begin_object().key("card").value(d.hidden && !d.played ? "hidden"
                                                               : core::to_string(d.card));
      w.key("bought-on-turn").value(d.turn_bought);
      w.key("played").value(d.played).key("revealed").value(d.revealed);
      w.key("playable")
          .value(!d.played && (d.hidden || d.card != core::DevCard::VictoryPoint) &&
                 d.turn_bought < s.turn);
      w.end_object();
    }
    w.end_array();
    w.key("knights-played").value(ps.knights_played);
    w.key("road-length").value(ps.road_length);
    auto list = [&](const char* key, const std::vector<std::string>& places) {
      w.key(key).begin_array();
      for (const auto& t : places) w.raw(t);
      w.end_array();
    };
    std::vector<std::string> st, ci, ro;
    for (core::CornerId c = 0; c < s.topo().corner_count(); ++c)
      if (s.corner_owner[c] == p) {
        const core::CornerName n = s.topo().corner_name(c);
        (s.corner_building[c] == core::Building::City ? ci : st)
            .push_back(place(n.hex, core::to_string(n.dir)));
      }
    for (core::EdgeId e = 0; e < s.topo().edge_count(); ++e)
      if (s.edge_owner[e] == p) {
        const core::EdgeName n = s.topo().edge_name(e);
        ro.push_back(place(n.hex, core::to_string(n.dir)));
      }
    list("settlements", st);
    list("cities", ci);
    list("roads", ro);
    w.key("discard-owed").value(std::max(0, s.discard_owed[p]));
    w.end_object();
  }
  w.end_array();
  w.key("longest-road").value(who(s, s.longest_road));
  w.key("largest-army").value(who(s, s.largest_army));
  w.key("bank");
  resources(s.bank);
  w.key("development-deck-left").value(s.deck_left());
  w.key("robber").raw(hex(s.topo().hex_at(s.robber)));
  w.end_object();
  return w.str() + "\n";
}

}  // namespace catan::diag
