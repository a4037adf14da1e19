// The message table (core/messages.def): every template agrees with its declared arguments,
// every message is used by some call site, arguments are checked against the template, and
// diag formats them (text, SARIF's positional form, the JSON report's typed arguments).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "base_island.hpp"
#include "core/message.hpp"
#include "diag/json_writer.hpp"
#include "diag/message_text.hpp"

using namespace catan;
using core::Arg;
using core::ArgKind;
using core::MessageId;

namespace {

// A value of each kind, as a call site would pass it.
Arg sample(ArgKind k) {
  switch (k) {
    case ArgKind::Integer:
      return 4;
    case ArgKind::Text:
      return "build a road";
    case ArgKind::Player:
      return core::player_arg("red");
    case ArgKind::Resource:
      return core::Resource::Brick;
    case ArgKind::Resources:
      return core::ResourceSet::of({{core::Resource::Brick, 4}});
    case ArgKind::Card:
      return core::DevCard::Monopoly;
    case ArgKind::Terrain:
      return core::Terrain::Hills;
    case ArgKind::Corner:
      return core::corner_arg(base_island(), base_island().corner_id({0, -1}, core::CornerDir::S));
    case ArgKind::Edge:
      return core::edge_arg(base_island(), base_island().edge_id({0, -1}, core::EdgeDir::E));
    case ArgKind::Hex:
      return core::Axial{1, -2};
  }
  return 0;
}

core::Message filled(const core::MessageInfo& m) {
  core::Message out{m.id, {}};
  for (const auto& p : m.parameters) out.args.push_back(sample(p.kind));
  return out;
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("messages: every template's placeholders are its declared arguments", "[messages]") {
  for (const core::MessageInfo& m : core::message_table()) {
    INFO(m.key << ": " << m.text);
    std::vector<std::string> used;
    REQUIRE_NOTHROW(used = core::template_placeholders(m.text));
    std::set<std::string> declared, placeholders(used.begin(), used.end());
    for (const auto& p : m.parameters) {
      CHECK(declared.insert(p.name).second);   // each declared once
      CHECK(placeholders.count(p.name) == 1);  // and used by the template
    }
    for (const auto& name : placeholders) CHECK(declared.count(name) == 1);  // none undeclared
  }
}

TEST_CASE("messages: every template formats with arguments of its declared kinds", "[messages]") {
  for (const core::MessageInfo& m : core::message_table()) {
    INFO(m.key << ": " << m.text);
    std::string text;
    REQUIRE_NOTHROW(text = diag::message_text(filled(m)));
    CHECK(!text.empty());
    for (const auto& p : m.parameters) CHECK(text.find("{" + p.name + "}") == std::string::npos);
    const bool braces = std::any_of(m.parameters.begin(), m.parameters.end(),
                                    [](const auto& p) { return p.kind == ArgKind::Resources; });
    CHECK((braces || text.find('{') == std::string::npos));
  }
}

TEST_CASE("messages: ids are unique kebab-case names and each has a rule", "[messages]") {
  std::set<std::string_view> keys;
  for (const core::MessageInfo& m : core::message_table()) {
    INFO(m.key);
    CHECK(keys.insert(m.key).second);
    CHECK(m.key.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos);
    CHECK(!m.rules.empty());
    CHECK(core::parse_message_key(m.key) == m.id);
    CHECK(&core::info(m.id) == &m);
  }
  CHECK(!core::parse_message_key("no-such-message"));
}

TEST_CASE("messages: every message of the table is used by some call site", "[messages]") {
  // The call sites name a message as M::name or MessageId::name (src/rules, src/replay).
  std::string sources;
  for (const auto& e : std::filesystem::recursive_directory_iterator(
           std::filesystem::path(CATAN_SOURCE_DIR) / "src")) {
    const auto ext = e.path().extension();
    if (ext == ".cpp" || ext == ".hpp") sources += read(e.path());
  }
  REQUIRE(sources.size() > 100000);
  for (const core::MessageInfo& m : core::message_table()) {
    std::string name(m.key);
    std::replace(name.begin(), name.end(), '-', '_');
    INFO(name);
    bool used = false;
    for (const char* prefix : {"M::", "MessageId::"})
      for (const char* end : {",", ")", " ", "\n", ";"})
        used = used || sources.find(prefix + name + end) != std::string::npos;
    CHECK(used);
  }
}

TEST_CASE("messages: a call site's arguments are checked against the template", "[messages]") {
  const MessageId m = MessageId::corner_taken;  // place:corner owner:player building:text
  const Arg place = core::corner_arg(base_island(), 0), owner = core::player_arg("blue");
  CHECK(core::message_mismatch(m, std::vector<Arg>{place, owner, "city"}).empty());
  CHECK_THAT(core::message_mismatch(m, std::vector<Arg>{place, owner}),
             Catch::Contains("takes 3 argument(s), not 2"));
  CHECK_THAT(core::message_mismatch(m, std::vector<Arg>{place, "blue", "city"}),
             Catch::Contains("argument 2 (owner) is a text, not a player"));
  CHECK_NOTHROW(core::make_message(core::Rule::BUILD_10, m, {place, owner, "city"}));
  CHECK_THROWS_AS(core::make_message(core::Rule::BUILD_10, m, {place, 3, "city"}),
                  std::logic_error);
  // A message is used only for its own rules (bank-trade-rate has four).
  CHECK_THROWS_AS(core::make_message(core::Rule::BUILD_05, m, {place, owner, "city"}),
                  std::logic_error);
  const Arg bank[] = {core::player_arg("red"), 3, core::Resource::Ore, "4:1"};
  for (core::Rule r :
       {core::Rule::TRADE_07, core::Rule::TRADE_08, core::Rule::TRADE_09, core::Rule::TRADE_10})
    CHECK_NOTHROW(
        core::make_message(r, MessageId::bank_trade_rate, {bank[0], bank[1], bank[2], bank[3]}));
  CHECK_THROWS_AS(core::make_message(core::Rule::TRADE_12, MessageId::bank_trade_rate,
                                     {bank[0], bank[1], bank[2], bank[3]}),
                  std::logic_error);
}

TEST_CASE("messages: template syntax errors are found", "[messages]") {
  CHECK(core::template_placeholders("{a} and {b_c} and {a}") ==
        std::vector<std::string>{"a", "b_c", "a"});
  CHECK(core::template_placeholders("{{literal}}").empty());
  CHECK_THROWS_AS(core::template_placeholders("{0} positional"), std::invalid_argument);
  CHECK_THROWS_AS(core::template_placeholders("{name:>4}"), std::invalid_argument);
  CHECK_THROWS_AS(core::template_placeholders("open {name"), std::invalid_argument);
  CHECK_THROWS_AS(core::template_placeholders("close }"), std::invalid_argument);
}

TEST_CASE("messages: arguments as text, as the rules wrote them before the table", "[messages]") {
  using diag::arg_text;
  CHECK(arg_text(7) == "7");
  CHECK(arg_text(core::player_arg("red")) == "red");
  CHECK(arg_text(core::ResourceSet::of({{core::Resource::Brick, 4}})) == "{brick: 4}");
  CHECK(arg_text(core::Resource::Grain) == "grain");
  CHECK(arg_text(core::DevCard::YearOfPlenty) == "year-of-plenty");
  CHECK(arg_text(core::Axial{0, -2}) == "[0, -2]");
  const core::CornerId c = base_island().corner_id({0, -1}, core::CornerDir::S);
  CHECK(arg_text(core::corner_arg(base_island(), c)) == base_island().corner_text(c));
  // An alias of the same corner: the canonical name, then the form as written.
  const core::CornerRef alias{{0, 0}, core::CornerDir::NW, c};
  REQUIRE(base_island().corner_id(alias.hex, alias.dir) == c);
  CHECK(arg_text(alias) == "[0, -1, S] (written [0, 0, NW])");
  core::CornerRef off{{5, 0}, core::CornerDir::N, core::kNone};
  CHECK(arg_text(off) == "[5, 0, N]");
  core::EdgeRef off_edge{{5, 0}, core::EdgeDir::E, core::kNone};
  CHECK(arg_text(off_edge) == "[5, 0, E]");
}

TEST_CASE("messages: SARIF's positional template and the JSON report's typed arguments",
          "[messages]") {
  CHECK(diag::positional_template(MessageId::corner_taken) == "{0} already holds {1}'s {2}");
  // A placeholder used twice keeps its one index.
  CHECK(diag::positional_template(MessageId::knight_robber_next) ==
        "the knight {0} played must be followed at once by {0}'s robber move, not by an "
        "attempt to {1}");
  core::Message m{
      MessageId::road_interrupted,
      {core::edge_arg(base_island(), base_island().edge_id({0, -1}, core::EdgeDir::E)),
       core::player_arg("red"), core::player_arg("blue"), "settlement",
       core::corner_arg(base_island(), base_island().corner_id({0, -1}, core::CornerDir::S))}};
  diag::JsonWriter w(false);
  diag::write_arguments(w, m);
  CHECK(w.str() == R"({"place":[0,-1,"E"],"player":"red","owner":"blue","building":"settlement",)"
                   R"("corner":[0,-1,"S"]})");
  diag::JsonWriter w2(false);
  diag::write_arguments(w2, core::Message{MessageId::discard_not_held,
                                          {core::player_arg("red"),
                                           core::ResourceSet::of({{core::Resource::Wool, 2}})}});
  CHECK(w2.str() ==
        R"({"player":"red","cards":{"lumber":0,"brick":0,"wool":2,"grain":0,"ore":0}})");
  diag::JsonWriter w3(false);
  diag::write_arguments(w3, core::Message{MessageId::robber_stays, {core::Axial{1, -2}}});
  CHECK(w3.str() == R"({"hex":[1,-2]})");
}

TEST_CASE("messages: a player-view violation refused by every world says so", "[messages]") {
  core::Violation v;
  v.rule = core::Rule::ROBBER_05;
  v.msg = {MessageId::rob_self, {core::player_arg("red")}};
  CHECK(diag::message_text(v) == "red cannot rob themself");
  v.worlds = 1;
  CHECK(diag::message_text(v) == "red cannot rob themself");
  v.worlds = 12;
  CHECK(diag::message_text(v) == "in every consistent world (12): red cannot rob themself");
}
