// A consumer of the installed C++ API (include/catan_referee/, docs/API.md), built against
// a temporary install by install_and_build.py with -Wall -Wextra -Werror -pedantic, once
// through find_package(catan_referee) and once through `pkg-config --cflags --libs
// catan-referee` (that build also includes <complex.h>, <complex> and <cmath>: nothing of
// the API may collide with libm's complex functions such as catan). It uses every task of
// the API and checks what it gets; the reports it renders go to OUT_DIR for the driver to
// compare with the CLI's.
//
// usage: api_tour SOURCE_DIR OUT_DIR   (exit 0: every check passed)
#ifdef CATAN_CONSUMER_WITH_COMPLEX
#include <complex.h>

#include <cmath>
#include <complex>
#endif

#include <catan_referee/catan_referee.hpp>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

namespace {

int failures = 0;

void expect(bool ok, const std::string& what) {
  std::cout << (ok ? "ok   " : "FAIL ") << what << "\n";
  if (!ok) ++failures;
}

void write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: api_tour SOURCE_DIR OUT_DIR\n";
    return 2;
  }
  const std::string src = argv[1], out = argv[2];
  const std::string legal = src + "/samples/legal-game-4p-seed5.yaml";
  const std::string illegal = src + "/samples/illegal-ROBBER-01-wrong-discard-count.yaml";
  const std::string record = src + "/tests/fixtures/jsettlers/fixture.soclog";
  namespace cr = catan_referee;

#ifdef CATAN_CONSUMER_WITH_COMPLEX
  const std::complex<double> z = std::atan(std::complex<double>(1.0, 0.0));
  expect(std::abs(z.real() - std::atan(1.0)) < 1e-12, "<complex> and <cmath> beside the API");
#endif

  // The version: the headers' and the library's, the same.
  std::cout << "version " << CATAN_REFEREE_VERSION << " library " << cr::library_version() << "\n";
  expect(std::string(cr::library_version()) == CATAN_REFEREE_VERSION,
         "library_version() is CATAN_REFEREE_VERSION");

  // Read: a catan-log/1 file, another program's record (recognised by content), a text.
  const cr::Log log = cr::Log::read_file(legal);
  expect(log.format() == "catan-log" && log.size() == 1 && log.problems().empty(),
         "read_file: one catan-log/1 game");
  expect(log.game(0).players.size() == 4 && log.game(0).entries > 100,
         "read_file: the game's players and entries");
  bool jsettlers = false;
  for (const cr::ImportFormat& f : cr::import_formats()) jsettlers |= f.name == "jsettlers";
  expect(jsettlers, "import_formats() lists jsettlers");
  const cr::Log imported = cr::Log::read_file(record);
  expect(imported.format() == "jsettlers" && imported.size() == 1, "read_file: a jsettlers record");
  expect(contains(imported.catan_log(0), "format: catan-log/1") &&
             contains(imported.catan_log(0, true), "\"format\":\"catan-log/1\""),
         "catan_log(): the record as catan-log/1, YAML and JSON");
  const cr::Log missing = cr::Log::read_file(src + "/no/such/file.yaml");
  expect(missing.size() == 0 && missing.problems().size() == 1, "read_file: a missing file");
  const cr::Log text = cr::Log::read_text("format: catan-log/1\nplayers: [red\n", "bad.yaml");
  expect(text.size() == 1 && text.game(0).error && text.game(0).error->line > 0,
         "read_text: a malformed game with its position");

  // Check: a file, a text, a read log; options as the CLI's.
  const cr::Report bad = cr::check_file(illegal);
  expect(bad.games().size() == 1 && bad.games()[0].status == cr::Status::illegal,
         "check_file: the illegal sample is illegal");
  const cr::GameVerdict& v = bad.games()[0];
  expect(v.error && v.error->rule == "ROBBER-01" && v.error->action == 24 && v.error->line > 0 &&
             v.error->column > 0 && v.error->turn > 0 && !v.error->message.empty(),
         "check_file: ROBBER-01 at action 24, with turn, line, column and message");
  expect(bad.exit_status() == 1, "exit_status() 1 for an illegal game");
  const cr::Report good = cr::check(log);
  expect(good.games()[0].status == cr::Status::legal && good.exit_status() == 0 &&
             good.games()[0].passed(),
         "check(Log): the legal sample is legal");
  cr::CheckOptions strictly;
  strictly.require_assertions = std::vector<std::string>{"all"};
  strictly.strict = true;
  const cr::Report counted = cr::check_file(legal, strictly);
  expect(counted.games()[0].assertions && counted.games()[0].assertions->rolls > 0,
         "require_assertions: the assertion counts");
  cr::CheckOptions going;
  going.keep_going = true;
  const cr::Report kept =
      cr::check_file(src + "/samples/illegal-TURN-01-keep-going-three-deviations.yaml", going);
  expect(kept.games()[0].deviations.size() >= 1, "keep_going: the deviations after the first");
  cr::CheckOptions rules;
  rules.rules = {"no-such-option=1"};
  bool refused = false;
  try {
    cr::check_file(legal, rules);
  } catch (const cr::Error&) {
    refused = true;
  }
  expect(refused, "an unknown rules option throws catan_referee::Error");
  const cr::Report of_record = cr::check_file(record);
  expect(of_record.games().size() == 1 && of_record.games()[0].status != cr::Status::malformed,
         "check_file: a jsettlers record, imported");
  const cr::Report of_text = cr::check_text("format: catan-log/1\nplayers: [red\n", "bad.yaml");
  expect(of_text.games()[0].status == cr::Status::malformed && of_text.exit_status() == 2,
         "check_text: malformed text");

  // Render: every format `check --format` writes, and the HTML page of `report`.
  for (const std::string& f : cr::report_formats()) {
    if (f == "html") continue;
    write(out + "/illegal." + f, bad.render(f));
  }
  write(out + "/illegal.quiet.text", bad.render("text", {false, true, ""}));
  const std::string page = cr::check(cr::Log::read_file(illegal)).render_html(0);
  write(out + "/illegal.html", page);
  expect(contains(page, "<html") && contains(page, "ROBBER-01"), "render_html: the game's page");
  bool unknown = false;
  try {
    (void)bad.render("yaml");
  } catch (const cr::Error&) {
    unknown = true;
  }
  expect(unknown, "render(\"yaml\") throws catan_referee::Error");

  // A live game: a header with a board made from a seed, entries, undo, legal actions.
  cr::LiveGame game = cr::LiveGame::start(
      R"({"format": "catan-log/1", "players": ["red", "blue", "white"], "board": {"random": 42}})");
  expect(!game.header_error() && game.board_seed() == 42u && contains(game.board_json(), "hexes"),
         "LiveGame::start: the board of seed 42");
  cr::LegalQuery red_settlements;
  red_settlements.kinds = {"settlement"};
  red_settlements.player = "red";
  const std::vector<std::string> first = game.legal_actions(red_settlements);
  expect(first.size() == 54 && game.count_legal_actions(red_settlements) == 54 &&
             contains(first[0], "{\"player\":\"red\",\"settlement\":["),
         "legal_actions: red's 54 first settlements as JSON");
  const cr::PlayResult refused_roll = game.play("{player: red, roll: [3, 4]}");
  expect(refused_roll.kind == cr::PlayResult::Kind::illegal && refused_roll.error &&
             refused_roll.error->rule == "SETUP-08",
         "play: a roll in set-up is refused (SETUP-08)");
  const cr::PlayResult placed = game.play(first[0]);
  expect(placed.ok() && game.entries() == 1, "play: a legal action as given");
  cr::LegalQuery road_query;
  road_query.kinds = {"road"};
  const std::vector<std::string> roads = game.legal_actions(road_query);
  expect(!roads.empty() && game.play(roads[0]).ok() && game.entries() == 2, "play: a road");
  expect(game.undo() && game.entries() == 1 && game.count_legal_actions(road_query) == roads.size(),
         "undo: the road taken back");
  expect(contains(game.state_json(), "\"players\""), "state_json()");
  expect(game.trade_summaries() == "[]", "trade_summaries(): none in set-up");

  // The legal sample played entry by entry: where domestic trades are legal, they are
  // summarised (trade_summaries) and left out of the list on request.
  std::ifstream sample(legal);
  const std::string sample_text((std::istreambuf_iterator<char>(sample)),
                                std::istreambuf_iterator<char>());
  const std::size_t at = sample_text.find("\nactions:\n");
  cr::LiveGame replayed = cr::LiveGame::start(sample_text.substr(0, at + 1));
  cr::LegalQuery trades, summarised;
  trades.kinds = summarised.kinds = {"trade"};
  summarised.summarise_trades = true;
  int with_trades = 0, played = 0;
  for (std::size_t line = at + 10; line < sample_text.size();) {
    std::size_t end = sample_text.find('\n', line);
    if (end == std::string::npos) end = sample_text.size();
    const std::string entry = sample_text.substr(line, end - line);
    line = end + 1;
    if (entry.rfind("  - ", 0) != 0) continue;
    if (replayed.trade_summaries() != "[]") {
      ++with_trades;
      expect(contains(replayed.trade_summaries(), "\"same-type\":") &&
                 replayed.count_legal_actions(trades) > 0 &&
                 replayed.count_legal_actions(summarised) == 0,
             "trade_summaries(): trades summarised, and left out on request");
    }
    played += replayed.play(entry.substr(4)).ok();
  }
  expect(played == 253 && with_trades > 10, "the legal sample played through a LiveGame");
  bool unreadable = false;
  try {
    cr::LiveGame::start("{players: [red");
  } catch (const cr::Error& e) {
    unreadable = e.diagnostic.has_value();
  }
  expect(unreadable, "LiveGame::start: an unreadable header throws Error with its position");

  std::cout << (failures ? "api_tour: FAILED\n" : "api_tour: all checks passed\n");
  return failures ? 1 : 0;
}
