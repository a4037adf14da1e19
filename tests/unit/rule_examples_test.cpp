// The catalog's violation examples (RULES.md, copied into core/rules.def) are real
// catan-log/1: each backticked fragment, put where it belongs in a minimal game on the
// fixture board, reads without a shape error. Whether it is *legal* is not the point.
#include <algorithm>
#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <vector>

#include "core/rule_catalog.hpp"
#include "five_six_log.hpp"
#include "fixture.hpp"
#include "log/reader.hpp"

using namespace catan;

namespace {

std::string replace_line(std::string text, const std::string& line, const std::string& with) {
  const size_t at = text.find(line);
  REQUIRE(at != std::string::npos);
  return text.replace(at, line.size(), with);
}

// The games a fragment may sit in, depending on what it is.
std::vector<std::string> hosts(const std::string& f) {
  const std::string game = test::header() + test::setup();
  std::vector<std::string> out;
  if (f.rfind("{player:", 0) == 0) {
    out.push_back(game + "  - " + f + "\n");
  } else if (std::regex_search(f, std::regex(R"(^\{at: \[-?\d+, -?\d+\], )"))) {
    out.push_back(replace_line(game, "{at: [0, -2], terrain: mountains, number: 10}", f));
  } else if (std::regex_search(f, std::regex(R"(^\{at: \[-?\d+, -?\d+, [A-Z]+\], )"))) {
    out.push_back(replace_line(game, "{at: [0, -2, NW], trade: \"3:1\"}", f));
  } else if (f.rfind("robber: ", 0) == 0) {
    out.push_back(replace_line(game, "  robber: [0, 0]", "  " + f));
  } else if (f.rfind("players: ", 0) == 0) {
    out.push_back(test::header("", f.substr(9)) + test::setup());
  } else if (f.rfind("rolloff: ", 0) == 0) {
    out.push_back(replace_line(test::header("{start-player: highest-roll-reroll-ties}"), "board:\n",
                               f + "\nboard:\n") +
                  test::setup());
  } else if (f.find(':') != std::string::npos) {
    // An entry's key and value: a rules option, or an entry's own key beside an action.
    out.push_back(test::header("{" + f + "}") + test::setup());
    for (const char* action :
         {"", "end: turn, ", "robber: [1, 0], ", "play: monopoly, resource: wool, "})
      out.push_back(game + "  - {player: red, " + action + f + "}\n");
  }
  return out;
}

// The games a five-six rule's fragment may sit in: six players on the sample board S56.
std::vector<std::string> hosts_56(const std::string& f) {
  test::Log56 six(6);
  const std::string game = six.text();
  std::vector<std::string> out;
  if (f.rfind("{player:", 0) == 0) {
    out.push_back(game + "  - " + f + "\n");
  } else if (std::regex_search(f, std::regex(R"(^\{at: \[-?\d+, -?\d+\], )"))) {
    out.push_back(replace_line(game, "{at: [0, -3], terrain: fields, number: 2}", f));
  } else if (std::regex_search(f, std::regex(R"(^\{at: \[-?\d+, -?\d+, [A-Z]+\], )"))) {
    out.push_back(replace_line(game, "{at: [0, -4, SE], trade: \"3:1\"}", f));
  } else if (f.rfind("robber: ", 0) == 0) {
    out.push_back(replace_line(game, "  robber: [2, 0]", "  " + f));
  } else if (f.rfind("players: ", 0) == 0) {
    const bool five = std::count(f.begin(), f.end(), ',') == 4;
    const std::string host = five ? test::Log56(5).text() : game;
    out.push_back(replace_line(host,
                               five ? "players: [red, blue, white, orange, green]"
                                    : "players: [red, blue, white, orange, green, brown]",
                               f));
  } else if (f.rfind("rules: ", 0) == 0) {
    out.push_back(replace_line(game, "players: [", f + "\nplayers: ["));
  } else if (f.find('{') == std::string::npos && f.find(": ") != std::string::npos) {
    // A rules option, or an entry's own key beside an action.
    out.push_back(replace_line(game, "players: [", "rules: {" + f + "}\nplayers: ["));
    out.push_back(game + "  - {player: red, " + f + "}\n");
  } else if (f.rfind("expect: ", 0) == 0) {
    out.push_back(game + "  - {player: red, roll: [1, 2], " + f + "}\n");
  }
  return out;
}

}  // namespace

TEST_CASE("rules catalog: every violation example is catan-log/1", "[catalog]") {
  int fragments = 0;
  for (const core::RuleInfo& r : core::rule_table()) {
    const std::string example(r.example);
    const std::regex tick("`([^`]*)`");
    for (auto it = std::sregex_iterator(example.begin(), example.end(), tick);
         it != std::sregex_iterator(); ++it) {
      const std::string f = (*it)[1];
      if (std::regex_match(f, std::regex("[a-z0-9-]+:?"))) continue;  // a key named in the prose
      if (std::regex_match(f, std::regex(R"(\[-?\d+, ?-?\d+(, [A-Z]+)?\])"))) continue;  // a place
      CAPTURE(r.id, f);
      const bool x56 = r.id.starts_with("X56-");
      const std::vector<std::string> games = x56 ? hosts_56(f) : hosts(f);
      REQUIRE_FALSE(games.empty());
      std::string why;
      bool read = false;
      for (const std::string& g : games) {
        auto docs = log::read_string(g);
        if (docs.size() == 1 && docs[0].game)
          read = true;
        else if (!docs.empty() && docs[0].error)
          why = docs[0].error->message;
      }
      INFO(why);
      CHECK(read);
      ++fragments;
    }
  }
  CHECK(fragments > 100);
}
