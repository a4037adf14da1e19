#include "log/reader.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <cstring>
#include <map>
#include <span>
#include <sstream>
#include <string_view>
#include <unordered_map>

#include "core/spelling.hpp"
#include "core/state.hpp"
#include "core/work_counters.hpp"
#include "log/header_scan.hpp"
#include "text/fast_json.hpp"
#include "text/fast_yaml.hpp"
#include "text/pieces.hpp"
#include "text/syntax_words.hpp"

namespace catan::log {

// The reader works on the text layer's trees, positions and errors.
using namespace catan::text;
namespace {

using core::ActionKind;
using Kind = Node::Kind;

// Building the model costs no allocation beyond what the model keeps: the names of
// fields and keys are string views into fixed tables, turned into text only when a
// message is built, and scalars are compared and parsed where the tree holds them.

// A log value quoted in a message: at most `max` bytes of it, then "...", so that a huge
// scalar is not copied into the diagnostic (cut on a UTF-8 character boundary).
constexpr size_t kShownBytes = 64;
std::string shown(std::string_view v, size_t max = kShownBytes) {
  if (v.size() <= max) return std::string(v);
  size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(v[n]) & 0xC0) == 0x80) --n;
  return std::string(v.substr(0, n)) + "...";
}

// Messages built elsewhere (core::set_option) may quote a whole value: cut them too.
[[noreturn]] void bad(const Node& n, const std::string& msg) {
  throw SyntaxError(n.mark, shown(msg, 1024));
}

std::string describe(const Node& n) {
  switch (n.kind) {
    case Kind::Null:
      return "nothing (null)";
    case Kind::Sequence:
      return "a sequence";
    case Kind::Mapping:
      return "a mapping";
    case Kind::Scalar:
      return n.quoted ? "the quoted string \"" + shown(n.value) + "\"" : "'" + shown(n.value) + "'";
  }
  return "?";
}

// Equal views: most keys and names that differ, differ in length or first byte, which
// settles them without a call to memcmp.
inline bool same(std::string_view a, std::string_view b) {
  if (a.size() != b.size() || (!a.empty() && a[0] != b[0])) return false;
  // Keys and names are short: compared here, which costs less than a call to memcmp.
  if (a.size() <= 16) {
    for (size_t i = 1; i < a.size(); ++i)
      if (a[i] != b[i]) return false;
    return true;
  }
  return std::memcmp(a.data(), b.data(), a.size()) == 0;
}

// ASCII case folding, as std::tolower in the C locale (the program never sets another).
constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }
bool equal_ignoring_case(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != lower[i]) return false;
  return true;
}

// Plain scalars that YAML 1.1 reads as booleans or null: names must be quoted to use them.
bool yaml11_special(std::string_view v) {
  if (v.empty() || v.size() > 5) return false;  // the words below are 1 to 5 bytes
  switch (ascii_lower(v[0])) {                  // their first letters
    case 'y':
    case 'n':
    case 'o':
    case 't':
    case 'f':
    case '~':
      break;
    default:
      return false;
  }
  static constexpr std::string_view kWords[] = {"y",   "n",    "yes",   "no",   "on",
                                                "off", "true", "false", "null", "~"};
  for (std::string_view w : kWords)
    if (equal_ignoring_case(v, w)) return true;
  return false;
}

const Node& as_map(const Node& n, std::string_view what) {
  if (n.kind != Kind::Mapping) bad(n, std::string(what) + " must be a mapping, not " + describe(n));
  return n;
}
const Node& as_seq(const Node& n, std::string_view what) {
  if (n.kind != Kind::Sequence)
    bad(n, std::string(what) + " must be a sequence, not " + describe(n));
  return n;
}

// The error of as_int: says why `n` is not an integer in lo..hi.
[[noreturn]] void not_an_int(const Node& n, std::string_view what, long lo, long hi) {
  if (n.kind != Kind::Scalar || n.quoted)
    bad(n, std::string(what) + " must be an integer, not " + describe(n));
  const std::string_view v = n.value;
  size_t start = (!v.empty() && v[0] == '-') ? 1 : 0;
  bool digits =
      v.size() > start && std::all_of(v.begin() + static_cast<long>(start), v.end(),
                                      [](unsigned char c) { return c >= '0' && c <= '9'; });
  if (!digits)
    bad(n, std::string(what) + " must be a decimal integer, not '" + shown(v) + "'" +
               (v.rfind("0x", 0) == 0 || v.rfind("0o", 0) == 0
                    ? " (YAML 1.1 / hex spellings are not accepted)"
                    : ""));
  bad(n, std::string(what) + " must be an integer in " + std::to_string(lo) + ".." +
             std::to_string(hi) + ", not " + shown(v));
}

// A plain decimal integer ("-"? digits), parsed in place: std::from_chars takes exactly
// that spelling (no "+", no spaces, no "0x"), so whatever it refuses is not_an_int's.
int as_int(const Node& n, std::string_view what, long lo = INT_MIN, long hi = INT_MAX) {
  if (n.kind == Kind::Scalar && !n.quoted) {
    // Most numbers in a log are one to three digits: read those here, the rest (a sign,
    // more digits, anything else) with from_chars, which reads these the same way.
    const std::string_view v = n.value;
    if (!v.empty() && v.size() <= 4) {
      long x = 0;
      size_t i = 0;
      for (; i < v.size() && v[i] >= '0' && v[i] <= '9'; ++i) x = x * 10 + (v[i] - '0');
      if (i == v.size()) {
        if (x >= lo && x <= hi) return static_cast<int>(x);
        not_an_int(n, what, lo, hi);
      }
    }
    const char* end = n.value.data() + n.value.size();
    long long x = 0;
    auto [p, ec] = std::from_chars(n.value.data(), end, x);
    if (ec == std::errc{} && p == end && x >= lo && x <= hi) return static_cast<int>(x);
  }
  not_an_int(n, what, lo, hi);
}

// A name or keyword: a scalar, not a YAML 1.1 boolean/null spelling unless quoted.
std::string_view as_word(const Node& n, std::string_view what) {
  if (n.kind != Kind::Scalar) bad(n, std::string(what) + " must be a name, not " + describe(n));
  if (!n.quoted && yaml11_special(n.value))
    bad(n, std::string(what) + " '" + shown(n.value) +
               "' is a YAML 1.1 boolean/null spelling; quote it if it is meant as a name");
  if (n.value.empty()) bad(n, std::string(what) + " must not be empty");
  return n.value;
}

std::string_view as_text(const Node& n, std::string_view what) {
  if (n.kind != Kind::Scalar) bad(n, std::string(what) + " must be text, not " + describe(n));
  return n.value;
}

// A list in a message: its first kMaxListed names, then "..." and the count.
template <typename Names>
std::string join(const Names& v) {
  std::string s;
  constexpr size_t kMaxListed = 16;
  for (size_t i = 0; i < v.size() && i < kMaxListed; ++i)
    s += (s.empty() ? "" : ", ") + shown(v[i]);
  if (v.size() > kMaxListed) s += ", ... (" + std::to_string(v.size()) + " in all)";
  return s;
}

// The keys a mapping may hold: a fixed table.
using Keys = std::span<const std::string_view>;

bool holds(Keys keys, std::string_view key) {
  for (std::string_view k : keys)
    if (same(k, key)) return true;
  return false;
}

// Key access on a mapping with unknown-key and missing-key errors. `what` and `allowed`
// are fixed tables that outlive the Fields.
class Fields {
 public:
  // `check`: an unknown key is an error here (false: the caller checked, or checks later).
  Fields(const Node& map, std::string_view what, Keys allowed, bool check = true)
      : map_(map), what_(what), allowed_(allowed) {
    if (!check) return;
    for (const auto& [k, v] : map_.entries)
      if (!holds(allowed_, k.value)) unknown(k);
  }
  const Node* get(std::string_view key) const {
    for (const auto& [k, v] : map_.entries)
      if (same(k.value, key)) return &v;
    return nullptr;
  }
  const Node& need(std::string_view key) const {
    if (const Node* n = get(key)) return *n;
    bad(map_, std::string(what_) + " is missing the required key '" + std::string(key) + "'");
  }
  const Node* key_node(std::string_view key) const {
    for (const auto& [k, v] : map_.entries)
      if (same(k.value, key)) return &k;
    return nullptr;
  }

 private:
  const Node& map_;
  std::string_view what_;
  Keys allowed_;

  [[noreturn]] void unknown(const Node& k) const {
    const std::vector<std::string> allowed(allowed_.begin(), allowed_.end());
    bad(k, "unknown key '" + shown(k.value) + "' in " + std::string(what_) +
               core::did_you_mean(k.value, allowed) + " (allowed: " + join(allowed) + ")");
  }
};

// The valid spellings, for "did you mean" (only ever read to build a message).
const std::vector<std::string> kResources{"lumber", "brick", "wool", "grain", "ore"};
const std::vector<std::string> kTerrains{"forest", "hills",     "pasture",
                                         "fields", "mountains", "desert"};
const std::vector<std::string> kCards{"knight", "road-building", "year-of-plenty", "monopoly",
                                      "victory-point"};
std::string hint(const Node& n, const std::vector<std::string>& valid,
                 const core::Synonyms& syn = {}) {
  return n.kind == Node::Kind::Scalar ? core::did_you_mean(n.value, valid, syn) : "";
}

const std::vector<std::string> kActionKeys{"settlement", "road",  "city", "roll", "discard",
                                           "robber",     "trade", "bank", "buy",  "play",
                                           "reveal",     "claim", "end"};

// The keys of each mapping the reader knows.
constexpr std::string_view kTopKeys[] = {"format",  "game",   "rules",   "players", "board",
                                         "actions", "result", "rolloff", "view"};
constexpr std::string_view kResultKeys[] = {"winner"};
constexpr std::string_view kGameKeys[] = {"id", "date", "notes", "source"};
constexpr std::string_view kSourceKeys[] = {"format", "file", "program"};
constexpr std::string_view kBoardKeys[] = {"hexes", "harbors", "robber"};
constexpr std::string_view kHexKeys[] = {"at", "terrain", "number"};
constexpr std::string_view kHarborKeys[] = {"at", "trade"};
constexpr std::string_view kExpectKeys[] = {"hands",        "cards", "vp",    "longest-road",
                                            "largest-army", "bank",  "robber"};
constexpr std::string_view kTradeKeys[] = {"with", "give", "get"};
constexpr std::string_view kBankKeys[] = {"give", "get"};
constexpr std::string_view kStealKeys[] = {"from", "card"};

// An entry's action key: its kind, the entry as messages name it, and the keys an entry
// of that kind may hold (in the order "allowed:" lists them).
struct ActionSpec {
  std::string_view key;
  ActionKind kind;
  std::string_view what;
  std::array<std::string_view, 6> allowed;
  size_t allowed_count;
  Keys keys() const { return {allowed.data(), allowed_count}; }
};

constexpr ActionSpec kActionSpecs[] = {
    {"settlement",
     ActionKind::Settlement,
     "a `settlement` entry",
     {"player", "settlement", "expect", "gains"},
     4},
    {"road", ActionKind::Road, "a `road` entry", {"player", "road", "expect"}, 3},
    {"city", ActionKind::City, "a `city` entry", {"player", "city", "expect"}, 3},
    {"roll", ActionKind::Roll, "a `roll` entry", {"player", "roll", "expect", "gains"}, 4},
    {"discard", ActionKind::Discard, "a `discard` entry", {"player", "discard", "expect"}, 3},
    {"robber", ActionKind::Robber, "a `robber` entry", {"player", "robber", "expect", "steal"}, 4},
    {"trade", ActionKind::Trade, "a `trade` entry", {"player", "trade", "expect"}, 3},
    {"bank", ActionKind::BankTrade, "a `bank` entry", {"player", "bank", "expect"}, 3},
    {"buy", ActionKind::Buy, "a `buy` entry", {"player", "buy", "expect"}, 3},
    {"play",
     ActionKind::Play,
     "a `play` entry",
     {"player", "play", "expect", "take", "resource", "takes"},
     6},
    {"reveal", ActionKind::Reveal, "a `reveal` entry", {"player", "reveal", "expect"}, 3},
    {"claim", ActionKind::Claim, "a `claim` entry", {"player", "claim", "expect"}, 3},
    {"end", ActionKind::EndTurn, "a `end` entry", {"player", "end", "expect"}, 3},
};

// The table is in ActionKind's order, so that a kind finds its row.
constexpr bool in_kind_order() {
  for (size_t i = 0; i < std::size(kActionSpecs); ++i)
    if (static_cast<size_t>(kActionSpecs[i].kind) != i) return false;
  return true;
}
static_assert(in_kind_order());

// The action key `key` names, or nullptr: by length and a letter, then one compare.
const ActionSpec* action_spec(std::string_view key) {
  auto is = [&](ActionKind k) {
    const ActionSpec& s = kActionSpecs[static_cast<size_t>(k)];
    return same(key, s.key) ? &s : nullptr;
  };
  using K = ActionKind;
  switch (key.size()) {
    case 3:
      return key[0] == 'b' ? is(K::Buy) : is(K::EndTurn);
    case 4:
      switch (key[0]) {
        case 'r':
          return key[2] == 'a' ? is(K::Road) : is(K::Roll);
        case 'c':
          return is(K::City);
        case 'b':
          return is(K::BankTrade);
        case 'p':
          return is(K::Play);
      }
      return nullptr;
    case 5:
      return key[0] == 't' ? is(K::Trade) : is(K::Claim);
    case 6:
      return key[2] == 'b' ? is(K::Robber) : is(K::Reveal);
    case 7:
      return is(K::Discard);
    case 10:
      return is(K::Settlement);
  }
  return nullptr;
}

// A mapping key, hashed and compared as a view (lookups build no string).
struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using NameIndex = std::unordered_map<std::string, int, NameHash, std::equal_to<>>;

class GameReader {
 public:
  GameReader() = default;
  // Reads entries against an already read header (its players).
  explicit GameReader(const Game& header) {
    g_.players = header.players;
    if (g_.players.size() > kScannedPlayers)
      for (size_t i = 0; i < g_.players.size(); ++i)
        player_index_.emplace(g_.players[i], static_cast<int>(i));
  }

  // Reads a whole document. Shape errors do not stop it: every part of the header and
  // every entry is read, and up to kMaxReadErrors problems are kept (errors()), as a
  // compiler goes on after an error. After a problem with `format` or `players` the
  // entries are not read (each would only repeat it).
  Game read(const Node& root) {
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
  bool header(const Node& root) {
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
    guard([&] { read_board(top.need("board")); });
    if (const Node* r = top.get("rolloff"); r && players) guard([&] { read_rolloff(*r); });
    return players;
  }

  void tail(const Fields& top) {
    if (const Node* result = top.get("result")) {
      Fields f(as_map(*result, "result"), "result", kResultKeys);
      g_.result_at = f.need("winner").mark;
      g_.result_winner = player(f.need("winner"));
    }
  }

  // Runs one part of the reading; a shape error is kept and the reading goes on. False
  // when the part failed (or the error limit was reached before it).
  template <typename F>
  bool guard(F&& part) {
    if (full()) return false;
    try {
      part();
      return true;
    } catch (const SyntaxError& e) {
      if (e.kind != ReadErrorKind::Shape) throw;  // limits: nothing after them is read
      errors_.push_back(e.error());
      if (full())
        errors_.back().message += " (" + std::to_string(kMaxReadErrors) +
                                  " problems in this document: the reader stops here)";
      return false;
    }
  }
  bool full() const { return errors_.size() >= kMaxReadErrors; }
  const std::vector<ReadError>& errors() const { return errors_; }

  const Game& game() const { return g_; }

  Entry read_entry(const Node& n);

  // An entry the caller is done with: its vectors are kept for the next entries' (moved out,
  // so it must not be read afterwards). A stream then allocates for its first entries only.
  void recycle(Entry& e) {
    auto keep = [](auto& spare, auto& used) {
      if (used.capacity() > spare.capacity()) spare = std::move(used);
    };
    keep(spare_.dice, e.action.dice);
    if (e.action.gains) keep(spare_.gains, *e.action.gains);
    if (e.action.expect) {
      keep(spare_.hands, e.action.expect->hands);
      keep(spare_.cards, e.action.expect->cards);
      keep(spare_.vp, e.action.expect->vp);
    }
  }

 private:
  Game g_;
  // Vectors of recycled entries, for the next ones (recycle).
  struct Spare {
    std::vector<int> dice;
    std::vector<core::ResourceSet> gains;
    std::vector<std::optional<core::ResourceSet>> hands;
    std::vector<std::optional<int>> cards, vp;
  } spare_;
  // `spare` emptied and made `n` default values long, keeping its memory.
  template <typename T>
  static std::vector<T> reuse(std::vector<T>& spare, size_t n) {
    std::vector<T> v = std::move(spare);
    spare = {};
    v.assign(n, T{});
    return v;
  }
  // g_.players by name, for a list longer than kScannedPlayers (a short one is scanned).
  NameIndex player_index_;
  static constexpr size_t kScannedPlayers = 8;
  std::vector<ReadError> errors_;
  std::unordered_map<std::string, Mark> unknown_players_;  // reported, and where first

  void read_game_info(const Node& n) {
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

  void read_players(const Node& n) {
    as_seq(n, "players");
    g_.players_at = n.mark;
    if (n.items.empty()) bad(n, "players must name at least one player");
    const bool indexed = n.items.size() > kScannedPlayers;
    g_.players.reserve(n.items.size());
    for (const Node& p : n.items) {
      const std::string_view name = as_word(p, "a player name");
      const bool fresh =
          indexed ? player_index_.emplace(name, static_cast<int>(g_.players.size())).second
                  : find_player(name) < 0;
      if (!fresh) bad(p, "player '" + shown(name) + "' is listed twice");
      g_.players.emplace_back(name);
    }
  }

  // `view: P` or `view: spectator` (a player named "spectator" takes precedence).
  void read_view(const Node& n) {
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

  // The index of player `name`, or -1.
  int find_player(std::string_view name) const {
    if (g_.players.size() <= kScannedPlayers) {
      for (size_t i = 0; i < g_.players.size(); ++i)
        if (same(g_.players[i], name)) return static_cast<int>(i);
      return -1;
    }
    auto it = player_index_.find(name);
    return it == player_index_.end() ? -1 : it->second;
  }

  int player(const Node& n) {
    const std::string_view name = as_word(n, "a player");
    const int index = find_player(name);
    if (index < 0) {
      // Said in full once per name; a repeat names the first place (and costs no search
      // of a long player list).
      auto [first, added] = unknown_players_.emplace(name, n.mark);
      if (!added)
        bad(n, "unknown player '" + shown(name) + "' (as at line " +
                   std::to_string(first->second.line) + ")");
      bad(n, "unknown player '" + shown(name) + "'" + core::did_you_mean(name, g_.players) +
                 " (players: " + join(g_.players) + ")");
    }
    return index;
  }

  void read_rules(const Node& n) {
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
      if (!v.quoted && yaml11_special(v.value))
        bad(v, "rules option values are words, not booleans");
    }
  }

  core::Axial hex(const Node& n, std::string_view what) {
    as_seq(n, what);
    if (n.items.size() != 2) bad(n, std::string(what) + " is a hex [q, r]: two integers");
    return {as_int(n.items[0], "q"), as_int(n.items[1], "r")};
  }

  core::HexRef hex_ref(const Node& n, std::string_view what) {
    core::Axial a = hex(n, what);
    return {a, core::hex_id(a)};
  }

  template <typename Dir>
  std::pair<core::Axial, Dir> place(const Node& n, std::string_view what,
                                    std::optional<Dir> (*parse)(std::string_view),
                                    const char* dirs) {
    as_seq(n, what);
    if (n.items.size() != 3) bad(n, std::string(what) + " is [q, r, " + dirs + "]");
    core::Axial a{as_int(n.items[0], "q"), as_int(n.items[1], "r")};
    const Node& d = n.items[2];
    auto dir = d.kind == Kind::Scalar ? parse(d.value) : std::nullopt;
    if (!dir)
      bad(d, std::string(what) + " direction must be one of " + dirs + ", not " + describe(d));
    return {a, *dir};
  }

  core::CornerRef corner(const Node& n) {
    auto [a, d] = place<core::CornerDir>(n, "an intersection", core::parse_corner_dir,
                                         "N, NE, SE, S, SW, NW");
    return {a, d, core::corner_id(a, d)};
  }
  core::EdgeRef edge(const Node& n) {
    auto [a, d] = place<core::EdgeDir>(n, "a path", core::parse_edge_dir, "NE, E, SE, SW, W, NW");
    return {a, d, core::edge_id(a, d)};
  }

  // `hidden`, where given, accepts a `hidden: N` count of unseen cards (discards).
  core::ResourceSet resources(const Node& n, std::string_view what, std::string* dev_key = nullptr,
                              int* hidden = nullptr) {
    as_map(n, what);
    core::ResourceSet s;
    for (const auto& [k, v] : n.entries) {
      auto r = core::parse_resource(k.value);
      if (!r && hidden && k.value == "hidden") {
        *hidden = as_int(v, "a hidden card count", 1, 1000);
        continue;
      }
      if (!r) {
        if (dev_key && core::parse_dev_card(k.value)) {
          *dev_key = k.value;
          as_int(v, "a card count", 0);
          continue;
        }
        bad(k, "unknown resource '" + shown(k.value) + "' in " + std::string(what) +
                   hint(k, kResources, core::resource_synonyms()) +
                   " (lumber, brick, wool, grain, ore)");
      }
      s[*r] = as_int(v, "a card count", 0, 1000);
    }
    return s;
  }

  void read_board(const Node& n) {
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
      auto [a, d] = place<core::EdgeDir>(hf.need("at"), "a harbor's path", core::parse_edge_dir,
                                         "NE, E, SE, SW, W, NW");
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

  void read_rolloff(const Node& n) {
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

  std::vector<core::ResourceSet> per_player_resources(const Node& n, std::string_view what) {
    std::vector<core::ResourceSet> out = reuse(spare_.gains, g_.players.size());
    for (const auto& [k, v] : as_map(n, what).entries) out[player(k)] = resources(v, what);
    return out;
  }

  template <typename T, typename F>
  std::vector<std::optional<T>> per_player(const Node& n, std::string_view what,
                                           std::vector<std::optional<T>>& spare, F read) {
    std::vector<std::optional<T>> out = reuse(spare, g_.players.size());
    for (const auto& [k, v] : as_map(n, what).entries) out[player(k)] = read(v);
    return out;
  }

  int player_or_none(const Node& n) {
    if (n.kind == Kind::Scalar && n.value == "none" && find_player("none") < 0)
      return core::kNoPlayer;
    return player(n);
  }

  core::Expectation expectation(const Node& n) {
    Fields f(as_map(n, "expect"), "expect", kExpectKeys);
    core::Expectation e;
    if (const Node* h = f.get("hands"))
      e.hands = per_player<core::ResourceSet>(
          *h, "expect.hands", spare_.hands, [&](const Node& v) { return resources(v, "a hand"); });
    if (const Node* c = f.get("cards"))
      e.cards = per_player<int>(*c, "expect.cards", spare_.cards,
                                [&](const Node& v) { return as_int(v, "a card count", 0); });
    if (const Node* v = f.get("vp"))
      e.vp = per_player<int>(*v, "expect.vp", spare_.vp,
                             [&](const Node& x) { return as_int(x, "a VP count", 0); });
    if (const Node* l = f.get("longest-road")) e.longest_road = player_or_none(*l);
    if (const Node* l = f.get("largest-army")) e.largest_army = player_or_none(*l);
    if (const Node* b = f.get("bank")) e.bank = resources(*b, "expect.bank");
    if (const Node* r = f.get("robber")) e.robber = hex_ref(*r, "expect.robber");
    return e;
  }

  Entry read_entry_impl(const Node& n) {
    as_map(n, "an action entry");
    Entry out;
    out.at = n.mark;
    const MapEntry* key = nullptr;  // the action key and its value
    const ActionSpec* spec = nullptr;
    for (const MapEntry& e : n.entries) {
      const ActionSpec* s = action_spec(e.key.value);
      if (!s) continue;
      if (key)
        bad(e.key, "an entry has exactly one action key; this one has '" +
                       std::string(key->key.value) + "' and '" + shown(e.key.value) + "'");
      key = &e;
      spec = s;
    }
    if (!key) {
      // A misspelt action key (`setlement:`): blame that key, with the nearest spelling.
      static constexpr std::string_view kOther[] = {"player", "expect",   "gains", "steal",
                                                    "take",   "resource", "takes"};
      for (const auto& [k, v] : n.entries)
        if (holds(kOther, k.value))
          continue;
        else if (auto near = core::nearest(k.value, kActionKeys))
          bad(k, "unknown action key '" + std::string(k.value) + "'; did you mean '" + *near +
                     "'? (action keys: " + join(kActionKeys) + ")");
      bad(n, "the entry has no action key (one of " + join(kActionKeys) + ")");
    }
    Fields f(n, spec->what, spec->keys());
    core::Action& a = out.action;
    const Node& who = f.need("player");
    out.player = who.mark;
    a.player = player(who);
    const Node& v = key->value;
    out.value = v.mark;
    a.kind = spec->kind;

    switch (spec->kind) {
      case ActionKind::Settlement:
      case ActionKind::City:
        a.corner = corner(v);
        break;
      case ActionKind::Road:
        a.edge = edge(v);
        break;
      case ActionKind::Roll:
        if (v.kind == Kind::Scalar) {
          a.roll_sum = as_int(v, "a dice sum");  // `roll: N`: the range is COMP-08's
        } else {
          if (v.kind != Kind::Sequence)
            bad(v, "roll must be two dice [d1, d2] or their sum, not " + describe(v));
          a.dice = reuse(spare_.dice, 0);
          a.dice.reserve(v.items.size());
          for (const Node& d : v.items) a.dice.push_back(as_int(d, "a die"));
          if (a.dice.empty()) bad(v, "roll needs the two dice");
        }
        break;
      case ActionKind::Discard:
        if (v.kind == Kind::Scalar && v.value == "hidden")
          a.hidden_owed = true;  // the number owed, all unseen
        else
          a.give = resources(v, "discard", nullptr, &a.hidden_cards);
        break;
      case ActionKind::Robber:
        a.hex = hex_ref(v, "robber");
        if (const Node* s = f.get("steal")) read_steal(*s, out);
        break;
      case ActionKind::Trade: {
        Fields t(as_map(v, "trade"), "trade", kTradeKeys);
        a.other = player(t.need("with"));
        a.give = resources(t.need("give"), "trade.give", &a.dev_in_trade);
        a.get = resources(t.need("get"), "trade.get", &a.dev_in_trade);
        break;
      }
      case ActionKind::BankTrade: {
        Fields t(as_map(v, "bank"), "bank", kBankKeys);
        a.give = resources(t.need("give"), "bank.give");
        a.get = resources(t.need("get"), "bank.get");
        break;
      }
      case ActionKind::Buy:
        if (v.kind == Kind::Scalar && v.value == "hidden")
          a.hidden_buy = true;
        else
          a.card = dev_card(v, "buy");
        break;
      case ActionKind::Play:
        a.card = dev_card(v, "play");
        read_play_extras(f, out);
        break;
      case ActionKind::Reveal:
        a.count = as_int(v, "reveal", 1, 5);
        break;
      case ActionKind::Claim:
        if (v.kind != Kind::Scalar || v.value != "win")
          bad(v, "claim takes `win`, not " + describe(v));
        break;
      case ActionKind::EndTurn:
        if (v.kind != Kind::Scalar || v.value != "turn")
          bad(v, "end takes `turn`, not " + describe(v));
        break;
    }
    if (const Node* g = f.get("gains")) {
      out.gains = g->mark;
      a.gains = per_player_resources(*g, "gains");
    }
    if (const Node* e = f.get("expect")) {
      out.expect = e->mark;
      a.expect = expectation(*e);
    }
    return out;
  }

  core::DevCard dev_card(const Node& v, std::string_view what) {
    if (v.kind == Kind::Scalar && v.value == "hidden")
      bad(v, "`" + std::string(what) +
                 ": hidden` is not allowed: a played card is always seen (only `buy: "
                 "hidden` may hide a card)");
    auto c = v.kind == Kind::Scalar ? core::parse_dev_card(v.value) : std::nullopt;
    if (!c)
      bad(v, std::string(what) +
                 " takes knight, road-building, year-of-plenty, monopoly or victory-point, not " +
                 describe(v) + hint(v, kCards, core::card_synonyms()));
    return *c;
  }

  void read_steal(const Node& s, Entry& out) {
    Fields f(as_map(s, "steal"), "steal", kStealKeys);
    out.steal = s.mark;
    core::Action& a = out.action;
    a.has_steal = true;
    a.steal_from = player(f.need("from"));
    const Node& c = f.need("card");
    if (c.kind == Kind::Scalar && c.value == "hidden") {
      a.stolen.hidden = true;
      return;
    }
    if (c.kind == Kind::Scalar) {
      a.stolen.resource = core::parse_resource(c.value);
      if (!a.stolen.resource) a.stolen.dev = core::parse_dev_card(c.value);
    }
    if (!a.stolen.resource && !a.stolen.dev)
      bad(c, "a stolen card is a resource (lumber, brick, wool, grain, ore), not " + describe(c) +
                 hint(c, kResources, core::resource_synonyms()));
  }

  void read_play_extras(const Fields& f, Entry& out) {
    core::Action& a = out.action;
    const Node* take = f.get("take");
    const Node* resource = f.get("resource");
    const Node* takes = f.get("takes");
    auto refuse = [&](const Node* n, const char* key) {
      if (n)
        bad(*f.key_node(key), std::string("`") + key + "` does not belong to `play: " +
                                  std::string(core::to_string(a.card)) + "`");
    };
    if (a.card == core::DevCard::YearOfPlenty) {
      a.get = resources(f.need("take"), "take");
      a.has_take = true;
      out.take = take->mark;
      refuse(resource, "resource");
      refuse(takes, "takes");
    } else if (a.card == core::DevCard::Monopoly) {
      const Node& r = f.need("resource");
      auto res = r.kind == Kind::Scalar ? core::parse_resource(r.value) : std::nullopt;
      if (!res)
        bad(r, "monopoly names one resource (lumber, brick, wool, grain, ore), not " + describe(r) +
                   hint(r, kResources, core::resource_synonyms()));
      a.resource = *res;
      refuse(take, "take");
      if (takes) {
        out.takes = takes->mark;
        std::vector<int> t(g_.players.size(), 0);
        for (const auto& [k, v] : as_map(*takes, "takes").entries)
          t[player(k)] = as_int(v, "a card count", 0);
        a.takes = t;
      }
    } else {
      refuse(take, "take");
      refuse(resource, "resource");
      refuse(takes, "takes");
    }
  }
};

Entry GameReader::read_entry(const Node& n) { return read_entry_impl(n); }

// The streaming state of one document (see read_stream with an EntrySink).
struct StreamState {
  EntrySink& sink;
  GameReader reader;
  bool started = false;
  bool streaming = false;
  int entries = 0;
  int index = 0;  // of the document in the stream, for the header the sink sees

  bool take(const Node& root, const Node& item) {
    if (!started) {
      started = true;
      // The keys before `actions`; a problem here is reported when the document is read
      // again whole (a fresh reader then finds it and the problems after it).
      if (reader.header(root) && reader.errors().empty()) {
        Game header = reader.game();
        header.index = index;
        streaming = sink.begin(header);
      }
    }
    if (!streaming) return false;
    ++entries;
    const bool clean = reader.errors().empty();  // else the document is malformed already
    std::optional<Entry> e;
    reader.guard([&] { e = reader.read_entry(item); });
    if (e && clean) sink.entry(std::move(*e));
    if (e) reader.recycle(*e);
    return true;
  }
};

// The document's game, or its first problem and the ones after it.
void settle(Document& doc, const GameReader& reader, Game&& game) {
  if (reader.errors().empty()) {
    doc.game = std::move(game);
    doc.game->index = doc.index;
    return;
  }
  doc.game.reset();
  doc.error = reader.errors().front();
  doc.more_errors.assign(reader.errors().begin() + 1, reader.errors().end());
}

bool header_after_actions(const Node& root) {
  bool seen = false;
  for (const auto& [k, v] : root.entries) {
    if (k.value == "actions")
      seen = true;
    else if (seen && k.value != "result")
      return true;
  }
  return false;
}

}  // namespace

namespace {

// The document `index` from its tree, as read_stream and read_piece make it: entries that
// went to the sink while the tree was built (`st` streaming) are not read again.
void finish_document(Document& doc, const Node& root, StreamState* st) {
  core::count_work(&core::WorkCounters::documents_parsed);
  if (st && st->streaming) {
    doc.streamed = true;
    doc.entries = st->entries;
    if (st->reader.errors().empty()) doc.reread = header_after_actions(root);
    st->reader.guard([&] { st->reader.tail(Fields(root, "the game", kTopKeys)); });
    settle(doc, st->reader, Game(st->reader.game()));
  } else {
    GameReader reader;
    Game g = reader.read(root);
    settle(doc, reader, std::move(g));
  }
}

// The documents of one stream read with yaml-cpp, numbered from `first_index`, marks from
// `first_line`; entries go to `sink` when one is given. Returns how many were visited.
int read_yaml_cpp(std::istream& in, EntrySink* sink, const std::function<void(Document&&)>& visit,
                  const ReadLimits& limits, int first_line, int first_index) {
  DocumentReader reader(in, limits.max_scalar_bytes, first_line);
  for (int index = first_index;; ++index) {
    Document doc;
    doc.index = index;
    std::optional<StreamState> st;
    if (sink) st.emplace(StreamState{*sink, {}, false, false, 0, index});
    Arena arena;
    std::optional<Node> root;
    try {
      root = sink ? reader.next(arena,
                                [&](const Node& r, const Node& item) { return st->take(r, item); })
                  : reader.next(arena);
      if (!root) {
        if (index > first_index || first_index > 0) return index - first_index;
        throw SyntaxError({first_line, 1}, "the input holds no YAML document (empty file?)");
      }
      finish_document(doc, *root, st ? &*st : nullptr);
    } catch (const SyntaxError& e) {
      doc.error = e.error();
      doc.game.reset();
      const bool fatal = !root;  // a YAML syntax error ends the stream
      visit(std::move(doc));
      if (fatal) return index - first_index + 1;
      continue;
    }
    visit(std::move(doc));
  }
}

}  // namespace

void read_stream(std::istream& in, EntrySink& sink, const std::function<void(Document&&)>& visit,
                 const ReadLimits& limits) {
  read_yaml_cpp(in, &sink, visit, limits, 1, 0);
}

void read_stream(std::istream& in, const std::function<void(Document&&)>& visit,
                 const ReadLimits& limits) {
  read_yaml_cpp(in, nullptr, visit, limits, 1, 0);
}

int read_piece(std::string_view original, int first_line, int first_index, EntrySink* sink,
               const std::function<void(Document&&)>& visit, const ReadLimits& limits) {
  // yaml-cpp 0.7 does not take a lone CR as a line break (YAML 1.2 does): read those as
  // LFs, byte for byte, so that every mark stays where it was.
  std::string normalised;
  if (std::memchr(original.data(), '\r', original.size())) {
    normalised = original;
    for (size_t i = 0; i < normalised.size(); ++i)
      if (normalised[i] == '\r' && (i + 1 == normalised.size() || normalised[i + 1] != '\n'))
        normalised[i] = '\n';
  }
  const std::string_view text = normalised.empty() ? original : std::string_view(normalised);
  const int offset = first_line - 1;
  // A YAML syntax error in plain words, from the text around the place the parser gave up.
  auto explained = [&](Document&& doc) {
    if (doc.error && doc.error->kind == ReadErrorKind::Yaml && !doc.error->parser_message.empty()) {
      const Mark local{doc.error->at.line - offset, doc.error->at.column};
      const PlainSyntaxError plain = explain_syntax_error(text, local, doc.error->parser_message);
      doc.error->at = {plain.at.line + offset, plain.at.column};
      doc.error->message = "YAML syntax error: " + plain.message;
    }
    visit(std::move(doc));
  };
  // Entries are streamed unless header keys follow them (read whole then, in one pass,
  // decided by a scan of the top level before parsing, for YAML and JSON alike).
  const bool json = looks_like_json(text);
  if (sink && (json ? json_header_after_actions(text) : yaml_header_after_actions(text)))
    sink = nullptr;
  // JSON (one game, or one a line) or the block YAML that logs are written in.
  std::optional<Trees> roots;
  std::optional<StreamState> st;
  const ActionHook hook = [&](const Node& r, const Node& item) { return st->take(r, item); };
  if (sink) st.emplace(StreamState{*sink, {}, false, false, 0, first_index});
  if (json)
    roots = parse_fast_json(text, limits.max_scalar_bytes, first_line, sink ? &hook : nullptr);
  if (!roots && !json)
    roots = parse_fast(text, limits.max_scalar_bytes, first_line, sink ? &hook : nullptr);
  // One document a piece streams (the next starts a piece); else read it with yaml-cpp.
  if (roots && roots->docs.size() > 1 && st && st->started) roots.reset();
  if (roots) {
    if (roots->docs.empty()) {
      if (first_index > 0) return 0;
      Document doc;
      doc.error =
          ReadError{{first_line, 1}, "the input holds no YAML document (empty file?)", {}, {}};
      visit(std::move(doc));
      return 1;
    }
    for (size_t i = 0; i < roots->docs.size(); ++i) {
      Document doc;
      doc.index = first_index + static_cast<int>(i);
      try {
        finish_document(doc, roots->docs[i], st && i == 0 ? &*st : nullptr);
      } catch (const SyntaxError& e) {
        doc.error = e.error();
        doc.game.reset();
      }
      visit(std::move(doc));
    }
    return static_cast<int>(roots->docs.size());
  }
  // yaml-cpp, the reader of record, on this piece only; not past where it is found nested
  // too deeply (it would hold every token of the flow collection that is still open).
  std::string closers;
  std::string yaml_text;
  if (const size_t cut = deep_flow_cut(text, closers); cut < text.size()) {
    yaml_text = std::string(text.substr(0, cut)) + closers;
    if (!nested_too_deeply(yaml_text)) yaml_text.clear();
  }
  std::istringstream in{yaml_text.empty() ? std::string(text) : std::move(yaml_text)};
  return read_yaml_cpp(in, sink, explained, limits, first_line, first_index);
}

void read_text(std::string_view text, EntrySink* sink, const std::function<void(Document&&)>& visit,
               const ReadLimits& limits) {
  PieceScanner scanner;
  int line = 1, index = 0;
  size_t start = 0;
  do {
    const size_t n = scanner.scan(text.substr(start), true);
    const std::string_view piece = text.substr(start, n);
    index += read_piece(piece, line, index, sink, visit, limits);
    line += count_line_breaks(piece);
    start += n;
    scanner.reset();
  } while (start < text.size());
}

Tree parse_one(const std::string& text, const ReadLimits& limits) {
  std::optional<Trees> roots;
  // (Two memchr: string::find_first_of calls memchr on its set for every byte.)
  if (!std::memchr(text.data(), '\r', text.size()) &&
      !std::memchr(text.data(), '\t', text.size())) {
    if (looks_like_json(text)) roots = parse_fast_json(text, limits.max_scalar_bytes);
    if (!roots) roots = parse_fast(text, limits.max_scalar_bytes);
  }
  if (roots) {
    if (roots->docs.size() != 1)
      throw SyntaxError({1, 1}, roots->docs.empty()
                                    ? "expected a YAML or JSON value, found nothing"
                                    : "expected one YAML or JSON value, found several documents");
    return Tree{std::move(roots->arena), roots->docs.front()};
  }
  std::string closers, cut_text;
  if (const size_t cut = deep_flow_cut(text, closers); cut < text.size()) {
    cut_text = text.substr(0, cut) + closers;
    if (!nested_too_deeply(cut_text)) cut_text.clear();
  }
  std::istringstream in(cut_text.empty() ? text : cut_text);
  DocumentReader reader(in, limits.max_scalar_bytes);
  Tree tree;
  std::optional<Node> root;
  Arena rest;
  bool more = false;
  try {
    root = reader.next(tree.arena);
    more = root && reader.next(rest);
  } catch (const SyntaxError& e) {
    if (e.kind != ReadErrorKind::Yaml || e.parser_message.empty()) throw;
    // In plain words from the text around it, as read_piece says it (a NUL byte, a bracket
    // never closed, ...).
    const PlainSyntaxError plain = explain_syntax_error(text, e.mark, e.parser_message);
    throw SyntaxError(plain.at, "YAML syntax error: " + plain.message, e.kind, e.parser_message);
  }
  if (!root) throw SyntaxError({1, 1}, "expected a YAML or JSON value, found nothing");
  if (more) throw SyntaxError({1, 1}, "expected one YAML or JSON value, found several documents");
  tree.root = *root;
  return tree;
}

void shift_marks(Node& n, int lines) {
  if (n.mark.line > 0) n.mark.line += lines;
  for (Node& i : n.items) shift_marks(i, lines);
  for (MapEntry& e : n.entries) {
    shift_marks(e.key, lines);
    shift_marks(e.value, lines);
  }
}

Game read_header(const Node& root) {
  GameReader reader;
  reader.header(root);
  if (!reader.errors().empty()) {  // the first problem (a live client fixes one at a time)
    const ReadError& e = reader.errors().front();
    throw SyntaxError(e.at, e.message, e.kind, e.parser_message);
  }
  Fields top(root, "the game", kTopKeys);
  if (const Node* actions = top.get("actions"); actions && actions->kind != Kind::Null) {
    as_seq(*actions, "actions");
    if (!actions->items.empty())
      bad(*actions,
          "a header holds no entries (`actions` must be absent or empty): send the "
          "entries one by one");
  }
  reader.tail(top);
  return reader.game();
}

Entry read_entry(const Game& header, const Node& entry) {
  return GameReader(header).read_entry(entry);
}

std::vector<Document> read_string(const std::string& text) {
  std::vector<Document> out;
  read_text(text, nullptr, [&](Document&& d) { out.push_back(std::move(d)); });
  return out;
}

}  // namespace catan::log
