// replay::Session: one live game, entry by entry, on the fixture board and set-up
// (fixture.hpp): red {wool 2, brick 1}, blue {ore 1, grain 1, brick 1}, white {lumber 2,
// grain 1}, orange {grain 2, wool 1} after it; red rolls first. A 10 pays blue ore (from
// [0,-2]) and brick (from [2,-1]) and nobody else.
#include "replay/session.hpp"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/work_counters.hpp"
#include "fixture.hpp"
#include "gen/generator.hpp"
#include "log/reader.hpp"
#include "log/writer.hpp"

namespace {

using catan::core::Resource;
using catan::core::ResourceSet;
using catan::replay::Session;
using Kind = catan::replay::Verdict::Kind;

std::vector<std::string> setup_entries() {
  std::vector<std::string> out;
  std::istringstream in(catan::test::setup());
  for (std::string line; std::getline(in, line);) out.push_back(line.substr(line.find('{')));
  return out;
}

Session after_setup(const std::string& header = catan::test::header()) {
  Session s = Session::from_text(header, {}, "live");
  for (const std::string& e : setup_entries()) REQUIRE(s.play_text(e).ok());
  return s;
}

}  // namespace

TEST_CASE("session: the fixture set-up, entry by entry", "[session]") {
  Session s = Session::from_text(catan::test::header(), {}, "live");
  REQUIRE(!s.header_error());
  CHECK(s.entries() == 0);
  for (const std::string& e : setup_entries()) {
    catan::replay::Verdict v = s.play_text(e);
    CAPTURE(e);
    CHECK(v.ok());
    CHECK(!v.error);
  }
  CHECK(s.entries() == catan::test::kSetupActions);
  REQUIRE(s.state());
  CHECK(s.state()->turn == 1);
  CHECK(s.state()->phase == catan::core::Phase::PreRoll);
  CHECK(s.state()->players[0].hand == ResourceSet::of({{Resource::Wool, 2}, {Resource::Brick, 1}}));
}

TEST_CASE("session: an entry already parsed (serve) plays as its text does", "[session]") {
  Session s = Session::from_text(catan::test::header(), {}, "live");
  const auto parsed = [](const std::string& text, int line) {
    catan::text::Tree tree = catan::log::parse_one(text);
    catan::log::shift_marks(tree.root, line - 1);
    return tree;
  };
  // Unreadable: malformed, at the position play_text gives.
  const std::string bad = "{player: red, fly: away}";
  const auto tree = parsed(bad, 7);
  const auto v = s.play_tree(tree.root);
  const auto w = s.play_text(bad, false, 7);
  REQUIRE(v.kind == Kind::Malformed);
  REQUIRE(w.kind == Kind::Malformed);
  CHECK(v.error->message == w.error->message);
  CHECK(v.error->at.line == 7);
  CHECK(v.error->at.column == w.error->at.column);
  CHECK(v.error->at.file == "live");
  // Every set-up entry plays from its tree.
  int line = 2;
  for (const std::string& e : setup_entries()) {
    const auto t = parsed(e, line++);
    REQUIRE(s.play_tree(t.root).ok());
  }
  CHECK(s.entries() == static_cast<int>(setup_entries().size()));
}

TEST_CASE("session: an illegal entry is refused and the game stays where it was", "[session]") {
  Session s = after_setup();
  SECTION("a rule broken: the diagnostic as data, then the right entry is accepted") {
    catan::replay::Verdict v = s.play_text("{player: blue, roll: [3, 4]}", false, 40);
    CHECK(v.kind == Kind::Illegal);
    CHECK(v.action == 17);
    REQUIRE(v.error);
    REQUIRE(v.error->rule);
    CHECK(std::string(catan::core::id(*v.error->rule)) == "SETUP-09");  // the first turn is red's
    CHECK(v.error->at.file == "live");
    CHECK(v.error->at.line == 40);
    CHECK(s.entries() == catan::test::kSetupActions);
    CHECK(s.play_text("{player: red, roll: [4, 6]}").ok());
  }
  SECTION("a failed assertion: the applied entry is taken back") {
    catan::replay::Verdict v =
        s.play_text("{player: red, roll: [4, 6], expect: {hands: {blue: {ore: 5}}}}");
    CHECK(v.kind == Kind::Illegal);
    REQUIRE(v.error);
    CHECK(v.error->message.find("blue") != std::string::npos);
    CHECK(s.state()->players[1].hand.total() == 3);  // not paid: the roll was refused
    CHECK(s.state()->phase == catan::core::Phase::PreRoll);
    CHECK(s.play_text("{player: red, roll: [4, 6], expect: {hands: {blue: {ore: 2, grain: 1, "
                      "brick: 2}}}}")
              .ok());
  }
  SECTION("a malformed entry: the reader's message and position") {
    catan::replay::Verdict v = s.play_text("{player: purple, roll: [4, 6]}", false, 7);
    CHECK(v.kind == Kind::Malformed);
    REQUIRE(v.error);
    CHECK(v.error->message.find("unknown player 'purple'") != std::string::npos);
    CHECK(v.error->at.line == 7);
    CHECK(v.error->at.column == 10);
    CHECK(s.play_text("{player: red, roll: [4, 6}").kind == Kind::Malformed);
    CHECK(s.entries() == catan::test::kSetupActions);
  }
}

TEST_CASE("session: effects of an entry on request", "[session]") {
  Session s = after_setup();
  catan::replay::Verdict v = s.play_text("{player: red, roll: [4, 6]}", true);
  REQUIRE(v.ok());
  REQUIRE(v.effects);
  const catan::replay::Effects& fx = *v.effects;
  REQUIRE(fx.gained.size() == 4);
  CHECK(fx.gained[0].empty());
  CHECK(fx.gained[1] == ResourceSet::of({{Resource::Ore, 1}, {Resource::Brick, 1}}));
  CHECK(fx.gained[2].empty());
  CHECK(fx.gained[3].empty());
  for (const ResourceSet& l : fx.lost) CHECK(l.empty());
  CHECK(fx.vp_min == std::vector<int>{2, 2, 2, 2});
  CHECK(fx.vp_max == fx.vp_min);
  CHECK(fx.longest_road.empty());
  CHECK(fx.winner.empty());
  CHECK(!s.play_text("{player: red, end: turn}").effects);  // only when asked
  v = s.play_text("{player: blue, roll: [5, 5]}", true);
  REQUIRE(v.ok());
  v = s.play_text(
      "{player: blue, trade: {with: white, give: {ore: 2, brick: 2}, get: {lumber: 1}}}", true);
  REQUIRE(v.ok());
  CHECK(v.effects->lost[1] == ResourceSet::of({{Resource::Ore, 2}, {Resource::Brick, 2}}));
  CHECK(v.effects->gained[1] == ResourceSet::of({{Resource::Lumber, 1}}));
  CHECK(v.effects->gained[2] == ResourceSet::of({{Resource::Ore, 2}, {Resource::Brick, 2}}));
  CHECK(v.effects->lost[2] == ResourceSet::of({{Resource::Lumber, 1}}));
}

TEST_CASE("session: legal actions as entries, and undo", "[session]") {
  Session s = Session::from_text(catan::test::header(), {}, "live");
  // The first placement: every one of the 54 corners of an empty island.
  std::vector<std::string> first = s.legal_entries();
  CHECK(first.size() == 54);
  for (const std::string& e : first) CHECK(e.find("settlement:") != std::string::npos);
  REQUIRE(s.play_text("{player: red, settlement: [0, -1, S]}").ok());
  // Then its road: the three edges at that inland corner.
  std::vector<std::string> roads = s.legal_entries();
  CHECK(roads.size() == 3);
  for (const std::string& e : roads) {
    Session copy = Session::from_text(catan::test::header(), {}, "live");
    REQUIRE(copy.play_text("{player: red, settlement: [0, -1, S]}").ok());
    CAPTURE(e);
    CHECK(copy.play_text(e).ok());  // every listed entry reads back and is accepted
  }
  SECTION("undo takes back the last entry") {
    REQUIRE(s.undo());
    CHECK(s.entries() == 0);
    CHECK(s.legal_entries() == first);
    CHECK(!s.undo());
  }
  SECTION("undo after a refused entry takes back the accepted one before it") {
    CHECK(s.play_text("{player: blue, settlement: [2, 0, S]}").kind == Kind::Illegal);
    REQUIRE(s.undo());
    CHECK(s.entries() == 0);
    CHECK(s.state()->corner_owner ==
          Session::from_text(catan::test::header()).state()->corner_owner);
  }
  SECTION("undo in the middle of a game: the state equals the state replayed to there") {
    Session full = after_setup();
    REQUIRE(full.play_text("{player: red, roll: [4, 6]}").ok());
    const std::string before = full.state_json();
    REQUIRE(full.play_text("{player: red, end: turn}").ok());
    CHECK(full.state_json() != before);
    REQUIRE(full.undo());
    CHECK(full.state_json() == before);
  }
}

TEST_CASE("session: the state as show --format json prints it", "[session]") {
  Session s = after_setup();
  const std::string pretty = s.state_json();
  CHECK(pretty.find("\"format\": \"catan-referee-state/2\"") != std::string::npos);
  CHECK(pretty.find("State after action 16:") != std::string::npos);
  // Places are the log's arrays, by their canonical names, each on one line.
  CHECK(pretty.find("[1, -2, \"S\"]") != std::string::npos);  // red's [1, -2, S]
  CHECK(pretty.find("\"robber\": [") != std::string::npos);
  CHECK(pretty.find("\"[") == std::string::npos);  // no place as a string
  const std::string compact = s.state_json(false);
  CHECK(compact.find('\n') == compact.size() - 1);            // one line
  CHECK(compact.find("[1,0,\"N\"]") != std::string::npos);    // blue's [1, -1, SE]
  CHECK(compact.find("[-1,0,\"NE\"]") != std::string::npos);  // red's road [0, -1, SW]
  CHECK(compact.find("\"road-length\":") != std::string::npos);
  CHECK(compact.find('_') == std::string::npos);  // kebab-case keys
  CHECK(compact.find("\"player-view\"") == std::string::npos);
}

TEST_CASE("session: a player-view game", "[session][view]") {
  std::string header = catan::test::header();
  header.insert(header.find("board:"), "view: spectator\n");
  Session s = after_setup(header);
  REQUIRE(s.play_text("{player: red, roll: [3, 4]}").ok());
  // A hidden steal: blue may have lost ore, grain or brick.
  catan::replay::Verdict v =
      s.play_text("{player: red, robber: [1, -1], steal: {from: blue, card: hidden}}", true);
  REQUIRE(v.ok());
  CHECK(s.state_json().find("\"player-view\"") != std::string::npos);
  CHECK(s.state_json().find("\"worlds\": 3") != std::string::npos);
  // Red holds blue's grain in one of the three worlds: giving it is legal.
  CHECK(
      s.play_text("{player: red, trade: {with: white, give: {grain: 1}, get: {lumber: 1}}}").ok());
  // Nobody's world lets red give three grain.
  CHECK(
      s.play_text("{player: red, trade: {with: white, give: {grain: 3}, get: {lumber: 1}}}").kind ==
      Kind::Illegal);
  for (const std::string& e : s.legal_entries()) {
    CAPTURE(e);
    Session copy = after_setup(header);
    REQUIRE(copy.play_text("{player: red, roll: [3, 4]}").ok());
    REQUIRE(
        copy.play_text("{player: red, robber: [1, -1], steal: {from: blue, card: hidden}}").ok());
    REQUIRE(copy.play_text("{player: red, trade: {with: white, give: {grain: 1}, get: {lumber: "
                           "1}}}")
                .ok());
    CHECK(copy.play_text(e).ok());
  }
  REQUIRE(s.undo());
  REQUIRE(s.undo());
  CHECK(s.state_json().find("\"player-view\"") == std::string::npos);  // before the steal
}

// Legal actions in a player view are those some consistent world allows, each with the
// number of worlds that allow it (they came from the first world only).
TEST_CASE("session: a player view's legal actions come from every world, with counts",
          "[session][view]") {
  std::string header = catan::test::header();
  header.insert(header.find("board:"), "view: spectator\n");
  Session s = after_setup(header);
  REQUIRE(s.play_text("{player: red, roll: [3, 4]}").ok());
  // Red took ore, grain or brick from blue: red {wool 2, brick 1} and one of them.
  REQUIRE(s.play_text("{player: red, robber: [1, -1], steal: {from: blue, card: hidden}}").ok());
  CHECK(s.consistent_worlds() == 3);
  catan::replay::LegalFilter red_trades;
  REQUIRE(red_trades.set({"trade"}, "red", s.header().players, "kind").empty());
  std::vector<size_t> worlds;
  const std::vector<std::string> entries = s.legal_entries(red_trades, &worlds);
  REQUIRE(worlds.size() == entries.size());
  auto count_of = [&](const std::string& e) -> size_t {
    for (size_t i = 0; i < entries.size(); ++i)
      if (entries[i] == e) return worlds[i];
    return 0;
  };
  const std::string to_white = "{player: red, trade: {with: white, give: ";
  CHECK(count_of(to_white + "{ore: 1}, get: {lumber: 1}}}") == 1);
  CHECK(count_of(to_white + "{grain: 1}, get: {lumber: 1}}}") == 1);
  CHECK(count_of(to_white + "{brick: 2}, get: {lumber: 1}}}") == 1);
  CHECK(count_of(to_white + "{brick: 1}, get: {lumber: 1}}}") == 3);
  CHECK(count_of(to_white + "{wool: 1}, get: {lumber: 1}}}") == 3);
  CHECK(count_of(to_white + "{wool: 3}, get: {lumber: 1}}}") == 0);  // no world holds it
  for (size_t i = 0; i < entries.size(); ++i) {
    CAPTURE(entries[i]);
    CHECK(worlds[i] >= 1);
    CHECK(worlds[i] <= 3);
    // Each is accepted, and leaves as many worlds as allowed it.
    catan::replay::Verdict v = s.play_text(entries[i]);
    CHECK(v.ok());
    CHECK(s.consistent_worlds() == worlds[i]);
    REQUIRE(s.undo());
  }
  // Without a filter the same entries are among all of them, with the same counts.
  std::vector<size_t> all_worlds;
  const std::vector<std::string> all = s.legal_entries({}, &all_worlds);
  for (size_t i = 0; i < all.size(); ++i)
    if (all[i].find("trade:") != std::string::npos && all[i].rfind("{player: red", 0) == 0)
      CHECK(all_worlds[i] == count_of(all[i]));
  // A complete log: one world, each action allowed in it.
  Session complete = after_setup();
  std::vector<size_t> ones;
  const auto actions = complete.legal_actions({}, &ones);
  CHECK(ones == std::vector<size_t>(actions.size(), 1));
  CHECK(complete.consistent_worlds() == 1);
}

TEST_CASE("session: a header that cannot start a game", "[session]") {
  SECTION("unreadable: HeaderError with the position") {
    try {
      (void)Session::from_text("format: catan-log/1\nplayers: [red, red]\n", {}, "h", 3);
      FAIL("no HeaderError");
    } catch (const catan::replay::HeaderError& e) {
      CHECK(e.error.message.find("listed twice") != std::string::npos);
      CHECK(e.error.at.line == 4);
      CHECK(e.error.at.file == "h");
    }
  }
  SECTION("a tree already parsed (serve): its marks as they stand, as from_text's") {
    const std::string text = "format: catan-log/1\nplayers: [red, red]\n";
    catan::text::Tree tree = catan::log::parse_one(text);
    catan::log::shift_marks(tree.root, 2);  // the text starts on line 3 of its stream
    try {
      (void)Session::from_tree(tree.root, {}, "h");
      FAIL("no HeaderError");
    } catch (const catan::replay::HeaderError& e) {
      CHECK(e.error.message.find("listed twice") != std::string::npos);
      CHECK(e.error.at.line == 4);
      CHECK(e.error.at.column == 16);
      CHECK(e.error.at.file == "h");
    }
    // An illegal header: the verdict's position is the one from_text gives.
    const std::string two = catan::test::header("", "[red, blue]");
    catan::text::Tree two_tree = catan::log::parse_one(two);
    catan::log::shift_marks(two_tree.root, 4);
    const Session s = Session::from_tree(two_tree.root, {}, "h");
    const Session t = Session::from_text(two, {}, "h", 5);
    REQUIRE(s.header_error());
    REQUIRE(t.header_error());
    CHECK(s.header_error()->at.line == t.header_error()->at.line);
    CHECK(s.header_error()->at.column == t.header_error()->at.column);
    CHECK(s.header_error()->at.line > 5);
  }
  SECTION("entries in a header are refused") {
    CHECK_THROWS_AS(Session::from_text(catan::test::header() + catan::test::setup()),
                    catan::replay::HeaderError);
  }
  SECTION("an illegal header: every entry gets its verdict") {
    Session s = Session::from_text(catan::test::header("", "[red, blue]"));
    REQUIRE(s.header_error());
    REQUIRE(s.header_error()->rule);
    CHECK(std::string(catan::core::id(*s.header_error()->rule)) == "SETUP-01");
    CHECK(s.play_text("{player: red, settlement: [0, -1, S]}").kind == Kind::Header);
    CHECK(s.legal_entries().empty());
    CHECK(!s.state());
    CHECK(s.state_json().empty());
  }
}

// Undo and refused entries go back to a checkpoint (every 16 entries) and replay the rest:
// after every step of a whole generated game the state equals the state reached by playing
// the same entries in a fresh session.
TEST_CASE("session: undo through a whole game, across checkpoints", "[session][undo]") {
  catan::gen::GenOptions opt;
  opt.seed = 21;
  const std::string text = catan::gen::to_yaml(catan::gen::generate(opt), opt, "undo");
  std::vector<catan::log::Document> docs = catan::log::read_string(text);
  REQUIRE(docs.size() == 1);
  REQUIRE(docs[0].game);
  const catan::log::Game& game = *docs[0].game;
  REQUIRE(game.actions.size() > 100);
  Session s(game, {}, "undo");
  std::vector<std::string> states{s.state_json()};
  for (size_t i = 0; i < game.actions.size(); ++i) {
    REQUIRE(s.play(game.actions[i]).ok());
    states.push_back(s.state_json());
    // A refused entry leaves the session where it was: a player who is not to act ends
    // the turn (never legal).
    if (i % 7 == 3) {
      const catan::core::GameState& st = *s.state();
      const std::string other = st.players[(st.active + 1) % st.player_count()].name;
      CHECK(s.play_text("{player: " + other + ", end: turn}").kind == Kind::Illegal);
      CHECK(s.state_json() == states.back());
    }
  }
  // Back to the start one entry at a time, and forward again from the middle.
  for (size_t n = game.actions.size(); n-- > 0;) {
    REQUIRE(s.undo());
    REQUIRE(s.entries() == static_cast<int>(n));
    CAPTURE(n);
    REQUIRE(s.state_json() == states[n]);
    if (n == game.actions.size() / 2) {
      for (size_t k = n; k < n + 40; ++k) REQUIRE(s.play(game.actions[k]).ok());
      CHECK(s.state_json() == states[n + 40]);
      for (size_t k = 0; k < 40; ++k) REQUIRE(s.undo());
      CHECK(s.state_json() == states[n]);
    }
  }
  CHECK(!s.undo());
}

// Found from outside: a session kept a full copy of the referee every 16 entries, each
// holding every entry's position so far, so memory and time grew with the square of the
// accepted entries (200,000 entries: 60 s and 10 GB, against 0.19 s and 17 MB for check).
// Now the checkpoints thin out with distance (about 16 for the last 256 entries and 8 per
// doubling before them) and share the positions' full chunks: a long session keeps few
// copies, feeds each entry about once, keeps the entries packed (a log::Entry each made
// the memory grow by 0.55 KB an entry), and still undoes exactly.
TEST_CASE("session: a long game keeps few checkpoints and feeds each entry about once",
          "[session][undo]") {
  using catan::core::ActionKind;
  using catan::core::Phase;
  Session s = after_setup();
  // Rolls, the discards and robber moves a 7 asks for, and the end of every turn: a game
  // that never ends.
  uint64_t seed = 12345;
  auto die = [&] {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((seed >> 33) % 6) + 1;
  };
  auto step = [&](Session& g) {
    const catan::core::GameState& st = *g.state();
    catan::core::Action a;
    a.player = st.active;
    if (st.phase == Phase::PreRoll) {
      a.kind = ActionKind::Roll;
      a.dice = {die(), die()};
    } else if (st.phase == Phase::Main) {
      a.kind = ActionKind::EndTurn;
    } else {
      const auto all = g.legal_actions();
      REQUIRE(!all.empty());
      a = all.front();
    }
    return g.play(a);
  };
  const long fed_before = catan::core::work_counters().entries_fed.load();
  std::vector<std::string> recent;  // the state before each of the last 300 entries
  constexpr int kEntries = 30000;
  while (s.entries() < kEntries) {
    if (s.entries() >= kEntries - 300) recent.push_back(s.state_json());
    REQUIRE(step(s).ok());
  }
  const long fed = catan::core::work_counters().entries_fed.load() - fed_before;
  INFO("checkpoints " << s.checkpoints() << ", entries fed " << fed);
  CHECK(s.checkpoints() <= 100);
  if (catan::core::kCountsWork) CHECK(fed <= kEntries + 1000);
  // The accepted entries are kept packed: a few bytes each (a log::Entry is over 400).
  INFO("entry memory " << s.entry_memory());
  CHECK(s.entry_memory() <= static_cast<size_t>(kEntries) * 24);
  // Undo exactly, near the end (dense checkpoints) ...
  for (int k = 0; k < 300; ++k) {
    REQUIRE(s.undo());
    REQUIRE(s.state_json() == recent[recent.size() - 1 - static_cast<size_t>(k)]);
  }
  // ... and far back (thinned ones): each stretch is replayed once.
  const long fed_mid = catan::core::work_counters().entries_fed.load();
  for (int k = 0; k < 5000; ++k) REQUIRE(s.undo());
  const long fed_back = catan::core::work_counters().entries_fed.load() - fed_mid;
  INFO("entries fed for 5,000 undos " << fed_back);
  if (catan::core::kCountsWork)
    CHECK(fed_back <= 5000 * 17);  // at most 16 an undo, and the stretches
  CHECK(s.checkpoints() <= 100);
  CHECK(s.entries() == kEntries - 5300);
}
