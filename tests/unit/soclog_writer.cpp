// A catan-log/1 game as a JSettlers2 game event log: soclog_writer.hpp. The message syntax
// (audiences, key names, value forms) is JSettlers2 2.7's, as its recorded logs in
// ../shared/realgames/jsettlers-recorded/ and JSettlers2's
// doc/Message-Sequences-for-Game-Actions.md have it; the importer reads each message as
// docs/IMPORT-JSETTLERS.md says.
#include "soclog_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/edition.hpp"
#include "core/state.hpp"
#include "import/jsettlers/jsettlers_coords.hpp"
#include "replay/replay.hpp"
#include "rules/engine.hpp"

namespace catan::test {
namespace {

namespace js = importers::jsettlers;
using core::Action;
using core::ActionKind;
using core::GameState;
using core::Phase;
using core::Resource;
using core::ResourceSet;

constexpr int kSeats = 6;

// SOCResourceConstants: 1 clay, 2 ore, 3 sheep, 4 wheat, 5 wood; by core::Resource.
constexpr int kResourceNumber[] = {5, 1, 3, 4, 2};
// SOCBoard land hex types as sent (0 desert, 1 clay, 2 ore, 3 sheep, 4 wheat, 5 wood); by
// core::Terrain (Forest, Hills, Pasture, Fields, Mountains, Desert).
constexpr int kTerrainNumber[] = {5, 1, 3, 4, 2, 0};
// Port types (0 3:1, then the resource numbers); by core::HarborKind.
constexpr int kPortNumber[] = {5, 1, 3, 4, 2, 0};

int res_number(Resource r) { return kResourceNumber[static_cast<int>(r)]; }

// `clay=N|ore=N|sheep=N|wheat=N|wood=N|unknown=N` (SOCResourceSet as the messages write it).
std::string cards(const ResourceSet& s, int unknown = 0) {
  return fmt::format("clay={}|ore={}|sheep={}|wheat={}|wood={}|unknown={}", s[Resource::Brick],
                     s[Resource::Ore], s[Resource::Wool], s[Resource::Grain], s[Resource::Lumber],
                     unknown);
}

// SOCPlayerElements' `e1=N,e2=N,...` for the nonzero resources (all five when `all`).
std::string elements(const ResourceSet& s, bool all) {
  std::string out;
  for (int n = 1; n <= 5; ++n) {
    const Resource r = *js::resource_of(n);
    if (!all && s[r] == 0) continue;
    out += fmt::format("{}e{}={}", out.empty() ? "" : ",", n, s[r]);
  }
  return out;
}

std::string braced(const std::vector<int>& v, bool hex) {
  std::string s = "{";
  for (int x : v) s += hex ? fmt::format(" {:x}", x) : fmt::format(" {}", x);
  return s + " }";
}

}  // namespace

std::string board_layout(const core::BoardSpec& b, LayoutForm form) {
  const bool six = form == LayoutForm::SixPlayer;
  const js::BoardCoords& coords = six ? js::BoardCoords::six_player() : js::BoardCoords::classic();
  const core::Topology& island = coords.island();
  std::vector<int> hexes(js::kNumToHexId.size(), 6), numbers(js::kNumToHexId.size(), -1);
  size_t land = 0;
  for (size_t i = 0; i < js::kNumToHexId.size(); ++i) {
    const core::Axial a = *js::hex_axial(js::kNumToHexId[i]);
    for (const core::HexSpec& h : b.hexes) {
      if (!(h.at == a)) continue;
      hexes[i] = kTerrainNumber[static_cast<int>(h.terrain)];
      if (h.number == 0)
        numbers[i] = -1;
      else if (form != LayoutForm::Classic)
        numbers[i] = h.number;  // SOCBoardLayout2: the dice number
      else
        numbers[i] = h.number < 7 ? h.number - 2 : h.number - 3;  // SOCBoardLayout: 0..9
      ++land;
    }
  }
  if (land != b.hexes.size() || !b.robber)
    throw std::invalid_argument("a hex off JSettlers2's board, or no robber");
  const int robber = js::hex_coord(*b.robber);
  if (six) {
    // The 11 fixed sites of SOCBoard6p (PORTS_EDGE_V2); PL gives each one's type.
    std::vector<int> ports(js::kPortEdgesV2.size(), -1);
    for (const core::HarborSpec& h : b.harbors) {
      const core::EdgeId e = island.edge_id(h.at, h.dir);
      bool placed = false;
      for (size_t k = 0; k < js::kPortEdgesV2.size(); ++k)
        if (coords.edge_edge(js::kPortEdgesV2[k]) == e && ports[k] < 0) {
          ports[k] = kPortNumber[static_cast<int>(h.kind)];
          placed = true;
        }
      if (!placed) throw std::invalid_argument("a harbor off JSettlers2's 6-player sites");
    }
    if (std::count(ports.begin(), ports.end(), -1) != 0)
      throw std::invalid_argument("a 6-player harbor site without a harbor");
    // The layout parts in the order of SOCBoardLayout2's HashMap: HL, RH, PL, NL.
    return fmt::format("bef=2|HL={}|RH={}|PL={}|NL={}", braced(hexes, false), robber,
                       braced(ports, true), braced(numbers, false));
  }
  // The classic board: each harbor is a water hex of the ring facing the land (v1: 3:1 as
  // 6 + facing, else facing << 4 | resource; facings 1..6 NE, E, SE, SW, W, NW).
  for (const core::HarborSpec& h : b.harbors) {
    const core::EdgeId e = island.edge_id(h.at, h.dir);
    bool placed = false;
    for (size_t i = 0; i < js::kNumToHexId.size() && !placed; ++i) {
      const core::Axial a = *js::hex_axial(js::kNumToHexId[i]);
      if (island.contains(a) || hexes[i] != 6) continue;
      for (int f = 1; f <= 6 && !placed; ++f)
        if (e != core::kNone && island.edge_id(a, static_cast<core::EdgeDir>(f - 1)) == e) {
          const int t = kPortNumber[static_cast<int>(h.kind)];
          hexes[i] = t == 0 ? 6 + f : (f << 4) | t;
          placed = true;
        }
    }
    if (!placed) throw std::invalid_argument("a harbor JSettlers2's classic board cannot hold");
  }
  if (form == LayoutForm::Classic2)
    return fmt::format("bef=1|HL={}|RH={}|NL={}", braced(hexes, false), robber,
                       braced(numbers, false));
  return fmt::format("hexLayout={}|numberLayout={}|robberHex=0x{:x}", braced(hexes, false),
                     braced(numbers, false), robber);
}

namespace {

class Writer {
 public:
  Writer(const log::Game& g, const SoclogOptions& o) : g_(g), o_(o), rep_("<soclog writer>", {}) {}

  std::string run() {
    validate();
    header();
    tracking_ = rep_.start(g_);
    for (const log::Entry& e : g_.actions) {
      std::optional<GameState> before;
      if (tracking_ && rep_.state()) before = *rep_.state();
      // An illegal entry (a mutant) ends the tracking: from there on only the entries speak.
      if (tracking_ && !rep_.feed(e)) tracking_ = false;
      const GameState* after = tracking_ ? rep_.state() : nullptr;
      entry(e.action, before ? &*before : nullptr, after);
    }
    finish();
    return std::move(out_);
  }

 private:
  enum class Ctx { Setup, Regular, Window, Closed };

  const log::Game& g_;
  SoclogOptions o_;
  replay::Replayer rep_;
  bool tracking_ = false;
  const core::Edition* edition_ = nullptr;
  const js::BoardCoords* coords_ = nullptr;
  bool six_ = false;            // the 6-player board
  bool special_build_ = false;  // five-six: the Special Building Phase follows each turn
  int n_ = 0;
  int max_players_ = 0;    // game option PL
  int board_seats_ = 0;    // the board's seats (SOCGame.maxPlayers): 6 or 4
  std::vector<int> seat_;  // by player
  std::string out_;
  int clock_ms_ = 0;

  Ctx ctx_ = Ctx::Setup;
  int ctx_player_ = -1;          // whose turn or window the last SOCTurn opened
  bool closed_by_turn_ = false;  // Ctx::Closed: by `end: turn` (else by `end: build`)
  int setup_placements_ = 0, setup_settlements_ = 0;
  bool setup_ = true;
  bool over_ = false;      // SOCGameState OVER written
  int over_pending_ = -1;  // the winner, while the rest of a winning knight may follow
  int trades_ = 0, vp_cards_ = 0;
  std::array<int, kSeats> revealed_{};  // victory point cards revealed after the end, by player

  // ---- lines ----

  void line(std::string_view aud, std::string_view type, const std::string& body) {
    if (o_.timestamps) {
      out_ += fmt::format("{}:{:02}.{:03}:", clock_ms_ / 60000, clock_ms_ / 1000 % 60,
                          clock_ms_ % 1000);
      clock_ms_ += 7;
    }
    out_ += fmt::format("{}:{}:{}\n", aud, type, body);
  }
  std::string game() const { return "game=" + o_.game_name; }
  void all(std::string_view type, const std::string& rest) {
    line("all", type, rest.empty() ? game() : game() + "|" + rest);
  }
  void to(int seat, std::string_view type, const std::string& rest) {
    line(fmt::format("p{}", seat), type, game() + "|" + rest);
  }
  void but(int seat, std::string_view type, const std::string& rest) {
    line(fmt::format("!p{}", seat), type, game() + "|" + rest);
  }
  void state_line(int state) { all("SOCGameState", fmt::format("state={}", state)); }
  int seat(int player) const { return seat_.at(static_cast<size_t>(player)); }

  // ---- the game before its first turn ----

  void validate() {
    if (g_.has_view) throw std::invalid_argument("a player view: the writer writes type F logs");
    n_ = static_cast<int>(g_.players.size());
    edition_ = &rules::edition_for(n_, g_.board);
    six_ = edition_ == &core::Edition::five_six();
    coords_ = six_ ? &js::BoardCoords::six_player() : &js::BoardCoords::classic();
    if (six_ && g_.options.turn_structure_56 != core::TurnStructure56::SpecialBuild)
      throw std::invalid_argument(
          "JSettlers2 plays five or six only with the Special Building Phase");
    special_build_ = six_;
    seat_ = o_.seats;
    if (seat_.empty())
      for (int p = 0; p < n_; ++p) seat_.push_back(p);
    if (static_cast<int>(seat_.size()) != n_) throw std::invalid_argument("one seat per player");
    int rises = 0;  // ascending cyclically: at most one wrap
    for (int p = 0; p < n_; ++p) {
      if (seat_[p] < 0 || seat_[p] >= kSeats) throw std::invalid_argument("seats are 0..5");
      if (seat_[(p + 1) % n_] <= seat_[p]) ++rises;
    }
    if (rises != 1) throw std::invalid_argument("seats must ascend from the first player's");
    board_seats_ = six_ ? 6 : 4;
    max_players_ = o_.max_players;
    if (max_players_ == 0)
      max_players_ = std::max(n_, *std::max_element(seat_.begin(), seat_.end()) + 1);
    if (max_players_ < n_ || max_players_ > board_seats_ ||
        *std::max_element(seat_.begin(), seat_.end()) >= board_seats_)
      throw std::invalid_argument("more seats than the board has");
    if (g_.options.victory_points < 3 || g_.players.empty())
      throw std::invalid_argument("no players or no target");
  }

  void header() {
    out_ = fmt::format(
        "SOC game event log: type=F, version=2700, created_at=1700000000, now=1700003600, "
        "game_name={}\n"
        "# Written by catan-referee's tests (tests/unit/soclog_writer.cpp) from a catan-log/1 "
        "game,\n# in the message grammar of JSettlers2 2.7.00\n",
        o_.game_name);
    line("all", "SOCVersion", "2700|str=2.7.00|verBuild=JM20260517|feats=;ch;|cliLocale=(null)");
    // Game options in JSettlers2's order (alphabetical). The 6-player board comes with PL=5
    // or 6, or PLB; JSettlers2's recorded games have PLB=t with PL=6 and not with PL=5.
    std::string opts = fmt::format("BC=t4,N7=f7,PL={}", max_players_);
    if (six_ && max_players_ != 5) opts += ",PLB=t";
    opts += ",RD=f,UBL=t7";
    if (g_.options.victory_points != 10) opts += fmt::format(",VP=t{}", g_.options.victory_points);
    // param1: the oldest client version that can join (1.1.08 for the 6-player board).
    all("SOCNewGameWithOptions", fmt::format("param1={}|param2={}", six_ ? 1108 : -1, opts));
    // What a joining robot is sent: an empty board (never facts).
    line("ob", "SOCBoardLayout",
         game() + "|hexLayout={ 6 }|numberLayout={ -1 }|robberHex=0xffffffff");
    for (int p = 0; p < n_; ++p)
      line("all", "SOCJoinGame",
           fmt::format("nickname={}|password empty|host=\t|{}", g_.players[p], game()));
    for (int p = 0; p < n_; ++p) {
      line("fo", "SOCSitDown",
           game() + fmt::format("|nickname=\t|playerNumber={}|robotFlag=true", seat(p)));
      all("SOCSitDown",
          fmt::format("nickname={}|playerNumber={}|robotFlag=true", g_.players[p], seat(p)));
      to(seat(p), "SOCPlayerElements",
         fmt::format("playerNum={}|actionType=SET|e1=0,e2=0,e3=0,e4=0,e5=0,e6=0", seat(p)));
      state_line(1);
    }
    board();
    for (int p = 0; p < n_; ++p)
      all("SOCPlayerElements",
          fmt::format("playerNum={}|actionType=SET|e10={},e11={},e12={}", seat(p), edition_->roads,
                      edition_->settlements, edition_->cities));
    all("SOCPlayerElement", "playerNum=-1|actionType=SET|elementType=19|amount=0");
    int deck = 0;
    for (int c : edition_->deck) deck += c;
    all("SOCGameElements", fmt::format("e2={}", deck));
    all("SOCStartGame", "gameState=5");
  }

  void board() {
    if (g_.board.hexes.empty() || !g_.board.robber)
      throw std::invalid_argument("a board without hexes or robber");
    const LayoutForm form = six_               ? LayoutForm::SixPlayer
                            : o_.board_layout2 ? LayoutForm::Classic2
                                               : LayoutForm::Classic;
    all(form == LayoutForm::Classic ? "SOCBoardLayout" : "SOCBoardLayout2",
        board_layout(g_.board, form));
  }

  // ---- turns and windows ----

  // What the server sends when the running turn or window ends (SOCEndTurn).
  void close_context() {
    if (ctx_ == Ctx::Window || (ctx_ == Ctx::Closed && !closed_by_turn_ && ctx_player_ >= 0))
      all("SOCPlayerElement",
          fmt::format("playerNum={}|actionType=SET|elementType=16|amount=0", seat(ctx_player_)));
    if (ctx_ != Ctx::Setup) all("SOCClearOffer", "playerNumber=-1");
  }
  void ask(int p) {
    all("SOCPlayerElement",
        fmt::format("playerNum={}|actionType=SET|elementType=16|amount=1", seat(p)));
  }
  void open_regular(int p, int state = 15) {
    close_context();
    all("SOCTurn", fmt::format("playerNumber={}|gameState={}", seat(p), state));
    if (state == 15) all("SOCRollDicePrompt", fmt::format("playerNumber={}", seat(p)));
    ctx_ = Ctx::Regular;
    ctx_player_ = p;
  }
  void open_window(int p) {
    const bool own_turn_start = o_.ask_at_turn_start && ctx_ == Ctx::Closed && closed_by_turn_ &&
                                p == (ctx_player_ + 1) % n_;
    if (own_turn_start) {
      // Case B: the player's own turn begins, they ask before rolling, the turn ends.
      open_regular(p);
      line(fmt::format("f{}", seat(p)), "SOCBuildRequest", game() + "|pieceType=-1");
      ask(p);
      all("SOCClearOffer", "playerNumber=-1");
    } else {
      line(fmt::format("f{}", seat(p)), "SOCBuildRequest", game() + "|pieceType=-1");
      ask(p);  // asked while the previous turn or window ran
      close_context();
    }
    all("SOCTurn", fmt::format("playerNumber={}|gameState=100", seat(p)));
    ctx_ = Ctx::Window;
    ctx_player_ = p;
  }

  static bool window_kind(const Action& a) {
    return a.kind == ActionKind::Road || a.kind == ActionKind::Settlement ||
           a.kind == ActionKind::City || a.kind == ActionKind::Buy ||
           (a.kind == ActionKind::EndTurn && a.end_build);
  }

  // Opens the turn or window `a` belongs to, when the running one is not it.
  void place(const Action& a, const GameState* b, const GameState* s) {
    const bool began_turn = b && s && b->phase == Phase::SpecialBuild && s->turn != b->turn;
    if (a.kind == ActionKind::EndTurn && a.end_build) {
      if (ctx_ != Ctx::Window || ctx_player_ != a.player) open_window(a.player);
      return;
    }
    if (ctx_ == Ctx::Setup) return open_regular(a.player);
    if (ctx_ == Ctx::Regular) return;  // every entry of a turn, discards included
    if (special_build_ && window_kind(a) && !began_turn) {
      if (ctx_ != Ctx::Window || ctx_player_ != a.player) open_window(a.player);
      return;
    }
    if (ctx_ == Ctx::Window && !began_turn &&
        (b || (a.kind != ActionKind::Roll && a.kind != ActionKind::Play)))
      return;  // not a window's entry, but not the next turn's either (an illegal one)
    open_regular(a.player);
  }

  // ---- entries ----

  void awards(const GameState* b, const GameState* s) {
    if (!b || !s) return;
    auto holder = [&](int p) { return p == core::kNoPlayer ? -1 : seat(p); };
    if (s->longest_road != b->longest_road)
      all("SOCGameElements", fmt::format("e6={}", holder(s->longest_road)));
    if (s->largest_army != b->largest_army)
      all("SOCGameElements", fmt::format("e5={}", holder(s->largest_army)));
  }

  void phase_line(const GameState* s) {
    if (!s) return;
    switch (s->phase) {
      case Phase::PreRoll:
        state_line(15);
        all("SOCRollDicePrompt", fmt::format("playerNumber={}", seat(s->active)));
        break;
      case Phase::Main:
        state_line(20);
        break;
      case Phase::Discard:
        state_line(50);
        break;
      case Phase::MoveRobber:
        state_line(33);
        break;
      case Phase::RoadBuilding:
        state_line(s->free_roads > 1 ? 40 : 41);
        break;
      case Phase::SpecialBuild:
        state_line(100);
        break;
      default:
        break;
    }
  }

  void piece(const Action& a, const GameState* b) {
    const int sp = seat(a.player);
    int type = 0, coord = 0;
    if (a.kind == ActionKind::Road) {
      const core::EdgeId e = edition_->island.edge_id(a.edge.hex, a.edge.dir);
      if (e == core::kNone) throw std::invalid_argument("a road off the island");
      coord = coords_->edge_coord(e);
    } else {
      const core::CornerId c = edition_->island.corner_id(a.corner.hex, a.corner.dir);
      if (c == core::kNone) throw std::invalid_argument("a building off the island");
      coord = coords_->corner_node(c);
      type = a.kind == ActionKind::Settlement ? 1 : 2;
    }
    if (!setup_ && b) {  // the cost, unless a free road of Road Building
      const ResourceSet& cost = a.kind == ActionKind::Road         ? core::cost::kRoad
                                : a.kind == ActionKind::Settlement ? core::cost::kSettlement
                                                                   : core::cost::kCity;
      if (!(a.kind == ActionKind::Road && b->free_roads > 0))
        all("SOCPlayerElements",
            fmt::format("playerNum={}|actionType=LOSE|{}", sp, elements(cost, false)));
    }
    line(fmt::format("f{}", sp), "SOCPutPiece",
         game() + fmt::format("|playerNumber={}|pieceType={}|coord={:x}", sp, type, coord));
    all("SOCPutPiece", fmt::format("playerNumber={}|pieceType={}|coord={:x}", sp, type, coord));
  }

  void roll(const Action& a, const GameState* b, const GameState* s) {
    const int total = a.roll_total();
    line(fmt::format("f{}", seat(a.player)), "SOCRollDice", game());
    all("SOCDiceResult", fmt::format("param={}", total));
    if (total == 7) return;
    std::vector<ResourceSet> gains(static_cast<size_t>(n_));
    if (a.gains) {
      for (size_t p = 0; p < a.gains->size() && p < gains.size(); ++p) gains[p] = (*a.gains)[p];
    } else if (b && s) {
      for (int p = 0; p < n_; ++p) gains[p] = s->players[p].hand - b->players[p].hand;
    }
    std::vector<int> order;  // players by seat
    for (int p = 0; p < n_; ++p)
      if (!gains[p].empty()) order.push_back(p);
    std::sort(order.begin(), order.end(), [&](int x, int y) { return seat(x) < seat(y); });
    if (order.empty()) {
      all("SOCGameServerText", "text=No player gets anything.");
      return;
    }
    std::string body = fmt::format("p={}", order.size());
    for (size_t k = 0; k < order.size(); ++k) {
      const int p = order[k];
      const int held = s ? s->players[p].hand.total() : gains[p].total();
      body += fmt::format("|p={}|p={}", seat(p), held);
      for (int n = 1; n <= 5; ++n)
        if (int got = gains[p][*js::resource_of(n)]; got > 0)
          body += fmt::format("|p={}|p={}", got, n);
      if (k + 1 < order.size()) body += "|p=0";
    }
    all("SOCDiceResultResources", body);
    if (s)  // each gaining player's whole hand, to that player
      for (int p : order)
        to(seat(p), "SOCPlayerElements",
           fmt::format("playerNum={}|actionType=SET|{}", seat(p),
                       elements(s->players[p].hand, true)));
  }

  void robber(const Action& a) {
    const int sp = seat(a.player);
    const int hex = js::hex_coord(a.hex.hex);
    line(fmt::format("f{}", sp), "SOCMoveRobber",
         game() + fmt::format("|playerNumber={}|coord={:x}", sp, hex));
    all("SOCMoveRobber", fmt::format("playerNumber={}|coord={:x}", sp, hex));
    if (!a.has_steal) return;
    if (!a.stolen.resource) throw std::invalid_argument("a steal of a card not known");
    const int sv = seat(a.steal_from);
    const std::string what = fmt::format("perp={}|victim={}|resType={}|amount=1|isGainLose=true",
                                         sp, sv, res_number(*a.stolen.resource));
    to(sp, "SOCRobberyResult", what);
    to(sv, "SOCRobberyResult", what);
    line(fmt::format("!p[{}, {}]", sp, sv), "SOCRobberyResult",
         game() + fmt::format("|perp={}|victim={}|resType=6|amount=1|isGainLose=true", sp, sv));
  }

  void trade(const Action& a) {
    const int sp = seat(a.player), so = seat(a.other);
    // The active player's entry as either side of the offer: alternately their own offer
    // accepted, and their acceptance of the partner's offer. The importer makes the entry
    // the active (current) player's either way; another player's trade (illegal) is written
    // as their acceptance, which the importer keeps as theirs unless the partner is current.
    if (a.player != ctx_player_ && a.other == ctx_player_)
      throw std::invalid_argument("a trade the importer would read as the current player's");
    const bool own_offer = a.player == ctx_player_ && trades_++ % 2 == 0;
    const int from = own_offer ? sp : so, acc = own_offer ? so : sp;
    const ResourceSet& offer_gives = own_offer ? a.give : a.get;
    const ResourceSet& offer_gets = own_offer ? a.get : a.give;
    std::string to_list;
    for (int k = 0; k < board_seats_; ++k)
      to_list += (k ? "," : "") + std::string(k == acc ? "true" : "false");
    all("SOCMakeOffer", fmt::format("from={}|to={}|give={}|get={}", from, to_list,
                                    cards(offer_gives), cards(offer_gets)));
    all("SOCClearTradeMsg", "playerNumber=-1");
    line(fmt::format("f{}", acc), "SOCAcceptOffer",
         game() + fmt::format("|accepting=0|offering={}", from));
    all("SOCAcceptOffer", fmt::format("accepting={}|offering={}|toAccepting={}|toOffering={}", acc,
                                      from, cards(offer_gives), cards(offer_gets)));
    all("SOCClearOffer", "playerNumber=-1");
  }

  int card_number(core::DevCard c) {
    switch (c) {
      case core::DevCard::Knight:
        return 9;
      case core::DevCard::RoadBuilding:
        return 1;
      case core::DevCard::YearOfPlenty:
        return 2;
      case core::DevCard::Monopoly:
        return 3;
      case core::DevCard::VictoryPoint:
        return 4 + vp_cards_++ % 5;  // CAP, MARKET, UNIV, TEMPLE, CHAPEL
    }
    return 0;
  }

  void play(const Action& a, const GameState* b) {
    if (a.card == core::DevCard::VictoryPoint)
      throw std::invalid_argument("a victory point card is not played");
    const int sp = seat(a.player);
    const int type = card_number(a.card);
    line(fmt::format("f{}", sp), "SOCPlayDevCardRequest",
         game() + fmt::format("|devCard={}", type));
    all("SOCDevCardAction", fmt::format("playerNum={}|actionType=PLAY|cardType={}", sp, type));
    all("SOCPlayerElement", fmt::format("playerNum={}|actionType=SET|elementType=19|amount=1", sp));
    switch (a.card) {
      case core::DevCard::Knight:
        all("SOCPlayerElement",
            fmt::format("playerNum={}|actionType=GAIN|elementType=15|amount=1", sp));
        break;
      case core::DevCard::YearOfPlenty:
        if (!a.has_take) throw std::invalid_argument("a Year of Plenty without its take");
        state_line(52);
        line(fmt::format("f{}", sp), "SOCPickResources", game() + "|resources=" + cards(a.get));
        all("SOCPickResources", fmt::format("resources={}|pn={}|reason=2", cards(a.get), sp));
        break;
      case core::DevCard::Monopoly: {
        state_line(53);
        const int r = res_number(a.resource);
        line(fmt::format("f{}", sp), "SOCPickResourceType", game() + fmt::format("|resType={}", r));
        int sum = 0;
        for (int q = 0; q < n_; ++q) {
          if (q == a.player) continue;
          int took = 0;
          if (a.takes && q < static_cast<int>(a.takes->size()))
            took = (*a.takes)[q];
          else if (b)
            took = b->players[q].hand[a.resource];
          if (b && b->players[q].hand[a.resource] == 0 && took == 0) continue;
          sum += took;
          all("SOCPlayerElement",
              fmt::format("playerNum={}|actionType=SET|elementType={}|amount=0|news=Y", seat(q),
                          r));
          if (b)
            all("SOCResourceCount",
                fmt::format("playerNum={}|count={}", seat(q), b->players[q].hand.total() - took));
        }
        all("SOCPlayerElement",
            fmt::format("playerNum={}|actionType=GAIN|elementType={}|amount={}", sp, r, sum));
        all("SOCSimpleAction", fmt::format("pn={}|actType=3|v1={}|v2={}", sp, sum, r));
        break;
      }
      default:
        break;
    }
  }

  void entry(const Action& a, const GameState* b, const GameState* s) {
    // The rest of a winning knight (its robber move) comes before JSettlers2 announces the
    // win; anything else after the win goes after it.
    if (over_pending_ >= 0 && !(a.kind == ActionKind::Robber && a.player == over_pending_))
      game_over();
    if (over_) return after_end(a);
    if (setup_ && (a.kind == ActionKind::Settlement || a.kind == ActionKind::Road) &&
        setup_placements_ < 4 * n_) {
      if (a.kind == ActionKind::Settlement) {
        const int round = setup_settlements_++ < n_ ? 5 : 10;
        all("SOCTurn", fmt::format("playerNumber={}|gameState={}", seat(a.player), round));
        ctx_player_ = a.player;
        piece(a, b);
        state_line(round + 1);  // START1B, START2B
      } else {
        piece(a, b);
      }
      ++setup_placements_;
      return;
    }
    setup_ = false;
    // A win at the start of a turn (reached in a window): the turn begins as OVER. Only the
    // winner's reveal or claim can begin it then (a card or roll that wins came after it).
    const bool wins = s && s->phase == Phase::Over;
    if (wins && b && b->phase == Phase::SpecialBuild && s->turn != b->turn &&
        (a.kind == ActionKind::Reveal || a.kind == ActionKind::Claim)) {
      open_regular(a.player, 1000);
      over_ = true;
      return after_end(a);
    }
    if (a.kind == ActionKind::Reveal || a.kind == ActionKind::Claim) {
      // JSettlers2 has neither: the server sees every card and decides the win itself.
      if (wins) game_over();
      if (over_) after_end(a);
      return;
    }
    place(a, b, s);
    const int sp = seat(a.player);
    switch (a.kind) {
      case ActionKind::Settlement:
      case ActionKind::Road:
      case ActionKind::City:
        piece(a, b);
        break;
      case ActionKind::Roll:
        roll(a, b, s);
        break;
      case ActionKind::Discard: {
        if (a.hidden_cards || a.hidden_owed) throw std::invalid_argument("a discard not seen");
        const int k = a.give.total();
        to(sp, "SOCDiscardRequest", fmt::format("numDiscards={}", k));
        line(fmt::format("f{}", sp), "SOCDiscard", game() + "|resources=" + cards(a.give));
        to(sp, "SOCDiscard", fmt::format("playerNum={}|resources={}", sp, cards(a.give)));
        but(sp, "SOCDiscard", fmt::format("playerNum={}|resources={}", sp, cards({}, k)));
        break;
      }
      case ActionKind::Robber:
        robber(a);
        break;
      case ActionKind::Trade:
        trade(a);
        break;
      case ActionKind::BankTrade:
        line(fmt::format("f{}", sp), "SOCBankTrade",
             game() + fmt::format("|give={}|get={}", cards(a.give), cards(a.get)));
        all("SOCBankTrade", fmt::format("give={}|get={}|pn={}", cards(a.give), cards(a.get), sp));
        break;
      case ActionKind::Buy: {
        if (a.hidden_buy) throw std::invalid_argument("a purchase not seen");
        line(fmt::format("f{}", sp), "SOCBuyDevCardRequest", game());
        all("SOCPlayerElements", fmt::format("playerNum={}|actionType=LOSE|{}", sp,
                                             elements(core::cost::kDevCard, false)));
        const int type = card_number(a.card);
        to(sp, "SOCDevCardAction",
           fmt::format("playerNum={}|actionType=DRAW|cardType={}", sp, type));
        but(sp, "SOCDevCardAction", fmt::format("playerNum={}|actionType=DRAW|cardType=0", sp));
        if (s)
          all("SOCSimpleAction", fmt::format("pn={}|actType=1|v1={}|v2=0", sp, s->deck_left()));
        break;
      }
      case ActionKind::Play:
        play(a, b);
        break;
      case ActionKind::EndTurn:
        line(fmt::format("f{}", sp), "SOCEndTurn", game());
        closed_by_turn_ = !a.end_build;
        ctx_ = Ctx::Closed;
        ctx_player_ = a.player;
        break;
      default:
        break;
    }
    awards(b, s);
    if (wins) {
      if (s->robber_after_win)
        over_pending_ = s->winner;
      else
        game_over();
    } else if (a.kind != ActionKind::EndTurn) {
      phase_line(s);
    }
  }

  void game_over() {
    if (over_) return;
    const GameState* s = tracking_ ? rep_.state() : nullptr;
    if (s) all("SOCGameElements", fmt::format("e4={}", seat(s->winner)));
    state_line(1000);
    over_ = true;
    over_pending_ = -1;
  }

  // `reveal` after the end: JSettlers2 shows every player's victory point cards at the end
  // (finish()); without the rules' state, the revealed ones.
  void after_end(const Action& a) {
    if (a.kind == ActionKind::Reveal) revealed_[static_cast<size_t>(a.player)] += a.count;
  }

  // SOCDevCardAction ADD_OLD of one player's victory point cards: one card as cardType, more
  // as a list.
  void show_vp_cards(int p, int count) {
    if (count < 1) return;
    std::string types;
    for (int k = 0; k < count; ++k)
      types += fmt::format("{}{}", k ? ", " : "", card_number(core::DevCard::VictoryPoint));
    all("SOCDevCardAction",
        fmt::format("playerNum={}|actionType=ADD_OLD|{}", seat(p),
                    count == 1 ? "cardType=" + types : "cardTypes=[" + types + "]"));
  }

  void finish() {
    if (over_pending_ >= 0) game_over();
    if (!over_) {
      // A log that stops after an `end`: the next SOCTurn is what closes it.
      if (ctx_ == Ctx::Closed) open_regular((ctx_player_ + 1) % n_);
      return;
    }
    const GameState* s = tracking_ ? rep_.state() : nullptr;
    std::vector<int> by_seat(static_cast<size_t>(n_));
    for (int p = 0; p < n_; ++p) by_seat[p] = p;
    std::sort(by_seat.begin(), by_seat.end(), [&](int x, int y) { return seat(x) < seat(y); });
    for (int p : by_seat) show_vp_cards(p, s ? s->vp_cards(p) : revealed_[static_cast<size_t>(p)]);
    if (!s) return;
    // The final scores by seat, then whether each seat is a robot.
    std::string body;
    for (int k = 0; k < board_seats_; ++k) {
      int vp = 0;
      for (int p = 0; p < n_; ++p)
        if (seat(p) == k) vp = s->victory_points(p);
      body += fmt::format("{}{}", k ? "|" : "", vp);
    }
    for (int k = 0; k < board_seats_; ++k) {
      bool seated = std::find(seat_.begin(), seat_.end(), k) != seat_.end();
      body += seated ? "|true" : "|false";
    }
    all("SOCGameStats", body);
  }
};

}  // namespace

std::string write_soclog(const log::Game& game, const SoclogOptions& options) {
  return Writer(game, options).run();
}

}  // namespace catan::test
