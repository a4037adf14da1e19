// rosshamish's catanlog `.catan` transcripts (catanlog.py, v0.9 and v0.10) read into a
// log::Game: a spectator's view (view: spectator) in which dice are sums, steals and
// development card purchases are hidden and discards are not written.
// docs/IMPORT-CATANLOGS.md has the grammar, the coordinate mapping and what is refused.
//
// Two things the transcript leaves out are added, because the rules determine them:
// - the set-up turns' "ends turn" lines have no catan-log/1 entry (the set-up is a fixed
//   order of placements) and are dropped, up to the first roll;
// - after a 7, every player who holds more cards than the discard limit owes a discard:
//   the importer follows the public state through the rules (hand sizes are public) and
//   adds `discard: hidden` for each of them. When hand sizes differ between the worlds
//   (after a Monopoly, whose count a transcript does not give) the line is a problem; after
//   the first entry the rules refuse, no discards are added (nothing after it is judged).
#include "import/catanlogs/import_catanlogs.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "import/catanlogs/hexgrid_coords.hpp"
#include "import/detail.hpp"
#include "import/follower.hpp"
#include "import/sniff.hpp"
#include "rules/engine.hpp"
#include "rules/position.hpp"

namespace catan::importers {

namespace {

// The importer's own follower keeps at most this many worlds one by one (a tenth of the
// checker's bound before stop 40 of issue 27, kept as it was).
constexpr size_t kTrackerMaxWorlds = 20000;

using log::Entry;
using log::Game;
using log::Source;
using text::Mark;

using core::Action;
using core::ActionKind;
using core::Resource;
using detail::quoted;

std::optional<Resource> resource_word(std::string_view w) {
  static constexpr std::pair<std::string_view, Resource> kNames[] = {{"wood", Resource::Lumber},
                                                                     {"brick", Resource::Brick},
                                                                     {"sheep", Resource::Wool},
                                                                     {"wheat", Resource::Grain},
                                                                     {"ore", Resource::Ore}};
  for (const auto& [name, r] : kNames)
    if (name == w) return r;
  return std::nullopt;
}

std::optional<core::Terrain> terrain_word(std::string_view w) {
  if (w == "desert") return core::Terrain::Desert;
  static constexpr core::Terrain kTerrain[] = {core::Terrain::Forest, core::Terrain::Hills,
                                               core::Terrain::Pasture, core::Terrain::Fields,
                                               core::Terrain::Mountains};
  if (auto r = resource_word(w)) return kTerrain[static_cast<int>(*r)];
  return std::nullopt;
}

// A cursor over one line; columns are 1-based bytes.
struct Cursor {
  std::string_view s;
  size_t pos = 0;

  int column() const { return static_cast<int>(pos) + 1; }
  bool done() const { return pos >= s.size(); }
  std::string_view rest() const { return s.substr(std::min(pos, s.size())); }
  bool lit(std::string_view w) {
    if (rest().substr(0, w.size()) != w) return false;
    pos += w.size();
    return true;
  }
  // A run of bytes other than space and the delimiters `,()[]`.
  std::string_view word() {
    const size_t start = pos;
    while (pos < s.size() && std::string_view(" ,()[]").find(s[pos]) == std::string_view::npos)
      ++pos;
    return s.substr(start, pos - start);
  }
  std::optional<int> number() {
    const size_t start = pos;
    while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9' && pos - start < 9) ++pos;
    if (pos == start) return std::nullopt;
    int v = 0;
    std::from_chars(s.data() + start, s.data() + pos, v);
    return v;
  }
};

class Importer {
 public:
  Importer(const std::string& file, std::string_view text, Imported& out, GameFollower* follower)
      : file_(file), out_(out), tracker_(follower) {
    size_t start = 0;
    while (start < text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(start, end - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      lines_.push_back(line);
      start = end + 1;
    }
  }

  void run() {
    game_.at = {1, 1};
    game_.has_view = true;
    game_.view_player = -1;
    game_.view_at = {1, 1};
    size_t i = header();
    if (i == 0) return;
    start_tracker();
    for (; i < lines_.size(); ++i) {
      if (lines_[i].empty()) continue;
      event(static_cast<int>(i) + 1, lines_[i]);
    }
    out_.games.push_back(std::move(game_));
  }

 private:
  // At most kMaxProblems are listed (as the JSettlers2 importer does), then one that says
  // more follow: a transcript of repeated lines stays one screen of notes.
  static constexpr size_t kMaxProblems = 100;
  void problem(int line, int column, std::string message) {
    if (out_.problems.size() > kMaxProblems) return;
    if (out_.problems.size() == kMaxProblems)
      message = "more problems follow; the first " + std::to_string(kMaxProblems) + " are listed";
    out_.problems.push_back({{line, column}, std::move(message)});
  }

  // The header up to `...CATAN!`; returns the index of the first event line, 0 when the
  // header cannot be read.
  size_t header() {
    if (lines_.empty() || lines_[0].substr(0, 10) != "catanlog v") {
      problem(1, 1, "not a catanlog transcript: the first line must be \"catanlog vX.Y.Z\"");
      return 0;
    }
    game_.source = Source{"catanlogs", file_, std::string(lines_[0].substr(0, 40))};
    int expected_players = -1;
    bool terrain = false, numbers = false, ports = false;
    int numbers_line = 0;
    std::vector<std::pair<int, std::string>> seats;     // seat, colour
    std::unordered_map<std::string, int> colour_lines;  // the line naming each first
    std::unordered_map<int, int> seat_lines;
    std::vector<core::Terrain> terrains;
    std::vector<int> tokens;
    std::vector<Mark> tile_marks;
    size_t i = 1;
    for (; i < lines_.size(); ++i) {
      const int ln = static_cast<int>(i) + 1;
      Cursor c{lines_[i]};
      if (c.s == "...CATAN!") break;
      if (c.lit("timestamp: ")) {
        game_.id = std::string(c.rest().substr(0, 64));
      } else if (c.lit("players: ")) {
        const auto n = c.number();
        if (!n || !c.done()) problem(ln, c.column(), "\"players:\" needs a number");
        expected_players = n.value_or(-1);
        game_.players_at = {ln, 1};
      } else if (c.lit("name: ")) {
        const size_t colour_key = c.rest().find(", color: ");
        const size_t seat_key = c.rest().find(", seat: ");
        if (colour_key == std::string_view::npos || seat_key == std::string_view::npos ||
            seat_key < colour_key) {
          problem(ln, 1, "a player line is \"name: N, color: C, seat: S\"");
          continue;
        }
        c.pos += colour_key + 9;
        const int colour_at = c.column();
        const std::string colour(c.word());
        const int seat_at = c.column() + 8;
        const auto seat = c.lit(", seat: ") ? c.number() : std::nullopt;
        if (colour.empty() || !seat || !c.done()) {
          problem(ln, colour_at, "a player line is \"name: N, color: C, seat: S\"");
          continue;
        }
        // One problem per repeated line, against the first line naming each (hashed: a
        // transcript of many repeated lines is read in linear time).
        const auto [c_first, c_new] = colour_lines.emplace(colour, ln);
        const auto [s_first, s_new] = seat_lines.emplace(*seat, ln);
        const std::string c_text = "colour " + quoted(colour);
        const std::string s_text = "seat " + std::to_string(*seat);
        const auto first = [](int line) { return " (first at line " + std::to_string(line) + ")"; };
        if (!c_new && !s_new)
          problem(ln, colour_at,
                  c_first->second == s_first->second
                      ? c_text + " and " + s_text + " are named twice" + first(c_first->second)
                      : c_text + first(c_first->second) + " and " + s_text +
                            first(s_first->second) + " are named twice");
        else if (!c_new)
          problem(ln, colour_at, c_text + " is named twice" + first(c_first->second));
        else if (!s_new)
          problem(ln, seat_at, s_text + " is named twice" + first(s_first->second));
        seats.emplace_back(*seat, colour);
      } else if (c.lit("terrain: ")) {
        terrain = true;
        game_.hexes_at = {ln, 1};
        while (!c.done()) {
          const int col = c.column();
          const std::string_view w = c.word();
          if (auto t = terrain_word(w))
            terrains.push_back(*t);
          else
            problem(ln, col,
                    "unknown terrain " + quoted(w) + " (wood, brick, sheep, wheat, ore or desert)");
          tile_marks.push_back({ln, col});
          if (!c.lit(" ") && !c.done()) {
            problem(ln, c.column(), "terrains are separated by single spaces");
            break;
          }
        }
      } else if (c.lit("numbers: ")) {
        numbers = true;
        numbers_line = ln;
        while (!c.done()) {
          const int col = c.column();
          if (c.lit("None")) {
            tokens.push_back(0);
          } else if (auto n = c.number()) {
            tokens.push_back(*n);
          } else {
            problem(ln, col, "a number token is 2..12 or None");
            break;
          }
          if (!c.lit(" ") && !c.done()) {
            problem(ln, c.column(), "numbers are separated by single spaces");
            break;
          }
        }
      } else if (c.lit("ports: ")) {
        ports = true;
        game_.harbors_at = {ln, 1};
        read_ports(ln, c);
      } else {
        problem(ln, 1, "unknown header line " + quoted(c.s));
      }
    }
    if (i >= lines_.size()) {
      problem(static_cast<int>(lines_.size()), 1, "the header does not end with \"...CATAN!\"");
      return 0;
    }
    const int end_line = static_cast<int>(i) + 1;
    if (!terrain || !numbers || !ports)
      problem(end_line, 1, "the header needs \"terrain:\", \"numbers:\" and \"ports:\" lines");
    const size_t tiles = static_cast<size_t>(detail::base_island().hex_count());
    if (terrains.size() != tiles && terrain)
      problem(game_.hexes_at.line, 1,
              "\"terrain:\" lists " + std::to_string(terrains.size()) + " tiles, not " +
                  std::to_string(tiles));
    if (tokens.size() != tiles && numbers)
      problem(numbers_line, 1,
              "\"numbers:\" lists " + std::to_string(tokens.size()) + " tokens, not " +
                  std::to_string(tiles));
    if (expected_players >= 0 && static_cast<int>(seats.size()) != expected_players)
      problem(game_.players_at.line, 1,
              "\"players: " + std::to_string(expected_players) + "\" but " +
                  std::to_string(seats.size()) + " player lines");
    std::sort(seats.begin(), seats.end());
    for (const auto& [seat, colour] : seats) game_.players.push_back(colour);
    if (!out_.problems.empty()) return 0;
    for (int t = 0; t < static_cast<int>(tiles); ++t) {
      game_.board.hexes.push_back({*hexgrid::tile_hex(t + 1), terrains[t], tokens[t]});
      game_.hex_at.push_back(tile_marks[t]);
    }
    return i + 1;
  }

  void read_ports(int ln, Cursor& c) {
    while (!c.done()) {
      const int col = c.column();
      std::optional<core::HarborKind> kind;
      if (c.lit("3:1")) {
        kind = core::HarborKind::Generic;
      } else if (auto r = resource_word(c.word())) {
        kind = static_cast<core::HarborKind>(*r);
      }
      const auto place = kind && c.lit("(") ? edge_place(c) : std::nullopt;
      if (!kind || !place || !c.lit(")")) {
        problem(ln, col, "a port is \"kind(tile direction)\", kind 3:1 or a resource");
        return;
      }
      game_.board.harbors.push_back({place->hex, place->dir, *kind});
      game_.harbor_at.push_back({ln, col});
      if (!c.lit(" ") && !c.done()) {
        problem(ln, c.column(), "ports are separated by single spaces");
        return;
      }
    }
  }

  // "T D" (no parentheses) naming an edge of tile T.
  std::optional<core::EdgeRef> edge_place(Cursor& c) {
    const auto tile = c.number();
    if (!tile || !c.lit(" ")) return std::nullopt;
    const auto hex = hexgrid::tile_hex(*tile);
    const auto dir = core::parse_edge_dir(c.word());
    if (!hex || !dir) return std::nullopt;
    return core::EdgeRef{*hex, *dir, detail::base_island().edge_id(*hex, *dir)};
  }
  std::optional<core::CornerRef> corner_place(Cursor& c) {
    const auto tile = c.number();
    if (!tile || !c.lit(" ")) return std::nullopt;
    const auto hex = hexgrid::tile_hex(*tile);
    const auto dir = core::parse_corner_dir(c.word());
    if (!hex || !dir) return std::nullopt;
    return core::CornerRef{*hex, *dir, detail::base_island().corner_id(*hex, *dir)};
  }

  int player_of(std::string_view colour) const {
    for (size_t p = 0; p < game_.players.size(); ++p)
      if (game_.players[p] == colour) return static_cast<int>(p);
    return -1;
  }

  // "[1 brick, 2 wood]"
  std::optional<core::ResourceSet> resources(Cursor& c) {
    if (!c.lit("[")) return std::nullopt;
    core::ResourceSet set;
    while (true) {
      const auto n = c.number();
      if (!n || !c.lit(" ")) return std::nullopt;
      const auto r = resource_word(c.word());
      if (!r) return std::nullopt;
      set[*r] += *n;
      if (c.lit("]")) return set;
      if (!c.lit(", ")) return std::nullopt;
    }
  }

  // The game followed as it is written: the follower check gives (which judges it at the
  // same time), else one of the importer's own.
  void start_tracker() {
    if (!tracker_) {
      own_tracker_ = position_follower(kTrackerMaxWorlds);
      tracker_ = own_tracker_.get();
    }
    started_ = tracker_->start(game_);
  }

  void push(Entry e) {
    if (started_) tracker_->feed(e);
    game_.actions.push_back(std::move(e));
  }

  // After a 7: a `discard: hidden` for each player holding more than the limit.
  void discards_after_seven(int ln) {
    if (!started_ || !tracker_->following()) return;
    const auto sizes = tracker_->hand_sizes();
    const int limit = game_.options.discard_limit;
    for (size_t p = 0; p < sizes.size(); ++p) {
      const auto [fewest, most] = sizes[p];
      if (fewest <= limit && most > limit) {
        problem(ln, 1,
                game_.players[p] + " holds " + std::to_string(fewest) + " to " +
                    std::to_string(most) +
                    " cards here, depending on cards the transcript does not show: whether " +
                    game_.players[p] + " owes a discard on this 7 is unknown");
        continue;
      }
      if (fewest <= limit) continue;
      Entry d;
      d.at = d.source = d.player = d.value = {ln, 1};
      d.action.kind = ActionKind::Discard;
      d.action.player = static_cast<int>(p);
      d.action.hidden_owed = true;
      push(std::move(d));
    }
  }

  void event(int ln, std::string_view line) {
    Cursor c{line};
    const std::string_view colour = c.word();
    const int p = player_of(colour);
    if (p < 0 || !c.lit(" ")) {
      problem(
          ln, 1,
          "cannot map this line: it does not start with a player's colour (" + quoted(line) + ")");
      return;
    }
    Entry e;
    e.at = e.source = e.player = {ln, 1};
    e.value = {ln, c.column()};
    Action& a = e.action;
    a.player = p;
    const auto bad = [&](std::string what) {
      problem(ln, c.column(), "cannot map this line: " + what + " (" + quoted(line) + ")");
    };
    if (c.lit("rolls ")) {
      const auto n = c.number();
      c.lit(" ...DEUCES!");
      if (!n || *n < 2 || *n > 12 || !c.done()) return bad("a roll is \"rolls N\", N 2..12");
      rolled_ = true;
      a.kind = ActionKind::Roll;
      a.roll_sum = *n;
      push(std::move(e));
      if (*n == 7) discards_after_seven(ln);
    } else if (c.lit("moves robber to ")) {
      const auto tile = c.number();
      const auto hex = tile ? hexgrid::tile_hex(*tile) : std::nullopt;
      if (!hex || !c.lit(", steals from "))
        return bad("expected \"moves robber to T, steals from C\"");
      a.kind = ActionKind::Robber;
      a.hex = {*hex, detail::base_island().hex_id(*hex)};
      const int victim_at = c.column();
      const std::string_view victim = c.word();
      if (!c.done()) return bad("unexpected text after the victim");
      if (victim != "nobody") {
        const int v = player_of(victim);
        if (v < 0) return bad("the victim is not a player's colour");
        a.has_steal = true;
        a.steal_from = v;
        a.stolen.hidden = true;
        e.steal = {ln, victim_at};
      }
      push(std::move(e));
    } else if (c.lit("buys dev card")) {
      if (!c.done()) return bad("unexpected text after \"buys dev card\"");
      a.kind = ActionKind::Buy;
      a.hidden_buy = true;
      push(std::move(e));
    } else if (c.lit("buys ")) {
      const std::string_view piece = c.word();
      const bool road = piece == "road";
      if (piece != "road" && piece != "settlement" && piece != "city")
        return bad("a purchase is a road, settlement, city or dev card");
      if (!c.lit(", builds at (")) return bad("expected \", builds at (T D)\"");
      e.value = {ln, c.column() - 1};
      if (road) {
        const auto at = edge_place(c);
        if (!at || !c.lit(")") || !c.done()) return bad("a road is built at (tile 1..19 edge)");
        a.kind = ActionKind::Road;
        a.edge = *at;
      } else {
        const auto at = corner_place(c);
        if (!at || !c.lit(")") || !c.done()) return bad("a building is at (tile 1..19 corner)");
        a.kind = piece == "city" ? ActionKind::City : ActionKind::Settlement;
        a.corner = *at;
      }
      push(std::move(e));
    } else if (c.lit("trades ")) {
      const auto give = resources(c);
      if (!give) return bad("a trade gives \"[n resource, ...]\"");
      if (c.lit(" to port ")) {
        c.word();  // 4:1, 3:1 or the harbor's resource: the counts decide the rate
        a.kind = ActionKind::BankTrade;
      } else if (c.lit(" to player ")) {
        const int q = player_of(c.word());
        if (q < 0) return bad("the trade partner is not a player's colour");
        a.kind = ActionKind::Trade;
        a.other = q;
      } else {
        return bad("a trade goes \"to port K\" or \"to player C\"");
      }
      const auto get = c.lit(" for ") ? resources(c) : std::nullopt;
      if (!get || !c.done()) return bad("a trade ends \"for [n resource, ...]\"");
      a.give = *give;
      a.get = *get;
      push(std::move(e));
    } else if (c.lit("plays knight")) {
      if (!c.done()) return bad("unexpected text after \"plays knight\"");
      a.kind = ActionKind::Play;
      a.card = core::DevCard::Knight;
      push(std::move(e));
    } else if (c.lit("plays road builder, builds at (")) {
      const auto first = edge_place(c);
      const bool joined = first && c.lit(") and (");
      const int second_at = c.column() - 1;
      const auto second = joined ? edge_place(c) : std::nullopt;
      if (!second || !c.lit(")") || !c.done())
        return bad("expected \"plays road builder, builds at (T D) and (T D)\"");
      a.kind = ActionKind::Play;
      a.card = core::DevCard::RoadBuilding;
      Entry r1 = e, r2 = e;
      for (Entry* r : {&r1, &r2}) {
        r->action = Action{};
        r->action.kind = ActionKind::Road;
        r->action.player = p;
      }
      r1.action.edge = *first;
      r1.value = {ln, e.value.column + 30};
      r2.action.edge = *second;
      r2.value = {ln, second_at};
      push(std::move(e));
      push(std::move(r1));
      push(std::move(r2));
    } else if (c.lit("plays year of plenty, takes ")) {
      e.take = {ln, c.column()};
      const auto r1 = resource_word(c.word());
      const auto r2 = c.lit(" and ") ? resource_word(c.word()) : std::nullopt;
      if (!r1 || !r2 || !c.done()) return bad("expected \"takes R and R\"");
      a.kind = ActionKind::Play;
      a.card = core::DevCard::YearOfPlenty;
      a.has_take = true;
      a.get[*r1] += 1;
      a.get[*r2] += 1;
      push(std::move(e));
    } else if (c.lit("plays monopoly on ")) {
      const auto r = resource_word(c.word());
      if (!r || !c.done()) return bad("expected \"plays monopoly on R\"");
      a.kind = ActionKind::Play;
      a.card = core::DevCard::Monopoly;
      a.resource = *r;
      push(std::move(e));
    } else if (c.lit("plays victory point")) {
      if (!c.done()) return bad("unexpected text after \"plays victory point\"");
      a.kind = ActionKind::Reveal;
      a.count = 1;
      push(std::move(e));
    } else if (c.lit("ends turn after ")) {
      const auto n = c.number();
      if (!n || !c.lit("s") || !c.done()) return bad("expected \"ends turn after Ns\"");
      if (!rolled_) return;  // a set-up turn: catan-log/1 has no entry for it
      a.kind = ActionKind::EndTurn;
      push(std::move(e));
    } else if (c.lit("wins")) {
      if (!c.done()) return bad("unexpected text after \"wins\"");
      if (game_.result_winner)
        return bad("a second \"wins\" line (the first is line " +
                   std::to_string(game_.result_at.line) + ")");
      game_.result_winner = p;
      game_.result_at = {ln, 1};
    } else {
      bad("not an event of the catanlog format");
    }
  }

  const std::string& file_;
  Imported& out_;
  std::vector<std::string_view> lines_;
  Game game_;
  bool rolled_ = false;
  GameFollower* tracker_ = nullptr;  // the follower check gave, or own_tracker_
  std::unique_ptr<GameFollower> own_tracker_;
  bool started_ = false;
};

}  // namespace

Imported import_catanlogs(const std::string& file, std::string_view text,
                          const ImportOptions& options) {
  Imported out;
  Importer(file, text, out, options.follower).run();
  return out;
}

Sniff sniff_catanlogs(std::string_view head, bool ended) {
  return detail::starts_with(head, ended, "catanlog v");
}

}  // namespace catan::importers
