// log/header_scan: whether a header key follows `actions`, decided before parsing, agrees
// with the parsed tree on every key order, in JSON and block YAML, compact and spread out;
// what writers write is decided from the end of the text.
#include "log/header_scan.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "log/reader.hpp"

namespace {

using catan::log::json_header_after_actions;
using catan::log::json_header_after_actions_from_end;
using catan::log::json_header_after_actions_scanned;
using catan::log::yaml_header_after_actions;
using catan::log::yaml_header_after_actions_from_end;
using catan::log::yaml_header_after_actions_scanned;

// What the parsed tree says: a top-level key other than `result` after `actions`.
bool truth(const std::string& text) {
  const catan::text::Tree tree = catan::log::parse_one(text);
  bool seen = false;
  for (const auto& [k, v] : tree.root.entries) {
    if (k.value == "actions")
      seen = true;
    else if (seen && k.value != "result")
      return true;
  }
  return false;
}

// One member of a game in either syntax; `tricky` adds names and notes with quotes,
// brackets, backslashes and the word `player`.
struct Writer {
  bool json;
  bool spread;  // JSON: one member a line; YAML: entries as block mappings
  int indent;   // YAML: the indentation of the entries' `- `
  bool tricky;
  int entries;

  std::string q(const std::string& s) const { return "\"" + s + "\""; }
  std::string name(int i) const {
    static const char* kPlain[] = {"red", "blue", "white", "orange"};
    static const char* kJson[] = {"red", "pla\\\"yer", "wh]}ite", "player"};
    static const char* kYaml[] = {"red", "'pla\"yer'", "\"wh]}ite\"", "player"};
    if (!tricky) return json ? q(kPlain[i]) : kPlain[i];
    return json ? q(kJson[i]) : kYaml[i];
  }
  std::string member(const std::string& key) const {
    const std::string sep = json ? (spread ? ",\n  " : ", ") : "\n";
    auto k = [&](const std::string& s) { return json ? q(s) + ": " : s + ": "; };
    if (key == "format") return k("format") + (json ? q("catan-log/1") : "catan-log/1");
    if (key == "game")
      return k("game") + (json ? "{\"id\": \"g\\\\\", \"notes\": \"a ] } \\\"actions\\\": [\"}"
                               : "{id: g, notes: \"a ] } \\\"actions\\\": [\"}");
    if (key == "rules") return k("rules") + (json ? q("catan-2025") : "catan-2025");
    if (key == "players")
      return k("players") + "[" + name(0) + ", " + name(1) + ", " + name(2) + ", " + name(3) + "]";
    if (key == "board")
      return k("board") + (json ? "{\"hexes\": [{\"at\": [0, 0], \"terrain\": \"desert\"}], "
                                  "\"harbors\": []}"
                                : "\n  hexes:\n    - {at: [0, 0], terrain: desert}\n  harbors: []");
    if (key == "view") return k("view") + name(1);
    if (key == "rolloff") {
      if (json) return k("rolloff") + "[{" + name(0) + ": [3, 4]}, {" + name(3) + ": [2, 2]}]";
      return "rolloff:\n" + std::string(indent, ' ') + "- {" + name(0) + ": [3, 4]}\n" +
             std::string(indent, ' ') + "- " + name(3) + ": [2, 2]";
    }
    if (key == "result")
      return k("result") + (json ? "{\"winner\": " + name(0) + "}" : "\n  winner: " + name(0));
    // actions
    std::string s = k("actions");
    if (json) {
      s += "[";
      for (int i = 0; i < entries; ++i)
        s += std::string(i ? "," : "") + (spread ? "\n    " : "") + "{\"player\": " + name(i % 4) +
             ", \"roll\": [" + std::to_string(1 + i % 6) + ", 2]}";
      return s + "]";
    }
    if (entries == 0) return s + "[]";
    const std::string pad(indent, ' ');
    for (int i = 0; i < entries; ++i) {
      if (spread)
        s += "\n" + pad + "- player: " + name(i % 4) + "\n" + pad + "  roll:\n" + pad + "    - " +
             std::to_string(1 + i % 6) + "\n" + pad + "    - 2";
      else
        s += "\n" + pad + "- {player: " + name(i % 4) + ", roll: [" + std::to_string(1 + i % 6) +
             ", 2]}";
    }
    (void)sep;
    return s;
  }
  std::string document(const std::vector<std::string>& keys) const {
    std::string s = json ? "{" + std::string(spread ? "\n  " : "") : "";
    for (size_t i = 0; i < keys.size(); ++i) {
      if (i) s += json ? (spread ? ",\n  " : ", ") : "\n";
      s += member(keys[i]);
    }
    return s + (json ? (spread ? "\n}\n" : "}\n") : "\n");
  }
};

void agree(const std::string& text, bool json) {
  INFO(text);
  const bool expected = truth(text);
  if (json) {
    CHECK(json_header_after_actions(text) == expected);
    CHECK(json_header_after_actions_scanned(text) == expected);
  } else {
    CHECK(yaml_header_after_actions(text) == expected);
    CHECK(yaml_header_after_actions_scanned(text) == expected);
  }
}

}  // namespace

TEST_CASE("header keys after actions: every key order agrees with the parsed tree",
          "[header_scan]") {
  std::mt19937 rng(24);
  const std::vector<std::string> all = {"format", "game",    "rules", "players",
                                        "board",  "rolloff", "view",  "result"};
  int decided_from_end = 0, documents = 0;
  for (int round = 0; round < 400; ++round) {
    std::vector<std::string> keys;
    for (const std::string& k : all)
      if (k == "format" || k == "players" || k == "board" || rng() % 2) keys.push_back(k);
    keys.push_back("actions");
    std::shuffle(keys.begin(), keys.end(), rng);
    for (int form = 0; form < 8; ++form) {
      const Writer w{form % 2 == 0, (form / 2) % 2 == 1, form / 4 == 0 ? 0 : 2, round % 3 == 0,
                     static_cast<int>(rng() % 4)};
      const std::string text = w.document(keys);
      agree(text, w.json);
      ++documents;
      const auto end = w.json ? json_header_after_actions_from_end(text)
                              : yaml_header_after_actions_from_end(text);
      decided_from_end += end.has_value();
    }
  }
  // Most shapes are decided from the end (the others: a roll-off round or a player list
  // last, or no entries to classify).
  CHECK(decided_from_end > documents / 2);
}

TEST_CASE("header keys after actions: what writers write is decided from the end",
          "[header_scan]") {
  const std::string yaml =
      "# a comment\nformat: catan-log/1\nplayers: [red, blue]\nboard: {hexes: [], harbors: []}\n"
      "actions:\n- {player: red, roll: [3, 4]}\n- player: blue\n  end: turn\n"
      "result: {winner: red}\n...\n";
  CHECK(yaml_header_after_actions_from_end(yaml) == std::nullopt);  // `...` is not read back
  const std::string written =
      "format: catan-log/1\nplayers: [red, blue]\nboard: {hexes: [], harbors: []}\n"
      "actions:\n  - {player: red, roll: [3, 4]}\n  - player: blue\n    end: turn\n"
      "  # the end\n\nresult: {winner: red}\n";
  CHECK(yaml_header_after_actions_from_end(written) == false);
  const std::string later = written + "rules: catan-2025\n";
  CHECK(yaml_header_after_actions_from_end(later) == true);
  const std::string json =
      "{\"format\": \"catan-log/1\", \"players\": [\"red\", \"blue\"], \"actions\": "
      "[{\"player\": \"red\", \"roll\": [3, 4]}], \"result\": {\"winner\": \"red\"}}\r\n";
  CHECK(json_header_after_actions_from_end(json) == false);
  const std::string sorted =  // json.dumps(sort_keys=True)
      "{\"actions\": [{\"player\": \"red\", \"roll\": [3, 4]}], \"board\": {}, \"format\": "
      "\"catan-log/1\", \"players\": [\"red\", \"blue\"], \"result\": {\"winner\": \"red\"}}";
  CHECK(json_header_after_actions_from_end(sorted) == true);
  CHECK(json_header_after_actions(sorted));
  // The last array a roll-off (no `player` key): decided by the scan.
  const std::string rolloff =
      "{\"format\": \"catan-log/1\", \"actions\": [{\"player\": \"red\", \"end\": \"turn\"}], "
      "\"rolloff\": [{\"red\": [3, 4]}]}";
  CHECK(json_header_after_actions_from_end(rolloff) == true);  // its key is read
  CHECK(json_header_after_actions(rolloff));
}

TEST_CASE("header keys after actions: malformed text is answered, never read out of bounds",
          "[header_scan]") {
  for (const std::string text :
       {"", "}", "\"}", "{\"a\": }", "[1, 2]}", "{\"x\\\"\": 1}", "\\\"}", "actions:", "actions:\n",
        "actions:\n-", "actions: [\n", "x\nactions:\n  - player: a\n- q\n",
        "{\"actions\": [{\"player\": \"a\"}]", "{\"result\" {}}", ": 1}", "\"a\": 1}"}) {
    INFO(text);
    (void)json_header_after_actions(text);
    (void)yaml_header_after_actions(text);
  }
  SUCCEED();
}
