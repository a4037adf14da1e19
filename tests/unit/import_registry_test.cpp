// The format registry (import/registry.hpp): names and aliases, detection by content from
// the first bytes (Yes, No, or More while a prefix cannot tell), dispatch, and the
// extensions a folder's files are read by.
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "import/registry.hpp"
#include "jsettlers_fixture.hpp"

using namespace catan;
using importers::detect;
using importers::detect_format;
using importers::find_format;

namespace {
std::string_view name_of(const importers::Format* f) { return f ? f->name : "none"; }
}  // namespace

TEST_CASE("registry: every format once, found by its name and its aliases", "[import]") {
  std::set<std::string_view> names;
  for (const importers::Format& f : importers::formats()) {
    CHECK(names.insert(f.name).second);
    CHECK(find_format(f.name) == &f);
    for (std::string_view a : f.aliases) {
      CHECK(names.insert(a).second);
      CHECK(find_format(a) == &f);
    }
    CHECK_FALSE(f.title.empty());
    CHECK(f.doc.substr(0, 5) == "docs/");
    CHECK_FALSE(f.expresses.empty());
    CHECK(f.sniff != nullptr);
    CHECK(f.read != nullptr);
    CHECK(f.sniff_bytes <= importers::detect_bytes());
  }
  CHECK(find_format("auto") == nullptr);
  CHECK(find_format("catan-log") == nullptr);
  CHECK(find_format("") == nullptr);
  CHECK(importers::format_names() == "jsettlers, catanatron, catanlogs, stac");
}

TEST_CASE("registry: formats are recognised by content", "[import]") {
  CHECK(name_of(detect_format(test::jsettlers_game())) == "jsettlers");
  CHECK(name_of(detect_format("\xEF\xBB\xBFSOC game event log: type=F")) == "jsettlers");
  CHECK(name_of(detect_format("2012:06:06:19:58:56:999:+0100:SOCJoinGame:nickname=a")) == "stac");
  CHECK(name_of(detect_format("\xEF\xBB\xBF"
                              "2012:06:06:19:58:56:999:-0100:SOCJoinGame:x")) == "stac");
  CHECK_FALSE(detect_format("2012:06:06:19:58:56:999:+0100:JoinGame:x"));
  CHECK(name_of(detect_format("catanlog v0.10.0\ntimestamp: x\n")) == "catanlogs");
  CHECK(name_of(detect_format(" {\"tiles\": [], \"action_records\": []}")) == "catanatron");
  CHECK(name_of(detect_format("{\n  \"tiles\": [],\n  \"action_records\": []\n}\n")) ==
        "catanatron");
  CHECK_FALSE(detect_format("{\"format\": \"catan-log/1\", \"actions\": []}"));
  CHECK_FALSE(detect_format("format: catan-log/1\n"));
  CHECK_FALSE(detect_format("SOC game"));  // the whole input: too short to be one
  CHECK_FALSE(detect_format(""));
}

TEST_CASE("registry: a prefix that cannot tell asks for more, and only then", "[import]") {
  // A live stream delivers a few bytes at a time: each prefix of a header asks for more.
  const std::string head = "SOC game event log: type=F, version=2700\n";
  for (size_t n = 0; n < 20; ++n) {
    const auto d = detect(std::string_view(head).substr(0, n), false);
    CHECK(d.format == nullptr);
    CHECK(d.more);
  }
  CHECK(name_of(detect(head, false).format) == "jsettlers");
  // A catan-log/1 YAML document is decided on its first line, without waiting.
  auto yaml = detect("format: catan-log/1\n", false);
  CHECK(yaml.format == nullptr);
  CHECK_FALSE(yaml.more);
  // One-line JSON is decided at the end of its line; pretty-printed JSON reads on while
  // catanatron's keys may come.
  auto compact = detect("{\"format\": \"catan-log/1\", \"actions\": []}\n", false);
  CHECK_FALSE(compact.format);
  CHECK_FALSE(compact.more);
  auto pretty = detect("{\n  \"format\": \"catan-log/1\",\n", false);
  CHECK_FALSE(pretty.format);
  CHECK(pretty.more);
  // Past 64 KiB without "tiles" it is not catanatron's.
  std::string big = "{\n" + std::string(size_t{64} << 10, ' ');
  CHECK_FALSE(detect(big, false).more);
  // "tiles" without "action_records" yet: read it all, then decide.
  CHECK(detect("{\n  \"tiles\": [\n", false).more);
}

TEST_CASE("registry: dispatch reaches the format's importer", "[import]") {
  const importers::Format* f = find_format("jsettlers");
  REQUIRE(f);
  const importers::Imported im =
      importers::import_source(*f, "x.soclog", test::jsettlers_game(), {});
  CHECK(im.games.size() == 1);
  CHECK(im.problems.empty());
}

TEST_CASE("registry: a folder's files are read by catan-log/1's and every format's endings",
          "[import]") {
  const auto ext = importers::log_extensions();
  CHECK(std::vector<std::string_view>(ext.begin(), ext.begin() + 4) ==
        std::vector<std::string_view>{".yaml", ".yml", ".json", ".jsonl"});
  for (const importers::Format& f : importers::formats())
    for (std::string_view e : f.extensions) CHECK(std::count(ext.begin(), ext.end(), e) == 1);
}
