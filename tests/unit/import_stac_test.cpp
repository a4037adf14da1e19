// The STAC legacy importer (src/import/stac/): the line grammar, every message it maps, the
// server's echoes and refused requests, and every refusal, on logs the project writes here
// in the STAC legacy form (the board of jsettlers_fixture.hpp, the set-up of fixture.hpp).
// The real STAC files of ../shared/realgames are tested in tests/realgames/stac_realgames.cpp.
#include "import/stac/import_stac.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "base_island.hpp"
#include "import/jsettlers/jsettlers_coords.hpp"
#include "import/stac/stac_line.hpp"
#include "import_test_support.hpp"
#include "jsettlers_fixture.hpp"

using namespace catan;
namespace js = catan::importers::jsettlers;
namespace st = catan::importers::stac;
using core::ActionKind;
using core::CornerDir;
using core::DevCard;
using core::EdgeDir;
using core::Resource;
using core::ResourceSet;

namespace {

constexpr const char* kStamp = "2012:06:06:19:58:56:999:+0100:";

// One line of the legacy form.
std::string L(const std::string& type, const std::string& body) {
  return kStamp + type + ":" + body + "\n";
}
// A message of the fixture's game.
std::string M(const std::string& type, const std::string& fields = "") {
  return L(type, "game=fixture" + (fields.empty() ? "" : "|" + fields));
}
std::string hex2(int v) {
  static const char* d = "0123456789abcdef";
  std::string s;
  s += d[(v >> 4) & 15];
  s += d[v & 15];
  return s;
}
std::string node(int q, int r, CornerDir d) {
  return hex2(js::corner_node(base_island().corner_id({q, r}, d)));
}
std::string edge(int q, int r, EdgeDir d) {
  return hex2(js::edge_coord(base_island().edge_id({q, r}, d)));
}
std::string hexc(int q, int r) { return hex2(js::hex_coord({q, r})); }

// A SOCPlayerElement line: action 100 SET, 101 GAIN, 102 LOSE; element 1 clay .. 5 wood, 6
// unknown.
std::string E(int seat, int action, int element, int value) {
  return M("SOCPlayerElement",
           "playerNum=" + std::to_string(seat) + "|actionType=" + std::to_string(action) +
               "|elementType=" + std::to_string(element) + "|value=" + std::to_string(value));
}
// SET lines of a whole hand: clay, ore, sheep, wheat, wood.
std::string hand(int seat, std::vector<int> v) {
  std::string s;
  for (int k = 0; k < 5; ++k) s += E(seat, 100, k + 1, v[k]);
  return s;
}
std::string cards(const std::string& key, std::vector<int> v) {
  return key + "=clay=" + std::to_string(v[0]) + "|ore=" + std::to_string(v[1]) +
         "|sheep=" + std::to_string(v[2]) + "|wheat=" + std::to_string(v[3]) +
         "|wood=" + std::to_string(v[4]) + "|unknown=" + std::to_string(v[5]);
}
std::string server(const std::string& text) {
  return M("SOCGameTextMsg", "nickname=Server|text=" + text);
}
std::string put(int seat, int type, const std::string& coord) {
  const std::string l = M("SOCPutPiece", "playerNumber=" + std::to_string(seat) + "|pieceType=" +
                                             std::to_string(type) + "|coord=" + coord);
  return l + server("someone built a piece.") + l;  // the request, the text, the echo
}
std::string turn(int seat) {
  return M("SOCEndTurn") + M("SOCGameState", "state=15") +
         M("SOCSetPlayedDevCard", "playerNumber=" + std::to_string(seat) + "|playedDevCard=false") +
         M("SOCTurn", "playerNumber=" + std::to_string(seat)) +
         M("SOCRollDicePrompt", "playerNumber=" + std::to_string(seat));
}

const char* kNames[] = {"red", "blue", "white", "orange"};

// Seating (the STAC server seats "dummy" first), the board and the start: red begins.
std::string head(int seats = 4) {
  std::string s;
  for (int i = 0; i < 4; ++i)
    s += M("SOCSetSeatLock", "playerNumber=" + std::to_string(i) + "|state=false");
  for (int i = 0; i < seats; ++i) {
    s += L("SOCJoinGame",
           std::string("nickname=") + kNames[i] + "|password=***|host=dummyhost|game=fixture");
    s += M("SOCSitDown", "nickname=dummy|playerNumber=" + std::to_string(i) + "|robotFlag=false");
    s += M("SOCSitDown", std::string("nickname=") + kNames[i] +
                             "|playerNumber=" + std::to_string(i) + "|robotFlag=false");
    for (int k = 1; k <= 6; ++k) s += E(i, 100, k, 0);
    s += M("SOCGameState", "state=0");
  }
  s += M("SOCStartGame");
  s += M("SOCBoardLayout", test::jsettlers_layout(test::fixture_board()));
  s += M("SOCDevCardCount", "numDevCards=25");
  s += server("Randomly picking a starting player...");
  s += M("SOCGameState", "state=5");
  s += M("SOCStartGame");
  s += M("SOCTurn", "playerNumber=0");
  return s;
}

// The 16 set-up placements of fixture.hpp's setup(), each echoed, then red's first turn.
std::string setup() {
  struct Place {
    int seat;
    std::string node, road;
  };
  const Place places[] = {
      {0, node(0, -1, CornerDir::S), edge(0, -1, EdgeDir::SW)},
      {1, node(1, -1, CornerDir::SE), edge(1, -1, EdgeDir::E)},
      {2, node(-1, 1, CornerDir::S), edge(-1, 1, EdgeDir::SE)},
      {3, node(1, 0, CornerDir::S), edge(1, 0, EdgeDir::SE)},
      {3, node(0, 1, CornerDir::S), edge(0, 1, EdgeDir::SE)},
      {2, node(-2, 1, CornerDir::N), edge(-2, 1, EdgeDir::NW)},
      {1, node(0, -2, CornerDir::S), edge(0, -2, EdgeDir::SW)},
      {0, node(1, -2, CornerDir::S), edge(1, -2, EdgeDir::SE)},
  };
  std::string s;
  int prev = 0, i = 0;
  for (const Place& p : places) {
    if (p.seat != prev) s += M("SOCTurn", "playerNumber=" + std::to_string(p.seat));
    prev = p.seat;
    s += put(p.seat, 1, p.node) + M("SOCGameState", "state=6");
    s += put(p.seat, 0, p.road) + M("SOCGameState", i < 3 ? "state=5" : "state=10");
    ++i;
  }
  s += M("SOCGameState", "state=15") + server("It's red's turn to roll the dice.");
  return s;
}

std::string roll(int sum, const std::string& name, int d1, int d2) {
  return M("SOCRollDice") + M("SOCDiceResult", "param=" + std::to_string(sum)) +
         server(name + " rolled a " + std::to_string(d1) + " and a " + std::to_string(d2) + ".");
}

// Four turns (the JSettlers fixture's, in the legacy form): red rolls 6 (red two bricks,
// blue one, white and orange a grain), blue rolls 7 and steals red's brick, white rolls 5,
// builds a road and trades a lumber for orange's wool, orange rolls 4.
std::string turns() {
  std::string s;
  s += roll(6, "red", 3, 3) + M("SOCGameState", "state=20");
  s += E(0, 101, 1, 2) + hand(0, {3, 0, 2, 0, 0}) + M("SOCResourceCount", "playerNumber=0|count=5");
  s += E(1, 101, 1, 1) + E(2, 101, 4, 1) + hand(2, {0, 0, 0, 2, 2});
  s += M("SOCResourceCount", "playerNumber=2|count=4") + E(3, 101, 4, 1);
  s += server("red gets 2 clay. blue gets 1 clay. white gets 1 wheat. orange gets 1 wheat.");
  s += turn(1);
  s += roll(7, "blue", 3, 4) + M("SOCGameState", "state=33");
  s += M("SOCMoveRobber", "playerNumber=1|coord=" + hexc(0, -1)) +
       M("SOCMoveRobber", "playerNumber=1|coord=" + hexc(0, -1));
  s += M("SOCGameState", "state=51") + M("SOCChoosePlayer", "choice=0");
  s += E(1, 101, 1, 1) + E(0, 102, 1, 1) + E(1, 101, 1, 1) + E(0, 102, 1, 1);
  s += E(1, 101, 6, 1) + E(0, 102, 6, 1) + M("SOCGameState", "state=20");
  s += turn(2);
  s += roll(5, "white", 1, 4) + M("SOCGameState", "state=20") + E(2, 101, 1, 1) + E(3, 101, 3, 1);
  s += M("SOCBuildRequest", "pieceType=0") + E(2, 102, 1, 1) + E(2, 102, 5, 1) +
       M("SOCGameState", "state=30");
  // A chat while the road is placed: the price is paid, the road not yet built; not asserted.
  s += L("GAME-TEXT-MESSAGE",
         "[game=fixture|player=white|speaking-queue=[]|clay=0|ore=0|sheep=0|wheat=2|wood=1|"
         "unknown=0|knights=0|roads=[]|settlements=[]|cities=[]|dev-cards=0|text=hmm]");
  s += put(2, 0, edge(-1, 1, EdgeDir::SW)) + M("SOCGameState", "state=20");
  const std::string offer =
      M("SOCMakeOffer", "offer=game=fixture|from=2|to=false,false,false,true|" +
                            cards("give", {0, 0, 0, 0, 1, 0}) + "|" +
                            cards("get", {0, 0, 1, 0, 0, 0}));
  s += M("SOCPlayerStartsTrading", "param=white") + offer + server("white made an offer.") + offer;
  s += M("SOCClearTradeMsg", "playerNumber=-1") + M("SOCAcceptOffer", "accepting=3|offering=2");
  s += E(2, 102, 5, 1) + E(3, 101, 5, 1) + E(2, 101, 3, 1) + E(3, 102, 3, 1);
  s += server("white traded 1 wood for 1 sheep from orange.") +
       M("SOCClearOffer", "playerNumber=-1");
  s += M("SOCAcceptOffer", "accepting=3|offering=2");
  // The STAC server's record of a chat line, with the speaker's hand; '|' and '=' in the text.
  s += L("GAME-TEXT-MESSAGE",
         "[game=fixture|player=white|speaking-queue=[]|clay=0|ore=0|sheep=1|wheat=2|wood=0|"
         "unknown=0|knights=0|roads=[]|settlements=[]|cities=[]|dev-cards=0|text=ok|a=b]]");
  s += M("SOCGameTextMsg", "nickname=white|text=thanks|x=y|text=z") + "\n";
  s += turn(3);
  s += roll(4, "orange", 2, 2) + E(0, 101, 3, 1) + E(1, 101, 3, 1) + E(3, 101, 4, 2);
  return s;
}

std::string game() { return head() + setup() + turns(); }

importers::Imported import_text(const std::string& text) {
  return catan::importers::import_stac("fixture.soclog", text, {});
}

log::Game only_game(const importers::Imported& im) {
  INFO((im.problems.empty()
            ? std::string()
            : std::to_string(im.problems[0].at.line) + ":" +
                  std::to_string(im.problems[0].at.column) + ": " + im.problems[0].message));
  REQUIRE(im.problems.empty());
  REQUIRE(im.games.size() == 1);
  return im.games[0];
}

// The entries after the 16 set-up placements, for lines appended after setup().
std::vector<core::Action> played(const std::string& lines) {
  const log::Game g = only_game(import_text(head() + setup() + lines));
  REQUIRE(g.actions.size() >= 16);
  std::vector<core::Action> out;
  for (size_t i = 16; i < g.actions.size(); ++i) out.push_back(g.actions[i].action);
  return out;
}

// The one problem of `text`: its line, column and message.
importers::ImportProblem the_problem(const std::string& text) {
  const importers::Imported im = import_text(text);
  CAPTURE(im.problems.size());
  for (const auto& p : im.problems)
    UNSCOPED_INFO(p.at.line << ":" << p.at.column << ": " << p.message);
  REQUIRE(im.problems.size() >= 1);
  CHECK(im.games.empty());
  return im.problems[0];
}

int lines_in(const std::string& s) {
  return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}

ResourceSet rs(std::initializer_list<std::pair<Resource, int>> items) {
  return ResourceSet::of(items);
}

diag::GameReport check(const log::Game& g) {
  return replay::replay("fixture.soclog", g, {}).report;
}

// parse_line's fields view the text: a test's line lives as long as the test binary.
std::string_view kept(std::string line) {
  static std::deque<std::string> lines;
  return lines.emplace_back(std::move(line));
}

}  // namespace

TEST_CASE("stac lines: the stamp, the type, fields with their columns", "[import][stac]") {
  auto p =
      st::parse_line(kept(std::string(kStamp) + "SOCPutPiece:game=g 1|playerNumber=2|coord=ab"), 7);
  REQUIRE(p.line);
  const st::Line& m = *p.line;
  CHECK(m.number == 7);
  CHECK(m.type == "SOCPutPiece");
  CHECK(m.type_column == 31);
  REQUIRE(m.fields.size() == 3);
  CHECK(m.fields[0].key == "game");
  CHECK(m.fields[0].value == "g 1");
  CHECK(m.fields[0].column == 43);
  CHECK(m.fields[1].column == 52);
  CHECK(m.fields[1].value_column == 65);
  CHECK(m.get("coord") == "ab");
  CHECK_FALSE(m.get("pieceType"));
  CHECK(st::to_int("ab", 16) == 0xab);
  CHECK(st::to_int("0x33", 16) == 0x33);
  CHECK(st::to_int("-1") == -1);
  CHECK_FALSE(st::to_int("1x"));
  CHECK_FALSE(st::to_int(""));
  CHECK_FALSE(st::to_int("99999999999999"));
}

TEST_CASE("stac lines: chat text keeps '|' and '=', GAME-TEXT-MESSAGE is bracketed",
          "[import][stac]") {
  auto p = st::parse_line(
      kept(std::string(kStamp) + "SOCGameTextMsg:game=g|nickname=a|text=x|y=z|text=w"), 1);
  REQUIRE(p.line);
  CHECK(p.line->get("text") == "x|y=z|text=w");
  CHECK(p.line->get("nickname") == "a");
  CHECK(p.line->fields.size() == 3);
  CHECK(p.line->field("text")->value_column == 31 + 15 + 7 + 11 + 5);
  auto q = st::parse_line(
      kept(std::string(kStamp) + "GAME-TEXT-MESSAGE:[game=g|player=a|clay=1|text=[1]|b=c]"), 1);
  REQUIRE(q.line);
  CHECK(q.line->get("text") == "[1]|b=c");
  CHECK(q.line->get("clay") == "1");
  auto bad = st::parse_line(kept(std::string(kStamp) + "GAME-TEXT-MESSAGE:game=g|text=a"), 1);
  REQUIRE(bad.error);
  CHECK(bad.error->column == 49);
  auto notext = st::parse_line(kept(std::string(kStamp) + "SOCGameTextMsg:game=g|nickname=a"), 1);
  REQUIRE(notext.error);
  CHECK(notext.error->message.find("text=") != std::string::npos);
}

TEST_CASE("stac lines: damaged lines are errors with a column", "[import][stac]") {
  for (const std::string l : {"2012:06:06:19:5", "2012-06-06:19:58:56:999:+0100:SOCTurn:x=1",
                              "2012:06:06:19:58:56:999:0100:SOCTurn:x=1", "SOCTurn:game=g",
                              "\t2012:06:06:19:58:56:999:+0100:SOCTurn:x=1"}) {
    CAPTURE(l);
    auto p = st::parse_line(l, 1);
    REQUIRE(p.error);
    CHECK(p.error->column == 1);
    CHECK(p.error->message.find("time stamp") != std::string::npos);
  }
  for (const std::string& l :
       {std::string(kStamp), std::string(kStamp) + "SOCTurn", std::string(kStamp) + "SOC Turn:x=1",
        std::string(kStamp) + ":x=1"}) {
    CAPTURE(l);
    auto p = st::parse_line(l, 1);
    REQUIRE(p.error);
    CHECK(p.error->column == 31);
  }
  auto longl = st::parse_line(
      kept(std::string(kStamp) + "SOCTurn:" + std::string(st::kMaxLineBytes, 'x')), 1);
  REQUIRE(longl.error);
  CHECK(longl.error->message.find("longer than") != std::string::npos);
  std::string many = std::string(kStamp) + "SOCTurn:a=1";
  for (size_t i = 0; i < st::kMaxFields; ++i) many += "|a=1";
  auto manyp = st::parse_line(many, 1);
  REQUIRE(manyp.error);
  CHECK(manyp.error->message.find("fields") != std::string::npos);
}

TEST_CASE("stac lines: resource sets key=clay=N|ore=N|sheep=N|wheat=N|wood=N|unknown=N",
          "[import][stac]") {
  auto parse = [](const std::string& body) {
    return *st::parse_line(kept(std::string(kStamp) + "SOCBankTrade:" + body), 1).line;
  };
  const st::Line good =
      parse("game=g|" + cards("give", {1, 2, 3, 4, 5, 6}) + "|" + cards("get", {0, 0, 0, 0, 1, 0}));
  auto give = st::read_cards(good, "give");
  REQUIRE(give.cards);
  CHECK(give.cards->known == rs({{Resource::Brick, 1},
                                 {Resource::Ore, 2},
                                 {Resource::Wool, 3},
                                 {Resource::Grain, 4},
                                 {Resource::Lumber, 5}}));
  CHECK(give.cards->unknown == 6);
  auto get = st::read_cards(good, "get");
  REQUIRE(get.cards);
  CHECK(get.cards->known == rs({{Resource::Lumber, 1}}));
  auto missing = st::read_cards(good, "resources");
  REQUIRE(missing.error);
  CHECK(missing.error->column == 31);
  // Truncated, out of order, a bad count: the column of the field at fault.
  const st::Line cut = parse("game=g|give=clay=0|ore=0|sheep=0");
  auto c = st::read_cards(cut, "give");
  REQUIRE(c.error);
  CHECK(c.error->message.find("truncated") != std::string::npos);
  const st::Line swapped = parse("game=g|give=clay=0|sheep=0|ore=0|wheat=0|wood=0|unknown=0");
  auto s = st::read_cards(swapped, "give");
  REQUIRE(s.error);
  CHECK(s.error->column == 31 + 13 + 19);
  CHECK(s.error->message.find("ore=N") != std::string::npos);
  const st::Line bad = parse("game=g|give=clay=x|ore=0|sheep=0|wheat=0|wood=0|unknown=0");
  auto b = st::read_cards(bad, "give");
  REQUIRE(b.error);
  CHECK(b.error->column == 31 + 13 + 12);
}

TEST_CASE("stac import: players, board and every entry of the fixture", "[import][stac]") {
  const log::Game g = only_game(import_text(game()));
  CHECK(g.id == "fixture");
  REQUIRE(g.source);
  CHECK(g.source->format == "stac");
  CHECK(g.players == std::vector<std::string>{"red", "blue", "white", "orange"});
  CHECK_FALSE(g.has_view);
  CHECK(g.board.hexes.size() == 19);
  CHECK(g.board.harbors.size() == 9);
  const core::BoardSpec want = test::fixture_board();
  for (const auto& h : want.hexes) {
    auto it = std::find_if(g.board.hexes.begin(), g.board.hexes.end(),
                           [&](const core::HexSpec& x) { return x.at == h.at; });
    REQUIRE(it != g.board.hexes.end());
    CHECK(it->terrain == h.terrain);
    CHECK(it->number == h.number);
  }
  REQUIRE(g.actions.size() == 26);
  const auto& a = g.actions;
  CHECK(a[0].action.kind == ActionKind::Settlement);
  CHECK(a[0].action.corner.id == base_island().corner_id({0, -1}, CornerDir::S));
  CHECK(a[1].action.kind == ActionKind::Road);
  CHECK(a[1].action.edge.id == base_island().edge_id({0, -1}, EdgeDir::SW));
  CHECK(a[15].action.player == 0);
  // Red's roll: the dice from the server's text, production from GAIN, hands from SET and
  // hand sizes from SOCResourceCount.
  const core::Action& r = a[16].action;
  CHECK(r.kind == ActionKind::Roll);
  CHECK(r.dice == std::vector<int>{3, 3});
  REQUIRE(r.gains);
  CHECK((*r.gains)[0] == rs({{Resource::Brick, 2}}));
  CHECK((*r.gains)[2] == rs({{Resource::Grain, 1}}));
  REQUIRE(r.expect);
  REQUIRE(r.expect->hands.size() == 4);
  CHECK(r.expect->hands[0] == rs({{Resource::Brick, 3}, {Resource::Wool, 2}}));
  CHECK_FALSE(r.expect->hands[1]);
  CHECK(r.expect->cards[2] == 4);
  CHECK(a[17].action.kind == ActionKind::EndTurn);
  CHECK(a[17].action.player == 0);
  const core::Action& rob = a[19].action;
  CHECK(rob.kind == ActionKind::Robber);
  CHECK(rob.hex.hex == core::Axial{0, -1});
  CHECK(rob.has_steal);
  CHECK(rob.steal_from == 0);
  CHECK(rob.stolen.resource == Resource::Brick);
  CHECK(a[22].action.kind == ActionKind::Road);
  const core::Action& tr = a[23].action;
  CHECK(tr.kind == ActionKind::Trade);
  CHECK(tr.player == 2);
  CHECK(tr.other == 3);
  CHECK(tr.give == rs({{Resource::Lumber, 1}}));
  CHECK(tr.get == rs({{Resource::Wool, 1}}));
  REQUIRE(tr.expect);  // GAME-TEXT-MESSAGE's hand of white
  CHECK(tr.expect->hands[2] == rs({{Resource::Wool, 1}, {Resource::Grain, 2}}));
  CHECK(a[25].action.kind == ActionKind::Roll);
  CHECK(a[25].action.player == 3);
  // Each entry points at its message: the echo of a placement, the roll's SOCDiceResult.
  const std::string text = game();
  CHECK(a[16].source.line == lines_in(text.substr(0, text.find("SOCDiceResult"))) + 1);
  CHECK(a[16].source.column == 31);
}

TEST_CASE("stac import: the fixture replays legal (incomplete), a broken one is caught",
          "[import][stac]") {
  const log::Game g = only_game(import_text(game()));
  const diag::GameReport r = check(g);
  INFO(test::verdict_text(r) << (r.error ? " " + r.error->message : std::string()));
  CHECK(r.status == diag::Status::Incomplete);
  // The same game written as catan-log/1 reads back and gets the same verdict.
  const std::string yaml = test::to_yaml(g);
  CHECK(yaml.find("roll: [3, 3]") != std::string::npos);
  // Production the board does not pay is refuted (red gains 3 bricks, not 2).
  std::string wrong = game();
  const std::string gain = E(0, 101, 1, 2);
  wrong.replace(wrong.find(gain), gain.size(), E(0, 101, 1, 3));
  const diag::GameReport w = check(only_game(import_text(wrong)));
  CHECK(w.status == diag::Status::Illegal);
  // A snapshot the game contradicts is refuted (white holds 2 grain, not 3).
  std::string snap = game();
  snap.replace(snap.find("sheep=1|wheat=2"), 15, "sheep=1|wheat=3");
  const diag::GameReport s = check(only_game(import_text(snap)));
  CHECK(s.status == diag::Status::Illegal);
  CHECK(test::first_rule(s) == "COMP-05");
}

TEST_CASE("stac import: CRLF line ends and a byte order mark read the same", "[import][stac]") {
  const std::string lf = game();
  std::string crlf;
  for (char c : lf) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  const log::Game a = only_game(import_text(lf));
  const importers::Imported im = import_text("\xEF\xBB\xBF" + crlf);
  const log::Game b = only_game(im);
  CHECK(test::to_yaml(a) == test::to_yaml(b));
  CHECK(a.actions.back().source.line == b.actions.back().source.line);
}

TEST_CASE("stac import: refused requests make no entry, echoes make one", "[import][stac]") {
  // A placement request never echoed, then a different one echoed.
  auto v = played(M("SOCPutPiece", "playerNumber=0|pieceType=0|coord=" + edge(0, -1, EdgeDir::W)) +
                  server("You can't build there.") + put(0, 0, edge(1, -2, EdgeDir::E)));
  REQUIRE(v.size() == 1);
  CHECK(v[0].edge.id == base_island().edge_id({1, -2}, EdgeDir::E));
  // A road placed without a build request: the price lies between the request and the echo.
  const std::string road =
      M("SOCPutPiece", "playerNumber=0|pieceType=0|coord=" + edge(1, -2, EdgeDir::E));
  v = played(road + E(0, 102, 1, 1) + E(0, 102, 5, 1) + server("red built a road.") + road);
  REQUIRE(v.size() == 1);
  CHECK(v[0].kind == ActionKind::Road);
  // A bank trade the server refused (no cards moved), then one it made.
  v = played(M("SOCBankTrade",
               cards("give", {1, 0, 1, 0, 0, 0}) + "|" + cards("get", {0, 0, 0, 0, 0, 0})) +
             server("You can't make that trade.") +
             M("SOCBankTrade",
               cards("give", {4, 0, 0, 0, 0, 0}) + "|" + cards("get", {0, 1, 0, 0, 0, 0})) +
             E(0, 102, 1, 4) + E(0, 101, 2, 1) +
             server("red traded 4 clay for 1 ore from the bank."));
  REQUIRE(v.size() == 1);
  CHECK(v[0].kind == ActionKind::BankTrade);
  CHECK(v[0].give == rs({{Resource::Brick, 4}}));
  CHECK(v[0].get == rs({{Resource::Ore, 1}}));
  // A robber request echoed, with no victim: no steal.
  v = played(roll(7, "red", 5, 2) + M("SOCMoveRobber", "playerNumber=0|coord=" + hexc(2, 0)) +
             M("SOCMoveRobber", "playerNumber=0|coord=" + hexc(2, 0)) +
             M("SOCGameState", "state=20"));
  REQUIRE(v.size() == 2);
  CHECK(v[1].kind == ActionKind::Robber);
  CHECK_FALSE(v[1].has_steal);
}

TEST_CASE("stac import: domestic trades from either side, city, buys and plays", "[import][stac]") {
  // Blue offers red (the active player) a wool for a brick; red accepts: red's entry.
  const std::string offer =
      M("SOCMakeOffer", "offer=game=fixture|from=1|to=true,false,false,false|" +
                            cards("give", {0, 0, 1, 0, 0, 0}) + "|" +
                            cards("get", {1, 0, 0, 0, 0, 0}));
  auto v = played(offer + offer + M("SOCAcceptOffer", "accepting=0|offering=1") + E(1, 102, 3, 1) +
                  E(0, 101, 3, 1) + E(1, 101, 1, 1) + E(0, 102, 1, 1) +
                  M("SOCAcceptOffer", "accepting=0|offering=1"));
  REQUIRE(v.size() == 1);
  CHECK(v[0].kind == ActionKind::Trade);
  CHECK(v[0].player == 0);
  CHECK(v[0].other == 1);
  CHECK(v[0].give == rs({{Resource::Brick, 1}}));
  CHECK(v[0].get == rs({{Resource::Wool, 1}}));
  // A city after its build request and price; two purchases (the buyer's copy names the card
  // in the legacy numbering, 0 = knight; the others' copy says 9); a purchase seen only as 9.
  const std::string buy = M("SOCBuyCardRequest") + E(0, 102, 2, 1) + E(0, 102, 3, 1) +
                          E(0, 102, 4, 1) + M("SOCDevCardCount", "numDevCards=24");
  v = played(M("SOCBuildRequest", "pieceType=2") + E(0, 102, 2, 3) + E(0, 102, 4, 2) +
             put(0, 2, node(0, -1, CornerDir::S)) + buy +
             M("SOCDevCard", "playerNum=0|actionType=0|cardType=0") +
             M("SOCDevCard", "playerNum=0|actionType=0|cardType=9") + buy +
             M("SOCDevCard", "playerNum=0|actionType=0|cardType=7") +
             M("SOCDevCard", "playerNum=0|actionType=0|cardType=9") + buy +
             M("SOCDevCard", "playerNum=0|actionType=0|cardType=9") +
             M("SOCDevCard", "playerNum=0|actionType=2|cardType=7"));
  REQUIRE(v.size() == 4);
  CHECK(v[0].kind == ActionKind::City);
  CHECK(v[0].corner.id == base_island().corner_id({0, -1}, CornerDir::S));
  CHECK(v[1].kind == ActionKind::Buy);
  CHECK(v[1].card == DevCard::Knight);
  CHECK_FALSE(v[1].hidden_buy);
  CHECK(v[2].card == DevCard::VictoryPoint);
  CHECK(v[3].hidden_buy);
  // Plays: a knight with a steal only the public copy shows (hidden), road building and its
  // two roads, year of plenty, monopoly (takes from the victims' LOSE lines), and a monopoly
  // nobody pays (the resource from SOCMonopolyPick).
  v = played(M("SOCPlayDevCardRequest", "devCard=0") +
             M("SOCDevCard", "playerNum=0|actionType=1|cardType=0") +
             M("SOCMoveRobber", "playerNumber=0|coord=" + hexc(1, -1)) +
             M("SOCMoveRobber", "playerNumber=0|coord=" + hexc(1, -1)) + E(0, 101, 6, 1) +
             E(1, 102, 6, 1) + M("SOCDevCard", "playerNum=0|actionType=1|cardType=1") +
             put(0, 0, edge(1, -2, EdgeDir::E)) + put(0, 0, edge(2, -2, EdgeDir::SW)) +
             M("SOCDevCard", "playerNum=0|actionType=1|cardType=2") +
             M("SOCDiscoveryPick", cards("resources", {1, 0, 0, 0, 1, 0})) + E(0, 101, 1, 1) +
             E(0, 101, 5, 1) + M("SOCDevCard", "playerNum=0|actionType=1|cardType=3") +
             M("SOCMonopolyPick", "resource=4") + E(1, 102, 4, 2) + E(2, 102, 4, 1) +
             E(0, 101, 4, 3) + M("SOCDevCard", "playerNum=0|actionType=1|cardType=3") +
             M("SOCMonopolyPick", "resource=2") + M("SOCGameState", "state=20"));
  REQUIRE(v.size() == 8);
  CHECK(v[0].kind == ActionKind::Play);
  CHECK(v[0].card == DevCard::Knight);
  CHECK(v[1].kind == ActionKind::Robber);
  CHECK(v[1].steal_from == 1);
  CHECK(v[1].stolen.hidden);
  CHECK(v[2].card == DevCard::RoadBuilding);
  CHECK(v[3].kind == ActionKind::Road);
  CHECK(v[4].kind == ActionKind::Road);
  CHECK(v[5].card == DevCard::YearOfPlenty);
  CHECK(v[5].has_take);
  CHECK(v[5].get == rs({{Resource::Brick, 1}, {Resource::Lumber, 1}}));
  CHECK(v[6].card == DevCard::Monopoly);
  CHECK(v[6].resource == Resource::Grain);
  REQUIRE(v[6].takes);
  CHECK(*v[6].takes == std::vector<int>{0, 2, 1, 0});
  CHECK(v[7].resource == Resource::Ore);
  CHECK_FALSE(v[7].takes);
}

TEST_CASE("stac import: a year of plenty or monopoly told without GAIN and LOSE lines",
          "[import][stac]") {
  // The pick stands when the server moved no GAIN lines; a monopoly told as each seat's new
  // amount (SET) names its resource, and its takes are not asserted.
  auto v =
      played(M("SOCDevCard", "playerNum=0|actionType=1|cardType=2") +
             M("SOCDiscoveryPick", cards("resources", {0, 1, 1, 0, 0, 0})) +
             M("SOCGameState", "state=20") +
             M("SOCDevCard", "playerNum=0|actionType=1|cardType=3") + E(0, 100, 3, 4) +
             E(1, 100, 3, 0) + E(2, 100, 3, 0) + E(3, 100, 3, 0) + M("SOCGameState", "state=20"));
  REQUIRE(v.size() == 2);
  CHECK(v[0].get == rs({{Resource::Ore, 1}, {Resource::Wool, 1}}));
  CHECK(v[1].resource == Resource::Wool);
  CHECK_FALSE(v[1].takes);
  // SET lines of a seat that another line interrupts are not one hand: no stale values.
  const log::Game g = only_game(
      import_text(head() + setup() + roll(8, "red", 4, 4) + E(0, 100, 4, 9) + E(0, 100, 5, 9) +
                  M("SOCResourceCount", "playerNumber=1|count=2") + hand(0, {1, 0, 0, 0, 0})));
  REQUIRE(g.actions[16].action.expect);
  CHECK(g.actions[16].action.expect->hands[0] == rs({{Resource::Brick, 1}}));
}

TEST_CASE("stac import: discards after a 7, known and unseen", "[import][stac]") {
  auto v =
      played(roll(7, "red", 1, 6) + M("SOCGameState", "state=50") +
             M("SOCDiscard", cards("resources", {2, 2, 0, 0, 0, 0})) + E(1, 102, 1, 2) +
             E(1, 102, 2, 2) + E(1, 102, 6, 4) + E(2, 102, 6, 5) + M("SOCGameState", "state=33"));
  REQUIRE(v.size() == 3);
  CHECK(v[1].kind == ActionKind::Discard);
  CHECK(v[1].player == 1);
  CHECK(v[1].give == rs({{Resource::Brick, 2}, {Resource::Ore, 2}}));
  CHECK(v[1].hidden_cards == 0);
  CHECK(v[2].player == 2);
  CHECK(v[2].give.empty());
  CHECK(v[2].hidden_cards == 5);
}

TEST_CASE("stac import: the end of a game asserts the scores, a winner only at the target",
          "[import][stac]") {
  const std::string end =
      M("SOCGameState", "state=1000") + server(">>> null has won the game with 4 points.");
  auto g = only_game(
      import_text(head() + setup() + end + M("SOCGameStats", "3|2|2|4|false|false|false|false")));
  REQUIRE(g.actions.back().action.expect);
  CHECK(g.actions.back().action.expect->vp == std::vector<std::optional<int>>{3, 2, 2, 4});
  CHECK_FALSE(g.result_winner);
  // Nothing after the end is read (the server's wrap-up).
  auto w = only_game(import_text(head() + setup() + end +
                                 M("SOCGameStats", "10|2|2|4|false|false|false|false") +
                                 M("SOCTurn", "playerNumber=3") + L("SOCNoSuchThing", "x=1")));
  REQUIRE(w.result_winner);
  CHECK(*w.result_winner == 0);
}

TEST_CASE("stac import: every refusal names its message and field, at its line and column",
          "[import][stac]") {
  const std::string base = head() + setup();
  const int next = lines_in(base) + 1;
  struct Case {
    std::string lines;
    int line_offset;  // from the first appended line
    int column;
    const char* says;
  };
  const Case cases[] = {
      {L("SOCFooBar", "game=fixture"), 0, 31,
       "SOCFooBar: a message type this importer does not know"},
      {M("SOCDiceResult", "param=x"), 0, 58, "param='x' is not an integer in 2..12"},
      {M("SOCDiceResult", "param=13"), 0, 58, "2..12"},
      {M("SOCPutPiece", "playerNum=0|pieceType=0|coord=22"), 0, 31, "no playerNumber= field"},
      {M("SOCPutPiece", "playerNumber=0|pieceType=3|coord=22"), 0, 71, "a ship"},
      {M("SOCPutPiece", "playerNumber=0|pieceType=1|coord=zz"), 0, 83,
       "is not a hexadecimal integer"},
      {M("SOCPutPiece", "playerNumber=0|pieceType=1|coord=11"), 0, 83,
       "is not a node of the island"},
      {M("SOCMoveRobber", "playerNumber=0|coord=17"), 0, 73, "not a land hex"},
      {M("SOCPutPiece", "playerNumber=7|pieceType=1|coord=11"), 0, 56, "playerNumber='7'"},
      {L("SOCBankTrade", "game=fixture|give=clay=0|ore=0|sheep=0"), 0, 75, "truncated"},
      {"2012:06:06:19:58:5\n", 0, 1, "time stamp"},
      {M("SOCBoardLayout2", "x=1"), 0, 31, "sea or 6-player board"},
      {M("SOCSitDown", "nickname=mallory|playerNumber=2|robotFlag=false"), 0, 55,
       "'mallory' sat down in seat 2 of 'white'"},
      {L("SOCDiceResult", "game=other|param=5"), 0, 45, "a message of another game ('other'"},
      {M("SOCSetTurn", "param=2"), 0, 31, "outside the turn order"},
      {E(1, 101, 1, 1), 0, 31, "GAIN of seat 1 that no mapped action explains"},
      {roll(8, "red", 3, 4), 2, 75, "do not make the roll's total 8"},
      {roll(8, "blue", 4, 4), 2, 75, "not 'red rolled a D and a D.'"},
      {roll(8, "red", 4, 4) + hand(1, {1, 0, 0, 0, 0}) + hand(1, {2, 0, 0, 0, 0}), 12, 31,
       "an earlier line said"},
      {M("SOCAcceptOffer", "accepting=1|offering=2"), 0, 31, "which made none"},
      {M("SOCDevCard", "playerNum=0|actionType=1|cardType=5"), 0, 80, "PLAY of cardType=5"},
      {M("SOCDevCard", "playerNum=0|actionType=1|cardType=2") + M("SOCGameState", "state=20") +
           M("SOCEndTurn") + M("SOCTurn", "playerNumber=1"),
       0, 31, "a Year of Plenty without the cards"},
      {M("SOCBankTrade",
         cards("give", {4, 0, 0, 0, 0, 0}) + "|" + cards("get", {0, 1, 0, 0, 0, 0})) +
           E(0, 102, 1, 3) + E(0, 101, 2, 1) + M("SOCEndTurn") + M("SOCTurn", "playerNumber=1"),
       0, 31, "the server moved {brick: 3} for {ore: 1}"},
      {roll(7, "red", 3, 4) + M("SOCGameState", "state=50") + E(1, 101, 1, 1), 4, 31,
       "GAIN of seat 1 while players discard"},
      {L("GAME-TEXT-MESSAGE", "[game=fixture|player=red|clay=x|text=hi]"), 0, 74, "clay='x'"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.lines);
    const importers::ImportProblem p = the_problem(base + c.lines);
    CHECK(p.at.line == next + c.line_offset);
    CHECK(p.at.column == c.column);
    CHECK(p.message.find(c.says) != std::string::npos);
  }
}

TEST_CASE("stac import: logs without a game or outside the base game are refused",
          "[import][stac]") {
  auto none = the_problem(head().substr(0, head().find(kStamp + std::string("SOCStartGame"))));
  CHECK(none.message.find("no game in this log") != std::string::npos);
  CHECK(the_problem("").message.find("empty file") != std::string::npos);
  auto two = the_problem(head(2));
  CHECK(two.message.find("2 seated players") != std::string::npos);
  std::string dup = head();
  dup.replace(dup.find("nickname=blue|playerNumber=1"), 13, "nickname=red|");
  CHECK(the_problem(dup).message.find("two seats have the name 'red'") != std::string::npos);
  auto early = the_problem(M("SOCStartGame") + M("SOCDiceResult", "param=5"));
  CHECK(early.message.find("before the first turn") != std::string::npos);
  std::string noboard = head();
  const std::string board = M("SOCBoardLayout", test::jsettlers_layout(test::fixture_board()));
  noboard.erase(noboard.find(board), board.size());
  CHECK(the_problem(noboard).message.find("before the board") != std::string::npos);
  std::string land = head();
  land.replace(land.find("hexLayout={ "), 12, "hexLayout={ 1 ");
  CHECK(the_problem(land).message.find("hexLayout must be { v v ... } with 37 integers") !=
        std::string::npos);
}

TEST_CASE("stac import: a nickname that is not printable UTF-8 is named after its seat",
          "[import][stac]") {
  std::string text = game();
  const auto rename = [&](const std::string& from, const std::string& to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  };
  rename("nickname=blue|", "nickname=bl\x01ue|");
  rename("blue rolled", "bl\x01ue rolled");
  rename("nickname=white|", std::string("nickname=wh\xffite|"));
  rename("white rolled", "wh\xffite rolled");
  rename("player=white|", "player=wh\xffite|");
  const log::Game g = only_game(import_text(text));
  CHECK(g.players == std::vector<std::string>{"red", "seat1", "seat2", "orange"});
  CHECK(g.actions[18].action.dice == std::vector<int>{3, 4});  // the raw name in the dice text
  REQUIRE(g.actions[23].action.expect);                        // and in the chat record
  CHECK(g.actions[23].action.expect->hands[2] == rs({{Resource::Wool, 1}, {Resource::Grain, 2}}));
  CHECK(check(g).status == diag::Status::Incomplete);
  for (const char* ok : {"Ghettoette", "gotwood4sheep", "caf\xc3\xa9", "a b", "null", "x: y"})
    CHECK(catan::importers::import_stac("f",
                                        head().replace(head().find("nickname=red|playerNumber"), 13,
                                                       std::string("nickname=") + ok + "|") +
                                            setup(),
                                        {})
              .games.at(0)
              .players[0] == ok);
  // A nickname that is the name given to an unprintable one is refused, not renamed twice.
  std::string clash = head();
  clash.replace(clash.find("nickname=red|playerNumber"), 13, "nickname=seat1|");
  clash.replace(clash.find("nickname=blue|playerNumber"), 14, "nickname=\x02|");
  CHECK(the_problem(clash).message.find("two seats have the name 'seat1'") != std::string::npos);
}

TEST_CASE(
    "stac import: a player who leaves before the start frees the seat, during the game "
    "ends the import",
    "[import][stac]") {
  const std::string start = kStamp + std::string("SOCStartGame");
  const std::string leave = L("SOCLeaveGame", "nickname=blue|host=***|game=fixture");
  std::string swap = head();
  swap.insert(swap.find(start),
              leave + M("SOCSitDown", "nickname=mallory|playerNumber=1|robotFlag=false"));
  CHECK(only_game(import_text(swap)).players ==
        std::vector<std::string>{"red", "mallory", "white", "orange"});
  std::string gone = head();
  gone.insert(gone.find(start), leave);
  CHECK(only_game(import_text(gone)).players == std::vector<std::string>{"red", "white", "orange"});
  // During the game: nothing may follow but the server's end; a return to the seat is fine.
  const std::string base = head() + setup();
  const auto p = the_problem(base + leave + server("blue left the game") + roll(8, "red", 4, 4));
  CHECK(p.at.line == lines_in(base) + 4);
  CHECK(p.message.find("the game goes on after 'blue' left it (line " +
                       std::to_string(lines_in(base) + 1) + ")") != std::string::npos);
  CHECK(only_game(import_text(base + leave + M("SOCGameState", "state=1000"))).actions.size() ==
        16);
  CHECK(only_game(import_text(base + leave +
                              M("SOCSitDown", "nickname=blue|playerNumber=1|robotFlag=false") +
                              roll(8, "red", 4, 4)))
            .actions.size() == 17);
}

TEST_CASE("stac import: the first bytes tell the form", "[import][stac]") {
  CHECK(catan::importers::looks_like_stac(game().substr(0, 64)));
  CHECK(catan::importers::looks_like_stac("\xEF\xBB\xBF" + game().substr(0, 64)));
  CHECK_FALSE(catan::importers::looks_like_stac("SOC game event log: type=F, version=2700"));
  CHECK_FALSE(catan::importers::looks_like_stac("format: catan-log/1\n"));
  CHECK_FALSE(catan::importers::looks_like_stac("2012:06:06"));
  CHECK_FALSE(catan::importers::looks_like_stac(""));
}

TEST_CASE("stac import: any damage to the fixture is reported or imported, never a crash",
          "[import][stac]") {
  const std::string text = game();
  // Every truncation at a line boundary and inside the board line.
  for (size_t cut = 0; cut < text.size(); cut += (cut % 7) + 13) {
    const importers::Imported im = import_text(text.substr(0, cut));
    CHECK((im.problems.empty() != im.games.empty()));
  }
  // Deterministic byte damage: replaced bytes, '|' and '=' inserted, lines doubled.
  uint32_t seed = 12345;
  auto next = [&] {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
  };
  const char kBytes[] = {'|', '=', ':',  '\n',   '\r', '0', '9',
                         'x', '-', '\0', '\xff', ' ',  '[', ']'};
  for (int i = 0; i < 300; ++i) {
    std::string d = text;
    for (int k = 0; k < 1 + static_cast<int>(next() % 4); ++k) {
      const size_t at = next() % d.size();
      switch (next() % 3) {
        case 0:
          d[at] = kBytes[next() % sizeof(kBytes)];
          break;
        case 1:
          d.insert(at, 1, kBytes[next() % sizeof(kBytes)]);
          break;
        default: {
          const size_t start = d.rfind('\n', at) == std::string::npos ? 0 : d.rfind('\n', at) + 1;
          const size_t end = d.find('\n', at);
          if (end != std::string::npos) d.insert(end + 1, d.substr(start, end + 1 - start));
        }
      }
    }
    const importers::Imported im = import_text(d);
    CHECK((im.problems.empty() != im.games.empty()));
    CHECK(im.problems.size() <= 101);
    const int lines = 1 + lines_in(d);
    for (const auto& p : im.problems) {  // every problem points inside the input
      CHECK(p.at.line >= 1);
      CHECK(p.at.line <= lines);
      CHECK(p.at.column >= 1);
      CHECK(static_cast<size_t>(p.at.column) <= d.size() + 1);
    }
    if (!im.games.empty()) (void)check(im.games[0]);
  }
}
