// One set_<name>_command per subcommand; CLI11 lives only in src/cli.
#pragma once

#include <CLI/CLI.hpp>

#include "core/rule_catalog.hpp"

namespace catan::cli {

// Exit statuses (the format contract): 0 legal, 1 illegal, 2 malformed/unreadable/usage.
inline constexpr int kExitLegal = 0;
inline constexpr int kExitIllegal = 1;
inline constexpr int kExitMalformed = 2;

// Parses --rule KEY=VALUE items (KEY may be `profile`); returns an error message or "".
std::string parse_rule_overrides(const std::vector<std::string>& items,
                                 std::vector<std::pair<std::string, std::string>>& out);

// Flushes standard output and checks that every write to it succeeded: returns `status`,
// or kExitMalformed after a message on stderr when a write failed (a full disk, /dev/full).
int finish_output(int status);
// The message for a failed write to standard output (errno `err`); returns kExitMalformed.
int output_failed(int err);

// --color MODE for output on file descriptor `fd`: always, never, or auto (a terminal, unless
// the environment's NO_COLOR is set and not empty, as https://no-color.org asks).
bool color_wanted(std::string_view mode, int fd);

// The rules reference (docs/rules.md) at run time: <prefix>/<docdir>/rules.md beside the
// running <prefix>/<bindir>/catan-referee when it exists; the source tree's docs/rules.md when
// run from the build tree; else the build-time docdir's.
std::string rules_reference();

// What `catan-referee explain RULE-ID` prints for a rule.
std::string explain_rule(core::Rule rule);

// Each returns the function that runs the command once parsing succeeded.
using Runner = std::function<int()>;
Runner set_check_command(CLI::App& app);
Runner set_board_command(CLI::App& app);
Runner set_generate_command(CLI::App& app);
Runner set_explain_command(CLI::App& app);
Runner set_rules_command(CLI::App& app);
Runner set_show_command(CLI::App& app);
Runner set_mutate_command(CLI::App& app);
Runner set_redact_command(CLI::App& app);
Runner set_import_command(CLI::App& app);
Runner set_report_command(CLI::App& app);
Runner set_serve_command(CLI::App& app);

}  // namespace catan::cli
