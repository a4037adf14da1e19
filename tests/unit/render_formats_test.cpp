// The machine-readable report formats: SARIF 2.1.0, JUnit XML and GitHub workflow commands,
// their escaping functions, and each renderer on hand-built reports.
#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "base_island.hpp"
#include "core/geometry.hpp"
#include "diag/render_github.hpp"
#include "diag/render_json.hpp"
#include "diag/render_junit.hpp"
#include "diag/render_sarif.hpp"
#include "diag/render_text.hpp"

using catan::core::EdgeDir;
using catan::core::Rule;
using catan::core::Severity;
using catan::diag::Diagnostic;
using catan::diag::GameReport;
using catan::diag::Status;

namespace {

int count(const std::string& text, const std::string& needle) {
  int n = 0;
  for (size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size()))
    ++n;
  return n;
}

// Game 2 of a file whose name needs escaping everywhere: SETUP-03 at action 9, with notes
// holding quotes, <, &, a newline, a comma, a colon and a control character.
GameReport illegal_report() {
  GameReport r;
  r.file = "games/a,b: c.yaml";
  r.index = 1;
  r.id = "g\"2";
  r.status = Status::Illegal;
  r.actions = 12;
  r.checked = 8;
  Diagnostic d;
  d.rule = Rule::SETUP_03;
  d.message = "red places <here> & \"there\"";
  d.at = {r.file, 12, 5, 12, 26};
  d.action = 9;
  d.turn = 0;
  d.player = "red";
  d.situation = "set-up, placement 5 of 8";
  d.notes = {{"hand", "1 brick, 2 'wool'\nline2: x\x07"}};
  r.error = d;
  r.options = catan::core::Options{};
  r.options->bank_shortage = catan::core::BankShortage::Strict;
  return r;
}

// A legal game with one warning.
GameReport warned_report() {
  GameReport r;
  r.file = "ok.yaml";
  r.id = "w";
  r.status = Status::Legal;
  r.winner = "blue";
  Diagnostic w;
  w.severity = Severity::Warning;
  w.rule = Rule::PROD_04;
  w.message = "100% shortage";
  w.at = {r.file, 3, 7};
  w.action = 40;
  w.turn = 6;
  w.player = "blue";
  r.warnings.push_back(w);
  return r;
}

// An unreadable file: no rule, no line.
GameReport malformed_report() {
  GameReport r;
  r.file = "bad.yaml";
  r.status = Status::Malformed;
  Diagnostic d;
  d.message = "cannot read file: No such file or directory";
  d.at.file = r.file;
  r.error = d;
  return r;
}

std::vector<GameReport> reports() {
  return {illegal_report(), warned_report(), malformed_report()};
}

}  // namespace

TEST_CASE("render_junit: XML escaping", "[diag][junit]") {
  using catan::diag::xml_escape_attribute;
  using catan::diag::xml_escape_text;
  SECTION("the five special characters") {
    CHECK(xml_escape_text(R"(a&b<c>d"e'f)") == "a&amp;b&lt;c&gt;d&quot;e&apos;f");
    CHECK(xml_escape_attribute(R"(a&b<c>d"e'f)") == "a&amp;b&lt;c&gt;d&quot;e&apos;f");
  }
  SECTION("tab, newline and carriage return survive; other controls are removed") {
    CHECK(xml_escape_text("a\tb\nc\rd") == "a\tb\nc&#13;d");
    CHECK(xml_escape_attribute("a\tb\nc\rd") == "a&#9;b&#10;c&#13;d");
    CHECK(xml_escape_text(std::string("a\x00"
                                      "b\x01\x1f\x7f"
                                      "c",
                                      7)) == "abc");
    CHECK(xml_escape_text("a\xC2\x85"
                          "b") == "ab");  // U+0085, a C1 control
    CHECK(xml_escape_text("a\xEF\xBF\xBE"
                          "b") == "ab");  // U+FFFE is not an XML character
  }
  SECTION("UTF-8 passes; ill-formed bytes become U+FFFD") {
    CHECK(xml_escape_text("h\xC3\xA9x \xE2\x86\x92 \xF0\x9F\x8E\xB2") ==
          "h\xC3\xA9x \xE2\x86\x92 \xF0\x9F\x8E\xB2");
    CHECK(xml_escape_text("a\xFF"
                          "b") ==
          "a\xEF\xBF\xBD"
          "b");
    CHECK(xml_escape_text("a\xC3") == "a\xEF\xBF\xBD");  // truncated sequence
    CHECK(xml_escape_text("\xED\xA0\x80") ==
          "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");                     // a surrogate
    CHECK(xml_escape_text("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");  // overlong '/'
  }
}

TEST_CASE("render_github: workflow command escaping", "[diag][github]") {
  using catan::diag::github_escape_data;
  using catan::diag::github_escape_property;
  CHECK(github_escape_data("50% a:b,c\r\nd") == "50%25 a:b,c%0D%0Ad");
  CHECK(github_escape_property("50% a:b,c\r\nd") == "50%25 a%3Ab%2Cc%0D%0Ad");
  CHECK(github_escape_data("%25") == "%2525");  // escaping is not idempotent: applied once
  CHECK(github_escape_property("") == "");
}

TEST_CASE("render_sarif: rule names and artifact URIs", "[diag][sarif]") {
  using catan::diag::sarif_rule_name;
  using catan::diag::sarif_uri;
  SECTION("rule names") {
    CHECK(sarif_rule_name("Snake order") == "SnakeOrder");
    CHECK(sarif_rule_name("Roads don't produce") == "RoadsDontProduce");
    CHECK(sarif_rule_name("Roads don\xE2\x80\x99t produce") == "RoadsDontProduce");
    CHECK(sarif_rule_name("Terrain \xE2\x86\x92 resource") == "TerrainResource");
    CHECK(sarif_rule_name("Year of Plenty (001: *keksint\xC3\xB6*, \"Invention\")") ==
          "YearOfPlenty");
    CHECK(sarif_rule_name("Set-up is free") == "SetUpIsFree");
    CHECK(sarif_rule_name("VP sources") == "VPSources");
  }
  SECTION("every catalog rule has a distinct alphanumeric name") {
    std::vector<std::string> names;
    for (const auto& ri : catan::core::rule_table()) {
      const std::string name = sarif_rule_name(ri.title, ri.id);
      CAPTURE(ri.id, name);
      CHECK(!name.empty());
      CHECK(name.find_first_not_of(
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") ==
            std::string::npos);
      CHECK(std::find(names.begin(), names.end(), name) == names.end());
      names.push_back(name);
    }
  }
  SECTION("URIs") {
    CHECK(sarif_uri("-") == "stdin");
    CHECK(sarif_uri("<stdin>") == "stdin");
    CHECK(sarif_uri("samples/legal-opening.yaml") == "samples/legal-opening.yaml");
    CHECK(sarif_uri("/abs/a b.yaml") == "/abs/a%20b.yaml");
    CHECK(sarif_uri("c:x/y#1?%.yaml") == "c%3Ax/y%231%3F%25.yaml");  // no scheme, fragment or query
    CHECK(sarif_uri("//host/x.yaml") == "/host/x.yaml");             // no authority
    CHECK(sarif_uri("d\xC3\xA9j\xC3\xA0.yaml") == "d%C3%A9j%C3%A0.yaml");
  }
}

TEST_CASE("render_sarif: a log with an illegal, a warned and a malformed game", "[diag][sarif]") {
  const std::string out = catan::diag::render_sarif(reports(), {"9.9.9", {}, ""});
  const int catalog = static_cast<int>(catan::core::rule_table().size());
  CHECK(
      out.starts_with("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
                      "  \"version\": \"2.1.0\",\n"));
  CHECK(out.ends_with("}\n"));
  CHECK(count(out, "\"version\": \"9.9.9\"") == 1);
  CHECK(count(out, "\"informationUri\"") == 0);  // no placeholder
  CHECK(count(out, "\"helpUri\"") == 0);         // no --help-uri-base
  SECTION("one descriptor per catalog rule, then MALFORMED and UNSUPPORTED") {
    CHECK(count(out, "\"shortDescription\"") == catalog + 2);
    CHECK(
        count(out,
              "\"id\": \"SETUP-03\",\n              \"name\": \"SnakeOrder\",\n"
              "              \"shortDescription\": {\n                \"text\": \"Snake order\"") ==
        1);
    CHECK(count(out, "\"text\": \"Malformed input\"") == 1);
    const size_t setup03 = out.find("\"id\": \"SETUP-03\"");
    REQUIRE(setup03 != std::string::npos);
    const std::string descriptor = out.substr(setup03, out.find("\"id\":", setup03 + 1) - setup03);
    CHECK(descriptor.find("\"tags\": [\n                  \"SETUP\",\n                  \"R\"\n") !=
          std::string::npos);  // area, status tag
    CHECK(count(out, " Example of a violation: ") == catalog);
  }
  SECTION("the illegal game's result") {
    CHECK(count(out, "\"ruleId\"") == 3);
    CHECK(count(out, fmt::format("\"ruleId\": \"SETUP-03\",\n          \"ruleIndex\": {},\n"
                                 "          \"level\": \"error\",",
                                 static_cast<int>(Rule::SETUP_03))) == 1);
    CHECK(
        count(
            out,
            R"("text": "red places <here> & \"there\"; hand: 1 brick, 2 'wool'\nline2: x\u0007")") ==
        1);
    CHECK(count(out, "\"uri\": \"games/a,b%3A%20c.yaml\"") == 1);
    CHECK(count(out,
                "\"startLine\": 12,\n                  \"startColumn\": 5,\n"
                "                  \"endLine\": 12,\n                  \"endColumn\": 26\n") == 1);
    CHECK(count(out, "\"rulesOptions\": {\n              \"bank-shortage\": \"strict\",") == 1);
    CHECK(count(out,
                "\"name\": \"action 9\",\n                  \"fullyQualifiedName\": "
                "\"games/a,b: c.yaml/game 2/turn 0/action 9\",\n                  \"kind\": "
                "\"member\"") == 1);
    CHECK(count(out,
                "\"game\": 2,\n            \"action\": 9,\n            \"turn\": 0,\n"
                "            \"player\": \"red\",\n            \"status\": \"illegal\"") == 1);
  }
  SECTION("the warning") {
    CHECK(count(out, "\"ruleId\": \"PROD-04\"") == 1);
    CHECK(count(out, "\"level\": \"warning\"") == 1);
    CHECK(count(out, "\"status\": \"legal\"") == 1);
  }
  SECTION("the malformed game: MALFORMED, no region, located at the game") {
    const size_t at = out.find("\"ruleId\": \"MALFORMED\"");
    REQUIRE(at != std::string::npos);
    const std::string result = out.substr(at);
    CHECK(result.find(fmt::format("\"ruleIndex\": {},", catalog)) != std::string::npos);
    CHECK(result.find("\"region\"") == std::string::npos);
    CHECK(result.find("\"uri\": \"bad.yaml\"") != std::string::npos);
    CHECK(result.find("\"name\": \"game 1\",\n                  \"fullyQualifiedName\": "
                      "\"bad.yaml/game 1\"") != std::string::npos);
    CHECK(result.find("\"turn\": -1,\n            \"player\": null,") != std::string::npos);
  }
  SECTION("a warning without an end has a start only") {
    CHECK(count(out, "\"startLine\": 3,\n                  \"startColumn\": 7\n") == 1);
  }
  SECTION("no results, still a valid run") {
    const std::string empty = catan::diag::render_sarif({}, {"0.1.0", {}, ""});
    CHECK(count(empty, "\"results\": []") == 1);
  }
}

TEST_CASE("render_sarif: helpUri per rule, the run's properties", "[diag][sarif]") {
  const catan::diag::RunInfo run{
      "1.2.3", {"bank-shortage=strict", "discard-limit=9"}, "file:///opt/doc/rules.md"};
  const std::string out = catan::diag::render_sarif(reports(), run);
  const int catalog = static_cast<int>(catan::core::rule_table().size());
  CHECK(count(out, "\"helpUri\": \"file:///opt/doc/rules.md#") == catalog);
  CHECK(count(out, "\"helpUri\": \"file:///opt/doc/rules.md#SETUP-03\"") == 1);
  CHECK(count(out, "\"informationUri\"") == 0);
  const size_t props = out.rfind("\"properties\": {\n        \"toolVersion\": \"1.2.3\",");
  REQUIRE(props != std::string::npos);
  const std::string tail = out.substr(props);
  CHECK(tail.find("\"ruleOverrides\": [\n          \"bank-shortage=strict\",\n          "
                  "\"discard-limit=9\"\n"
                  "        ],") != std::string::npos);
  CHECK(tail.find("\"bank-shortage\": \"strict\",") != std::string::npos);
  CHECK(tail.find("\"discard-limit\": 9") != std::string::npos);
}

TEST_CASE("extent: where a diagnostic's entry, value or token ends", "[diag]") {
  using catan::diag::extent;
  using catan::diag::Location;
  const std::string src =
      "actions:\n"
      "  - {player: red, discard: {grain: 5}}   # a {comment}\n"
      "  - {player: 'a]b', trade: [1,\n"
      "      2]}\r\n"
      "  - player: \"x}\"\n"
      "    roll: [2, 4]\n";
  auto end = [&](int line, int column) {
    const Location l = extent(src, {"f", line, column});
    return std::pair{l.end_line, l.end_column};
  };
  CHECK(end(2, 5) == std::pair{2, 39});   // the flow entry, up to its closing brace
  CHECK(end(2, 28) == std::pair{2, 38});  // the value {grain: 5}
  CHECK(end(2, 6) == std::pair{2, 12});   // the key `player`
  CHECK(end(2, 14) == std::pair{2, 17});  // the token `red`
  CHECK(end(3, 5) == std::pair{4, 10});   // over a line break; a quoted ] does not close
  CHECK(end(3, 28) == std::pair{4, 9});   // the value [1, 2]
  CHECK(end(5, 13) == std::pair{5, 17});  // a quoted scalar holding a brace
  CHECK(end(6, 11) == std::pair{6, 17});  // a block entry's value
  CHECK(end(5, 5) == std::pair{5, 11});   // a block entry: its first key
  SECTION("unknown positions stay unknown") {
    CHECK(end(0, 0) == std::pair{0, 0});
    CHECK(end(99, 1) == std::pair{0, 0});
    CHECK(end(2, 200) == std::pair{0, 0});
  }
  SECTION("an unclosed bracket: up to the first delimiter") {
    const Location l = extent("- {a: [1, 2\n", {"f", 1, 3});
    CHECK(std::pair{l.end_line, l.end_column} == std::pair{1, 5});
  }
}

TEST_CASE("render_json: the tool, the options in force, notes as data", "[diag][json]") {
  GameReport r = illegal_report();
  r.error->notes.push_back({"cost", "{brick: 1}", {{"lumber", 0}, {"brick", 1}}});
  const std::string out = catan::diag::render_json({r}, {"1.2.3", {"profile=catan-5e"}, ""});
  CHECK(count(out,
              "\"tool\": {\n    \"name\": \"catan-referee\",\n    \"version\": \"1.2.3\"\n  },") ==
        1);
  CHECK(count(out, "\"rule-overrides\": [\n    \"profile=catan-5e\"\n  ],") == 1);
  CHECK(count(out, "\"rules-options\": {\n    \"bank-shortage\": \"strict\",") == 1);  // catan-5e
  CHECK(count(out, "\"victory-points\": 10") == 2);  // the run's and the game's
  CHECK(
      count(out,
            "\"label\": \"cost\",\n            \"text\": \"{brick: 1}\",\n            \"data\": {\n"
            "              \"lumber\": 0,\n              \"brick\": 1\n            }") == 1);
  CHECK(count(out, "\"data\"") == 1);  // a note without numbers has none
}

TEST_CASE("render_junit: one suite per file, a testcase per game", "[diag][junit]") {
  const std::string out = catan::diag::render_junit(reports());
  CHECK(out.starts_with(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"catan-referee\" tests=\"3\" failures=\"1\" errors=\"1\">\n"));
  CHECK(out.ends_with("</testsuites>\n"));
  CHECK(count(out, "<testsuite ") == 3);
  CHECK(count(out, "<testcase ") == 3);
  SECTION("the illegal game is a failure named by its rule") {
    CHECK(count(out,
                "<testsuite name=\"games/a,b: c.yaml\" tests=\"1\" failures=\"1\" errors=\"0\">") ==
          1);
    CHECK(count(out, "<testcase classname=\"games/a,b: c.yaml\" name=\"game 2 (g&quot;2)\">") == 1);
    CHECK(
        count(out,
              "<failure message=\"SETUP-03: red places &lt;here&gt; &amp; &quot;there&quot;\" "
              "type=\"SETUP-03\">games/a,b: c.yaml:12:5: error[SETUP-03]: red places &lt;here&gt; "
              "&amp; &quot;there&quot;\n") == 1);
    // The text rendering as the body, where log text has its controls escaped (\n, \x07).
    const std::string body =
        catan::diag::xml_escape_text(catan::diag::render_text(*illegal_report().error));
    CHECK(count(out, "\">" + body + "</failure>\n") == 1);
    CHECK(count(body, "  note: hand: 1 brick, 2 &apos;wool&apos;\\nline2: x\\x07\n") == 1);
  }
  SECTION("a warning goes to system-err of a passing testcase") {
    CHECK(count(out, "<testcase classname=\"ok.yaml\" name=\"game 1 (w)\">\n      <system-err>" +
                         catan::diag::render_text(warned_report().warnings[0]) +
                         "</system-err>\n") == 1);
  }
  SECTION("the malformed game is an error") {
    CHECK(count(out,
                "<testcase classname=\"bad.yaml\" name=\"game 1\">\n"
                "      <error message=\"cannot read file: No such file or directory\" "
                "type=\"malformed\">" +
                    catan::diag::render_text(*malformed_report().error) + "</error>\n") == 1);
  }
  SECTION("legal games pass; incomplete ones say so") {
    GameReport legal;
    legal.file = "x.yaml";
    GameReport incomplete = legal;
    incomplete.index = 1;
    incomplete.status = Status::Incomplete;
    const std::string two = catan::diag::render_junit({legal, incomplete});
    CHECK(count(two, "<testcase classname=\"x.yaml\" name=\"game 1\"/>\n") == 1);
    CHECK(count(two,
                "<testcase classname=\"x.yaml\" name=\"game 2\">\n"
                "      <system-out>incomplete: no winner</system-out>\n    </testcase>\n") == 1);
    CHECK(count(two, "<testsuite name=\"x.yaml\" tests=\"2\" failures=\"0\" errors=\"0\">") == 1);
  }
}

TEST_CASE("render_github: one annotation per diagnostic, then the summary", "[diag][github]") {
  CHECK(catan::diag::render_github(reports()) ==
        "::error file=games/a%2Cb%3A c.yaml,line=12,col=5,endLine=12,endColumn=25,"
        "title=SETUP-03 (Snake order)::red places <here> & \"there\"%0A"
        "action 9 by red (set-up, placement 5 of 8)%0Ahand: 1 brick, 2 'wool'\\nline2: x\\x07\n"
        "::warning file=ok.yaml,line=3,col=7,title=PROD-04 (Bank shortage)::100%25 shortage%0A"
        "action 40 by blue\n"
        "::error file=bad.yaml,title=malformed::cannot read file: No such file or directory\n"
        "3 game(s): 1 legal (0 incomplete), 1 illegal, 1 malformed\n");
  CHECK(catan::diag::render_github({}) ==
        "0 game(s): 0 legal (0 incomplete), 0 illegal, 0 malformed\n");
}

TEST_CASE("render_github: the summary counts unsupported games apart from malformed ones",
          "[diag][github]") {
  GameReport r;
  r.file = "hidden.yaml";
  r.status = Status::Unsupported;
  Diagnostic d;
  d.message = "`buy: hidden` is not supported yet";
  d.at = {r.file, 3, 1};
  r.error = d;
  const std::string out = catan::diag::render_github({r});
  CHECK_THAT(out,
             Catch::EndsWith(
                 "1 game(s): 0 legal (0 incomplete), 0 illegal, 0 malformed, 1 unsupported\n"));
  CHECK(out.find("title=unsupported") != std::string::npos);
}

TEST_CASE("render_json: places in a note's data as coordinate arrays", "[diag][json]") {
  using catan::core::Datum;
  GameReport r = illegal_report();
  catan::core::Note n{"trail", "red 2: [0, -1, E] [0, -1, SE]", {{"length", 2}}, {}};
  n.detail = {{"player", Datum::of(std::string("red"))},
              {"edges", Datum::list({Datum::edge({{0, -1}, EdgeDir::E}),
                                     Datum::edge({{0, -1}, EdgeDir::SE})})},
              {"at", Datum::record({{"hex", Datum::hex({1, -1})},
                                    {"corner", Datum::corner(catan::core::canonical_corner(
                                                   {0, -1}, catan::core::CornerDir::S))}})}};
  r.error->notes.push_back(n);
  const std::string out = catan::diag::render_json({r});
  CHECK(count(out,
              "\"data\": {\n              \"length\": 2,\n              \"player\": \"red\",\n"
              "              \"edges\": [\n                [\n                  0,\n"
              "                  -1,\n                  \"E\"\n                ],\n") == 1);
  CHECK(count(out, "\"hex\": [\n                  1,\n                  -1\n                ],") ==
        1);
  CHECK(count(out, "\"S\"\n") == 1);  // the corner [0, -1, S]
}
