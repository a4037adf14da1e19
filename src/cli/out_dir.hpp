// Files written into an --out folder (generate, mutate): never through a symbolic link,
// never over an existing file unless forced, never left half-written.
#pragma once

#include <string>
#include <string_view>

namespace catan::cli {

// "" when `dir` is an existing folder this process may write into, else the problem
// ("--out DIR: not a folder", "--out DIR: No such file or directory", ...).
std::string check_out_dir(const std::string& dir);

// Writes `text` as dir/name: into a temporary file of that folder, then moved to its name,
// refusing a symbolic link there and, unless `force`, an existing file. Returns "" or the
// problem; on a problem nothing is left behind. The first call installs handlers for
// SIGINT, SIGTERM and SIGHUP (those not ignored or already handled) that remove the
// temporary file being written, if any, and end the process by the same signal.
std::string write_out_file(const std::string& dir, const std::string& name, std::string_view text,
                           bool force);

}  // namespace catan::cli
