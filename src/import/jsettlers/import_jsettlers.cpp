// JSettlers2 game-event logs (.soclog, types F and C, 2.5.00 and later) as log::Game.
// One network message a line: `[m:ss.mmm:]AUDIENCE:MessageType:key=value|...`. Only the
// server's lines are facts (`fN:` lines are requests it may have refused); `ob:` lines are
// copies of an empty board sent to joining robots. The server view takes each private copy
// (`pN:`); a seat's view (ImportOptions::view_seat) takes what that seat received, so the
// public copies (`!pN:`) become hidden cards. docs/IMPORT-JSETTLERS.md maps every message.
#include "import/jsettlers/import_jsettlers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/edition.hpp"
#include "import/detail.hpp"
#include "import/jsettlers/jsettlers_coords.hpp"
#include "import/sniff.hpp"

namespace catan::importers {
namespace {

using jsettlers::resource_of;

using log::Entry;
using log::Game;
using log::Source;
using text::Mark;

using core::ActionKind;
using core::Resource;
using core::ResourceSet;

constexpr int kMaxSeats = 6;
constexpr int kSpecialBuilding = 100;  // SOCGame.SPECIAL_BUILDING
constexpr int kOver = 1000;            // SOCGame.OVER
constexpr size_t kMaxProblems = 100;

std::optional<long> to_int(std::string_view s, int base = 10) {
  if (base == 16 && s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
  long v = 0;
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v, base);
  if (ec != std::errc() || p != end || s.empty()) return std::nullopt;
  return v;
}

std::optional<Resource> resource_named(std::string_view s) {
  if (s == "clay") return Resource::Brick;
  if (s == "ore") return Resource::Ore;
  if (s == "sheep") return Resource::Wool;
  if (s == "wheat") return Resource::Grain;
  if (s == "wood") return Resource::Lumber;
  return std::nullopt;
}

// SOCDevCardConstants (2.0.00 and later numbering).
std::optional<core::DevCard> card_of(long n) {
  if (n == 9) return core::DevCard::Knight;
  if (n == 1) return core::DevCard::RoadBuilding;
  if (n == 2) return core::DevCard::YearOfPlenty;
  if (n == 3) return core::DevCard::Monopoly;
  if (n >= 4 && n <= 8) return core::DevCard::VictoryPoint;
  return std::nullopt;
}

struct Cards {
  ResourceSet known;
  int unknown = 0;
};

// One server message.
struct Msg {
  int line = 0;
  std::string_view aud, type, body;
  std::vector<std::string_view> tok;  // body split at '|'

  std::optional<std::string_view> get(std::string_view key) const {
    for (auto t : tok)
      if (t.size() > key.size() && t.substr(0, key.size()) == key && t[key.size()] == '=')
        return t.substr(key.size() + 1);
    return std::nullopt;
  }
  std::optional<long> num(std::string_view key, int base = 10) const {
    auto v = get(key);
    return v ? to_int(*v, base) : std::nullopt;
  }
  // `key=clay=0|ore=0|sheep=0|wheat=0|wood=0|unknown=0`: six tokens from `key=` on.
  std::optional<Cards> cards(std::string_view key) const {
    for (size_t i = 0; i < tok.size(); ++i) {
      auto t = tok[i];
      if (!(t.size() > key.size() && t.substr(0, key.size()) == key && t[key.size()] == '='))
        continue;
      if (i + 6 > tok.size()) return std::nullopt;
      Cards c;
      for (size_t k = 0; k < 6; ++k) {
        std::string_view item = k == 0 ? t.substr(key.size() + 1) : tok[i + k];
        const auto eq = item.find('=');
        if (eq == std::string_view::npos) return std::nullopt;
        auto n = to_int(item.substr(eq + 1));
        if (!n || *n < 0 || *n > 1000) return std::nullopt;
        const auto name = item.substr(0, eq);
        if (name == "unknown")
          c.unknown = static_cast<int>(*n);
        else if (auto r = resource_named(name))
          c.known[*r] += static_cast<int>(*n);
        else
          return std::nullopt;
      }
      return c;
    }
    return std::nullopt;
  }
};

// Messages that carry nothing a catan-log/1 game records (requests' echoes, texts, offers
// not taken, prompts, refusals, counters the engine computes itself). A build paid for,
// refused at placement and refunded (SOCPlayerElements LOSE, SOCCancelBuildRequest, GAIN)
// leaves no entry: only SOCPutPiece makes one.
bool ignored(std::string_view t) {
  static const std::array<std::string_view, 32> kIgnored{"SOCGameServerText",
                                                         "SOCChangeFace",
                                                         "SOCClearOffer",
                                                         "SOCClearTradeMsg",
                                                         "SOCMakeOffer",
                                                         "SOCRejectOffer",
                                                         "SOCRollDicePrompt",
                                                         "SOCGameState",
                                                         "SOCJoinGame",
                                                         "SOCJoinGameAuth",
                                                         "SOCGameMembers",
                                                         "SOCSetSeatLock",
                                                         "SOCChoosePlayerRequest",
                                                         "SOCDiscardRequest",
                                                         "SOCResourceCount",
                                                         "SOCPotentialSettlements",
                                                         "SOCGameTextMsg",
                                                         "SOCBotJoinGameRequest",
                                                         "SOCPlayerElement",
                                                         "SOCPlayerElements",
                                                         "SOCSimpleAction",
                                                         "SOCGameElements",
                                                         "SOCGameStats",
                                                         "SOCSimpleRequest",
                                                         "SOCLastSettlement",
                                                         "SOCLeaveGame",
                                                         "SOCPlayerStats",
                                                         "SOCStartGame",
                                                         "SOCGameOptionInfo",
                                                         "SOCDeleteGame",
                                                         "SOCDeclinePlayerRequest",
                                                         "SOCCancelBuildRequest"};
  return std::find(kIgnored.begin(), kIgnored.end(), t) != kIgnored.end();
}

class Importer {
 public:
  Importer(const std::string& file, std::string_view text, const ImportOptions& o)
      : file_(file), text_(text), view_(o.view_seat) {
    seat_player_.fill(-1);
  }

  Imported run() {
    Imported out;
    size_t pos = 0;
    int line = 0;
    while (pos < text_.size() && !stop_) {
      size_t nl = text_.find('\n', pos);
      if (nl == std::string_view::npos) nl = text_.size();
      std::string_view l = text_.substr(pos, nl - pos);
      if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
      pos = nl + 1;
      ++line;
      if (line == 1) {
        header(l);
        continue;
      }
      if (l.empty() || l[0] == '#') continue;
      if (auto m = parse(l, line)) handle(*m);
    }
    if (line == 0) problem(1, "empty file: not a JSettlers2 game event log");
    if (!stop_ && problems_.empty()) finish();
    out.problems = std::move(problems_);
    if (out.problems.empty()) out.games.push_back(std::move(g_));
    return out;
  }

 private:
  const std::string& file_;
  std::string_view text_;
  int view_;
  Game g_;
  std::vector<ImportProblem> problems_;
  bool stop_ = false;

  std::array<std::string, kMaxSeats> seat_name_;
  std::array<int, kMaxSeats> seat_player_{};  // seat -> player index, -1 vacant
  bool board_ = false, started_ = false, ordered_ = false, in_play_ = false, over_ = false;
  // The board's coordinates: the classic board, or the 6-player board (SOCBoardLayout2
  // encoding 2, game option PLB, or PL=5|6).
  const jsettlers::BoardCoords* coords_ = &jsettlers::BoardCoords::classic();
  bool six_board_ = false;        // the options ask for the 6-player board
  int cur_ = -1;                  // seat whose turn (or Special Building window) it is
  int cur_state_ = 0;             // that SOCTurn's gameState: 100 in a Special Building window
  size_t turn_began_ = 0;         // g_.actions.size() at the current SOCTurn
  bool own_turn_window_ = false;  // the current player asked to build before their roll
  int pending_card_ = -1;         // a played Year of Plenty or Monopoly waiting for its outcome
  int pending_line_ = 0;
  int last_roll_ = -1, last_robber_ = -1;  // entry indexes
  int longest_ = -1, largest_ = -1;        // seats (SOCGameElements), -1 none
  std::vector<long> scores_;               // SOCGameStats at the end, per seat
  int over_line_ = 0;

  // The server view's hands, from every entry so far (for Monopoly's `takes`), resynced to
  // each private snapshot; `applied_` entries are in them. Unused in a seat's view.
  std::vector<ResourceSet> hand_;
  std::vector<int> setup_settlements_;
  size_t applied_ = 0;
  int free_roads_ = 0;
  int setup_placed_ = 0;
  bool setup_over_ = false;

  void problem(int line, std::string msg) {
    if (problems_.size() == kMaxProblems) {
      problems_.push_back(
          {{line, 1},
           "more problems follow; the first " + std::to_string(kMaxProblems) + " are listed"});
      stop_ = true;
      return;
    }
    problems_.push_back({{line, 1}, std::move(msg)});
  }
  void fatal(int line, std::string msg) {
    problem(line, std::move(msg));
    stop_ = true;
  }

  void header(std::string_view l) {
    constexpr std::string_view kHead = "SOC game event log: ";
    if (l.size() >= 5 &&
        std::all_of(l.begin(), l.begin() + 4, [](char c) { return c >= '0' && c <= '9'; }) &&
        l[4] == ':') {
      fatal(1,
            "the STAC legacy line form (date-stamped lines without an audience), not a "
            "JSettlers2 2.5 event log: import it with --from stac");
      return;
    }
    if (l.substr(0, kHead.size()) != kHead) {
      fatal(1, "not a JSettlers2 game event log: the first line must start with '" +
                   std::string(kHead) + "'");
      return;
    }
    std::string_view rest = l.substr(kHead.size());
    std::string type, version;
    while (!rest.empty()) {
      auto comma = rest.find(", ");
      std::string_view item = rest.substr(0, comma);
      rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 2);
      auto eq = item.find('=');
      if (eq == std::string_view::npos) continue;
      auto k = item.substr(0, eq), v = item.substr(eq + 1);
      if (k == "type") type = v;
      if (k == "version") version = v;
      if (k == "game_name") g_.id = v;
    }
    auto ver = to_int(version);
    if (!ver || *ver < 2500) {
      fatal(1, "log version '" + version +
                   "': only JSettlers2 2.5.00 (version=2500) and later logs are imported");
      return;
    }
    if (type == "C") {
      if (view_ < 0)
        fatal(1,
              "type C: this log was recorded at a client and holds only what one seat "
              "received; import it with --view N for that seat");
    } else if (type != "F") {
      fatal(1, "log type '" + type + "': only types F (at the server) and C are imported");
    }
    g_.source = Source{"jsettlers", file_, "JSettlers2"};
  }

  std::optional<Msg> parse(std::string_view l, int line) {
    Msg m;
    m.line = line;
    size_t p = 0;
    if (!l.empty() && l[0] >= '0' && l[0] <= '9') {  // m:ss.mmm: timestamp
      const auto dot = l.find('.');
      const auto colon = dot == std::string_view::npos ? dot : l.find(':', dot);
      if (colon == std::string_view::npos) {
        problem(line, "a line must be [m:ss.mmm:]AUDIENCE:MessageType:parameters");
        return std::nullopt;
      }
      p = colon + 1;
    }
    const auto a = l.find(':', p);
    if (a == std::string_view::npos) {
      problem(line, "a line must be [m:ss.mmm:]AUDIENCE:MessageType:parameters");
      return std::nullopt;
    }
    m.aud = l.substr(p, a - p);
    const auto t = l.find(':', a + 1);
    m.type = l.substr(a + 1, t == std::string_view::npos ? std::string_view::npos : t - a - 1);
    m.body = t == std::string_view::npos ? std::string_view{} : l.substr(t + 1);
    for (size_t s = 0; s <= m.body.size();) {
      auto bar = m.body.find('|', s);
      if (bar == std::string_view::npos) bar = m.body.size();
      m.tok.push_back(m.body.substr(s, bar - s));
      s = bar + 1;
    }
    return m;
  }

  // Whether the viewer received this line (see the file comment).
  std::optional<bool> visible(const Msg& m) {
    std::string_view a = m.aud;
    if (a == "all") return true;
    if (a == "ob" || (!a.empty() && a[0] == 'f')) return false;
    if (a.size() >= 2 && a[0] == 'p') {
      auto n = to_int(a.substr(1));
      if (!n) return std::nullopt;
      return view_ < 0 || *n == view_;
    }
    if (a.size() >= 3 && a[0] == '!' && a[1] == 'p') {
      if (view_ < 0) return false;  // the public copy of a private line the server view has
      std::string_view list = a.substr(2);
      if (!list.empty() && list.front() == '[' && list.back() == ']')
        list = list.substr(1, list.size() - 2);
      for (size_t s = 0; s <= list.size();) {
        auto c = list.find(',', s);
        if (c == std::string_view::npos) c = list.size();
        std::string_view item = list.substr(s, c - s);
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        auto n = to_int(item);
        if (!n) return std::nullopt;
        if (*n == view_) return false;
        s = c + 1;
      }
      return true;
    }
    return std::nullopt;
  }

  // The player index of a seat named by a message, or a problem.
  std::optional<int> player(const Msg& m, std::string_view key) {
    auto n = m.num(key);
    if (!n || *n < 0 || *n >= kMaxSeats || seat_player_[*n] < 0) {
      problem(m.line, fmt::format("{} {}: '{}' is not a seated player", m.type, key,
                                  std::string(m.get(key).value_or(""))));
      return std::nullopt;
    }
    return seat_player_[*n];
  }

  core::Action& emit(const Msg& m, ActionKind k, int p) {
    catch_up();
    Entry e;
    e.action.kind = k;
    e.action.player = p;
    e.at = e.player = e.value = e.source = Mark{m.line, 1};
    g_.actions.push_back(std::move(e));
    return g_.actions.back().action;
  }

  void handle(const Msg& m) {
    auto vis = visible(m);
    if (!vis) {
      problem(m.line, "unknown audience '" + std::string(m.aud) + "'");
      return;
    }
    if (!*vis) return;
    const auto& t = m.type;
    if (over_ && t != "SOCGameStats" && t != "SOCGameElements") return;  // reveals after the end
    if (t == "SOCVersion") {
      if (auto s = m.get("str")) g_.source->program = "JSettlers2 " + std::string(*s);
    } else if (t == "SOCNewGameWithOptions" || t == "SOCNewGame") {
      options(m);
    } else if (t == "SOCBoardLayout") {
      if (started_)
        problem(m.line, "a second board layout after the game started: not imported");
      else
        board(m);
    } else if (t == "SOCBoardLayout2") {
      if (started_)
        problem(m.line, "a second board layout after the game started: not imported");
      else
        board2(m);
    } else if (t == "SOCSitDown") {
      auto n = m.num("playerNumber");
      auto name = m.get("nickname");
      if (!n || *n < 0 || *n >= kMaxSeats || !name || name->empty()) {
        problem(m.line, "SOCSitDown without a valid playerNumber and nickname");
        return;
      }
      if (ordered_) {
        problem(m.line,
                "a player sat down after the game started: seat changes are not "
                "imported");
        return;
      }
      seat_name_[*n] = *name;
    } else if (t == "SOCStartGame") {
      if (!board_)
        fatal(m.line, "SOCStartGame before the board (SOCBoardLayout or SOCBoardLayout2)");
      started_ = true;
    } else if (!started_) {
      return;  // joining, seating and option talk before the game
    } else if (t == "SOCTurn") {
      turn(m);
    } else if (!ordered_) {
      if (!ignored(t)) problem(m.line, std::string(t) + " before the first turn");
    } else if (t == "SOCPutPiece") {
      put_piece(m);
    } else if (t == "SOCDiceResult") {
      auto n = m.num("param");
      if (!n || *n < 2 || *n > 12) {
        problem(m.line, "SOCDiceResult param must be a dice total 2..12");
        return;
      }
      if (cur_ < 0) return;
      auto& a = emit(m, ActionKind::Roll, seat_player_[cur_]);
      a.roll_sum = static_cast<int>(*n);
      if (*n != 7) a.gains = std::vector<ResourceSet>(g_.players.size());  // none unless listed
      last_roll_ = static_cast<int>(g_.actions.size()) - 1;
    } else if (t == "SOCDiceResultResources") {
      dice_resources(m);
    } else if (t == "SOCPlayerElements" && m.aud != "all") {
      snapshot(m);
    } else if (t == "SOCPlayerElement") {
      asked_special_build(m);
    } else if (t == "SOCMoveRobber") {
      auto p = player(m, "playerNumber");
      auto c = m.num("coord", 16);
      if (!p) return;
      auto a = c ? jsettlers::hex_axial(static_cast<int>(*c)) : std::nullopt;
      if (!a) {
        problem(m.line, "SOCMoveRobber coord '" + std::string(m.get("coord").value_or("")) +
                            "' is not a hex of the board (a pirate move is not imported)");
        return;
      }
      emit(m, ActionKind::Robber, *p).hex = {*a, island().hex_id(*a)};
      last_robber_ = static_cast<int>(g_.actions.size()) - 1;
    } else if (t == "SOCRobberyResult") {
      robbery(m);
    } else if (t == "SOCDiscard") {
      if (!m.get("playerNum")) return;  // the client's request echoed without a seat
      auto p = player(m, "playerNum");
      auto c = m.cards("resources");
      if (!p) return;
      if (!c) {
        problem(m.line,
                "SOCDiscard resources must be clay=N|ore=N|sheep=N|wheat=N|wood=N|unknown=N");
        return;
      }
      auto& a = emit(m, ActionKind::Discard, *p);
      a.give = c->known;
      a.hidden_cards = c->unknown;
    } else if (t == "SOCBankTrade") {
      auto p = player(m, "pn");
      auto give = m.cards("give"), get = m.cards("get");
      if (!p) return;
      if (!give || !get || give->unknown || get->unknown) {
        problem(m.line, "SOCBankTrade give and get must be known resource sets");
        return;
      }
      auto& a = emit(m, ActionKind::BankTrade, *p);
      a.give = give->known;
      a.get = get->known;
    } else if (t == "SOCAcceptOffer") {
      accept(m);
    } else if (t == "SOCDevCardAction") {
      dev_card(m);
    } else if (t == "SOCPickResources") {
      auto c = m.cards("resources");
      auto p = player(m, "pn");
      if (!p) return;
      if (pending_card_ != 2 || m.num("reason").value_or(0) != 2 || !c || c->unknown) {
        problem(m.line,
                "SOCPickResources outside a Year of Plenty (gold hexes are not part of "
                "the base game)");
        return;
      }
      auto& a = emit(m, ActionKind::Play, *p);
      a.card = core::DevCard::YearOfPlenty;
      a.has_take = true;
      a.get = c->known;
      auto& e = g_.actions.back();
      e.at = e.player = e.value = e.source = Mark{pending_line_, 1};  // the play's line
      pending_card_ = -1;
    } else if (t == "SOCSimpleAction" && m.num("actType") == 3) {
      monopoly(m);
    } else if (t == "SOCGameElements") {
      if (auto v = m.get("e5")) largest_ = static_cast<int>(to_int(*v).value_or(-1));
      if (auto v = m.get("e6")) longest_ = static_cast<int>(to_int(*v).value_or(-1));
    } else if (t == "SOCGameStats") {
      stats(m);
    } else if (t == "SOCGameState") {
      if (m.num("state") == kOver) game_over(m);
    } else if (ignored(t)) {
      return;
    } else {
      problem(m.line, "message " + std::string(t) +
                          " is not imported: it is not part of the classic base game, or not "
                          "known to this importer");
    }
  }

  void options(const Msg& m) {
    std::string_view s = m.get("param2").value_or("");
    for (size_t p = 0; p <= s.size() && !stop_;) {
      auto c = s.find(',', p);
      if (c == std::string_view::npos) c = s.size();
      std::string_view item = s.substr(p, c - p);
      p = c + 1;
      if (item.empty()) continue;
      auto eq = item.find('=');
      std::string key(item.substr(0, eq));
      std::string_view v = eq == std::string_view::npos ? "" : item.substr(eq + 1);
      const bool on = !v.empty() && v[0] == 't';
      const std::string named = "game option " + std::string(item);
      if (key == "BC" || key == "UBL" || key == "PLP" || key == "_VP_ALL") continue;
      if (key == "PL") {
        auto n = to_int(v);
        const core::Edition &base = core::Edition::base(), &six = core::Edition::five_six();
        if (!n || *n < base.min_players || *n > six.max_players)
          fatal(m.line, fmt::format("{}: only games of {} to {} players are imported", named,
                                    base.min_players, six.max_players));
        else if (*n > base.max_players)  // JSettlers2 then plays its 6-player board
          six_board_ = true;
      } else if (key == "VP") {
        if (!on) continue;
        auto n = to_int(v.substr(1));
        if (!n || core::set_option(g_.options, "victory-points", std::to_string(*n)) != "")
          fatal(m.line, named + ": the victory-point target is not one catan-log/1 accepts");
      } else if ((key == "N7" || key == "N7C" || key == "RD" || key == "NT" || key == "PLB" ||
                  key == "SBL" || key == "UB") &&
                 !on) {
        continue;
      } else if (key == "PLB") {
        six_board_ = true;
      } else if (key == "N7" || key == "N7C" || key == "RD" || key == "NT" || key == "UB") {
        fatal(m.line, named +
                          ": a house rule of JSettlers2 that the base game does not have; "
                          "not imported");
      } else if (key == "SBL") {
        fatal(m.line, named + ": the sea board; only the boards without the sea are imported");
      } else if (key == "SC" || key.substr(0, 4) == "_SC_") {
        fatal(m.line, named + ": a scenario; only the base game is imported");
      } else {
        fatal(m.line, named + ": unknown to this importer, so not imported");
      }
    }
  }

  std::optional<std::vector<long>> list(const Msg& m, std::string_view key, int base = 10) {
    auto v = m.get(key);
    if (!v) return std::nullopt;
    return detail::braced_list(*v, [base](std::string_view n) { return to_int(n, base); });
  }

  // SOCBoardLayout: the classic board, tokens as indexes, the robber in hexadecimal.
  void board(const Msg& m) {
    auto hexes = list(m, "hexLayout");
    auto numbers = list(m, "numberLayout");
    auto robber = m.num("robberHex", 16);
    constexpr size_t kValues = jsettlers::kNumToHexId.size();  // the layout's 37
    if (!hexes || !numbers || hexes->size() != kValues || numbers->size() != kValues || !robber) {
      problem(m.line,
              "SOCBoardLayout must hold hexLayout and numberLayout of 37 values and "
              "robberHex");
      return;
    }
    install(m, jsettlers::decode_board_layout(*hexes, *numbers), *robber,
            jsettlers::BoardCoords::classic());
  }

  // SOCBoardLayout2 (`bef=` the encoding): 1 the classic board, 2 the 6-player board with its
  // port types in PL (hexadecimal); tokens as dice numbers, the robber in decimal.
  void board2(const Msg& m) {
    const auto bef = m.num("bef");
    if (bef == 3)
      return fatal(m.line,
                   "SOCBoardLayout2 bef=3: the sea board (SOCBoardLarge); only the classic and "
                   "6-player boards are imported");
    auto hexes = list(m, "HL");
    auto numbers = list(m, "NL");
    auto robber = m.num("RH");
    auto ports = list(m, "PL", 16);
    constexpr size_t kValues = jsettlers::kNumToHexId.size();
    const bool six = bef == 2;
    if ((bef != 1 && !six) || !hexes || !numbers || hexes->size() != kValues ||
        numbers->size() != kValues || !robber ||
        (six && (!ports || ports->size() != jsettlers::kPortEdgesV2.size()))) {
      problem(m.line,
              "SOCBoardLayout2 must hold bef=1 or 2, HL and NL of 37 values, RH and, for bef=2, "
              "PL of 11 port types");
      return;
    }
    if (six)
      install(m, jsettlers::decode_board_layout_6p(*hexes, *numbers, *ports), *robber,
              jsettlers::BoardCoords::six_player());
    else
      install(m, jsettlers::decode_board_layout(*hexes, *numbers, jsettlers::NumberForm::Dice),
              *robber, jsettlers::BoardCoords::classic());
  }

  void install(const Msg& m, jsettlers::DecodedLayout layout, long robber,
               const jsettlers::BoardCoords& coords) {
    const std::string_view what = m.type;
    const int before = static_cast<int>(problems_.size());
    using Kind = jsettlers::LayoutIssue::Kind;
    for (const jsettlers::LayoutIssue& x : layout.issues) {
      switch (x.kind) {
        case Kind::NotLand:
          problem(m.line, fmt::format("{} hex {} (0x{:X}) must be land (0..5), not {}", what,
                                      x.index, x.hex, x.value));
          break;
        case Kind::BadNumber:
          problem(m.line,
                  fmt::format("{} number {} is not a number token: {}", what, x.index, x.value));
          break;
        case Kind::DesertToken:  // JSettlers2 logs are not held to it (the board rules judge)
          break;
        case Kind::NotWaterOrHarbor:
          problem(m.line, fmt::format("{} value {} of water hex 0x{:X} is neither "
                                      "water nor a harbor",
                                      what, x.value, x.hex));
          break;
        case Kind::HarborFacesAway:
          problem(m.line,
                  fmt::format("{} harbor at 0x{:X} faces away from the island", what, x.hex));
          break;
        case Kind::BadPortType:
          problem(m.line, fmt::format("{} port type {} (edge 0x{:X}) must be 0..5, not {}", what,
                                      x.index, x.hex, x.value));
          break;
      }
    }
    if (static_cast<int>(problems_.size()) != before) return;
    const auto r = jsettlers::hex_axial(static_cast<int>(robber));
    if (!r) {
      problem(m.line, what == "SOCBoardLayout"
                          ? "SOCBoardLayout robberHex is not a hex of the classic board"
                          : fmt::format("SOCBoardLayout2 RH={} is not a hex of the board", robber));
      return;
    }
    if (six_board_ && &coords != &jsettlers::BoardCoords::six_player()) {
      problem(m.line, fmt::format("{}: the game options ask for the 6-player board (PL=5|6 or "
                                  "PLB), but this is the classic board",
                                  what));
      return;
    }
    core::BoardSpec b = std::move(layout.board);
    b.robber = *r;
    coords_ = &coords;
    g_.board = std::move(b);
    board_ = true;
    const Mark at{m.line, 1};
    g_.hexes_at = g_.harbors_at = g_.robber_at = at;
    g_.hex_at.assign(g_.board.hexes.size(), at);
    g_.harbor_at.assign(g_.board.harbors.size(), at);
  }

  const core::Topology& island() const { return coords_->island(); }
  bool six_player_board() const { return coords_ == &jsettlers::BoardCoords::six_player(); }

  void turn(const Msg& m) {
    auto n = m.num("playerNumber");
    auto state = m.num("gameState");
    if (!n || *n < 0 || *n >= kMaxSeats || seat_name_[*n].empty()) {
      problem(m.line, "SOCTurn playerNumber must name a seated player");
      return;
    }
    if (!ordered_) order(m, static_cast<int>(*n));
    if (!ordered_) return;
    if (pending_card_ >= 0) {
      problem(pending_line_, "a played Year of Plenty or Monopoly without its outcome");
      pending_card_ = -1;
    }
    if (in_play_ && cur_ >= 0) {
      if (cur_state_ == kSpecialBuilding)  // a window closes (SOCEndTurn in state 100)
        emit(m, ActionKind::EndTurn, seat_player_[cur_]).end_build = true;
      else if (!(state == kSpecialBuilding && own_turn_window_ && g_.actions.size() == turn_began_))
        emit(m, ActionKind::EndTurn, seat_player_[cur_]);
      // else: the player asked to build at the very start of their own turn, before rolling;
      // JSettlers2 ends the turn before it began (SOCGame.advanceTurnToSpecialBuilding case
      // B), so the windows follow the previous player's `end: turn` and the same seat's turn
      // starts over after them.
    }
    if (state == 15) in_play_ = true;  // ROLL_OR_CARD: the set-up is over
    cur_ = static_cast<int>(*n);
    cur_state_ = static_cast<int>(state.value_or(0));
    own_turn_window_ = false;
    turn_began_ = g_.actions.size();
    if (state == kOver) {  // the game ended as this player's turn began
      cur_state_ = 15;
      game_over(m);
    }
  }

  // SOCGameState or SOCTurn with state 1000. A game won as a turn began, before any entry
  // of it (the target reached on another player's turn, as in a Special Building window),
  // gets the winner's `claim: win`, which begins that turn.
  void game_over(const Msg& m) {
    if (in_play_ && cur_ >= 0 && cur_state_ == 15 && g_.actions.size() == turn_began_)
      emit(m, ActionKind::Claim, seat_player_[cur_]);
    over_ = true;
    over_line_ = m.line;
  }

  // SOCPlayerElement ASK_SPECIAL_BUILD (elementType 16) = 1 for the player whose turn it
  // is, before any entry of the turn: the request at the start of one's own turn.
  void asked_special_build(const Msg& m) {
    if (m.num("elementType") != 16 || m.num("amount") != 1 || !in_play_) return;
    if (m.num("playerNum") == cur_ && cur_state_ == 15 && g_.actions.size() == turn_began_)
      own_turn_window_ = true;
  }

  // Seating clockwise from the first player: seats in ascending order (JSettlers' turn order).
  void order(const Msg& m, int first) {
    std::vector<int> seats;
    for (int s = 0; s < kMaxSeats; ++s)
      if (!seat_name_[s].empty()) seats.push_back(s);
    const core::Edition &base = core::Edition::base(), &six = core::Edition::five_six();
    const int n = static_cast<int>(seats.size());
    if (n < base.min_players || (n > base.max_players && !six_player_board())) {
      fatal(m.line,
            fmt::format("{} seated players: only games of {} to {} players on the "
                        "classic board and of {} to {} on the 6-player board are "
                        "imported",
                        n, base.min_players, base.max_players, base.min_players, six.max_players));
      return;
    }
    if (six_player_board()) {
      // JSettlers2 plays the Special Building Phase in its own order (RULES-5-6.md D-23),
      // and seats 2-4 players on the 6-player board only with PLB (D-28).
      core::set_option(g_.options, "turn-structure-56", "special-build");
      core::set_option(g_.options, "special-build-order", "any");
      if (n < six.min_players) core::set_option(g_.options, "board-56-players", "any");
    }
    std::rotate(seats.begin(), std::find(seats.begin(), seats.end(), first), seats.end());
    for (int s : seats) {
      seat_player_[s] = static_cast<int>(g_.players.size());
      hand_.emplace_back();
      setup_settlements_.push_back(0);
      g_.players.push_back(seat_name_[s]);
    }
    for (size_t i = 0; i < g_.players.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (g_.players[i] == g_.players[j])
          return fatal(m.line, "two seats have the nickname '" + g_.players[i] + "'");
    g_.players_at = {m.line, 1};
    g_.at = {1, 1};
    if (view_ >= 0) {
      if (view_ >= kMaxSeats || seat_player_[view_] < 0)
        return fatal(m.line, fmt::format("--view {}: no player sits in seat {}", view_, view_));
      g_.has_view = true;
      g_.view_player = seat_player_[view_];
      g_.view_at = {1, 1};
    }
    ordered_ = true;
  }

  void put_piece(const Msg& m) {
    auto p = player(m, "playerNumber");
    auto type = m.num("pieceType");
    auto c = m.num("coord", 16);
    if (!p) return;
    if (!type || !c || *type < 0 || *type > 2) {
      problem(m.line, "SOCPutPiece pieceType " + std::string(m.get("pieceType").value_or("")) +
                          ": only roads (0), settlements (1) and cities (2) are imported");
      return;
    }
    if (*type == 0) {
      const core::EdgeId e = coords_->edge_edge(static_cast<int>(*c));
      if (e == core::kNone) {
        problem(m.line,
                fmt::format("SOCPutPiece road coord {:x} is not an edge of the island", *c));
        return;
      }
      const auto name = island().edge_name(e);
      emit(m, ActionKind::Road, *p).edge = {name.hex, name.dir, e};
      return;
    }
    const core::CornerId k = coords_->node_corner(static_cast<int>(*c));
    if (k == core::kNone) {
      problem(m.line, fmt::format("SOCPutPiece coord {:x} is not a node of the island", *c));
      return;
    }
    const auto name = island().corner_name(k);
    emit(m, *type == 1 ? ActionKind::Settlement : ActionKind::City, *p).corner = {name.hex,
                                                                                  name.dir, k};
  }

  void dice_resources(const Msg& m) {
    std::vector<long> v;
    for (auto t : m.tok) {
      if (t.substr(0, 2) != "p=") continue;
      auto n = to_int(t.substr(2));
      if (!n) return problem(m.line, "SOCDiceResultResources values must be integers");
      v.push_back(*n);
    }
    if (last_roll_ < 0 || last_roll_ != static_cast<int>(g_.actions.size()) - 1 ||
        !g_.actions[last_roll_].action.gains)
      return problem(m.line, "SOCDiceResultResources without the roll it pays");
    auto& gains = *g_.actions[last_roll_].action.gains;
    size_t i = 1;
    const long count = v.empty() ? 0 : v[0];
    for (long k = 0; k < count; ++k) {
      if (i + 1 >= v.size() || v[i] < 0 || v[i] >= kMaxSeats || seat_player_[v[i]] < 0)
        return problem(m.line, "SOCDiceResultResources: malformed player sequence");
      const int p = seat_player_[v[i]];
      i += 2;  // the player, the new total
      while (i + 1 < v.size() && v[i] != 0) {
        auto r = resource_of(v[i + 1]);
        if (!r || v[i] < 0 || v[i] > 1000)
          return problem(m.line, "SOCDiceResultResources: malformed resource pair");
        gains[p][*r] += static_cast<int>(v[i]);
        i += 2;
      }
      if (i < v.size() && v[i] == 0) ++i;
    }
  }

  // A private full hand (`pN:SOCPlayerElements|actionType=SET|e1=..,e5=..`) after a roll.
  void snapshot(const Msg& m) {
    if (m.get("actionType") != "SET") return;
    auto list = m.tok.size() >= 4 ? m.tok.back() : std::string_view{};
    ResourceSet hand;
    int seen = 0;
    for (size_t s = 0; s <= list.size();) {
      auto c = list.find(',', s);
      if (c == std::string_view::npos) c = list.size();
      auto item = list.substr(s, c - s);
      s = c + 1;
      auto eq = item.find('=');
      if (eq == std::string_view::npos || item.size() < 2 || item[0] != 'e') return;
      auto k = to_int(item.substr(1, eq - 1));
      auto n = to_int(item.substr(eq + 1));
      if (!k || !n || *k < 1 || *k > 5 || *n < 0 || *n > 1000) return;  // not a hand
      hand[*resource_of(*k)] = static_cast<int>(*n);
      ++seen;
    }
    if (seen != 5 || last_roll_ < 0 || last_roll_ != static_cast<int>(g_.actions.size()) - 1)
      return;
    auto p = player(m, "playerNum");
    if (!p) return;
    auto& a = g_.actions[last_roll_].action;
    if (!a.expect) a.expect.emplace();
    a.expect->hands.resize(g_.players.size());
    a.expect->hands[*p] = hand;
    if (view_ < 0) {  // the server's truth for this hand from here on
      catch_up();
      hand_[*p] = hand;
    }
  }

  void robbery(const Msg& m) {
    if (last_robber_ < 0) return problem(m.line, "SOCRobberyResult without a robber move");
    auto& a = g_.actions[last_robber_].action;
    if (a.has_steal) return;  // the victim's copy of what the thief's copy said
    auto perp = player(m, "perp");
    auto victim = player(m, "victim");
    auto type = m.num("resType");
    if (!perp || !victim) return;
    if (*perp != a.player || !type || m.num("amount") != 1)
      return problem(m.line, "SOCRobberyResult must be one card stolen by the robber's mover");
    a.has_steal = true;
    a.steal_from = *victim;
    if (*type == 6)
      a.stolen.hidden = true;
    else if (auto r = resource_of(*type))
      a.stolen.resource = *r;
    else
      problem(m.line, "SOCRobberyResult resType must be 1..5 or 6 (unknown)");
  }

  void accept(const Msg& m) {
    auto acc = player(m, "accepting");
    auto off = player(m, "offering");
    auto to_acc = m.cards("toAccepting"), to_off = m.cards("toOffering");
    if (!acc || !off) return;
    if (!to_acc || !to_off || to_acc->unknown || to_off->unknown)
      return problem(m.line, "SOCAcceptOffer needs known toAccepting and toOffering sets");
    // The entry is the active player's: the offerer's unless the active player accepted.
    const bool offerer_acts = cur_ < 0 || seat_player_[cur_] == *off;
    auto& a = emit(m, ActionKind::Trade, offerer_acts ? *off : *acc);
    a.other = offerer_acts ? *acc : *off;
    a.give = offerer_acts ? to_acc->known : to_off->known;
    a.get = offerer_acts ? to_off->known : to_acc->known;
  }

  void dev_card(const Msg& m) {
    auto what = m.get("actionType").value_or("");
    if (what != "DRAW" && what != "PLAY") return;  // ADD_OLD, KEEP_OLD...: bookkeeping
    auto p = player(m, "playerNum");
    auto n = m.num("cardType");
    if (!p) return;
    if (!n) return problem(m.line, "SOCDevCardAction cardType must be a number");
    if (what == "DRAW") {
      auto& a = emit(m, ActionKind::Buy, *p);
      if (*n == 0) {
        a.hidden_buy = true;
      } else if (auto c = card_of(*n)) {
        a.card = *c;
      } else {
        problem(m.line, fmt::format("SOCDevCardAction cardType {} is not a base-game card", *n));
      }
      return;
    }
    auto c = card_of(*n);
    if (!c || *c == core::DevCard::VictoryPoint)
      return problem(m.line, fmt::format("SOCDevCardAction PLAY of cardType {}", *n));
    if (*c == core::DevCard::YearOfPlenty || *c == core::DevCard::Monopoly) {
      pending_card_ = static_cast<int>(*n);
      pending_line_ = m.line;
      return;
    }
    emit(m, ActionKind::Play, *p).card = *c;
  }

  // Applies the entries not yet in hand_ (each is complete once the next one begins).
  void catch_up() {
    if (view_ >= 0 || !ordered_) return;
    for (; applied_ < g_.actions.size(); ++applied_) apply(g_.actions[applied_].action);
  }

  void apply(const core::Action& a) {
    using K = ActionKind;
    ResourceSet& h = hand_[a.player];
    // Set-up placements: the first 4 per player (two settlements, two roads), in a row.
    const bool placement = a.kind == K::Settlement || a.kind == K::Road;
    if (!placement) setup_over_ = true;
    const bool setup =
        placement && !setup_over_ && setup_placed_++ < 4 * static_cast<int>(g_.players.size());
    if (a.kind != K::Road) free_roads_ = 0;
    switch (a.kind) {
      case K::Settlement:
        if (!setup) {
          h -= core::cost::kSettlement;
        } else if (++setup_settlements_[a.player] == 2) {  // the second pays its hexes
          for (core::HexId x : island().corner_hexes(a.corner.id))
            for (const auto& spec : g_.board.hexes)
              if (island().hex_id(spec.at) == x)
                if (auto r = core::produces(spec.terrain)) h[*r] += 1;
        }
        break;
      case K::Road:
        if (setup) break;
        if (free_roads_ > 0)
          --free_roads_;
        else
          h -= core::cost::kRoad;
        break;
      case K::City:
        h -= core::cost::kCity;
        break;
      case K::Roll:
        if (a.gains)
          for (size_t p = 0; p < a.gains->size(); ++p) hand_[p] += (*a.gains)[p];
        break;
      case K::Discard:
        h -= a.give;
        break;
      case K::Robber:
        if (a.has_steal && a.stolen.resource) {
          hand_[a.steal_from][*a.stolen.resource] -= 1;
          h[*a.stolen.resource] += 1;
        }
        break;
      case K::Trade:
        h -= a.give;
        h += a.get;
        hand_[a.other] += a.give;
        hand_[a.other] -= a.get;
        break;
      case K::BankTrade:
        h -= a.give;
        h += a.get;
        break;
      case K::Buy:
        h -= core::cost::kDevCard;
        break;
      case K::Play:
        if (a.card == core::DevCard::RoadBuilding) free_roads_ = 2;
        if (a.card == core::DevCard::YearOfPlenty) h += a.get;
        if (a.card == core::DevCard::Monopoly && a.takes)
          for (size_t p = 0; p < a.takes->size(); ++p) {
            hand_[p][a.resource] -= (*a.takes)[p];
            h[a.resource] += (*a.takes)[p];
          }
        break;
      default:
        break;
    }
  }

  void monopoly(const Msg& m) {
    auto p = player(m, "pn");
    auto r = resource_of(m.num("v2").value_or(0));
    if (!p) return;
    if (pending_card_ != 3 || !r)
      return problem(m.line, "SOCSimpleAction RSRC_TYPE_MONOPOLIZED outside a Monopoly");
    auto& a = emit(m, ActionKind::Play, *p);
    a.card = core::DevCard::Monopoly;
    a.resource = *r;
    // The server view knows every hand: each victim gives all it holds of R. The sum must be
    // what the server says the Monopoly took (v1); if not, the takes are not asserted.
    if (view_ < 0) {
      std::vector<int> takes(g_.players.size(), 0);
      int sum = 0;
      for (size_t q = 0; q < takes.size(); ++q)
        if (static_cast<int>(q) != *p) sum += takes[q] = std::max(0, hand_[q][*r]);
      if (sum == m.num("v1").value_or(-1)) a.takes = std::move(takes);
    }
    auto& e = g_.actions.back();
    e.at = e.player = e.value = e.source = Mark{pending_line_, 1};  // the play's line
    pending_card_ = -1;
  }

  void finish() {
    if (!ordered_) {
      problem(1,
              "no game in this log: it never reaches the first turn (SOCTurn after "
              "SOCStartGame)");
      return;
    }
    if (pending_card_ >= 0)
      problem(pending_line_, "a played Year of Plenty or Monopoly without its outcome");
    if (!over_ || g_.actions.empty()) return;  // unfinished: checked as incomplete
    g_.result_winner = seat_player_[cur_];
    g_.result_at = {over_line_, 1};
    auto& a = g_.actions.back().action;
    if (!a.expect) a.expect.emplace();
    auto to_player = [&](int seat) {
      return seat >= 0 && seat < kMaxSeats && seat_player_[seat] >= 0 ? seat_player_[seat] : -1;
    };
    a.expect->longest_road = to_player(longest_);
    a.expect->largest_army = to_player(largest_);
    if (!scores_.empty()) {
      a.expect->vp.assign(g_.players.size(), std::nullopt);
      for (int s = 0; s < kMaxSeats && s < static_cast<int>(scores_.size()); ++s)
        if (seat_player_[s] >= 0) a.expect->vp[seat_player_[s]] = static_cast<int>(scores_[s]);
    }
  }

  // SOCGameStats of the players' final scores: `scores...|robot flags...` without stype.
  void stats(const Msg& m) {
    if (!over_ || m.get("stype")) return;
    std::vector<long> v;
    for (size_t i = 1; i < m.tok.size(); ++i) {
      auto n = to_int(m.tok[i]);
      if (!n) break;
      v.push_back(*n);
    }
    scores_ = std::move(v);
  }
};

}  // namespace

Imported import_jsettlers(const std::string& file, std::string_view text,
                          const ImportOptions& options) {
  Importer im(file, text, options);
  return im.run();
}

Sniff sniff_jsettlers(std::string_view head, bool ended) {
  return detail::starts_with(head, ended, "SOC game event log: ");
}

}  // namespace catan::importers
