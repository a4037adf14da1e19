// A stream cut into documents (text::PieceScanner), read from a descriptor a piece at a
// time (replay::InputReader), and checked with each verdict handed over as soon as its
// document is read (replay::check_file).
#include "text/pieces.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "fixture.hpp"
#include "replay/check_file.hpp"
#include "replay/read_input.hpp"

using namespace catan;

namespace {

// The pieces of a whole text.
std::vector<std::string> cut(const std::string& text) {
  std::vector<std::string> out;
  text::PieceScanner s;
  size_t start = 0;
  do {
    const size_t n = s.scan(std::string_view(text).substr(start), true);
    out.push_back(text.substr(start, n));
    start += n;
    s.reset();
  } while (start < text.size());
  return out;
}

// The same text arriving a byte at a time: every cut must be where the whole text has it.
std::vector<std::string> cut_bytewise(const std::string& text) {
  std::vector<std::string> out;
  text::PieceScanner s;
  size_t start = 0, have = 0;
  while (start < text.size() || out.empty()) {
    const bool eof = have >= text.size();
    const size_t n = s.scan(std::string_view(text).substr(start, have - start), eof);
    if (n > 0 || (eof && out.empty())) {
      out.push_back(text.substr(start, n));
      start += n;
      s.reset();
      if (eof && start >= text.size()) break;
      continue;
    }
    if (eof) break;
    ++have;
  }
  return out;
}

using Pieces = std::vector<std::string>;

// A pipe written by a thread.
struct Pipe {
  int fds[2];
  Pipe() { REQUIRE(::pipe(fds) == 0); }
  ~Pipe() {
    ::close(fds[0]);
    if (fds[1] >= 0) ::close(fds[1]);
  }
  void write_all(std::string_view s) {
    while (!s.empty()) {
      const ssize_t n = ::write(fds[1], s.data(), s.size());
      REQUIRE(n > 0);
      s.remove_prefix(static_cast<size_t>(n));
    }
  }
  void close_write() {
    ::close(fds[1]);
    fds[1] = -1;
  }
};

}  // namespace

TEST_CASE("pieces: a stream is cut before each `---` that follows content", "[pieces]") {
  CHECK(cut("a: 1\n---\nb: 2\n---\nc: 3\n") == Pieces{"a: 1\n", "---\nb: 2\n", "---\nc: 3\n"});
  // Comments, blank lines and directives before the first marker belong to its document.
  CHECK(cut("# c\n\n%YAML 1.2\n---\na: 1\n") == Pieces{"# c\n\n%YAML 1.2\n---\na: 1\n"});
  // Each marker starts a document, empty ones included; `--- x` and `---\t` are markers.
  CHECK(cut("---\n---\n") == Pieces{"---\n", "---\n"});
  CHECK(cut("a: 1\n--- x\n---\tb\n") == Pieces{"a: 1\n", "--- x\n", "---\tb\n"});
  // Not markers: `----`, `---x`, an indented `---`, `---` inside a line.
  CHECK(cut("a: 1\n----\n---x\n  ---\nb: ---\n").size() == 1);
  // Lone CRs and CRLFs end lines too.
  CHECK(cut("a: 1\r---\rb: 2\r") == Pieces{"a: 1\r", "---\rb: 2\r"});
  CHECK(cut("a: 1\r\n---\r\nb: 2\r\n") == Pieces{"a: 1\r\n", "---\r\nb: 2\r\n"});
  // The end of the input ends a marker.
  CHECK(cut("a: 1\n---") == Pieces{"a: 1\n", "---"});
  CHECK(cut("") == Pieces{""});
}

TEST_CASE("pieces: JSON values one after another are cut at each line that starts one",
          "[pieces]") {
  CHECK(cut("{\"a\": 1}\n{\"b\": 2}\n\n{\"c\": 3}") ==
        Pieces{"{\"a\": 1}\n", "{\"b\": 2}\n\n", "{\"c\": 3}"});
  // Pretty-printed: the next value starts where a line begins with `{` after a `}` line.
  CHECK(cut("{\n  \"a\": {\n    \"b\": 1\n  }\n}\n{\n  \"c\": 2\n}\n") ==
        Pieces{"{\n  \"a\": {\n    \"b\": 1\n  }\n}\n", "{\n  \"c\": 2\n}\n"});
  // A `{` at the start of a line inside a value (after `[` or `,`) is not a new value.
  CHECK(cut("{\"actions\": [\n{\"player\": \"red\"},\n{\"player\": \"blue\"}\n]}\n").size() == 1);
  // YAML is never cut at a `{` line.
  CHECK(cut("a: {b: 1}\n{c: 2}\n").size() == 1);
}

TEST_CASE("pieces: input arriving a byte at a time is cut at the same places", "[pieces]") {
  for (const std::string& text :
       {std::string("a: 1\n---\nb: 2\n--- \n---\n"), std::string("a: 1\r---\rb\r\n---"),
        std::string("{\"a\": 1}\n{\"b\": [\n{}]}\n{}\n"), std::string("# x\n---\n-- -\n---"),
        test::header() + test::setup() + "---\n" + test::header()}) {
    CAPTURE(text);
    CHECK(cut_bytewise(text) == cut(text));
  }
}

TEST_CASE("pieces: line breaks are counted as YAML 1.2 counts them", "[pieces]") {
  CHECK(text::count_line_breaks("") == 0);
  CHECK(text::count_line_breaks("a\nb\n") == 2);
  CHECK(text::count_line_breaks("a\r\nb\rc\n") == 3);
  CHECK(text::count_line_breaks("\r") == 1);
}

TEST_CASE("input reader: pieces of a pipe with their first lines, in bounded memory",
          "[pieces][input]") {
  const std::string game = test::header() + test::setup();
  const int game_lines = text::count_line_breaks(game);
  constexpr int kGames = 4000;  // about 9 MB: far more than the reader may hold
  Pipe p;
  std::thread writer([&] {
    for (int i = 0; i < kGames; ++i) p.write_all((i ? "---\n" : "") + game);
    p.close_write();
  });
  replay::InputReader in(p.fds[0], 1 << 20);
  replay::InputReader::Piece piece;
  int n = 0, line = 1;
  size_t held = 0;
  while (in.next(piece)) {
    held = std::max(held, in.buffer_bytes());
    CHECK(piece.first_line == line);
    CHECK(piece.text.size() == game.size() + (n ? 4 : 0));
    line += game_lines + (n ? 1 : 0);
    ++n;
  }
  writer.join();
  CHECK(n == kGames);
  CHECK(in.error() == 0);
  CHECK(!in.over());
  CHECK(held <= (size_t{4} << 20));  // a piece is a few KB: what was handed out is dropped
}

TEST_CASE("input reader: a regular file is read into one buffer of its size", "[pieces][input]") {
  // 200 KB: past the 64 KiB a pipe's first read takes, under the 1 MiB of a read.
  std::string text = test::header() + test::setup();
  while (text.size() < 200000) text += "- {player: red, end: turn}\n";
  char path[] = "/tmp/catan-reader-XXXXXX";
  const int w = ::mkstemp(path);
  REQUIRE(w >= 0);
  REQUIRE(::write(w, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
  ::close(w);
  const int fd = ::open(path, O_RDONLY);
  ::unlink(path);
  REQUIRE(fd >= 0);
  {
    replay::InputReader in(fd, 1 << 20);
    replay::InputReader::Piece piece;
    REQUIRE(in.next(piece));
    CHECK(piece.text == text);
    // Sized by fstat: the file and one byte to see its end, never grown and copied.
    CHECK(in.buffer_bytes() == text.size() + 1);
    CHECK(!in.next(piece));
    CHECK(in.error() == 0);
  }
  ::close(fd);
}

TEST_CASE("input reader: a document past the limit stops reading where it passes it",
          "[pieces][input]") {
  Pipe p;
  const std::string text = "a: 1\n---\nb: " + std::string(5000, 'x') + "\n---\nc: 1\n";
  p.write_all(text);
  p.close_write();
  replay::InputReader in(p.fds[0], 1000);
  replay::InputReader::Piece piece;
  REQUIRE(in.next(piece));
  CHECK(piece.text == "a: 1\n");
  CHECK(!in.next(piece));
  REQUIRE(in.over());
  CHECK(in.over()->line == 3);           // the second document's text starts at line 2
  CHECK(in.over()->column == 1000 - 3);  // byte 1000 of "---\nb: xxx...": column 997
  CHECK(in.error() == 0);
}

TEST_CASE("input reader: an empty input is one empty piece", "[pieces][input]") {
  Pipe p;
  p.close_write();
  replay::InputReader in(p.fds[0], 1000);
  replay::InputReader::Piece piece;
  REQUIRE(in.next(piece));
  CHECK(piece.text.empty());
  CHECK(piece.first_line == 1);
  CHECK(!in.next(piece));
}

TEST_CASE("check_file: a game's verdict is handed over before the next game is written",
          "[pieces][input]") {
  const std::string illegal = test::header() + test::setup() + "  - {player: blue, roll: [3, 3]}\n";
  const std::string legal = test::header() + test::setup();
  Pipe p;
  std::promise<void> first_seen;
  std::future<void> seen = first_seen.get_future();
  std::atomic<bool> waited_in_vain{false};
  std::thread writer([&] {
    p.write_all(illegal + "---\n");  // the marker ends the first game
    if (seen.wait_for(std::chrono::seconds(20)) != std::future_status::ready) waited_in_vain = true;
    p.write_all(legal.substr(0, 10));
    p.write_all(legal.substr(10));
    p.close_write();
  });
  std::vector<diag::GameReport> reports;
  std::vector<int> first_lines;
  replay::check_file("/dev/fd/" + std::to_string(p.fds[0]), false, {}, {},
                     [&](diag::GameReport&& r, const diag::SourceText& src) {
                       if (reports.empty()) first_seen.set_value();
                       first_lines.push_back(src.first_line);
                       reports.push_back(std::move(r));
                     });
  writer.join();
  CHECK(!waited_in_vain);
  REQUIRE(reports.size() == 2);
  CHECK(reports[0].status == diag::Status::Illegal);
  CHECK(reports[0].error->at.line == text::count_line_breaks(illegal));
  CHECK(reports[1].status == diag::Status::Incomplete);
  CHECK(first_lines == std::vector<int>{1, text::count_line_breaks(illegal) + 1});
}

TEST_CASE("check_file: on a live input the verdict goes out at the illegal entry",
          "[pieces][input]") {
  const std::string head = test::header() + test::setup();
  const std::string bad = "  - {player: blue, roll: [3, 3]}\n";  // red's turn
  Pipe p;
  std::promise<void> verdict;
  std::future<void> seen = verdict.get_future();
  std::atomic<bool> waited_in_vain{false};
  std::thread writer([&] {
    p.write_all(head + bad);
    p.write_all("  - {player: red, roll: [3, 3]}\n");  // the illegal entry is complete now
    if (seen.wait_for(std::chrono::seconds(20)) != std::future_status::ready) waited_in_vain = true;
    // The rest of the document is not judged: not even a malformed entry changes the verdict.
    p.write_all("  - {player: red, bogus: 1}\n---\n" + head);
    p.close_write();
  });
  std::vector<diag::GameReport> reports;
  replay::check_file("/dev/fd/" + std::to_string(p.fds[0]), false, {}, {},
                     [&](diag::GameReport&& r, const diag::SourceText&) {
                       if (reports.empty()) verdict.set_value();
                       reports.push_back(std::move(r));
                     });
  writer.join();
  CHECK(!waited_in_vain);
  REQUIRE(reports.size() == 2);
  CHECK(reports[0].status == diag::Status::Illegal);
  REQUIRE(reports[0].error);
  CHECK(reports[0].error->at.line == text::count_line_breaks(head) + 1);
  CHECK(reports[0].error->action == test::kSetupActions + 1);
  CHECK(reports[1].status == diag::Status::Incomplete);
  CHECK(reports[1].index == 1);
}

TEST_CASE("check_file: a live game that is legal so far waits for the end of its document",
          "[pieces][input]") {
  const std::string head = test::header() + test::setup();
  Pipe p;
  std::thread writer([&] {
    p.write_all(head + "  - {player: red, roll: [3, 3]}\n  - {player: red, end: turn}\n");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // a stall: judged so far
    p.write_all("  - {player: blue, roll: [3, 3], bogus: 1}\n");
    p.close_write();
  });
  std::vector<diag::GameReport> reports;
  replay::check_file(
      "/dev/fd/" + std::to_string(p.fds[0]), false, {}, {},
      [&](diag::GameReport&& r, const diag::SourceText&) { reports.push_back(std::move(r)); });
  writer.join();
  REQUIRE(reports.size() == 1);  // not an early "legal": the document ends malformed
  CHECK(reports[0].status == diag::Status::Malformed);
}

TEST_CASE("pieces: the complete entries of an unfinished document", "[pieces]") {
  const std::string head = "format: catan-log/1\nplayers: [a, b]\nactions:\n";
  using text::complete_entries_prefix;
  CHECK(complete_entries_prefix("format: catan-log/1\n") == 0);
  CHECK(complete_entries_prefix(head) == 0);
  CHECK(complete_entries_prefix(head + "  - {player: a, roll: [1, 2]}\n") == 0);
  const std::string two = head + "  - {player: a, roll: [1, 2]}\n  - {player: a, end: turn}\n";
  CHECK(complete_entries_prefix(two) == two.rfind("  - "));
  // An item over several lines is complete when the next one starts.
  const std::string multi = head + "  - player: a\n    roll: [1, 2]\n  # c\n  - player: b\n";
  CHECK(complete_entries_prefix(multi) == multi.rfind("  - "));
  CHECK(complete_entries_prefix(multi + "    roll: [1, 2]\n") == multi.rfind("  - "));
  // Items at the key's column; a key after the sequence ends it.
  const std::string flat = head + "- {player: a, end: turn}\n- {player: b, end: turn}\n";
  CHECK(complete_entries_prefix(flat) == flat.rfind("- {"));
  CHECK(complete_entries_prefix(flat + "result: {winner: a}\n") == flat.size());
  // A line not yet ended does not count; a flow sequence is not this form.
  CHECK(complete_entries_prefix(two + "  - {player: b") == two.rfind("  - "));
  CHECK(complete_entries_prefix(two + "  - {player: b}\n") == two.size());
  CHECK(complete_entries_prefix("actions: [\n  {player: a},\n  {player: b},\n") == 0);
}
