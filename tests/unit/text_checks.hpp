// Helpers for rule tests written as whole YAML texts on the fixture board:
// game(body) after the fixture set-up, replace_once, count_lines, and the checks
// CHECK_VIOLATION(yaml, rule, action, needle) and CHECK_ACCEPTED(yaml).
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "fixture.hpp"

namespace catan::test {

inline int count_lines(const std::string& yaml, const std::string& needle) {
  int n = 0;
  for (size_t at = 0, next; at < yaml.size(); at = next + 1) {
    next = yaml.find('\n', at);
    if (next == std::string::npos) next = yaml.size();
    n += yaml.substr(at, next - at).find(needle) != std::string::npos;
  }
  return n;
}

inline std::string replace_once(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  REQUIRE(text.find(from, at + 1) == std::string::npos);
  return text.replace(at, from.size(), to);
}

inline std::string game(const std::string& body, const std::string& rules = "") {
  return header(rules) + setup() + body;
}

}  // namespace catan::test

#define CHECK_VIOLATION(yaml, rule_id, action_no, needle) \
  do {                                                    \
    const std::string y_ = (yaml);                        \
    const auto v_ = ::catan::test::run(y_);               \
    INFO(v_.message);                                     \
    CHECK(v_.status == ::catan::diag::Status::Illegal);   \
    CHECK(v_.rule == (rule_id));                          \
    CHECK(v_.action == (action_no));                      \
    CHECK(::catan::test::count_lines(y_, needle) == 1);   \
    CHECK(v_.line == ::catan::test::line_of(y_, needle)); \
  } while (0)

#define CHECK_ACCEPTED(yaml)                                 \
  do {                                                       \
    const auto v_ = ::catan::test::run(yaml);                \
    INFO(v_.rule << ": " << v_.message);                     \
    CHECK((v_.status == ::catan::diag::Status::Legal ||      \
           v_.status == ::catan::diag::Status::Incomplete)); \
    CHECK(v_.rule.empty());                                  \
  } while (0)
