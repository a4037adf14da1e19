#include "diag/spool.hpp"

#include <stdlib.h>  // mkstemp
#include <unistd.h>  // unlink, close, ftruncate

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

bool Spool::read_back(const std::function<bool(std::string_view)>& sink) {
  if (!file_) {
    sink(memory_);
    return true;
  }
  if (std::fflush(file_) != 0 || std::fseek(file_, 0, SEEK_SET) != 0) return false;
  std::vector<char> chunk(64 * 1024);
  bool ok = true;
  for (;;) {
    const size_t n = std::fread(chunk.data(), 1, chunk.size(), file_);
    if (n > 0 && !sink(std::string_view(chunk.data(), n))) break;
    if (n < chunk.size()) {
      ok = !std::ferror(file_);
      break;
    }
  }
  return std::fseek(file_, 0, SEEK_END) == 0 && ok;  // a write after a read must seek
}

bool Spool::copy_to(std::ostream& out) {
  return read_back([&](std::string_view bytes) {
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(out);  // a failure is out's to report
  });
}

bool Spool::copy_to(Spool& other) {
  bool written = true;
  const bool read = read_back([&](std::string_view bytes) { return written = other.write(bytes); });
  return read && written;
}

bool Spool::clear() {
  if (!file_) {
    memory_.clear();
    return true;
  }
  return std::fflush(file_) == 0 && ftruncate(fileno(file_), 0) == 0 &&
         std::fseek(file_, 0, SEEK_SET) == 0;
}

}  // namespace catan::diag
