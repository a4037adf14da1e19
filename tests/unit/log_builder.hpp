// Builds rule-test logs entry by entry on the fixture board after the fixture set-up,
// and checks verdicts: CHECK_LEGAL(v) and CHECK_BROKEN(v, rule, action, line).
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "fixture.hpp"

namespace catan::test {

inline const char* const kNames[] = {"red", "blue", "white", "orange"};

// Two dice for a total.
inline std::string dice(int total) {
  const int a = total <= 7 ? total / 2 : total - 6;
  return "[" + std::to_string(a) + ", " + std::to_string(total - a) + "]";
}

// A game on the fixture board, after the fixture set-up, built entry by entry.
struct Log {
  std::string text;
  int count = catan::test::kSetupActions;  // entries so far
  int active = 0;                          // whose regular turn it is (index into kNames)

  explicit Log(const std::string& rules = "")
      : text(catan::test::header(rules) + catan::test::setup()) {}
  // A game on another header (e.g. a changed board), after the fixture set-up.
  Log(const std::string& header, bool) : text(header + catan::test::setup()) {}

  // Appends `{player: who, <body>}` and returns its action number.
  int add(const std::string& who, const std::string& body, const std::string& comment = "") {
    text += "  - {player: " + who + ", " + body + "}" + (comment.empty() ? "" : "  # " + comment) +
            "\n";
    return ++count;
  }
  int act(const std::string& body, const std::string& comment = "") {
    return add(kNames[active], body, comment);
  }
  int roll(int total, const std::string& extra = "") { return act("roll: " + dice(total) + extra); }
  int end() {
    const int n = act("end: turn");
    active = (active + 1) % 4;
    return n;
  }
  void pass(int total) {
    roll(total);
    end();
  }
  Verdict run() const { return catan::test::run(text); }
  // The line of the only entry containing `needle`.
  int line(const std::string& needle) const {
    int hits = 0;
    for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
      ++hits;
    CHECK(hits == 1);
    return catan::test::line_of(text, needle);
  }
};

}  // namespace catan::test

#define CHECK_LEGAL(verdict)                                                             \
  do {                                                                                   \
    const ::catan::test::Verdict& v_ = (verdict);                                        \
    INFO("got " << v_.rule << " at action " << v_.action << ", line " << v_.line << ": " \
                << v_.message);                                                          \
    CHECK(v_.rule.empty());                                                              \
    CHECK((v_.status == ::catan::diag::Status::Legal ||                                  \
           v_.status == ::catan::diag::Status::Incomplete));                             \
  } while (false)

#define CHECK_BROKEN(verdict, rule_id, action_no, line_no)                               \
  do {                                                                                   \
    const ::catan::test::Verdict& v_ = (verdict);                                        \
    INFO("got " << v_.rule << " at action " << v_.action << ", line " << v_.line << ": " \
                << v_.message);                                                          \
    CHECK(v_.status == ::catan::diag::Status::Illegal);                                  \
    CHECK(v_.rule == (rule_id));                                                         \
    CHECK(v_.action == (action_no));                                                     \
    CHECK(v_.line == (line_no));                                                         \
  } while (false)
