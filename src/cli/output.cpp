// Checked output: a report that could not be written must not exit 0.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "cli/commands.hpp"

namespace catan::cli {

int output_failed(int err) {
  std::cout.exceptions(std::ios::goodbit);  // the flush at exit must not throw
  std::cerr << "catan-referee: cannot write to standard output: " << std::strerror(err ? err : EIO)
            << "\n";
  return kExitMalformed;
}

bool color_wanted(std::string_view mode, int fd) {
  if (mode == "always") return true;
  if (mode != "auto") return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  return isatty(fd) != 0;
}

int finish_output(int status) {
  errno = 0;
  try {
    std::cout.flush();
  } catch (...) {  // std::ios_base::failure, under either libstdc++ ABI
    return output_failed(errno);
  }
  const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
  if (failed) return output_failed(errno);
  return status;
}

}  // namespace catan::cli
