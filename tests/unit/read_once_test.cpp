// A document is read once: whether its entries can stream to the replay is decided before
// parsing, for block YAML and for JSON alike (header keys after `actions` mean the whole
// document is read first), so nothing streamed is thrown away and read again.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "log/reader.hpp"
#include "replay/replay.hpp"

namespace {

using catan::log::Document;

std::string slurp(const std::string& rel) {
  std::ifstream in(std::string(CATAN_SOURCE_DIR) + "/" + rel, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct CountingSink : catan::log::EntrySink {
  int games = 0, entries = 0;
  bool begin(const catan::log::Game&) override {
    ++games;
    return true;
  }
  void entry(catan::log::Entry&&) override { ++entries; }
};

struct Read {
  CountingSink sink;
  std::vector<Document> docs;
};

Read read(const std::string& text) {
  Read r;
  catan::log::read_text(text, &r.sink, [&](Document&& d) { r.docs.push_back(std::move(d)); });
  return r;
}

// The compact JSON fixture with the top-level member `"key":VALUE` moved after `actions`.
std::string moved_after_actions(std::string json, const std::string& key) {
  const size_t at = json.find(",\"" + key + "\":");
  REQUIRE(at != std::string::npos);
  size_t end = at + 1, depth = 0;
  for (bool in_string = false; end < json.size(); ++end) {
    const char c = json[end];
    if (in_string) {
      if (c == '\\')
        ++end;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (depth == 0) break;
      --depth;
    } else if (c == ',' && depth == 0) {
      break;
    }
  }
  const std::string member = json.substr(at, end - at);
  json.erase(at, end - at);
  const size_t close = json.rfind('}');
  json.insert(close, member);
  return json;
}

}  // namespace

TEST_CASE("read once: JSON whose header follows its actions is read whole, never re-read",
          "[reader]") {
  std::string json = slurp("tests/fuzz/seeds/json/fixture-compact.json");
  while (!json.empty() && (json.back() == '\n' || json.back() == '\r')) json.pop_back();
  const Read before = read(json);
  REQUIRE(before.docs.size() == 1);
  REQUIRE(before.docs[0].game);
  CHECK(before.docs[0].streamed);  // header first: the entries streamed
  CHECK(before.sink.entries == static_cast<int>(before.docs[0].entries));
  CHECK(before.sink.entries > 0);
  for (const std::string key : {"players", "rules", "board"}) {
    const std::string after = moved_after_actions(json, key);
    REQUIRE(after.find("\"" + key + "\"") > after.find("\"actions\""));
    const Read r = read(after);
    REQUIRE(r.docs.size() == 1);
    REQUIRE(r.docs[0].game);
    CHECK_FALSE(r.docs[0].streamed);  // decided before parsing: read whole
    CHECK_FALSE(r.docs[0].reread);    // so never read a second time
    CHECK(r.sink.entries == 0);
    CHECK(static_cast<int>(r.docs[0].game->actions.size()) == before.sink.entries);
    // The same verdict as the document in header-first order.
    const auto a = catan::replay::check_source("a.json", json, {});
    const auto b = catan::replay::check_source("b.json", after, {});
    REQUIRE(a.size() == 1);
    REQUIRE(b.size() == 1);
    CHECK(a[0].status == b[0].status);
    CHECK(a[0].checked == b[0].checked);
  }
  // `result` after the actions is where it belongs: the entries still stream.
  const Read with_result = read(moved_after_actions(
      json.substr(0, json.rfind('}')) + ",\"result\":{\"winner\":\"red\"}}", "result"));
  CHECK(with_result.docs[0].streamed);
}

TEST_CASE("read once: JSON Lines of games in header-first order stream", "[reader]") {
  std::string json = slurp("tests/fuzz/seeds/json/fixture-compact.json");
  while (!json.empty() && (json.back() == '\n' || json.back() == '\r')) json.pop_back();
  // Two games a line (JSON Lines): the second game's header does not follow the first's
  // actions.
  const Read lines = read(json + "\n" + json + "\n");
  REQUIRE(lines.docs.size() == 2);
  CHECK_FALSE(lines.docs[0].reread);
  CHECK_FALSE(lines.docs[1].reread);
}
