// catanatron's JSON game export (`catanatron-play --output-format json`, catanatron.json's
// GameEncoder) read into a log::Game. docs/IMPORT-CATANATRON.md has the coordinate mapping.
//
// Cube coordinates [x, y, z] (x + y + z = 0, unit vectors E (1,-1,0), SE (0,-1,1), ...)
// are axial [q, r] = [x, z]; catanatron's node and edge directions name the same corners
// and sides of a pointy-top hex as catan-log/1's. Nodes and edges are identified through
// the export's own `nodes` and `edges` tables (a tile coordinate and a direction each).
#include "import/catanatron/import_catanatron.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <utility>

#include "import/catanatron/catanatron_coords.hpp"
#include "import/detail.hpp"
#include "import/sniff.hpp"
#include "text/json_source.hpp"

namespace catan::importers {

namespace {

using log::Entry;
using log::Game;
using log::Source;
using text::JsonParse;
using text::JsonValue;
using text::Mark;
using text::parse_json_values;

using core::Action;
using core::ActionKind;
using core::Axial;
using core::Resource;
using K = JsonValue::Kind;
using detail::quoted;

class Importer {
 public:
  Importer(const std::string& file, Imported& out) : file_(file), out_(out) {}

  void run(const JsonValue& root) {
    if (!root.is(K::Object)) return problem(root.at, "the export is not a JSON object");
    game_.at = root.at;
    game_.source = Source{"catanatron", file_, "catanatron"};
    read_players(root);
    read_board(root);
    read_nodes(root);
    read_edges(root);
    if (!out_.problems.empty()) return;  // the actions cannot be named without these
    read_actions(root);
    read_final_state(root);
    read_winner(root);
    out_.games.push_back(std::move(game_));
  }

 private:
  void problem(Mark at, std::string message) { out_.problems.push_back({at, std::move(message)}); }

  // The member `key` of `obj` with the kind `kind`; a problem (at `obj`) when it is not.
  const JsonValue* need(const JsonValue& obj, std::string_view key, K kind) {
    const JsonValue* v = obj.get(key);
    if (!v) {
      problem(obj.at,
              "missing \"" + std::string(key) + "\" (" + std::string(to_string(kind)) + ")");
      return nullptr;
    }
    if (!v->is(kind)) {
      problem(v->at, "\"" + std::string(key) + "\" must be " + std::string(to_string(kind)) +
                         ", not " + std::string(to_string(v->kind)));
      return nullptr;
    }
    return v;
  }

  const std::string* text(const JsonValue& v, std::string_view what) {
    if (v.is(K::String)) return &v.text;
    problem(v.at, std::string(what) + " must be a string, not " + std::string(to_string(v.kind)));
    return nullptr;
  }

  std::optional<int> integer(const JsonValue& v, std::string_view what) {
    if (v.is(K::Int) && v.integer >= -1000000 && v.integer <= 1000000)
      return static_cast<int>(v.integer);
    problem(v.at, std::string(what) + " must be a small integer");
    return std::nullopt;
  }

  std::optional<Axial> cube(const JsonValue& v, std::string_view what) {
    if (v.is(K::Array) && v.items.size() == 3) {
      std::optional<int> c[3];
      bool ok = true;
      for (int i = 0; i < 3; ++i)
        if (v.items[i].is(K::Int) && v.items[i].integer >= -100 && v.items[i].integer <= 100)
          c[i] = static_cast<int>(v.items[i].integer);
        else
          ok = false;
      if (ok && *c[0] + *c[1] + *c[2] == 0) return catanatron::to_axial(*c[0], *c[1], *c[2]);
    }
    problem(v.at, std::string(what) + " must be cube coordinates [x, y, z] with x + y + z = 0");
    return std::nullopt;
  }

  std::optional<Resource> resource(const JsonValue& v) {
    if (const std::string* s = text(v, "a resource")) {
      if (auto r = catanatron::parse_resource(*s)) return r;
      problem(v.at, "unknown resource " + quoted(*s) + " (WOOD, BRICK, SHEEP, WHEAT or ORE)");
    }
    return std::nullopt;
  }

  int player(const JsonValue& v) {
    const std::string* s = text(v, "a colour");
    if (!s) return -1;
    for (size_t i = 0; i < colours_.size(); ++i)
      if (colours_[i] == *s) return static_cast<int>(i);
    problem(v.at, "colour " + quoted(*s) + " is not one of the game's \"colors\"");
    return -1;
  }

  void read_players(const JsonValue& root) {
    const JsonValue* colors = need(root, "colors", K::Array);
    if (!colors) return;
    game_.players_at = colors->at;
    for (const JsonValue& c : colors->items) {
      const std::string* s = text(c, "a colour");
      if (!s) continue;
      if (s->empty() || s->size() > 32) {
        problem(c.at, "a colour must be 1 to 32 characters");
        continue;
      }
      for (const std::string& seen : colours_)
        if (seen == *s) problem(c.at, "colour " + quoted(*s) + " is named twice in \"colors\"");
      colours_.push_back(*s);
      std::string name;
      for (char ch : *s) name += (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
      game_.players.push_back(name);
    }
  }

  void read_board(const JsonValue& root) {
    const JsonValue* tiles = need(root, "tiles", K::Array);
    if (!tiles) return;
    game_.hexes_at = game_.harbors_at = tiles->at;
    for (const JsonValue& item : tiles->items) {
      if (!item.is(K::Object)) {
        problem(item.at, "a tile must be an object {coordinate, tile}");
        continue;
      }
      const JsonValue* coordinate = need(item, "coordinate", K::Array);
      const JsonValue* tile = need(item, "tile", K::Object);
      if (!coordinate || !tile) continue;
      const std::optional<Axial> at = cube(*coordinate, "a tile coordinate");
      const JsonValue* type = need(*tile, "type", K::String);
      if (!at || !type) continue;
      if (type->text == "WATER") continue;
      if (type->text == "DESERT") {
        game_.board.hexes.push_back({*at, core::Terrain::Desert, 0});
        game_.hex_at.push_back(item.at);
      } else if (type->text == "RESOURCE_TILE") {
        const JsonValue* res = tile->get("resource");
        const JsonValue* number = need(*tile, "number", K::Int);
        if (!res) {
          problem(tile->at, "a RESOURCE_TILE needs a \"resource\"");
          continue;
        }
        const std::optional<Resource> r = resource(*res);
        const std::optional<int> n = number ? integer(*number, "a number token") : std::nullopt;
        if (!r || !n) continue;
        game_.board.hexes.push_back({*at, catanatron::terrain_of(*r), *n});
        game_.hex_at.push_back(item.at);
      } else if (type->text == "PORT") {
        const JsonValue* direction = need(*tile, "direction", K::String);
        const JsonValue* res = tile->get("resource");
        if (!direction) continue;
        const std::optional<core::EdgeDir> d = catanatron::parse_edge_dir(direction->text);
        if (!d) {
          problem(direction->at, "unknown port direction " + quoted(direction->text));
          continue;
        }
        core::HarborKind kind = core::HarborKind::Generic;
        if (res && !res->is(K::Null)) {
          const std::optional<Resource> r = resource(*res);
          if (!r) continue;
          kind = static_cast<core::HarborKind>(*r);
        }
        game_.board.harbors.push_back(catanatron::harbor(*at, *d, kind));
        game_.harbor_at.push_back(item.at);
      } else {
        problem(type->at, "unknown tile type " + quoted(type->text) +
                              " (RESOURCE_TILE, DESERT, PORT or WATER; catanatron's base map)");
      }
    }
  }

  void read_nodes(const JsonValue& root) {
    const JsonValue* nodes = need(root, "nodes", K::Object);
    if (!nodes) return;
    for (const auto& [key, node] : nodes->members) {
      if (!node.is(K::Object)) {
        problem(node.at, "a node must be an object");
        continue;
      }
      const JsonValue* id = need(node, "id", K::Int);
      const JsonValue* coordinate = need(node, "tile_coordinate", K::Array);
      const JsonValue* direction = need(node, "direction", K::String);
      if (!id || !coordinate || !direction) continue;
      if (key != std::to_string(id->integer)) {
        problem(id->at, "node " + quoted(key) + " holds the id " + std::to_string(id->integer));
        continue;
      }
      const std::optional<Axial> at = cube(*coordinate, "a node's tile_coordinate");
      const std::optional<core::CornerDir> d = catanatron::parse_node_dir(direction->text);
      if (!d) problem(direction->at, "unknown node direction " + quoted(direction->text));
      if (!at || !d) continue;
      core::CornerRef ref{*at, *d, detail::base_island().corner_id(*at, *d)};
      if (ref.id != core::kNone) {  // the canonical name, not the one through a water tile
        const core::CornerName n = detail::base_island().corner_name(ref.id);
        ref.hex = n.hex;
        ref.dir = n.dir;
      }
      nodes_[id->integer] = ref;
    }
  }

  void read_edges(const JsonValue& root) {
    const JsonValue* edges = need(root, "edges", K::Array);
    if (!edges) return;
    for (const JsonValue& edge : edges->items) {
      if (!edge.is(K::Object)) {
        problem(edge.at, "an edge must be an object");
        continue;
      }
      const JsonValue* id = need(edge, "id", K::Array);
      const JsonValue* coordinate = need(edge, "tile_coordinate", K::Array);
      const JsonValue* direction = need(edge, "direction", K::String);
      if (!id || !coordinate || !direction) continue;
      const auto pair = node_pair(*id);
      const std::optional<Axial> at = cube(*coordinate, "an edge's tile_coordinate");
      const std::optional<core::EdgeDir> d = catanatron::parse_edge_dir(direction->text);
      if (!d) problem(direction->at, "unknown edge direction " + quoted(direction->text));
      if (!pair || !at || !d) continue;
      core::EdgeRef ref{*at, *d, detail::base_island().edge_id(*at, *d)};
      if (ref.id != core::kNone) {
        const core::EdgeName n = detail::base_island().edge_name(ref.id);
        ref.hex = n.hex;
        ref.dir = n.dir;
      }
      edges_[*pair] = ref;
    }
  }

  std::optional<std::pair<int64_t, int64_t>> node_pair(const JsonValue& v) {
    if (v.is(K::Array) && v.items.size() == 2 && v.items[0].is(K::Int) && v.items[1].is(K::Int))
      return std::minmax(v.items[0].integer, v.items[1].integer);
    problem(v.at, "an edge must be a pair of node ids [a, b]");
    return std::nullopt;
  }

  std::optional<core::CornerRef> corner(const JsonValue& v) {
    if (!v.is(K::Int)) {
      problem(v.at, "a node id must be an integer");
      return std::nullopt;
    }
    const auto it = nodes_.find(v.integer);
    if (it != nodes_.end()) return it->second;
    problem(v.at, "node " + std::to_string(v.integer) + " is not in the export's \"nodes\"");
    return std::nullopt;
  }

  std::optional<core::EdgeRef> edge(const JsonValue& v) {
    const auto pair = node_pair(v);
    if (!pair) return std::nullopt;
    const auto it = edges_.find(*pair);
    if (it != edges_.end()) return it->second;
    problem(v.at, "nodes " + std::to_string(pair->first) + " and " + std::to_string(pair->second) +
                      " are not joined by an edge of the export's \"edges\"");
    return std::nullopt;
  }

  // One action record [[colour, type, value], result].
  void read_record(const JsonValue& record) {
    if (!record.is(K::Array) || record.items.size() != 2 || !record.items[0].is(K::Array) ||
        record.items[0].items.size() != 3) {
      last_discard_ = false;
      return problem(record.at, "an action record must be [[colour, action type, value], result]");
    }
    const JsonValue& action = record.items[0];
    const JsonValue& result = record.items[1];
    const JsonValue& value = action.items[2];
    const int p = player(action.items[0]);
    const std::string* type = text(action.items[1], "an action type");
    if (p < 0 || !type) {
      last_discard_ = false;
      return;
    }
    Entry e;
    e.at = e.source = record.at;
    e.player = action.items[0].at;
    e.value = value.is(K::Null) ? action.items[1].at : value.at;
    Action& a = e.action;
    a.player = p;
    const bool discard = *type == "DISCARD_RESOURCE";
    bool ok = true;
    if (*type == "BUILD_SETTLEMENT" || *type == "BUILD_CITY") {
      a.kind = *type == "BUILD_CITY" ? ActionKind::City : ActionKind::Settlement;
      const auto c = corner(value);
      ok = c.has_value();
      if (c) a.corner = *c;
    } else if (*type == "BUILD_ROAD") {
      a.kind = ActionKind::Road;
      const auto r = edge(value);
      ok = r.has_value();
      if (r) a.edge = *r;
    } else if (*type == "ROLL") {
      a.kind = ActionKind::Roll;
      const JsonValue& dice = result.is(K::Array) ? result : value;
      if (dice.is(K::Array) && dice.items.size() == 2) {
        for (const JsonValue& d : dice.items)
          if (d.is(K::Int) && d.integer >= 1 && d.integer <= 6)
            a.dice.push_back(static_cast<int>(d.integer));
      }
      if (a.dice.size() != 2) {
        ok = false;
        problem(dice.at, "a ROLL must record two dice, each 1 to 6");
      }
    } else if (discard) {
      a.kind = ActionKind::Discard;
      const JsonValue& card = result.is(K::Null) ? value : result;
      const auto r = resource(card);
      ok = r.has_value();
      if (r) a.give[*r] = 1;
      // catanatron records a discard one card at a time: a player's cards in a row are
      // one catan-log/1 discard.
      if (ok && last_discard_ && !game_.actions.empty()) {
        Entry& prev = game_.actions.back();
        if (prev.action.kind == ActionKind::Discard && prev.action.player == p) {
          prev.action.give += a.give;
          return;
        }
      }
    } else if (*type == "MOVE_ROBBER") {
      a.kind = ActionKind::Robber;
      ok = robber(value, result, e);
    } else if (*type == "BUY_DEVELOPMENT_CARD") {
      a.kind = ActionKind::Buy;
      const JsonValue& card = result.is(K::Null) ? value : result;
      std::optional<core::DevCard> d;
      if (const std::string* s = text(card, "a development card")) {
        d = catanatron::parse_dev_card(*s);
        if (!d) problem(card.at, "unknown development card " + quoted(*s));
      }
      ok = d.has_value();
      if (d) a.card = *d;
    } else if (*type == "PLAY_KNIGHT_CARD" || *type == "PLAY_ROAD_BUILDING") {
      a.kind = ActionKind::Play;
      a.card = *type == "PLAY_KNIGHT_CARD" ? core::DevCard::Knight : core::DevCard::RoadBuilding;
    } else if (*type == "PLAY_YEAR_OF_PLENTY") {
      a.kind = ActionKind::Play;
      a.card = core::DevCard::YearOfPlenty;
      a.has_take = true;
      e.take = value.at;
      if (!value.is(K::Array) || value.items.empty() || value.items.size() > 2) {
        ok = false;
        problem(value.at, "PLAY_YEAR_OF_PLENTY takes a list of one or two resources");
      } else {
        for (const JsonValue& r : value.items) {
          const auto res = resource(r);
          ok = ok && res.has_value();
          if (res) a.get[*res] += 1;
        }
      }
    } else if (*type == "PLAY_MONOPOLY") {
      a.kind = ActionKind::Play;
      a.card = core::DevCard::Monopoly;
      const auto r = resource(value);
      ok = r.has_value();
      if (r) a.resource = *r;
    } else if (*type == "MARITIME_TRADE") {
      a.kind = ActionKind::BankTrade;
      ok = maritime(value, a);
    } else if (*type == "END_TURN") {
      a.kind = ActionKind::EndTurn;
    } else if (*type == "CONFIRM_TRADE") {
      a.kind = ActionKind::Trade;
      ok = domestic(value, a, e);
    } else if (*type == "OFFER_TRADE" || *type == "ACCEPT_TRADE" || *type == "REJECT_TRADE" ||
               *type == "CANCEL_TRADE") {
      // Negotiation: nothing changes hands until CONFIRM_TRADE (catan-log/1 records only
      // the accepted trade).
      last_discard_ = false;
      return;
    } else {
      ok = false;
      problem(action.items[1].at,
              "action type " + quoted(*type) +
                  " is not one the importer maps (see docs/IMPORT-CATANATRON.md)");
    }
    last_discard_ = discard && ok;
    if (ok) game_.actions.push_back(std::move(e));
  }

  bool robber(const JsonValue& value, const JsonValue& result, Entry& e) {
    Action& a = e.action;
    if (!value.is(K::Array) || value.items.size() != 2) {
      problem(value.at, "MOVE_ROBBER's value must be [coordinate, victim]");
      return false;
    }
    const std::optional<Axial> to = cube(value.items[0], "the robber's coordinate");
    if (!to) return false;
    a.hex = {*to, detail::base_island().hex_id(*to)};
    const JsonValue& victim = value.items[1];
    if (victim.is(K::Null)) {
      if (!result.is(K::Null)) {
        problem(result.at, "a card is stolen from no victim");
        return false;
      }
      return true;
    }
    const int v = player(victim);
    if (v < 0) return false;
    a.has_steal = true;
    a.steal_from = v;
    e.steal = victim.at;
    if (result.is(K::Null)) {
      problem(result.at,
              "the robber robs " + game_.players[v] + " but the record names no stolen card");
      return false;
    }
    const auto r = resource(result);
    if (r) a.stolen.resource = *r;
    return r.has_value();
  }

  bool maritime(const JsonValue& value, Action& a) {
    if (!value.is(K::Array) || value.items.size() != 5) {
      problem(value.at,
              "MARITIME_TRADE's value must be five items: four given (null-padded), "
              "then the one received");
      return false;
    }
    bool ok = true;
    for (size_t i = 0; i < 4; ++i) {
      if (value.items[i].is(K::Null)) continue;
      const auto r = resource(value.items[i]);
      ok = ok && r.has_value();
      if (r) a.give[*r] += 1;
    }
    const auto r = resource(value.items[4]);
    if (r) a.get[*r] = 1;
    return ok && r.has_value();
  }

  // CONFIRM_TRADE: the offered cards (5 counts, WOOD BRICK SHEEP WHEAT ORE), the asked
  // cards (5 counts) and the accepting colour; the offering player gives the first five.
  bool domestic(const JsonValue& value, Action& a, Entry& e) {
    if (!value.is(K::Array) || value.items.size() != 11) {
      problem(value.at,
              "CONFIRM_TRADE's value must be 11 items: five counts offered, five "
              "asked, the accepting colour");
      return false;
    }
    for (size_t i = 0; i < 10; ++i) {
      const auto n = integer(value.items[i], "a card count");
      if (!n) return false;
      const int most = core::Edition::base().cards_per_resource;  // catanatron: 3-4 players
      if (*n < 0 || *n > most) {
        problem(value.items[i].at, "a card count must be 0 to " + std::to_string(most));
        return false;
      }
      (i < 5 ? a.give : a.get)[catanatron::kResourceNames[i % 5].second] = *n;
    }
    a.other = player(value.items[10]);
    e.value = value.items[10].at;
    return a.other >= 0;
  }

  void read_actions(const JsonValue& root) {
    const JsonValue* records = need(root, "action_records", K::Array);
    if (!records) return;
    for (const JsonValue& record : records->items) read_record(record);
  }

  // The final state the export holds becomes an `expect` on the last entry: every hand,
  // every player's victory points (hidden cards included), the awards and the robber.
  void read_final_state(const JsonValue& root) {
    const JsonValue* state = root.get("player_state");
    if (!state || game_.actions.empty()) return;
    if (!state->is(K::Object)) return problem(state->at, "\"player_state\" must be an object");
    core::Expectation ex;
    const int n = static_cast<int>(game_.players.size());
    ex.hands.resize(n);
    ex.vp.resize(n);
    ex.longest_road = -1;
    ex.largest_army = -1;
    for (int p = 0; p < n; ++p) {
      const std::string prefix = "P" + std::to_string(p) + "_";
      core::ResourceSet hand;
      for (const auto& [name, r] : catanatron::kResourceNames) {
        const JsonValue* count = need(*state, prefix + std::string(name) + "_IN_HAND", K::Int);
        if (!count) return;
        const auto c = integer(*count, "a card count");
        if (!c) return;
        hand[r] = *c;
      }
      ex.hands[p] = hand;
      const JsonValue* vp = need(*state, prefix + "ACTUAL_VICTORY_POINTS", K::Int);
      const JsonValue* road = need(*state, prefix + "HAS_ROAD", K::Bool);
      const JsonValue* army = need(*state, prefix + "HAS_ARMY", K::Bool);
      if (!vp || !road || !army) return;
      const auto points = integer(*vp, "victory points");
      if (!points) return;
      ex.vp[p] = *points;
      if (road->boolean) ex.longest_road = p;
      if (army->boolean) ex.largest_army = p;
    }
    if (const JsonValue* robber = root.get("robber_coordinate")) {
      const std::optional<Axial> at = cube(*robber, "\"robber_coordinate\"");
      if (!at) return;
      ex.robber = core::HexRef{*at, detail::base_island().hex_id(*at)};
    }
    Entry& last = game_.actions.back();
    last.action.expect = std::move(ex);
    last.expect = state->at;
  }

  void read_winner(const JsonValue& root) {
    const JsonValue* winner = root.get("winning_color");
    if (!winner || winner->is(K::Null)) return;
    const int p = player(*winner);
    if (p < 0) return;
    game_.result_winner = p;
    game_.result_at = winner->at;
  }

  const std::string& file_;
  Imported& out_;
  Game game_;
  std::vector<std::string> colours_;
  std::map<int64_t, core::CornerRef> nodes_;
  std::map<std::pair<int64_t, int64_t>, core::EdgeRef> edges_;
  bool last_discard_ = false;
};

}  // namespace

Imported import_catanatron(const std::string& file, std::string_view text,
                           const ImportOptions& /*options*/) {
  Imported out;
  // Exports one per line (a .jsonl of GameEncoder documents): a game per line; else one.
  for (const JsonParse& value : parse_json_values(text)) {
    if (value.error)
      out.problems.push_back({value.error->at, "not JSON: " + value.error->message});
    else
      Importer(file, out).run(*value.value);
  }
  return out;
}

Sniff sniff_catanatron(std::string_view head, bool ended) {
  head = detail::without_bom(head);
  const size_t first = head.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return ended ? Sniff::No : Sniff::More;
  if (head[first] != '{') return Sniff::No;
  // Both keys within the bytes read: "tiles" near the top, "action_records" anywhere.
  // memmem, not string_view::find: find stops at every quote (a JSON text is full of
  // them), which made this sniff cost more than reading a catan-log/1 JSON game.
  auto holds = [](std::string_view text, std::string_view key) {
    return memmem(text.data(), text.size(), key.data(), key.size()) != nullptr;
  };
  const bool tiles = holds(head.substr(first, size_t{1} << 20), "\"tiles\"");
  if (tiles && holds(head, "\"action_records\"")) return Sniff::Yes;
  if (ended) return Sniff::No;
  // A one-line object (compact JSON, one export a line) tells at the end of its line.
  // (string_view::find_first_of calls memchr on its set for every byte: two memchr here.)
  const std::string_view line = head.substr(first);
  const void* lf = std::memchr(line.data(), '\n', line.size());
  const void* cr = std::memchr(line.data(), '\r', line.size());
  const char* eol = static_cast<const char*>(!lf ? cr : !cr ? lf : std::min(lf, cr));
  if (eol && head.find_first_not_of(" \t", first + 1) != static_cast<size_t>(eol - head.data()))
    return Sniff::No;
  // Pretty-printed: read on while "tiles" may still come (64 KiB), and once it came, to the
  // end for "action_records".
  constexpr size_t kTilesWithin = size_t{64} << 10;
  return tiles || head.size() < kTilesWithin ? Sniff::More : Sniff::No;
}

}  // namespace catan::importers
