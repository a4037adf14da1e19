#include "cli/out_dir.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace catan::cli {
namespace {

std::string why(int e) { return std::strerror(e); }

// Writes all of `text` to fd; false with errno set on failure.
bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    text.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

}  // namespace

std::string check_out_dir(const std::string& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) return "--out " + dir + ": " + why(errno);
  if (!S_ISDIR(st.st_mode)) return "--out " + dir + ": not a folder";
  if (::access(dir.c_str(), W_OK | X_OK) != 0) return "--out " + dir + ": " + why(errno);
  return {};
}

std::string write_out_file(const std::string& dir, const std::string& name, std::string_view text,
                           bool force) {
  const std::string target = dir + "/" + name;
  struct stat st {};
  if (::lstat(target.c_str(), &st) == 0) {
    if (S_ISLNK(st.st_mode)) return "refusing to write " + target + ": it is a symbolic link";
    if (!S_ISREG(st.st_mode)) return "refusing to write " + target + ": it is not a regular file";
    if (!force) return target + " exists (use --force to replace it)";
  }
  std::string tmp = dir + "/." + name + ".XXXXXX";
  std::vector<char> buf(tmp.begin(), tmp.end());
  buf.push_back('\0');
  const int fd = ::mkstemp(buf.data());  // O_CREAT | O_EXCL: never an existing file or link
  if (fd < 0) return "cannot write " + target + ": " + why(errno);
  tmp = buf.data();
  const mode_t mask = ::umask(0);
  ::umask(mask);
  bool ok = ::fchmod(fd, 0666 & ~mask) == 0 && write_all(fd, text);
  int e = errno;
  if (::close(fd) != 0 && ok) ok = false, e = errno;
  if (ok) {
    if (force) {
      ok = ::rename(tmp.c_str(), target.c_str()) == 0;  // replaces a link itself, never its target
      e = errno;
    } else if (::link(tmp.c_str(), target.c_str()) == 0) {  // fails if anything took the name
      ::unlink(tmp.c_str());
      return {};
    } else {
      e = errno;
      ::unlink(tmp.c_str());
      if (e == EEXIST) return target + " exists (use --force to replace it)";
      return "cannot write " + target + ": " + why(e);
    }
  }
  if (!ok) {
    ::unlink(tmp.c_str());
    return "cannot write " + target + ": " + why(e);
  }
  return {};
}

}  // namespace catan::cli
