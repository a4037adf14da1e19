// `--at` of show and report: which moment of a game (after action N, the start of turn T or
// round R, the entry at line L, the end, or just before the first illegal entry).
#pragma once

#include <optional>
#include <string>

namespace catan::replay {

struct AtSpec {
  enum class Kind { Error, End, Action, Turn, Round, Line } kind = Kind::Error;
  int n = 0;  // the action, turn, round or line
};

// nullopt for anything else; then kAtUsage says what --at takes.
std::optional<AtSpec> parse_at(const std::string& at);
inline constexpr const char* kAtUsage =
    "--at takes N (after action N; 0 = before the first), turn:T, round:R, line:L, end or error";
inline constexpr const char* kAtHelp =
    "N (after action N; 0 = before the first action), turn:T (start of turn T), round:R (start "
    "of round R, every player's R-th turn), line:L (just before the entry at line L of the "
    "file, as a diagnostic prints it), end, or error (default: just before the first illegal "
    "action, else the end)";

}  // namespace catan::replay
