// The header of a catan-log/1 document: format, game, players, view, rules, board and
// roll-off, each part read on its own so that one problem does not hide the next.
#include <string>

#include "core/options.hpp"
#include "log/game_reader.hpp"

namespace catan::log::detail {

namespace {

constexpr std::string_view kGameKeys[] = {"id", "date", "notes", "source"};
constexpr std::string_view kSourceKeys[] = {"format", "file", "program"};
constexpr std::string_view kBoardKeys[] = {"hexes", "harbors", "robber"};
constexpr std::string_view kHexKeys[] = {"at", "terrain", "number"};
constexpr std::string_view kHarborKeys[] = {"at", "trade"};

}  // namespace

// Reads a whole document. Shape errors do not stop it: every part of the header and
// every entry is read, and up to kMaxReadErrors problems are kept (errors()), as a
// compiler goes on after an error. After a problem with `format` or `players` the
// entries are not read (each would only repeat it).
Game GameReader::read(const Node& root) {
  if (!header(root)) return std::move(g_);
  const Node* actions = nullptr;
  guard([&] {
    Fields top(root, "the game", kTopKeys, false);  // header() checked the keys
    actions = &as_seq(top.need("actions"), "actions");
  });
  if (actions) {
    g_.actions.reserve(actions->items.size());
    for (const Node& e : actions->items) {
      if (full()) break;
      guard([&] { g_.actions.push_back(read_entry(e)); });
    }
  }
  guard([&] { tail(Fields(root, "the game", kTopKeys, false)); });
  return std::move(g_);
}

// Everything but the actions and the result (which may come later in the document).
// False when the entries cannot be read (the document is not a game, or its players
// are not known); problems go to errors().
bool GameReader::header(const Node& root) {
  bool base = guard([&] {
    if (root.kind == Kind::Null) bad(root, "empty document: expected a catan-log/1 game mapping");
    as_map(root, "a catan-log/1 document");
    g_.at = root.mark;
    Fields top(root, "the game", kTopKeys, false);
    const Node& format = top.need("format");
    if (format.kind != Kind::Scalar || format.value != "catan-log/1")
      bad(format, "unsupported format " + describe(format) + " (this checker reads catan-log/1)");
  });
  if (!base) return false;
  // A catan-log/1 mapping from here: each part on its own.
  guard([&] { Fields(root, "the game", kTopKeys); });  // unknown keys
  Fields top(root, "the game", kTopKeys, false);
  if (const Node* game = top.get("game")) guard([&] { read_game_info(*game); });
  const bool players = guard([&] { read_players(top.need("players")); });
  if (const Node* view = top.get("view"); view && players) guard([&] { read_view(*view); });
  if (const Node* rules = top.get("rules")) guard([&] { read_rules(*rules); });
  if (given_board) {
    g_.board = *given_board;
  } else {
    guard([&] { read_board(top.need("board")); });
  }
  if (const Node* r = top.get("rolloff"); r && players) guard([&] { read_rolloff(*r); });
  return players;
}

void GameReader::tail(const Fields& top) {
  if (const Node* result = top.get("result")) {
    Fields f(as_map(*result, "result"), "result", kResultKeys);
    g_.result_at = f.need("winner").mark;
    g_.result_winner = player(f.need("winner"));
  }
}

void GameReader::read_game_info(const Node& n) {
  Fields f(as_map(n, "game"), "game", kGameKeys);
  if (const Node* v = f.get("date")) as_text(*v, "game.date");
  if (const Node* v = f.get("notes")) as_text(*v, "game.notes");
  if (const Node* id = f.get("id")) g_.id = as_text(*id, "game.id");
  // Free text, or where an imported game came from: {format, file, program}.
  if (const Node* v = f.get("source"); v && v->kind == Kind::Mapping) {
    Fields s(*v, "game.source", kSourceKeys);
    Source src;
    src.format = as_text(s.need("format"), "game.source.format");
    if (const Node* x = s.get("file")) src.file = as_text(*x, "game.source.file");
    if (const Node* x = s.get("program")) src.program = as_text(*x, "game.source.program");
    g_.source = std::move(src);
  } else if (v) {
    as_text(*v, "game.source");
  }
}

void GameReader::read_players(const Node& n) {
  as_seq(n, "players");
  g_.players_at = n.mark;
  if (n.items.empty()) bad(n, "players must name at least one player");
  const bool indexed = n.items.size() > kScannedPlayers;
  g_.players.reserve(n.items.size());
  for (const Node& p : n.items) {
    const std::string_view name = as_word(p, "a player name");
    const bool fresh = indexed
                           ? player_index_.emplace(name, static_cast<int>(g_.players.size())).second
                           : find_player(name) < 0;
    if (!fresh) bad(p, "player '" + shown(name) + "' is listed twice");
    g_.players.emplace_back(name);
  }
}

// `view: P` or `view: spectator` (a player named "spectator" takes precedence).
void GameReader::read_view(const Node& n) {
  g_.has_view = true;
  g_.view_at = n.mark;
  const std::string_view name = as_word(n, "view");
  const int index = find_player(name);
  if (name == "spectator" && index < 0) {
    g_.view_player = -1;
    return;
  }
  if (index < 0)
    bad(n, "view names a player or `spectator`, not '" + shown(name) + "'" +
               core::did_you_mean(name, g_.players) + " (players: " + join(g_.players) + ")");
  g_.view_player = index;
}

// Said in full once per name; a repeat names the first place (and costs no search of a
// long player list).
void GameReader::unknown_player(const Node& n, std::string_view name) {
  auto [first, added] = unknown_players_.emplace(name, n.mark);
  if (!added)
    bad(n, "unknown player '" + shown(name) + "' (as at line " +
               std::to_string(first->second.line) + ")");
  bad(n, "unknown player '" + shown(name) + "'" + core::did_you_mean(name, g_.players) +
             " (players: " + join(g_.players) + ")");
}

void GameReader::read_rules(const Node& n) {
  if (n.kind == Kind::Scalar) {
    std::string err = core::apply_profile(g_.options, as_word(n, "rules"));
    if (!err.empty()) bad(n, err);
    return;
  }
  as_map(n, "rules");
  for (const auto& [k, v] : n.entries) {  // the profile first, whatever its place
    if (k.value != "profile") continue;
    std::string err = core::apply_profile(g_.options, as_word(v, "rules.profile"));
    if (!err.empty()) bad(v, err);
  }
  for (const auto& [k, v] : n.entries) {
    if (k.value == "profile") continue;
    if (v.kind != Kind::Scalar)
      bad(v, "rules option '" + shown(k.value) + "' takes a single value");
    std::string err = core::set_option(g_.options, k.value, v.value);
    if (!err.empty()) bad(core::is_option_key(k.value) ? v : k, err);
    if (!v.quoted && yaml11_special(v.value)) bad(v, "rules option values are words, not booleans");
  }
}

void GameReader::read_board(const Node& n) {
  Fields f(as_map(n, "board"), "board", kBoardKeys);
  const Node& hexes = as_seq(f.need("hexes"), "board.hexes");
  g_.hexes_at = hexes.mark;
  for (const Node& h : hexes.items) {
    Fields hf(as_map(h, "a board hex"), "a board hex", kHexKeys);
    core::HexSpec spec;
    spec.at = hex(hf.need("at"), "a board hex's `at`");
    const Node& t = hf.need("terrain");
    auto terrain = t.kind == Kind::Scalar ? core::parse_terrain(t.value) : std::nullopt;
    if (!terrain)
      bad(t, "terrain must be forest, hills, pasture, fields, mountains or desert, not " +
                 describe(t) + hint(t, kTerrains, core::terrain_synonyms()));
    spec.terrain = *terrain;
    if (const Node* num = hf.get("number"))
      spec.number = as_int(*num, "a number token", -1000, 1000);
    if (spec.number == 0 && hf.get("number")) spec.number = -1;  // an explicit 0 is a bad token
    g_.board.hexes.push_back(spec);
    g_.hex_at.push_back(h.mark);
  }
  const Node& harbors = as_seq(f.need("harbors"), "board.harbors");
  g_.harbors_at = harbors.mark;
  for (const Node& h : harbors.items) {
    Fields hf(as_map(h, "a harbor"), "a harbor", kHarborKeys);
    auto [a, d] = harbor_path(hf.need("at"));
    const Node& t = hf.need("trade");
    core::HarborKind kind = core::HarborKind::Generic;
    if (t.kind == Kind::Scalar && t.value != "3:1") {
      auto r = core::parse_resource(t.value);
      if (!r)
        bad(t, "harbor trade must be \"3:1\" or a resource, not " + describe(t) +
                   hint(t, kResources, core::resource_synonyms()));
      kind = static_cast<core::HarborKind>(static_cast<int>(*r));
    } else if (t.kind != Kind::Scalar) {
      bad(t, "harbor trade must be \"3:1\" or a resource, not " + describe(t));
    }
    g_.board.harbors.push_back({a, d, kind});
    g_.harbor_at.push_back(h.mark);
  }
  if (const Node* r = f.get("robber")) {
    g_.robber_at = r->mark;
    g_.board.robber = hex(*r, "board.robber");
  }
}

void GameReader::read_rolloff(const Node& n) {
  for (const Node& round : as_seq(n, "rolloff").items) {
    as_map(round, "a roll-off round");
    std::vector<core::RolloffRoll> rolls;
    for (const auto& [k, v] : round.entries) {
      core::RolloffRoll roll;
      roll.player = player(k);
      for (const Node& d : as_seq(v, "a roll-off roll").items)
        roll.dice.push_back(as_int(d, "a die"));
      rolls.push_back(roll);
    }
    g_.rolloff.push_back(rolls);
    g_.rolloff_at.push_back(round.mark);
  }
}

}  // namespace catan::log::detail
