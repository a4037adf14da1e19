// The fast YAML reader against yaml-cpp (differential): whenever parse_fast returns
// documents they must be exactly the trees DocumentReader builds (kinds, values, quoted
// flags, marks, entry order, document boundaries); and it must handle the regular form
// that catan-log/1 files are written in (every generated game, every sample).
#include "text/fast_yaml.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gen/generator.hpp"
#include "gen/mutator.hpp"
#include "hook_compare.hpp"
#include "log/reader.hpp"
#include "test_inputs.hpp"
#include "text/yaml_tree.hpp"
#include "tree_compare.hpp"

using catan::test::dump_all;
using catan::test::same;
using catan::test::slow_trees;
using catan::text::Node;

namespace {

// Checks parse_fast against yaml-cpp on `text`; returns whether parse_fast handled it.
bool agrees(const std::string& text) {
  const auto fast = catan::text::parse_fast(text);
  if (!fast) return false;
  const auto slow = slow_trees(text);
  INFO("parse_fast:\n" << dump_all(*fast));
  REQUIRE(slow);  // parse_fast accepted what yaml-cpp rejects
  INFO("yaml-cpp:\n" << dump_all(*slow));
  CHECK(same(*fast, *slow));
  return true;
}

std::string generated_yaml(uint64_t seed, int players) {
  return catan::test::generated_yaml(seed, players, "fast-yaml");
}
using catan::test::read_file;

}  // namespace

TEST_CASE("fast_yaml: samples and schema cases agree with yaml-cpp", "[fast_yaml]") {
  const std::filesystem::path root(CATAN_SOURCE_DIR);
  // Files outside the fast subset, each with the reason; every other file is handled.
  const std::set<std::string> outside = {
      "02-json-flow-style.yaml",   // quoted keys, flow collections over several lines
      "07-every-entry-kind.yaml",  // a folded block scalar (`notes: >-`)
  };
  int files = 0, handled = 0, samples = 0, samples_handled = 0;
  std::set<std::string> declined;
  for (const auto& dir : {root / "samples", root / "tests/schema/cases/valid",
                          root / "tests/schema/cases/malformed"}) {
    std::vector<std::filesystem::path> paths;
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".yaml") paths.push_back(e.path());
    std::sort(paths.begin(), paths.end());
    for (const auto& p : paths) {
      CAPTURE(p.string());
      const bool ok = agrees(read_file(p));
      ++files;
      handled += ok;
      if (dir == root / "samples") {
        ++samples;
        samples_handled += ok;
      }
      if (!ok) declined.insert(p.filename().string());
    }
  }
  WARN("parse_fast handled " << samples_handled << " of " << samples << " samples, " << handled
                             << " of " << files << " samples and schema cases");
  CHECK(samples > 50);
  CHECK(declined == outside);
}

TEST_CASE("fast_yaml: every generated game and mutation is handled and agrees", "[fast_yaml]") {
  int games = 0, mutations = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    const int players = seed % 2 ? 3 : 4;
    CAPTURE(seed, players);
    const std::string yaml = generated_yaml(seed, players);
    CHECK(agrees(yaml));
    ++games;
    if (seed > 4) continue;
    auto docs = catan::log::read_string(yaml);
    REQUIRE(docs.size() == 1);
    REQUIRE(docs[0].game);
    for (const auto& m : catan::gen::mutate(*docs[0].game, seed)) {
      CAPTURE(m.kind);
      CHECK(agrees(catan::gen::mutation_yaml(*docs[0].game, m, "fast-yaml")));
      ++mutations;
    }
  }
  // Several games in one stream, as `generate --count` writes them.
  CHECK(agrees(generated_yaml(5, 4) + "---\n" + generated_yaml(6, 3) + "---\n" +
               generated_yaml(7, 4)));
  CHECK(games == 30);
  CHECK(mutations >= 20);
}

TEST_CASE("fast_yaml: hand-written cases inside the subset", "[fast_yaml]") {
  const char* cases[] = {
      // comments after values, `#` inside quoted strings, trailing spaces
      "format: catan-log/1   # the version\nplayers: [red, blue]  \n"
      "game: {id: \"#1\", notes: 'a # b'}   # c\nx: \"3:1\"   \n",
      // a key followed by a block sequence at the key's own column, then another key
      "actions:\n- {player: red, roll: [2, 4]}\n- {player: blue, end: turn}\nresult: {winner: "
      "red}\n",
      // flow items with comments, block items with nested block mappings
      "actions:\n  - {player: red, roll: [2, 4], gains: {red: {brick: 2}, blue: {brick: 1}}}   # "
      "6\n"
      "  - player: red\n    roll: [2, 4]                 # 6\n    gains:\n      red: {brick: 2}\n"
      "      blue:\n        brick: 1\n  # between items\n  - player: blue\n    end: turn\n",
      // nested block mappings, more and less indented, comments at any indentation
      "board:\n    hexes:\n        - {at: [0, -2], terrain: desert}\n    # comment\n"
      "          # deeper comment\n    robber: [0, -2]\nrules:\n  profile: catan-2025\n",
      // empty flow collections, negative integers, spaces inside flow collections
      "a: {}\nb: []\nc: [ ]\nd: { }\ne: [[], {}, [[-1]], {x: []}]\nf: [ -1 , -2 ]\ng: -3\n",
      // `---` between documents, with a comment; comments before the first document
      "# header\n---\na: 1\n--- # second\nb: 2\n---\n\n# third\nc: [3]\n",
      // no trailing newline
      "a: 1\nb: [1, 2]",
      "a: {b: c}",
      "- a\n- 'b'",
      // empty file, only comments, only blank lines
      "",
      "# just a comment\n",
      "\n\n   \n",
      // plain scalars: inner spaces, colons and commas, YAML 1.1 keywords, nulls
      "a: x y  z\nb: 3:1\nc: yes, no, on, off\nd: [3:1, a b , c]\ne: 2026-11-20\nf: 010\n"
      "g: ~\nh: null\ni: [Null, NULL, ~]\nj: {k: null}\nk: nul\nl: ~x\nm: don't\nn: x[1]\n",
      // quoted scalars
      "a: ''\nb: \"\"\nc: 'it''s'\nd: ''''\ne: \"a 'b'\"\nf: ' x '\ng: ['a', \"b\"]\nh: \"null\"\n",
      // keys with spaces before the colon
      "a : 1\nb:   2\nc: {d : 3}\n",
      // compact mappings in sequence items, more indented items
      "-   a: 1\n    b: [2]\n- c: 3\n  d:\n    - 4\n  e:\n  - 5\n",
      // key with no value: a Null marked at the next token (sibling, outer, end, `---`)
      "a:\nb: 1\nc:\n  d:\n  e: 2\n  f:\ng:\n",
      "x:\n  y:\n    z:\n      - 2\n      - w:\n",
      "- a:\n- b:   # c\n  c: 1\n",
      "a:\n---\nb:",
      // found by fuzzing: a Null at the end of text with trailing spaces and no newline
      "x:\n  y:\n    z:\n      - 2\n      - w:\n    ",
      "a:\nb: 1\nc:\n  d:\n ",
      "x:\n  a:\n  ",
      "x:\n  a:\n # c",
      // a root block mapping or sequence indented
      "  a: 1\n  b: 2\n",
      "  - 1\n  - 2\n",
      // non-ASCII in comments only
      "# \xe2\x9c\x97 AWARD-04\na: 1   # \xe2\x9c\x97\n",
  };
  for (const char* text : cases) {
    CAPTURE(text);
    CHECK(agrees(text));
  }
}

TEST_CASE("fast_yaml: yaml-cpp's marks", "[fast_yaml]") {
  auto docs = catan::text::parse_fast(
      "actions:\n- player: red\n  roll: [2, 4]\n- {player: blue, trade: \"3:1\"}\nend:\n");
  REQUIRE(docs);
  REQUIRE(docs->docs.size() == 1);
  const Node& root = docs->docs[0];
  CHECK((root.kind == Node::Kind::Mapping && root.mark.line == 1 && root.mark.column == 1));
  const Node& seq = root.entries[0].value;  // the first `-`
  CHECK((seq.kind == Node::Kind::Sequence && seq.mark.line == 2 && seq.mark.column == 1));
  const Node& item = seq.items[0];  // a block mapping: its first key
  CHECK((item.kind == Node::Kind::Mapping && item.mark.line == 2 && item.mark.column == 3));
  const Node& roll = item.entries[1].value;  // a flow collection: the bracket
  CHECK((roll.mark.line == 3 && roll.mark.column == 9));
  CHECK((roll.items[1].mark.line == 3 && roll.items[1].mark.column == 13));
  const Node& flow = seq.items[1];
  CHECK((flow.mark.line == 4 && flow.mark.column == 3));
  const Node& trade = flow.entries[1].value;  // a quoted scalar: the quote
  CHECK((trade.quoted && trade.value == "3:1" && trade.mark.column == 25));
  CHECK(!flow.entries[0].value.quoted);
  const Node& end = root.entries[1].value;  // no value: the end of the text
  CHECK((end.kind == Node::Kind::Null && end.mark.line == 6 && end.mark.column == 1));
}

TEST_CASE("fast_yaml: declines what is outside the subset", "[fast_yaml]") {
  const char* cases[] = {
      "a: &x 1\nb: *x\n",        // anchor, alias
      "a: !!str 1\n",            // tag
      "a: ! 1\n",                // non-specific tag
      "%YAML 1.2\n---\na: 1\n",  // directive
      "a: |\n  text\n",          // literal block scalar
      "a: >-\n  text\n",         // folded block scalar
      "a: [1,\n  2]\n",          // multi-line flow collection
      "{\n  \"a\": 1\n}\n",      // JSON: multi-line, quoted key
      "a: x\n  y\n",             // multi-line plain scalar
      "a: \"x\n  y\"\n",         // multi-line quoted scalar
      "a:\n\tb: 1\n",            // tab indentation
      "a: 1\t# c\n",             // any tab
      "? a\n: 1\n",              // complex key
      "{? a: 1}\n",              // `?` in a flow mapping
      "a: 1\na: 2\n",            // duplicate key
      "a: {b: 1, b: 2}\n",       // duplicate key in flow
      "a: \"x\\ty\"\n",          // backslash escape
      "a: caf\xc3\xa9\n",        // non-ASCII outside a comment
      "a: 1\n...\n",             // document end marker
      "\xef\xbb\xbf"
      "a: 1\n",               // BOM
      "a: 1\r\nb: 2\r\n",     // Windows line endings
      "\"a\": 1\n",           // quoted key
      "a: {\"b\": 1}\n",      // quoted key in flow
      "a: b: c\n",            // `: ` inside a plain scalar
      "a: b #c\nd: x#y\n",    // `#` inside a plain scalar
      "a: -\n",               // indicator start
      "a: @x\n",              // reserved indicator
      "a: [1, 2,]\n",         // trailing comma
      "a: {b: }\n",           // empty flow value
      "a: {b}\n",             // flow key without value
      "a: [b: 1]\n",          // compact mapping in a flow sequence
      "a: 1\n---\n",          // an empty last document
      "---\n---\na: 1\n",     // an empty document
      "plain scalar\n",       // root scalar
      "  a: 1\nb: 2\n",       // less indented than the root: a second document
      "a: 1\n- b\n",          // `-` after an entry at the mapping's column
      "a:\n  b: 1\n c: 2\n",  // entries at inconsistent columns
      "- a\n  - b\n",         // more indented than the items
      "-\n  a: 1\n",          // item on the next line
      "- - a\n",              // nested inline sequence
      "null: 1\n",            // null key
      "a: 1\x04"
      "b\n",  // 0x04 ends yaml-cpp's stream
  };
  for (const char* text : cases) {
    CAPTURE(text);
    CHECK(!catan::text::parse_fast(text));
  }
}

TEST_CASE(
    "fast_yaml: the item hook sees every entry as yaml-cpp's does, marks follow the first "
    "line",
    "[fast_yaml]") {
  using catan::text::ActionHook;
  std::vector<std::string> texts = {catan::test::generated_yaml(5, 4, "hook"),
                                    catan::test::generated_yaml(6, 3, "hook")};
  texts.push_back(
      read_file(std::filesystem::path(CATAN_SOURCE_DIR) / "samples" / "legal-opening.yaml"));
  // A flow `actions` (found by fuzz_fast_yaml: its items bypassed the hook).
  texts.push_back(
      "format: catan-log/1\nplayers: [red]\nactions: [{player: red, roll: [1, 2]}, ~]\n");
  for (const std::string& y : texts) {
    catan::test::check_hook_agrees(
        [&](const ActionHook* h) { return catan::text::parse_fast(y, SIZE_MAX, 1, h); });
    // yaml-cpp's reader with the same hook, for the same text.
    catan::test::check_hook_agrees([&](const ActionHook* h) {
      std::istringstream in(y);
      catan::text::DocumentReader reader(in);
      catan::text::Trees trees;
      while (auto d = h ? reader.next(trees.arena, *h) : reader.next(trees.arena))
        trees.docs.push_back(*d);
      return std::optional<catan::text::Trees>(std::move(trees));
    });
    auto plain = catan::text::parse_fast(y);
    auto later = catan::text::parse_fast(y, SIZE_MAX, 101);
    std::istringstream in(y);
    catan::text::DocumentReader reader(in, SIZE_MAX, 101);
    catan::text::Arena arena;
    auto slow = reader.next(arena);
    REQUIRE(plain);
    REQUIRE(later);
    REQUIRE(slow);
    for (Node& d : plain->docs) catan::log::shift_marks(d, 100);
    CHECK(same(plain->docs[0], later->docs[0]));
    CHECK(same(plain->docs[0], *slow));
  }
}

// log::parse_one reads a lone flow mapping on one line (an entry a serve client or
// Game.play sends in YAML) with the fast reader, as the item of a block sequence: the tree
// must be yaml-cpp's, marks included, and must outlive the text.
TEST_CASE("fast_yaml: a lone flow mapping read by parse_one is yaml-cpp's tree", "[fast_yaml]") {
  std::vector<std::string> lines = {
      "{}",
      "{player: red, roll: [3, 4]}",
      "   {player: red, roll: [3, 4]}   ",
      "{player: red, roll: [3, 4]}  # a comment",
      "{player: \"red\", bank: {give: {wool: 4}, get: {'ore': 1}}}",
      "{player: red, expect: {hands: {red: {}, blue: {ore: 1}}, longest-road: none}}",
      "{a: [], b: [[1, 2], [3]], c: null, d: ~, e: -3, f: \"x y\"}",
  };
  // Every entry of every sample, as its log writes it.
  const std::filesystem::path root(CATAN_SOURCE_DIR);
  for (const auto& e : std::filesystem::directory_iterator(root / "samples")) {
    if (e.path().extension() != ".yaml") continue;
    std::istringstream in(catan::test::read_file(e.path()));
    for (std::string line; std::getline(in, line);)
      if (line.rfind("  - {", 0) == 0) lines.push_back(line.substr(4));
  }
  REQUIRE(lines.size() > 2000);
  int fast = 0;
  for (const std::string& original : lines) {
    CAPTURE(original);
    const auto slow = slow_trees(original);
    std::optional<catan::text::Tree> tree;
    {
      std::string text = original;  // destroyed before the tree is compared
      try {
        tree = catan::log::parse_one(text);
      } catch (const catan::text::SyntaxError&) {
      }
    }
    REQUIRE(slow.has_value() == tree.has_value());
    if (!tree) continue;
    REQUIRE(slow->docs.size() == 1);
    CHECK(same(tree->root, slow->docs.front()));
    if (const auto direct = catan::log::parse_flow_line(original)) {
      CHECK(same(direct->root, slow->docs.front()));
      ++fast;
    }
  }
  CHECK(fast > 2000);  // the fast reader took them, through parse_flow_line
  // Outside the fast subset the fast reader declines, and parse_one reads the text with
  // yaml-cpp as before (its verdict and position).
  for (const std::string bad : {"{a: 1", "{a: 1} {b: 2}", "{a: 1}: 2", "{a: &x 1, b: *x}"}) {
    CAPTURE(bad);
    CHECK(!catan::log::parse_flow_line(bad));
  }
}
