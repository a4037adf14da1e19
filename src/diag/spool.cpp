#include "diag/spool.hpp"

#include <stdlib.h>  // mkstemp
#include <unistd.h>  // unlink, close

#include <cerrno>
#include <cstdlib>
#include <ostream>
#include <vector>

namespace catan::diag {
namespace {

// A temporary file that no other process can find: created with mkstemp (mode 0600,
// O_EXCL, so no planted symlink is followed) and unlinked at once.
std::FILE* anonymous_file() {
  const char* dir = std::getenv("TMPDIR");
  std::string path = dir && *dir ? dir : "/tmp";
  path += "/catan-referee-spool-XXXXXX";
  std::vector<char> name(path.begin(), path.end());
  name.push_back('\0');
  const int saved = errno;  // a failure here is not the caller's error
  const int fd = mkstemp(name.data());
  if (fd < 0) {
    errno = saved;
    return nullptr;
  }
  unlink(name.data());
  std::FILE* f = fdopen(fd, "w+b");
  if (!f) close(fd);
  errno = saved;
  return f;
}

}  // namespace

Spool::Spool() : file_(anonymous_file()) {}

Spool::~Spool() {
  if (file_) std::fclose(file_);
}

bool Spool::write(std::string_view bytes) {
  if (!file_) {
    memory_.append(bytes);
    return true;
  }
  return std::fwrite(bytes.data(), 1, bytes.size(), file_) == bytes.size();
}

bool Spool::copy_to(std::ostream& out) {
  if (!file_) {
    out.write(memory_.data(), static_cast<std::streamsize>(memory_.size()));
    return true;
  }
  if (std::fflush(file_) != 0 || std::fseek(file_, 0, SEEK_SET) != 0) return false;
  std::vector<char> chunk(64 * 1024);
  for (;;) {
    const size_t n = std::fread(chunk.data(), 1, chunk.size(), file_);
    if (n > 0) out.write(chunk.data(), static_cast<std::streamsize>(n));
    if (n < chunk.size()) return !std::ferror(file_);
    if (!out) return true;  // the failure is out's to report
  }
}

}  // namespace catan::diag
