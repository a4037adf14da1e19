#include "log/writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace catan::log {

std::string write_resources(const core::ResourceSet& s) { return core::to_string(s); }

std::string write_scalar(std::string_view v) {
  // Plain only for a name every YAML reader takes as that same string: a letter or `_`,
  // then letters, digits, `_` and `-`, and no YAML 1.1 boolean/null spelling.
  static const char* kSpecial[] = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"};
  std::string lower(v);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  const auto word = [](unsigned char c) { return std::isalnum(c) || c == '_' || c == '-'; };
  bool plain = !v.empty() && (std::isalpha(static_cast<unsigned char>(v[0])) || v[0] == '_') &&
               std::all_of(v.begin(), v.end(), word) &&
               std::none_of(std::begin(kSpecial), std::end(kSpecial),
                            [&](const char* w) { return lower == w; });
  if (plain) return std::string(v);
  std::string out = "\"";
  for (size_t i = 0; i < v.size(); ++i) {
    const auto c = static_cast<unsigned char>(v[i]);
    const std::string_view rest = v.substr(i);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      out += fmt::format("\\x{:02x}", c);
    } else if (rest.substr(0, 2) == "\xc2\x85") {  // U+0085, a YAML 1.1 line break
      out += "\\u0085";
      ++i;
    } else if (rest.substr(0, 3) == "\xe2\x80\xa8" || rest.substr(0, 3) == "\xe2\x80\xa9") {
      out += rest[2] == '\xa8' ? "\\u2028" : "\\u2029";  // line and paragraph separators
      i += 2;
    } else if (rest.substr(0, 3) == "\xef\xbb\xbf") {  // U+FEFF, a byte order mark
      out += "\\uFEFF";
      i += 2;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

namespace {

// A player's name as a mapping key: YAML's implicit keys end within 1,024 characters (yaml-cpp
// holds to it), so a longer one is written as an explicit key, `? NAME : VALUE`.
std::string write_key(std::string_view name) {
  std::string k = write_scalar(name);
  return k.size() < 1000 ? k : "? " + k + " ";
}

std::string hex(core::Axial a) { return fmt::format("[{}, {}]", a.q, a.r); }

std::string rules_line(const core::Options& o) {
  std::string out;
  for (const auto& info : core::option_table()) {
    std::string v = core::get_option(o, info.key);
    if (v != info.default_value)
      out += fmt::format("{}{}: {}", out.empty() ? "" : ", ", info.key, v);
  }
  return out.empty() ? "catan-2025" : "{" + out + "}";
}

std::string per_player(const std::vector<core::ResourceSet>& v,
                       const std::vector<std::string>& names, bool skip_empty) {
  std::string out;
  for (size_t p = 0; p < v.size(); ++p) {
    if (skip_empty && v[p].empty()) continue;
    out += fmt::format("{}{}: {}", out.empty() ? "" : ", ", write_key(names[p]),
                       write_resources(v[p]));
  }
  return "{" + out + "}";
}

std::string expectation(const core::Expectation& e, const std::vector<std::string>& names) {
  std::vector<std::string> parts;
  auto ints = [&](const std::vector<std::optional<int>>& v, const char* key) {
    std::string s;
    for (size_t p = 0; p < v.size(); ++p)
      if (v[p]) s += fmt::format("{}{}: {}", s.empty() ? "" : ", ", write_key(names[p]), *v[p]);
    if (!s.empty()) parts.push_back(fmt::format("{}: {{{}}}", key, s));
  };
  std::string hands;
  for (size_t p = 0; p < e.hands.size(); ++p)
    if (e.hands[p])
      hands += fmt::format("{}{}: {}", hands.empty() ? "" : ", ", write_key(names[p]),
                           write_resources(*e.hands[p]));
  if (!hands.empty()) parts.push_back("hands: {" + hands + "}");
  ints(e.cards, "cards");
  ints(e.vp, "vp");
  auto who = [&](int p) { return p < 0 ? std::string("none") : write_scalar(names[p]); };
  if (e.longest_road) parts.push_back("longest-road: " + who(*e.longest_road));
  if (e.largest_army) parts.push_back("largest-army: " + who(*e.largest_army));
  if (e.bank) parts.push_back("bank: " + write_resources(*e.bank));
  if (e.robber) parts.push_back("robber: " + hex(e.robber->hex));
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return "{" + out + "}";
}

}  // namespace

std::string write_header(const HeaderInfo& h, const Source* source) {
  std::string out = "format: catan-log/1\n";
  if (!h.id.empty() || !h.notes.empty() || source) {
    std::string parts;
    auto add = [&](const std::string& p) { parts += (parts.empty() ? "" : ", ") + p; };
    if (!h.id.empty()) add("id: " + write_scalar(h.id));
    if (!h.notes.empty()) add("notes: " + write_scalar(h.notes));
    if (source) {
      std::string src = "format: " + write_scalar(source->format);
      if (!source->file.empty()) src += ", file: " + write_scalar(source->file);
      if (!source->program.empty()) src += ", program: " + write_scalar(source->program);
      add("source: {" + src + "}");
    }
    out += "game: {" + parts + "}\n";
  }
  out += "rules: " + rules_line(h.options) + "\n";
  out += "players: [";
  for (size_t i = 0; i < h.players.size(); ++i) out += (i ? ", " : "") + write_scalar(h.players[i]);
  out += "]\n";
  if (!h.view.empty()) out += "view: " + write_scalar(h.view) + "\n";
  out += "board:\n  hexes:\n";
  for (const auto& x : h.board.hexes) {
    out += fmt::format("    - {{at: {}, terrain: {}", hex(x.at), core::to_string(x.terrain));
    if (x.number) out += fmt::format(", number: {}", x.number);
    out += "}\n";
  }
  out += "  harbors:\n";
  for (const auto& x : h.board.harbors)
    out += fmt::format("    - {{at: [{}, {}, {}], trade: {}}}\n", x.at.q, x.at.r,
                       core::to_string(x.dir),
                       x.kind == core::HarborKind::Generic ? std::string("\"3:1\"")
                                                           : std::string(core::to_string(x.kind)));
  if (h.board.robber) out += "  robber: " + hex(*h.board.robber) + "\n";
  return out + "actions:\n";
}

std::string write_entry(const core::Action& a, const std::vector<std::string>& names) {
  using K = core::ActionKind;
  std::string out = "{player: " + write_scalar(names[a.player]) + ", ";
  switch (a.kind) {
    case K::Settlement:
      out += "settlement: " + core::corner_text(a.corner.hex, a.corner.dir);
      break;
    case K::City:
      out += "city: " + core::corner_text(a.corner.hex, a.corner.dir);
      break;
    case K::Road:
      out += "road: " + core::edge_text(a.edge.hex, a.edge.dir);
      break;
    case K::Roll:
      out += a.dice.size() == 2 ? fmt::format("roll: [{}, {}]", a.dice[0], a.dice[1])
                                : fmt::format("roll: {}", a.roll_sum);
      break;
    case K::Discard:
      if (a.hidden_owed) {
        out += "discard: hidden";
      } else {
        std::string d = write_resources(a.give);
        if (a.hidden_cards > 0)
          d = d == "{}"
                  ? fmt::format("{{hidden: {}}}", a.hidden_cards)
                  : fmt::format("{}, hidden: {}}}", d.substr(0, d.size() - 1), a.hidden_cards);
        out += "discard: " + d;
      }
      break;
    case K::Robber:
      out += "robber: " + hex(a.hex.hex);
      if (a.has_steal && (a.stolen.resource || a.stolen.hidden))
        out += fmt::format(
            ", steal: {{from: {}, card: {}}}", write_scalar(names[a.steal_from]),
            a.stolen.hidden ? std::string_view("hidden") : core::to_string(*a.stolen.resource));
      break;
    case K::Trade:
      out += fmt::format("trade: {{with: {}, give: {}, get: {}}}", write_scalar(names[a.other]),
                         write_resources(a.give), write_resources(a.get));
      break;
    case K::BankTrade:
      out += fmt::format("bank: {{give: {}, get: {}}}", write_resources(a.give),
                         write_resources(a.get));
      break;
    case K::Buy:
      out += a.hidden_buy ? std::string("buy: hidden")
                          : fmt::format("buy: {}", core::to_string(a.card));
      break;
    case K::Play:
      out += fmt::format("play: {}", core::to_string(a.card));
      if (a.card == core::DevCard::YearOfPlenty) out += ", take: " + write_resources(a.get);
      if (a.card == core::DevCard::Monopoly) {
        out += fmt::format(", resource: {}", core::to_string(a.resource));
        if (a.takes) {
          std::string t;
          for (size_t p = 0; p < a.takes->size(); ++p)
            if ((*a.takes)[p] > 0)
              t += fmt::format("{}{}: {}", t.empty() ? "" : ", ", write_key(names[p]),
                               (*a.takes)[p]);
          out += ", takes: {" + t + "}";
        }
      }
      break;
    case K::Reveal:
      out += fmt::format("reveal: {}", a.count);
      break;
    case K::Claim:
      out += "claim: win";
      break;
    case K::EndTurn:
      out += a.end_build ? "end: build" : "end: turn";
      break;
  }
  if (a.gains) out += ", gains: " + per_player(*a.gains, names, true);
  if (a.expect) out += ", expect: " + expectation(*a.expect, names);
  return out + "}";
}

namespace {

// A file name fit for a YAML comment: its last component, if it has only plain characters.
std::string comment_name(const std::string& file) {
  const std::string base = file.substr(file.find_last_of('/') + 1);
  for (char c : base)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' ||
          c == '+'))
      return "source line ";
  return base.empty() ? "source line " : base + ":";
}

}  // namespace

std::string write_game(const Game& g) {
  HeaderInfo h;
  h.id = g.id;
  h.options = g.options;
  h.players = g.players;
  h.board = g.board;
  if (g.has_view) h.view = g.view_player < 0 ? "spectator" : g.players[g.view_player];
  std::string out = write_header(h, g.source ? &*g.source : nullptr);
  // A game of no entries (an imported record that stops before the first): `actions:`
  // alone would read as null, which is not a sequence.
  if (g.actions.empty()) out.insert(out.size() - 1, " []");
  const std::string name = g.source ? comment_name(g.source->file) : std::string();
  for (const Entry& e : g.actions) {
    out += "  - " + write_entry(e.action, g.players);
    if (e.source.line > 0) out += fmt::format("  # {}{}", name, e.source.line);
    out += "\n";
  }
  if (g.result_winner)
    out += "result: {winner: " + write_scalar(g.players[*g.result_winner]) + "}\n";
  return out;
}

}  // namespace catan::log
