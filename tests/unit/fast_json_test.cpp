// The fast JSON reader against yaml-cpp (differential), as fast_yaml_test does for block
// YAML: whenever parse_fast_json returns documents they must be exactly the trees
// DocumentReader builds for the same text (kinds, values, quoted flags, marks, entry order,
// document boundaries); and it must handle the JSON that engines write: every sample and
// generated game as compact JSON, pretty-printed JSON (2-space indents) and JSON lines.
#include "text/fast_json.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "gen/generator.hpp"
#include "hook_compare.hpp"
#include "log/reader.hpp"
#include "test_inputs.hpp"
#include "text/fast_yaml.hpp"
#include "text/yaml_tree.hpp"
#include "tree_compare.hpp"

using catan::test::dump_all;
using catan::test::same;
using catan::test::slow_trees;
using catan::text::Node;

namespace {

// Checks parse_fast_json against yaml-cpp on `text`; returns whether it handled the text.
bool agrees(const std::string& text) {
  const auto fast = catan::text::parse_fast_json(text);
  if (!fast) return false;
  const auto slow = slow_trees(text);
  INFO("text:\n" << text.substr(0, 2000));
  INFO("parse_fast_json:\n" << dump_all(*fast).substr(0, 4000));
  REQUIRE(slow);  // accepted what yaml-cpp rejects
  INFO("yaml-cpp:\n" << dump_all(*slow).substr(0, 4000));
  const bool equal = same(*fast, *slow);
  CHECK(equal);
  return equal;
}

bool is_integer(std::string_view s) {
  size_t i = s.size() > 1 && s[0] == '-' ? 1 : 0;
  return i < s.size() && std::all_of(s.begin() + static_cast<std::ptrdiff_t>(i), s.end(),
                                     [](char c) { return c >= '0' && c <= '9'; });
}

// A log's tree as JSON, as an engine would write it: compact, or indented by `indent`.
void to_json(const Node& n, int indent, int depth, std::string& out) {
  auto newline = [&](int d) {
    if (indent == 0) return;
    out += '\n';
    out.append(static_cast<size_t>(indent * d), ' ');
  };
  switch (n.kind) {
    case Node::Kind::Null:
      out += "null";
      return;
    case Node::Kind::Scalar:
      if (!n.quoted && (is_integer(n.value) || n.value == "true" || n.value == "false"))
        out += n.value;
      else
        out += '"' + std::string(n.value) + '"';
      return;
    case Node::Kind::Sequence:
      out += '[';
      for (size_t i = 0; i < n.items.size(); ++i) {
        if (i) out += ',';
        newline(depth + 1);
        to_json(n.items[i], indent, depth + 1, out);
      }
      if (!n.items.empty()) newline(depth);
      out += ']';
      return;
    case Node::Kind::Mapping:
      out += '{';
      for (size_t i = 0; i < n.entries.size(); ++i) {
        if (i) out += ',';
        newline(depth + 1);
        out += '"' + std::string(n.entries[i].key.value) + '"' + (indent ? ": " : ":");
        to_json(n.entries[i].value, indent, depth + 1, out);
      }
      if (!n.entries.empty()) newline(depth);
      out += '}';
      return;
  }
}

std::string json_of(const std::string& yaml, int indent) {
  const auto docs = slow_trees(yaml);
  REQUIRE(docs);
  std::string out;
  for (const Node& d : docs->docs) {
    to_json(d, indent, 0, out);
    out += '\n';
  }
  return out;
}

std::string generated_yaml(uint64_t seed, int players) {
  return catan::test::generated_yaml(seed, players, "fast-json");
}
using catan::test::read_file;

}  // namespace

TEST_CASE("fast_json: every sample as compact, indented and JSON-lines JSON agrees",
          "[fast_json]") {
  const std::filesystem::path root(CATAN_SOURCE_DIR);
  int files = 0;
  std::string lines;  // every sample, one a line
  std::vector<std::filesystem::path> paths;
  for (const auto& e : std::filesystem::directory_iterator(root / "samples"))
    if (e.path().extension() == ".yaml") paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  for (const auto& p : paths) {
    CAPTURE(p.string());
    const std::string yaml = read_file(p);
    if (yaml.find('\\') != std::string::npos) continue;  // escapes: outside the subset
    for (int indent : {0, 2, 4}) CHECK(agrees(json_of(yaml, indent)));
    lines += json_of(yaml, 0);
    ++files;
  }
  CHECK(files > 100);
  CHECK(agrees(lines));
  CHECK(catan::text::parse_fast_json(lines)->docs.size() == static_cast<size_t>(files));
}

TEST_CASE("fast_json: the JSON schema cases and fuzz seeds agree where accepted", "[fast_json]") {
  const std::filesystem::path root(CATAN_SOURCE_DIR);
  int json = 0, handled = 0;
  for (const auto& dir : {root / "tests/schema/cases/valid", root / "tests/schema/cases/malformed",
                          root / "tests/fuzz/seeds/json"}) {
    std::vector<std::filesystem::path> paths;
    for (const auto& e : std::filesystem::directory_iterator(dir)) paths.push_back(e.path());
    std::sort(paths.begin(), paths.end());
    for (const auto& p : paths) {
      const std::string text = read_file(p);
      if (!catan::text::looks_like_json(text)) continue;
      CAPTURE(p.string());
      ++json;
      handled += agrees(text);
    }
  }
  CHECK(json >= 2);
  CHECK(handled >= 2);  // the two fuzz seeds at least
}

TEST_CASE("fast_json: generated games agree, and read as the same games as their YAML",
          "[fast_json]") {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const std::string yaml = generated_yaml(seed, seed % 2 ? 4 : 3);
    for (int indent : {0, 2}) {
      const std::string json = json_of(yaml, indent);
      CAPTURE(seed, indent);
      REQUIRE(agrees(json));
      // The reader takes the fast path and reads the same game.
      const auto from_yaml = catan::log::read_string(yaml);
      const auto from_json = catan::log::read_string(json);
      REQUIRE(from_yaml.size() == 1);
      REQUIRE(from_json.size() == 1);
      REQUIRE(from_json[0].game);
      CHECK(from_json[0].game->actions.size() == from_yaml[0].game->actions.size());
      CHECK(from_json[0].game->players == from_yaml[0].game->players);
    }
  }
}

TEST_CASE("fast_json: hand-written cases inside the subset", "[fast_json]") {
  for (const char* text : {
           "{}\n",
           "{\"a\":1}",
           "{\"a\": [1, -2, 30], \"b\": {\"c\": \"d e\"}, \"n\": null, \"t\": true, \"f\": "
           "false}\n",
           "  \n\n{\"a\":[]}\n{\"b\":{}}\n\n{\"c\":\"x\"}\n",
           "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": \"c\"\n}\n",
           "{\"players\": [\"red\", \"blue\"], \"actions\": [{\"player\": \"red\", \"roll\": [3, "
           "4]}]}",
           "{\"s\": \"yes\", \"q\": \"1\", \"e\": \"\"}\n",
       }) {
    CAPTURE(text);
    CHECK(agrees(text));
  }
}

TEST_CASE("fast_json: declines what is outside the subset", "[fast_json]") {
  for (const char* text : {
           "",                             // no document
           "[1, 2]",                       // a top-level array
           "{\"a\": 1} {\"b\": 2}",        // two values on one line
           "{\"a\": \"x\\/y\"}",           // an escape JSON writers do not use
           "{\"a\": \"\\ud83c\\udfb2\"}",  // a surrogate pair
           "{\"a\": \"x\\u00\"}",          // a short \u
           "{\"a\": 1.5}",                 // a fraction
           "{\"a\": 1e3}",                 // an exponent
           "{\"a\":\t1}",                  // a tab
           "{\"a\": 1}\r\n",               // a carriage return
           "{\"a\": \"caf\xc3\"}",         // ill-formed UTF-8
           "{\"a\": \"\xc2\x85\"}",        // U+0085 (C1; a YAML 1.1 line break)
           "{\"a\": \"\xe2\x80\xa8\"}",    // U+2028, a line separator
           "{\"a\": \"\xef\xbb\xbf\"}",    // U+FEFF
           "{\"a\": 1, \"a\": 2}",         // a duplicate key
           "{\"\": 1}",                    // an empty key
           "{\"a\": 1,}",                  // a trailing comma
           "{\"a\"\n: 1}",                 // the `:` on the next line (yaml-cpp refuses it)
           "{\"a\": 1",                    // not closed
           "{\"a\": tru}",                 // not a word
           "{\"a\": 01x}",                 // not a number
           "{a: 1}",                       // YAML, not JSON
           "# c\n{\"a\": 1}",              // a comment
           "---\n{\"a\": 1}",              // a document marker
       }) {
    CAPTURE(text);
    CHECK(!catan::text::parse_fast_json(text));
  }
  std::string deep(150, '[');
  CHECK(!catan::text::parse_fast_json("{\"a\": " + deep + std::string(150, ']') + "}"));
}

// Well-formed UTF-8 is read as yaml-cpp reads it, and a key of any length (yaml-cpp refuses a
// JSON key over 1,024 characters, which a long player name in `gains` makes).
TEST_CASE("fast_json: UTF-8 strings, and keys over 1,024 characters", "[fast_json]") {
  CHECK(agrees("{\"a\": \"caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x8e\xb2\"}\n"));
  // The escapes JSON writers use (diag::JsonWriter: \" \\ \n \r \t \u00XX).
  CHECK(agrees(R"({"a": "q\"b\\s\b\f\n\r\t \u0041\u00e9\u20AC\u001b\u0000 x"})"
               "\n"));
  CHECK(agrees(R"({"x\"y": ["\\"]})"
               "\n"));
  const std::string name(1100, 'r');
  const std::string text = "{\"gains\": {\"" + name + "\": 1}}";  // the nodes view it
  const auto trees = catan::text::parse_fast_json(text);
  REQUIRE(trees);
  CHECK(trees->docs[0].entries[0].value.entries[0].key.value == name);
}

// Random single-byte edits of a JSON game: whenever the fast reader still accepts the text,
// yaml-cpp reads the same trees (as the differential fuzz target does, in the unit suite).
TEST_CASE("fast_json: random edits agree with yaml-cpp whenever accepted", "[fast_json]") {
  const std::string base = json_of(generated_yaml(3, 4), 2).substr(0, 6000);
  std::mt19937 rng(5);
  const std::string alphabet = "{}[],:\" \n-0123456789abcdeflnrstu\\";
  int accepted = 0;
  for (int i = 0; i < 400; ++i) {
    std::string text = base.substr(0, base.rfind(",\n    {"));  // cut inside `actions`
    text += "\n  ]\n}\n";
    const size_t at = rng() % text.size();
    switch (rng() % 3) {
      case 0:
        text.erase(at, 1);
        break;
      case 1:
        text.insert(at, 1, alphabet[rng() % alphabet.size()]);
        break;
      default:
        text[at] = alphabet[rng() % alphabet.size()];
    }
    CAPTURE(i, at);
    if (catan::text::parse_fast_json(text)) {
      ++accepted;
      agrees(text);
    }
  }
  CHECK(accepted > 50);
}

TEST_CASE("fast_json: the item hook sees every entry, and marks follow the first line",
          "[fast_json]") {
  using catan::text::ActionHook;
  for (uint64_t seed : {3, 4}) {
    const std::string json = json_of(generated_yaml(seed, 4), 2);
    catan::test::check_hook_agrees(
        [&](const ActionHook* h) { return catan::text::parse_fast_json(json, SIZE_MAX, 1, h); });
    // A document cut from a longer input: every mark is shifted by the lines before it.
    auto plain = catan::text::parse_fast_json(json);
    auto later = catan::text::parse_fast_json(json, SIZE_MAX, 41);
    REQUIRE(plain);
    REQUIRE(later);
    for (Node& d : plain->docs) catan::log::shift_marks(d, 40);
    REQUIRE(plain->docs.size() == later->docs.size());
    for (size_t i = 0; i < plain->docs.size(); ++i) CHECK(same(plain->docs[i], later->docs[i]));
  }
}
