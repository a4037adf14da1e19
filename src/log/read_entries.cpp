// The entries of a catan-log/1 document: the action key that names an entry's kind, and
// each kind's value, assertions (expect) and derived fields (gains, steal, take, takes).
#include <array>
#include <string>

#include "core/state.hpp"
#include "log/game_reader.hpp"

namespace catan::log::detail {

namespace {

using core::ActionKind;

const std::vector<std::string> kActionKeys{"settlement", "road",  "city", "roll", "discard",
                                           "robber",     "trade", "bank", "buy",  "play",
                                           "reveal",     "claim", "end"};

// The keys of the mappings inside entries.
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

// A played or bought card.
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

}  // namespace

// `hidden`, where given, accepts a `hidden: N` count of unseen cards (discards).
core::ResourceSet GameReader::resources(const Node& n, std::string_view what, std::string* dev_key,
                                        int* hidden) {
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

std::vector<core::ResourceSet> GameReader::per_player_resources(const Node& n,
                                                                std::string_view what) {
  std::vector<core::ResourceSet> out = reuse(spare_.gains, g_.players.size());
  for (const auto& [k, v] : as_map(n, what).entries) out[player(k)] = resources(v, what);
  return out;
}

template <typename T, typename F>
std::vector<std::optional<T>> GameReader::per_player(const Node& n, std::string_view what,
                                                     std::vector<std::optional<T>>& spare, F read) {
  std::vector<std::optional<T>> out = reuse(spare, g_.players.size());
  for (const auto& [k, v] : as_map(n, what).entries) out[player(k)] = read(v);
  return out;
}

int GameReader::player_or_none(const Node& n) {
  if (n.kind == Kind::Scalar && n.value == "none" && find_player("none") < 0)
    return core::kNoPlayer;
  return player(n);
}

core::Expectation GameReader::expectation(const Node& n) {
  Fields f(as_map(n, "expect"), "expect", kExpectKeys);
  core::Expectation e;
  if (const Node* h = f.get("hands"))
    e.hands = per_player<core::ResourceSet>(*h, "expect.hands", spare_.hands,
                                            [&](const Node& v) { return resources(v, "a hand"); });
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

Entry GameReader::read_entry(const Node& n) {
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
      if (v.kind != Kind::Scalar || (v.value != "turn" && v.value != "build"))
        bad(v, "end takes `turn` (or `build`, a special-build window), not " + describe(v));
      a.end_build = v.value == "build";
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

void GameReader::read_steal(const Node& s, Entry& out) {
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

void GameReader::read_play_extras(const Fields& f, Entry& out) {
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

}  // namespace catan::log::detail
