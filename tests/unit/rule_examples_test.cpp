// The catalog's violation examples (RULES.md, copied into core/rules.def) are real
// catan-log/1: each backticked fragment, put where it belongs in a minimal game on the
// fixture board, reads without a shape error. Whether it is *legal* is not the point.
#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <vector>

#include "core/rule_catalog.hpp"
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

}  // namespace

TEST_CASE("rules catalog: every violation example is catan-log/1", "[catalog]") {
  int fragments = 0;
  for (const core::RuleInfo& r : core::rule_table()) {
    const std::string example(r.example);
    const std::regex tick("`([^`]*)`");
    for (auto it = std::sregex_iterator(example.begin(), example.end(), tick);
         it != std::sregex_iterator(); ++it) {
      const std::string f = (*it)[1];
      if (std::regex_match(f, std::regex("[a-z-]+"))) continue;  // a key named in the prose
      CAPTURE(r.id, f);
      const std::vector<std::string> games = hosts(f);
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
