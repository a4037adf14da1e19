// The STAC legacy line form as log::Game (import_stac.hpp, docs/IMPORT-STAC.md).
//
// The STAC server (JSettlers 1.x) logged every message it received and sent, without an
// audience: a client's request (SOCPutPiece, SOCMoveRobber, SOCBankTrade, SOCDiscard,
// SOCAcceptOffer...) stands beside the server's answer, and a refused request has no answer.
// So an entry is made only from what the server did: a placement or robber move when the
// server echoes the request (the second identical copy), a trade or discard when the server
// moves the cards (SOCPlayerElement GAIN/LOSE). The elements that follow a message are read
// in the context that message opened (Ctx): the production of a roll, the cost of a build,
// the cards of a discard, a steal, a bank or domestic trade, a Year of Plenty or Monopoly.
// Full hands the server states (SOCPlayerElement SET, GAME-TEXT-MESSAGE) and hand sizes
// (SOCResourceCount) become `expect` assertions on the entry they follow.
#include "import/stac/import_stac.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/edition.hpp"
#include "import/detail.hpp"
#include "import/jsettlers/jsettlers_coords.hpp"
#include "import/sniff.hpp"
#include "import/stac/stac_line.hpp"

namespace catan::importers {
namespace {

using core::ActionKind;
using core::Resource;
using core::ResourceSet;
using jsettlers::resource_of;
using stac::Field;
using stac::Line;
using stac::to_int;
using text::Mark;

constexpr int kSeats = 4;  // the STAC server's games: 4 seats (3 or 4 players)
constexpr size_t kMaxProblems = 100;

// SOCDevCardConstants before JSettlers 2.0: 0 knight, 1 road building, 2 year of plenty
// ("discovery"), 3 monopoly, 4..8 victory points (capitol, library, university, temple,
// tower), 9 unknown. (2.0 swapped knight and unknown: 9 knight, 0 unknown.)
constexpr int kUnknownCard = 9;
std::optional<core::DevCard> legacy_card(int n) {
  if (n == 0) return core::DevCard::Knight;
  if (n == 1) return core::DevCard::RoadBuilding;
  if (n == 2) return core::DevCard::YearOfPlenty;
  if (n == 3) return core::DevCard::Monopoly;
  if (n >= 4 && n <= 8) return core::DevCard::VictoryPoint;
  return std::nullopt;
}

// A nickname usable as a player's name: valid UTF-8 without control characters.
bool printable(std::string_view s) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f) return false;
    int more = 0;
    if (c >= 0xc2 && c <= 0xdf)
      more = 1;
    else if (c >= 0xe0 && c <= 0xef)
      more = 2;
    else if (c >= 0xf0 && c <= 0xf4)
      more = 3;
    else if (c >= 0x80)
      return false;
    if (more > 0 && i + more >= s.size()) return false;
    for (int k = 1; k <= more; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return false;
    const auto d = more > 0 ? static_cast<unsigned char>(s[i + 1]) : 0;
    // Overlong 3- and 4-byte forms, surrogates, values past U+10FFFF.
    if ((c == 0xe0 && d < 0xa0) || (c == 0xed && d >= 0xa0) || (c == 0xf0 && d < 0x90) ||
        (c == 0xf4 && d >= 0x90))
      return false;
    i += 1 + static_cast<size_t>(more);
  }
  return true;
}

// What the SOCPlayerElement GAIN/LOSE lines after a message mean.
enum class Ctx : uint8_t { None, Production, Cost, Discard, Robbery, Bank, Trade, Play };

// Messages read and deliberately not mapped (docs/IMPORT-STAC.md says why for each).
bool ignored(std::string_view t) {
  static constexpr std::array<std::string_view, 27> kIgnored{"SOCSetSeatLock",
                                                             "SOCPlayDevCardRequest",
                                                             "SOCDeleteGame",
                                                             "SOCJoinGame",
                                                             "SOCChangeFace",
                                                             "SOCSpeakingQueueChanged",
                                                             "SOCRollDicePrompt",
                                                             "SOCRollDice",
                                                             "SOCEndTurn",
                                                             "SOCClearOffer",
                                                             "SOCClearGameHistory",
                                                             "SOCSetPlayedDevCard",
                                                             "SOCDevCardCount",
                                                             "SOCChoosePlayer",
                                                             "SOCPlayerStartsTrading",
                                                             "SOCClearTradeMsg",
                                                             "SOCRejectOffer",
                                                             "SOCFirstPlayer",
                                                             "SOCGameMembers",
                                                             "SOCJoinGameAuth",
                                                             "SOCCancelBuildRequest",
                                                             "SOCLongestRoad",
                                                             "SOCLargestArmy",
                                                             "SOCLastSettlement",
                                                             "SOCPotentialSettlements",
                                                             "SOCDiscardRequest",
                                                             "SOCChoosePlayerRequest"};
  return std::find(kIgnored.begin(), kIgnored.end(), t) != kIgnored.end();
}

// Messages that make or change entries: refused before the first turn.
bool acting(std::string_view t) {
  return t == "SOCPutPiece" || t == "SOCDiceResult" || t == "SOCMoveRobber" || t == "SOCDiscard" ||
         t == "SOCBankTrade" || t == "SOCAcceptOffer" || t == "SOCDevCard";
}

struct Piece {
  int seat = -1, type = -1, coord = -1;
  bool operator==(const Piece&) const = default;
};

struct Offer {
  ResourceSet give, get;  // the offerer's
};

class Importer {
 public:
  Importer(const std::string& file, std::string_view text) : file_(file), text_(text) {
    seat_player_.fill(-1);
  }

  importers::Imported run() {
    size_t pos = 0;
    int line = 0;
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos = 3;
    while (pos < text_.size() && !stop_) {
      size_t nl = text_.find('\n', pos);
      if (nl == std::string_view::npos) nl = text_.size();
      std::string_view l = text_.substr(pos, nl - pos);
      if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
      pos = nl + 1;
      ++line;
      if (l.empty()) continue;  // the corpus separates chat records with blank lines
      stac::ParsedLine p = stac::parse_line(l, line);
      if (p.error) {
        problem(line, p.error->column, p.error->message);
        continue;
      }
      ++messages_;
      handle(*p.line);
    }
    if (line == 0) problem(1, 1, "empty file: not a STAC legacy game log");
    if (!stop_ && problems_.empty()) finish();
    importers::Imported out;
    out.problems = std::move(problems_);
    if (out.problems.empty()) out.games.push_back(std::move(g_));
    return out;
  }

 private:
  const std::string& file_;
  std::string_view text_;
  log::Game g_;
  std::vector<importers::ImportProblem> problems_;
  bool stop_ = false;

  std::string game_;  // the game's name (SOCStartGame's game=)
  std::array<std::string, kSeats> seat_name_;
  std::array<int, kSeats> seat_player_{};  // seat -> player index, -1 vacant
  std::vector<std::string> nickname_;      // by player index, as the log spells it
  bool board_ = false, started_ = false, ordered_ = false, in_play_ = false, over_ = false;
  int cur_ = -1;       // the seat whose turn it is
  int left_line_ = 0;  // where a seated player left during the game (-1: reported)
  std::string left_name_;

  std::optional<Piece> piece_, robber_;  // a request waiting for the server's echo
  int roll_entry_ = -1;                  // the last roll, until its dice text

  Ctx ctx_ = Ctx::None;
  int ctx_entry_ = -1;  // the entry the context fills (-1: not made yet)
  int ctx_line_ = 0, ctx_column_ = 0;
  // Discard: per seat, the entry and the known / unknown cards the server took.
  std::array<int, kSeats> discard_entry_{}, discard_known_{}, discard_unknown_{};
  // Bank and domestic trades: what was asked, and what the elements moved so far.
  ResourceSet want_give_, want_get_;  // the acting side's (bank) or the offerer's (trade)
  std::array<ResourceSet, kSeats> lost_, gained_;
  int trade_off_ = -1, trade_acc_ = -1;
  std::array<std::optional<Offer>, kSeats> offers_;
  std::optional<std::pair<int, int>> accepted_;  // the last accepted (offering, accepting)
  // Year of Plenty / Monopoly: the card, Monopoly's resource and what each seat gave.
  core::DevCard play_card_ = core::DevCard::Knight;
  std::optional<Resource> mono_res_;
  std::optional<ResourceSet> discovery_pick_;
  int buy_entry_ = -1, buy_copies_ = 0;

  // Snapshots: SET lines gather a whole hand (all five resources) per seat.
  std::array<ResourceSet, kSeats> set_hand_;
  std::array<int, kSeats> set_mask_{};
  std::array<long, kSeats> set_after_{};  // the message count at each seat's last SET line
  long messages_ = 0;                     // messages read so far
  std::vector<int> scores_;
  int over_line_ = 0, over_column_ = 0;

  void problem(int line, int column, std::string msg) {
    if (stop_) return;
    if (problems_.size() == kMaxProblems) {
      problems_.push_back(
          {{line, column},
           "more problems follow; the first " + std::to_string(kMaxProblems) + " are listed"});
      stop_ = true;
      return;
    }
    problems_.push_back({{line, column}, std::move(msg)});
  }
  void problem(const Line& m, std::string msg) {
    problem(m.number, m.type_column, std::string(m.type) + ": " + std::move(msg));
  }
  void problem(const Line& m, const Field* f, std::string msg) {
    problem(m.number, f ? f->column : m.type_column, std::string(m.type) + ": " + std::move(msg));
  }
  void fatal(const Line& m, std::string msg) {
    problem(m, std::move(msg));
    stop_ = true;
  }

  // An integer field in [lo, hi], or a problem naming it.
  std::optional<int> number(const Line& m, std::string_view key, int lo, int hi, int base = 10) {
    const Field* f = m.field(key);
    if (!f) {
      problem(m, "no " + std::string(key) + "= field");
      return std::nullopt;
    }
    auto n = to_int(f->value, base);
    if (!n || *n < lo || *n > hi) {
      problem(m, f,
              std::string(key) + "='" + std::string(f->value.substr(0, 40)) + "' is not " +
                  (base == 16 ? "a hexadecimal " : "an ") + "integer in " + std::to_string(lo) +
                  ".." + std::to_string(hi));
      return std::nullopt;
    }
    return n;
  }

  // A seat field naming a seated player (once the players are known: one in the game).
  std::optional<int> seat(const Line& m, std::string_view key) {
    auto s = number(m, key, 0, kSeats - 1);
    if (!s) return std::nullopt;
    if (seat_name_[*s].empty() || (ordered_ && seat_player_[*s] < 0)) {
      problem(m, m.field(key), std::string(key) + "=" + std::to_string(*s) + ": nobody sits there");
      return std::nullopt;
    }
    return s;
  }

  int player(int seat) const { return seat_player_[seat]; }

  core::Action& emit(int line, int column, ActionKind k, int p) {
    if (left_line_ > 0) {  // reported once; the import fails
      problem(line, column,
              "the game goes on after '" + left_name_ + "' left it (line " +
                  std::to_string(left_line_) +
                  "): a game with a vacant seat is not modelled, so it is not imported");
      left_line_ = -1;
    }
    log::Entry e;
    e.action.kind = k;
    e.action.player = p;
    e.at = e.player = e.value = e.source = Mark{line, column};
    g_.actions.push_back(std::move(e));
    return g_.actions.back().action;
  }
  core::Action& emit(const Line& m, ActionKind k, int p) {
    return emit(m.number, m.type_column, k, p);
  }
  int last() const { return static_cast<int>(g_.actions.size()) - 1; }

  void handle(const Line& m) {
    const std::string_view t = m.type;
    if (started_ && !over_) {
      if (auto name = m.get("game"); name && *name != game_)
        return problem(m, m.field("game"),
                       "a message of another game ('" + std::string(name->substr(0, 40)) +
                           "', not '" + game_ + "'): a log must hold one game");
    }
    if (over_) {
      if (t == "SOCGameStats") stats(m);
      return;  // the server's wrap-up after the end
    }
    if (t == "SOCSitDown") return sit_down(m);
    if (t == "SOCLeaveGame") return leave(m);
    if (t == "SOCStartGame") {
      if (!started_) {
        started_ = true;
        game_ = std::string(m.get("game").value_or(""));
        g_.id = game_;
      }
      return;
    }
    if (t == "SOCBoardLayout") return board(m);
    if (t == "SOCBoardLayout2")
      return fatal(m,
                   "a sea or 6-player board; only the classic board (SOCBoardLayout) is imported");
    if (t == "SOCGameTextMsg") return chat(m);
    if (t == "GAME-TEXT-MESSAGE") return stac_snapshot(m);
    if (t == "SOCTurn") {
      if (!started_) return problem(m, "SOCTurn before SOCStartGame");
      return turn(m);
    }
    if (!ordered_) {
      if (acting(t)) return problem(m, "before the first turn (SOCTurn after SOCStartGame)");
      if (t == "SOCPlayerElement" || t == "SOCResourceCount" || t == "SOCGameState" ||
          t == "SOCBuildRequest" || t == "SOCBuyCardRequest" || t == "SOCMakeOffer" ||
          t == "SOCSetTurn" || t == "SOCGameStats" || t == "SOCMonopolyPick" ||
          t == "SOCDiscoveryPick" || ignored(t))
        return;  // seating and the server's resets before the game
      return unknown(m);
    }
    if (t == "SOCPutPiece") return put_piece(m);
    if (t == "SOCDiceResult") return dice(m);
    if (t == "SOCPlayerElement") return element(m);
    if (t == "SOCResourceCount") return resource_count(m);
    if (t == "SOCMoveRobber") return move_robber(m);
    if (t == "SOCDiscard") return discard(m);
    if (t == "SOCBankTrade") return bank(m);
    if (t == "SOCMakeOffer") return make_offer(m);
    if (t == "SOCAcceptOffer") return accept(m);
    if (t == "SOCDevCard") return dev_card(m);
    if (t == "SOCBuildRequest" || t == "SOCBuyCardRequest") {
      close_ctx();
      ctx_ = Ctx::Cost;
      return;
    }
    if (t == "SOCMonopolyPick") {
      if (ctx_ != Ctx::Play || play_card_ != core::DevCard::Monopoly)
        return problem(m, "outside a Monopoly");
      auto r = number(m, "resource", 1, 5);
      if (r) mono_res_ = resource_of(*r);
      return;
    }
    if (t == "SOCDiscoveryPick") {
      if (ctx_ != Ctx::Play || play_card_ != core::DevCard::YearOfPlenty)
        return problem(m, "outside a Year of Plenty");
      // The request; the cards are what the server's GAIN lines give, or this pick when
      // the server moved none (it leaves the card's state only once a pick is taken).
      auto pick = stac::read_cards(m, "resources");
      if (pick.error) return problem(m.number, pick.error->column, pick.error->message);
      if (pick.cards->unknown) return problem(m, "a pick of unknown cards");
      discovery_pick_ = pick.cards->known;
      return;
    }
    if (t == "SOCGameState") return game_state(m);
    if (t == "SOCSetTurn") {
      auto s = seat(m, "param");
      if (s && *s != cur_)
        problem(m, "moves the turn from seat " + std::to_string(cur_) + " to seat " +
                       std::to_string(*s) + " outside the turn order; not imported");
      return;
    }
    if (t == "SOCGameStats") return;  // only the final scores are read (after the end)
    if (ignored(t)) return;
    unknown(m);
  }

  void unknown(const Line& m) {
    problem(m,
            "a message type this importer does not know (not part of the base game, or "
            "not seen in the STAC corpus); not imported");
  }

  void sit_down(const Line& m) {
    auto s = number(m, "playerNumber", 0, kSeats - 1);
    const Field* f = m.field("nickname");
    if (!s) return;
    if (!f || f->value.empty()) return problem(m, "no nickname= (or an empty one)");
    if (ordered_) {
      if (f->value == seat_name_[*s] && left_line_ > 0 && left_name_ == f->value)
        left_line_ = 0;  // back in the seat before anything happened
      if (f->value != seat_name_[*s])
        problem(m, f,
                "'" + std::string(f->value.substr(0, 40)) + "' sat down in seat " +
                    std::to_string(*s) + " of '" + seat_name_[*s] +
                    "' during the game: seat changes are not imported");
      return;
    }
    seat_name_[*s] = std::string(f->value);  // the STAC server seats "dummy" first
  }

  // A seated player leaves: before the first turn the seat is vacant again; during the game
  // no entry may follow (the server ends a game that everybody left with state 1000).
  void leave(const Line& m) {
    const std::string_view name = m.get("nickname").value_or("");
    for (int s = 0; s < kSeats; ++s) {
      if (name.empty() || seat_name_[s] != name) continue;
      if (!ordered_) {
        seat_name_[s].clear();
      } else if (left_line_ == 0) {
        left_line_ = m.number;
        left_name_ = std::string(name);
      }
    }
  }

  void chat(const Line& m) {
    if (m.get("nickname") != "Server") return;  // players' talk
    const std::string_view text = m.get("text").value_or("");
    // "NAME rolled a D1 and a D2." after the SOCDiceResult it explains.
    static constexpr std::string_view kRolled = " rolled a ";
    const size_t at = text.rfind(kRolled);
    if (at == std::string_view::npos || roll_entry_ < 0 || roll_entry_ != last()) return;
    core::Action& a = g_.actions[roll_entry_].action;
    const std::string_view rest = text.substr(at + kRolled.size());
    const Field* tf = m.field("text");
    if (text.substr(0, at) != nickname_[a.player] || rest.size() != 10 ||
        rest.substr(1, 7) != " and a " || rest[9] != '.')
      return problem(m, tf,
                     "a dice text that is not '" + nickname_[a.player] +
                         " rolled a D and a D.' after that player's roll");
    const int d1 = rest[0] - '0', d2 = rest[8] - '0';
    if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6 || d1 + d2 != a.roll_sum)
      return problem(m, tf,
                     "dice '" + std::string(rest) + "' do not make the roll's total " +
                         std::to_string(a.roll_sum) + " (SOCDiceResult)");
    a.dice = {d1, d2};
    a.roll_sum = 0;
    roll_entry_ = -1;
  }

  void board(const Line& m) {
    if (started_ && board_) return problem(m, "a second board layout: not imported");
    const Field* hf = m.field("hexLayout");
    const Field* nf = m.field("numberLayout");
    auto hexes = hf ? list(hf->value) : std::nullopt;
    auto numbers = nf ? list(nf->value) : std::nullopt;
    constexpr size_t kValues = jsettlers::kNumToHexId.size();  // the classic layout's 37
    if (!hexes || hexes->size() != kValues)
      return fatal(m, "hexLayout must be { v v ... } with 37 integers");
    if (!numbers || numbers->size() != kValues)
      return fatal(m, "numberLayout must be { v v ... } with 37 integers");
    auto robber = number(m, "robberHex", 0, 0xFF, 16);
    if (!robber) return;
    jsettlers::DecodedLayout layout =
        jsettlers::decode_board_layout(std::vector<long>(hexes->begin(), hexes->end()),
                                       std::vector<long>(numbers->begin(), numbers->end()));
    const size_t before = problems_.size();
    using Kind = jsettlers::LayoutIssue::Kind;
    for (const jsettlers::LayoutIssue& x : layout.issues) {
      const std::string where = "value " + std::to_string(x.index + 1) + " of " +
                                std::to_string(kValues) + " (hex 0x" + hex2(x.hex) + ")";
      switch (x.kind) {
        case Kind::NotLand:
          problem(m, hf,
                  "hexLayout " + where + " is " + std::to_string(x.value) + ", not land (0..5)");
          break;
        case Kind::BadNumber:
        case Kind::DesertToken:
          problem(m, nf,
                  "numberLayout " + where + " is " + std::to_string(x.value) +
                      ": a land hex needs a token 0..9 (2..12), the desert -1");
          break;
        case Kind::NotWaterOrHarbor:
          problem(m, hf,
                  "hexLayout " + where + " is " + std::to_string(x.value) +
                      ", neither water nor a harbor");
          break;
        case Kind::HarborFacesAway:
          problem(m, hf, "hexLayout " + where + ": the harbor faces away from the island");
          break;
        case Kind::BadPortType:  // the classic layout has no port list
          break;
      }
    }
    core::BoardSpec b = std::move(layout.board);
    if (problems_.size() != before) return;
    auto r = importers::jsettlers::hex_axial(*robber);
    if (!r || !detail::base_island().contains(*r))
      return problem(m, m.field("robberHex"), "robberHex is not a land hex of the classic board");
    b.robber = *r;
    g_.board = std::move(b);
    board_ = true;
    const Mark at{m.number, m.type_column};
    g_.hexes_at = g_.harbors_at = g_.robber_at = at;
    g_.hex_at.assign(g_.board.hexes.size(), at);
    g_.harbor_at.assign(g_.board.harbors.size(), at);
  }

  static std::string hex2(int v) {
    static constexpr char kDigits[] = "0123456789ABCDEF";
    return {kDigits[(v >> 4) & 15], kDigits[v & 15]};
  }

  // `{ 50 6 68 ... }`: at most 64 integers.
  static std::optional<std::vector<int>> list(std::string_view s) {
    return detail::braced_list(
        s, [](std::string_view n) { return to_int(n); }, 64);
  }

  void turn(const Line& m) {
    auto s = seat(m, "playerNumber");
    if (!s) return;
    if (!ordered_) {
      if (!board_) return fatal(m, "the first turn before the board (SOCBoardLayout)");
      order(m, *s);
      if (!ordered_) return;
    }
    close_ctx();
    piece_.reset();
    robber_.reset();
    if (in_play_ && cur_ >= 0) emit(m, ActionKind::EndTurn, player(cur_));
    cur_ = *s;
  }

  // Seats clockwise from the first player: ascending seat numbers (JSettlers' turn order).
  void order(const Line& m, int first) {
    std::vector<int> seats;
    for (int s = 0; s < kSeats; ++s)
      if (!seat_name_[s].empty()) seats.push_back(s);
    const core::Edition& base = core::Edition::base();
    if (static_cast<int>(seats.size()) < base.min_players)
      return fatal(m, fmt::format("{} seated players: only {}- and {}-player games are imported",
                                  seats.size(), base.min_players, base.max_players));
    std::rotate(seats.begin(), std::find(seats.begin(), seats.end(), first), seats.end());
    for (int s : seats) {
      // A nickname that is not printable UTF-8 is named after its seat (docs/IMPORT-STAC.md).
      const std::string name =
          printable(seat_name_[s]) ? seat_name_[s] : "seat" + std::to_string(s);
      for (const std::string& p : g_.players)
        if (p == name) return fatal(m, "two seats have the name '" + p + "'");
      seat_player_[s] = static_cast<int>(g_.players.size());
      g_.players.push_back(name);
      nickname_.push_back(seat_name_[s]);
    }
    g_.players_at = {m.number, m.type_column};
    g_.at = {1, 1};
    g_.source = log::Source{"stac", file_, "STAC JSettlers server (legacy line form)"};
    ordered_ = true;
  }

  void game_state(const Line& m) {
    auto s = number(m, "state", 0, 10000);
    if (!s) return;
    if (*s == 15) in_play_ = true;  // ROLL_OR_CARD: the set-up is over
    if (*s == 50) {                 // WAITING_FOR_DISCARDS
      if (ctx_ != Ctx::Discard) open(Ctx::Discard, m);
    }
    if (*s == 1000) {  // OVER
      close_ctx();
      over_ = true;
      over_line_ = m.number;
      over_column_ = m.type_column;
    }
  }

  void put_piece(const Line& m) {
    auto s = seat(m, "playerNumber");
    auto type = number(m, "pieceType", 0, 3);
    auto c = number(m, "coord", 0, 0xFF, 16);
    if (!s || !type || !c) return;
    const Field* cf = m.field("coord");
    if (*type == 3) return problem(m, m.field("pieceType"), "pieceType=3 (a ship): not base game");
    const Piece p{*s, *type, *c};
    if (!piece_ || !(*piece_ == p)) {  // the request; the server's echo makes the entry
      if (*type == 0 ? importers::jsettlers::edge_edge(*c) == core::kNone
                     : importers::jsettlers::node_corner(*c) == core::kNone)
        return problem(m, cf,
                       "coord=" + std::string(cf->value) + " is not " +
                           (*type == 0 ? "an edge" : "a node") + " of the island");
      piece_ = p;
      // A build placed without SOCBuildRequest: the server takes the price between the
      // request and its echo.
      if (ctx_ != Ctx::Cost) open(Ctx::Cost, m);
      return;
    }
    piece_.reset();
    close_ctx();
    if (*type == 0) {
      const core::EdgeId e = importers::jsettlers::edge_edge(*c);
      const auto name = detail::base_island().edge_name(e);
      emit(m, ActionKind::Road, player(*s)).edge = {name.hex, name.dir, e};
      return;
    }
    const core::CornerId k = importers::jsettlers::node_corner(*c);
    const auto name = detail::base_island().corner_name(k);
    emit(m, *type == 1 ? ActionKind::Settlement : ActionKind::City, player(*s)).corner = {
        name.hex, name.dir, k};
  }

  void dice(const Line& m) {
    auto n = number(m, "param", 2, 12);
    if (!n) return;
    if (cur_ < 0) return problem(m, "a roll before anyone's turn");
    close_ctx();
    auto& a = emit(m, ActionKind::Roll, player(cur_));
    a.roll_sum = *n;
    if (*n != 7) a.gains = std::vector<ResourceSet>(g_.players.size());
    roll_entry_ = last();
    open(Ctx::Production, m);
    ctx_entry_ = last();
  }

  void move_robber(const Line& m) {
    auto s = seat(m, "playerNumber");
    auto c = number(m, "coord", 0, 0xFF, 16);
    if (!s || !c) return;
    auto a = importers::jsettlers::hex_axial(*c);
    if (!a || !detail::base_island().contains(*a))
      return problem(m, m.field("coord"),
                     "coord=" + std::string(m.get("coord").value_or("")) +
                         " is not a land hex of the classic board");
    const Piece p{*s, -1, *c};
    if (!robber_ || !(*robber_ == p)) {
      robber_ = p;
      return;
    }
    robber_.reset();
    close_ctx();
    emit(m, ActionKind::Robber, player(*s)).hex = {*a, detail::base_island().hex_id(*a)};
    open(Ctx::Robbery, m);
    ctx_entry_ = last();
  }

  void discard(const Line& m) {
    auto c = stac::read_cards(m, "resources");
    if (c.error) return problem(m.number, c.error->column, c.error->message);
    if (ctx_ != Ctx::Discard) open(Ctx::Discard, m);
    ctx_line_ = m.number;  // the next discarder's entry points here
    ctx_column_ = m.type_column;
  }

  void bank(const Line& m) {
    auto give = stac::read_cards(m, "give");
    if (give.error) return problem(m.number, give.error->column, give.error->message);
    auto get = stac::read_cards(m, "get");
    if (get.error) return problem(m.number, get.error->column, get.error->message);
    if (give.cards->unknown || get.cards->unknown)
      return problem(m, "give and get must hold no unknown cards");
    open(Ctx::Bank, m);
    want_give_ = give.cards->known;
    want_get_ = get.cards->known;
  }

  void make_offer(const Line& m) {
    auto from = seat(m, "from");
    if (!from) return;
    auto give = stac::read_cards(m, "give");
    if (give.error) return problem(m.number, give.error->column, give.error->message);
    auto get = stac::read_cards(m, "get");
    if (get.error) return problem(m.number, get.error->column, get.error->message);
    if (give.cards->unknown || get.cards->unknown)
      return problem(m, "an offer's give and get must hold no unknown cards");
    offers_[*from] = Offer{give.cards->known, get.cards->known};
  }

  void accept(const Line& m) {
    auto acc = seat(m, "accepting");
    auto off = seat(m, "offering");
    if (!acc || !off) return;
    if (!offers_[*off]) {
      if (accepted_ && *accepted_ == std::pair{*off, *acc}) return;  // the server's copy
      return problem(m, "seat " + std::to_string(*acc) + " accepts an offer of seat " +
                            std::to_string(*off) + ", which made none (SOCMakeOffer)");
    }
    if (*acc == *off) return problem(m, "a seat accepts its own offer");
    open(Ctx::Trade, m);
    want_give_ = offers_[*off]->give;
    want_get_ = offers_[*off]->get;
    trade_off_ = *off;
    trade_acc_ = *acc;
    offers_[*off].reset();
    accepted_ = std::pair{*off, *acc};
  }

  void dev_card(const Line& m) {
    auto s = seat(m, "playerNum");
    auto what = number(m, "actionType", 0, 3);
    auto n = number(m, "cardType", 0, 9);
    if (!s || !what || !n) return;
    const int p = player(*s);
    if (*what >= 2) return;  // ADDNEW, ADDOLD: the hand's bookkeeping
    if (*what == 0) {        // DRAW: the buyer's copy names the card, the others' says 9
      if (buy_entry_ == last() && buy_entry_ >= 0 && buy_copies_ == 1) {
        core::Action& a = g_.actions[buy_entry_].action;
        if (a.player == p && a.hidden_buy != (*n == kUnknownCard)) {
          if (a.hidden_buy) {
            a.hidden_buy = false;
            a.card = *legacy_card(*n);
          }
          buy_copies_ = 2;
          return;
        }
      }
      close_ctx();
      auto& a = emit(m, ActionKind::Buy, p);
      if (*n == kUnknownCard)
        a.hidden_buy = true;
      else
        a.card = *legacy_card(*n);
      buy_entry_ = last();
      buy_copies_ = 1;
      return;
    }
    auto c = legacy_card(*n);
    if (!c || *c == core::DevCard::VictoryPoint)
      return problem(m, m.field("cardType"),
                     "PLAY of cardType=" + std::to_string(*n) +
                         ": only knights (0), road building (1), year of plenty (2) and "
                         "monopoly (3) are played");
    close_ctx();
    auto& a = emit(m, ActionKind::Play, p);
    a.card = *c;
    if (*c == core::DevCard::YearOfPlenty || *c == core::DevCard::Monopoly) {
      a.has_take = *c == core::DevCard::YearOfPlenty;
      open(Ctx::Play, m);
      ctx_entry_ = last();
      play_card_ = *c;
      mono_res_.reset();
      discovery_pick_.reset();
    }
  }

  void open(Ctx c, const Line& m) {
    close_ctx();
    ctx_ = c;
    ctx_entry_ = -1;
    ctx_line_ = m.number;
    ctx_column_ = m.type_column;
    discard_entry_.fill(-1);
    discard_known_.fill(0);
    discard_unknown_.fill(0);
    lost_.fill({});
    gained_.fill({});
  }

  // Checks what the context's elements did against what it asked, and finishes its entry.
  void close_ctx() {
    const Ctx c = ctx_;
    ctx_ = Ctx::None;
    const std::string at = " (line " + std::to_string(ctx_line_) + ")";
    switch (c) {
      case Ctx::Discard:
        for (int s = 0; s < kSeats; ++s) {
          if (discard_entry_[s] < 0) continue;
          core::Action& a = g_.actions[discard_entry_[s]].action;
          if (discard_known_[s] == 0)
            a.hidden_cards = discard_unknown_[s];
          else if (discard_unknown_[s] != 0 && discard_unknown_[s] != discard_known_[s])
            problem(g_.actions[discard_entry_[s]].at.line, 1,
                    "SOCDiscard: seat " + std::to_string(s) + " lost " +
                        std::to_string(discard_known_[s]) + " known but " +
                        std::to_string(discard_unknown_[s]) + " unknown cards");
        }
        break;
      case Ctx::Bank:
        if (ctx_entry_ >= 0 && (lost_[cur_] != want_give_ || gained_[cur_] != want_get_))
          problem(ctx_line_, ctx_column_,
                  "SOCBankTrade: the server moved " + core::to_string(lost_[cur_]) + " for " +
                      core::to_string(gained_[cur_]) + ", not the request's " +
                      core::to_string(want_give_) + " for " + core::to_string(want_get_));
        break;
      case Ctx::Trade:
        if (ctx_entry_ >= 0 &&
            (lost_[trade_off_] != want_give_ || gained_[trade_off_] != want_get_ ||
             lost_[trade_acc_] != want_get_ || gained_[trade_acc_] != want_give_))
          problem(ctx_line_, ctx_column_,
                  "SOCAcceptOffer: the cards the server moved differ from the offer " +
                      core::to_string(want_give_) + " for " + core::to_string(want_get_));
        break;
      case Ctx::Play: {
        core::Action& a = g_.actions[ctx_entry_].action;
        if (play_card_ == core::DevCard::YearOfPlenty && a.get.empty() && discovery_pick_)
          a.get = *discovery_pick_;
        if (play_card_ == core::DevCard::YearOfPlenty && a.get.empty())
          problem(ctx_line_, ctx_column_,
                  "SOCDevCard: a Year of Plenty without the cards it took (SOCPlayerElement "
                  "GAIN)" +
                      at);
        if (play_card_ == core::DevCard::Monopoly) {
          if (!mono_res_)
            problem(ctx_line_, ctx_column_,
                    "SOCDevCard: a Monopoly without its resource (SOCMonopolyPick or the "
                    "victims' SOCPlayerElement LOSE)");
          else
            a.resource = *mono_res_;
        }
        break;
      }
      default:
        break;
    }
    ctx_entry_ = -1;
  }

  void element(const Line& m) {
    auto s = seat(m, "playerNum");
    auto act = number(m, "actionType", 100, 102);
    auto type = number(m, "elementType", 1, 1000);
    auto v = number(m, "value", 0, 1000);
    if (!s || !act || !type || !v) return;
    if (*type > 6) return;  // pieces left, knights, ...: counts the engine keeps itself
    const int p = player(*s);
    const std::optional<Resource> r = resource_of(*type);  // nullopt: unknown (6)
    if (*act == 100) {                                     // SET: a hand, one resource a line
      if (!r) return;
      if (ctx_ == Ctx::Play && play_card_ == core::DevCard::Monopoly) {
        // A monopoly told as each seat's new amount of the resource: the resource, not the
        // takes (which need the hands before).
        if (mono_res_ && *mono_res_ != *r)
          return problem(m, "SET of another resource than the monopoly's");
        mono_res_ = *r;
        return;
      }
      // A hand is five SET lines in a row; any other line between them begins a new group.
      const int bit = 1 << static_cast<int>(*r);
      if ((set_mask_[*s] & bit) || set_after_[*s] != messages_ - 1) set_mask_[*s] = 0;
      set_after_[*s] = messages_;
      set_hand_[*s][*r] = *v;
      set_mask_[*s] |= bit;
      if (set_mask_[*s] == 31) {
        expect_hand(m, p, set_hand_[*s]);
        set_mask_[*s] = 0;
      }
      return;
    }
    const bool gain = *act == 101;
    const std::string what =
        std::string(gain ? "GAIN" : "LOSE") + " of seat " + std::to_string(*s) + " ";
    switch (ctx_) {
      case Ctx::Production: {
        core::Action& a = g_.actions[ctx_entry_].action;
        if (!gain || !r || !a.gains)
          return problem(m, what + "after a roll: only known GAIN (production) is expected");
        (*a.gains)[p][*r] += *v;
        return;
      }
      case Ctx::Cost:
        if (*s != cur_) return problem(m, what + "during another seat's build or purchase");
        return;  // the price (or its refund), which the engine computes
      case Ctx::Discard: {
        if (gain) return problem(m, what + "while players discard");
        if (discard_entry_[*s] < 0) {
          emit(ctx_line_, ctx_column_, ActionKind::Discard, p);
          discard_entry_[*s] = last();
        }
        if (r) {
          g_.actions[discard_entry_[*s]].action.give[*r] += *v;
          discard_known_[*s] += *v;
        } else {
          discard_unknown_[*s] += *v;
        }
        return;
      }
      case Ctx::Robbery: {
        core::Action& a = g_.actions[ctx_entry_].action;
        if (p == a.player) {
          if (!gain) return problem(m, what + ": the robber's mover loses a card");
          return;  // the thief's side of the steal
        }
        if (gain || *v != 1) return problem(m, what + "in a robbery: a victim loses one card");
        if (!a.has_steal || (a.stolen.hidden && a.steal_from == p)) {
          a.has_steal = true;
          a.steal_from = p;
          a.stolen.hidden = !r;
          a.stolen.resource = r;
          auto& e = g_.actions[ctx_entry_];
          e.steal = Mark{m.number, m.type_column};
        } else if (a.steal_from != p || (r && a.stolen.resource != r)) {
          return problem(m, what + "in a robbery that already stole from seat " +
                                std::to_string(a.steal_from >= 0 ? a.steal_from : -1) +
                                ": a second steal");
        }
        return;
      }
      case Ctx::Bank: {
        if (*s != cur_ || !r) return problem(m, what + "in the active seat's bank trade");
        if (ctx_entry_ < 0) {
          auto& a = emit(ctx_line_, ctx_column_, ActionKind::BankTrade, player(cur_));
          a.give = want_give_;
          a.get = want_get_;
          ctx_entry_ = last();
        }
        (gain ? gained_ : lost_)[*s][*r] += *v;
        return;
      }
      case Ctx::Trade: {
        if ((*s != trade_off_ && *s != trade_acc_) || !r)
          return problem(m, what + "in a trade between seats " + std::to_string(trade_off_) +
                                " and " + std::to_string(trade_acc_));
        if (ctx_entry_ < 0) {
          // The entry is the active player's: the offerer's unless the active player accepted.
          const bool offerer_acts = cur_ == trade_off_ || cur_ != trade_acc_;
          auto& a = emit(ctx_line_, ctx_column_, ActionKind::Trade,
                         player(offerer_acts ? trade_off_ : trade_acc_));
          a.other = player(offerer_acts ? trade_acc_ : trade_off_);
          a.give = offerer_acts ? want_give_ : want_get_;
          a.get = offerer_acts ? want_get_ : want_give_;
          ctx_entry_ = last();
        }
        (gain ? gained_ : lost_)[*s][*r] += *v;
        return;
      }
      case Ctx::Play: {
        core::Action& a = g_.actions[ctx_entry_].action;
        if (!r) return problem(m, what + "of an unknown card in a Year of Plenty or Monopoly");
        if (play_card_ == core::DevCard::YearOfPlenty) {
          if (!gain || p != a.player)
            return problem(m, what + "in a Year of Plenty: only the player's GAIN");
          a.get[*r] += *v;
          return;
        }
        if (p == a.player) {
          if (!gain || (mono_res_ && *mono_res_ != *r))
            return problem(m, what + "in a Monopoly: the player gains the named resource");
          mono_res_ = *r;
          return;
        }
        if (gain || (mono_res_ && *mono_res_ != *r))
          return problem(m, what + "in a Monopoly: a victim loses the named resource");
        mono_res_ = *r;
        if (!a.takes) a.takes = std::vector<int>(g_.players.size(), 0);
        (*a.takes)[p] += *v;
        return;
      }
      case Ctx::None:
        break;
    }
    problem(m, what + "that no mapped action explains");
  }

  // Snapshots are asserted only where the game's entries are complete: not during a build
  // (the price is paid before the piece is placed), a robbery or a card's outcome.
  bool snapshot_time() const {
    return !g_.actions.empty() && ctx_ != Ctx::Cost && ctx_ != Ctx::Robbery && ctx_ != Ctx::Play &&
           !piece_ && !robber_;
  }

  log::Entry& expect_entry(const Line& m) {
    log::Entry& e = g_.actions.back();
    if (!e.action.expect) {
      e.action.expect.emplace();
      e.expect = Mark{m.number, m.type_column};
    }
    return e;
  }

  void expect_hand(const Line& m, int p, const ResourceSet& hand) {
    if (!snapshot_time()) return;
    auto& x = *expect_entry(m).action.expect;
    x.hands.resize(g_.players.size());
    if (x.hands[p] && *x.hands[p] != hand)
      return problem(m, "the hand of " + g_.players[p] + " is " + core::to_string(hand) +
                            ", but an earlier line said " + core::to_string(*x.hands[p]) +
                            " after the same action: a change between them is not imported");
    x.hands[p] = hand;
  }

  void expect_cards(const Line& m, int p, int n) {
    if (!snapshot_time()) return;
    auto& x = *expect_entry(m).action.expect;
    x.cards.resize(g_.players.size());
    if (x.cards[p] && *x.cards[p] != n)
      return problem(m, g_.players[p] + " holds " + std::to_string(n) +
                            " cards, but an earlier line said " + std::to_string(*x.cards[p]) +
                            " after the same action: a change between them is not imported");
    x.cards[p] = n;
  }

  void resource_count(const Line& m) {
    auto s = seat(m, "playerNumber");
    auto n = number(m, "count", 0, 1000);
    if (s && n) expect_cards(m, player(*s), *n);
  }

  // GAME-TEXT-MESSAGE: the STAC server's record of a chat line with the speaker's hand.
  void stac_snapshot(const Line& m) {
    if (!ordered_) return;
    const std::string_view name = m.get("player").value_or("");
    int p = -1;
    for (size_t i = 0; i < nickname_.size(); ++i)
      if (nickname_[i] == name) p = static_cast<int>(i);
    if (p < 0) return;  // an observer's talk
    static constexpr std::array<std::string_view, 5> kNames{"clay", "ore", "sheep", "wheat",
                                                            "wood"};
    ResourceSet hand;
    for (size_t k = 0; k < kNames.size(); ++k) {
      auto n = number(m, kNames[k], 0, 1000);
      if (!n) return;
      hand[*resource_of(static_cast<int>(k) + 1)] = *n;
    }
    auto unknown = number(m, "unknown", 0, 1000);
    if (!unknown) return;
    if (*unknown == 0)
      expect_hand(m, p, hand);
    else
      expect_cards(m, p, hand.total() + *unknown);
  }

  // SOCGameStats after the end: `game=G|s0|s1|s2|s3|robot flags...`, the seats' scores.
  void stats(const Line& m) {
    std::vector<int> v;
    for (const Field& f : m.fields) {
      if (!f.key.empty()) continue;
      auto n = to_int(f.value);
      if (!n) break;
      v.push_back(*n);
    }
    if (v.size() != kSeats) return problem(m, "the final scores must be 4 integers after game=");
    scores_ = std::move(v);
  }

  void finish() {
    if (!ordered_) {
      problems_.push_back({{1, 1},
                           "no game in this log: it never reaches the first turn (SOCTurn "
                           "after SOCStartGame and SOCBoardLayout)"});
      return;
    }
    close_ctx();
    if (!over_ || g_.actions.empty() || scores_.empty()) return;  // checked as incomplete
    // The server's final scores, hidden victory points included.
    log::Entry& e = g_.actions.back();
    if (!e.action.expect) e.action.expect.emplace();
    e.expect = Mark{over_line_, over_column_};
    e.action.expect->vp.assign(g_.players.size(), std::nullopt);
    for (int s = 0; s < kSeats; ++s)
      if (seat_player_[s] >= 0) e.action.expect->vp[seat_player_[s]] = scores_[s];
    // A winner only when the player whose turn it was reached the target: the server also
    // ends a game when everybody left ("null has won the game with 4 points").
    if (cur_ >= 0 && scores_[cur_] >= g_.options.victory_points) {
      g_.result_winner = player(cur_);
      g_.result_at = {over_line_, over_column_};
    }
  }
};

}  // namespace

importers::Imported import_stac(const std::string& file, std::string_view text,
                                const importers::ImportOptions& /*options*/) {
  Importer im(file, text);
  return im.run();
}

bool looks_like_stac(std::string_view first_bytes) {
  if (first_bytes.substr(0, 3) == "\xEF\xBB\xBF") first_bytes.remove_prefix(3);
  return stac::has_stamp(first_bytes);
}

namespace {
// `2012:06:06:19:58:56:999:+0100:SOC...`: the STAC corpus' legacy line form.
Sniff stac_legacy(std::string_view l, bool ended) {
  constexpr std::string_view kShape = "dddd:dd:dd:dd:dd:dd:ddd:sdddd:SOC";
  for (size_t i = 0; i < kShape.size(); ++i) {
    if (i == l.size()) return ended ? Sniff::No : Sniff::More;
    const char c = l[i], k = kShape[i];
    if (k == 'd' ? c < '0' || c > '9' : k == 's' ? c != '+' && c != '-' : c != k) return Sniff::No;
  }
  return Sniff::Yes;
}
}  // namespace

Sniff sniff_stac(std::string_view head, bool ended) {
  return stac_legacy(detail::without_bom(head), ended);
}

}  // namespace catan::importers
