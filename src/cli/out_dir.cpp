#include "cli/out_dir.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

namespace catan::cli {
namespace {

// The temporary file being written, for the signal handler below: a fixed buffer (the
// handler allocates nothing and calls only async-signal-safe functions), set and cleared
// with the signals blocked, so the handler sees either no name or the whole name of a
// file that exists. The commands that write --out files do so from one thread.
char g_temp_path[4096];
volatile std::sig_atomic_t g_temp_set = 0;
constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP};

// SIGINT, SIGTERM or SIGHUP while a temporary file is being written: the file is removed,
// then the signal is raised again with its default disposition, so that the process ends
// as by that signal (a shell reports 130 or 143). It is blocked while the handler runs and
// delivered when the handler returns.
extern "C" void remove_temp_and_reraise(int sig) {
  const int saved = errno;
  if (g_temp_set) ::unlink(g_temp_path);
  g_temp_set = 0;
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  ::sigaction(sig, &dfl, nullptr);
  ::raise(sig);
  errno = saved;
}

// Once per process, before the first temporary file: the handler for each of those signals
// whose disposition is the default (an ignored signal stays ignored, as under nohup; a
// handler installed by someone else stays).
void install_cleanup_handlers() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  struct sigaction sa {};
  sa.sa_handler = remove_temp_and_reraise;
  sigemptyset(&sa.sa_mask);
  for (int s : kCleanupSignals) sigaddset(&sa.sa_mask, s);
  for (int s : kCleanupSignals) {
    struct sigaction old {};
    if (::sigaction(s, nullptr, &old) == 0 && old.sa_handler == SIG_DFL &&
        !(old.sa_flags & SA_SIGINFO))
      ::sigaction(s, &sa, nullptr);
  }
}

// Those signals blocked in this thread for the object's lifetime: they wait while the
// temporary file's name is registered, moved into place or forgotten.
class CleanupSignalsBlocked {
 public:
  CleanupSignalsBlocked() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : kCleanupSignals) sigaddset(&set, s);
    ::pthread_sigmask(SIG_BLOCK, &set, &old_);
  }
  ~CleanupSignalsBlocked() { ::pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  CleanupSignalsBlocked(const CleanupSignalsBlocked&) = delete;
  CleanupSignalsBlocked& operator=(const CleanupSignalsBlocked&) = delete;

 private:
  sigset_t old_;
};

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
  install_cleanup_handlers();
  const std::string pattern = dir + "/." + name + ".XXXXXX";
  if (pattern.size() >= sizeof g_temp_path)
    return "cannot write " + target + ": " + why(ENAMETOOLONG);
  std::string tmp;
  int fd = -1;
  {
    const CleanupSignalsBlocked blocked;
    std::memcpy(g_temp_path, pattern.c_str(), pattern.size() + 1);
    fd = ::mkstemp(g_temp_path);  // O_CREAT | O_EXCL: never an existing file or link
    if (fd < 0) return "cannot write " + target + ": " + why(errno);
    g_temp_set = 1;  // from here a signal removes it
    tmp = g_temp_path;
  }
  const mode_t mask = ::umask(0);
  ::umask(mask);
  bool ok = ::fchmod(fd, 0666 & ~mask) == 0 && write_all(fd, text);
  int e = errno;
  if (::close(fd) != 0 && ok) ok = false, e = errno;
  // The name is settled with the signals blocked: a signal now waits until the temporary
  // file is gone, then ends the process with the folder as this call leaves it.
  const CleanupSignalsBlocked blocked;
  const auto done = [](std::string result) {
    g_temp_set = 0;
    return result;
  };
  if (ok) {
    if (force) {
      ok = ::rename(tmp.c_str(), target.c_str()) == 0;  // replaces a link itself, never its target
      e = errno;
    } else if (::link(tmp.c_str(), target.c_str()) == 0) {  // fails if anything took the name
      ::unlink(tmp.c_str());
      return done({});
    } else {
      e = errno;
      ::unlink(tmp.c_str());
      if (e == EEXIST) return done(target + " exists (use --force to replace it)");
      return done("cannot write " + target + ": " + why(e));
    }
  }
  if (!ok) {
    ::unlink(tmp.c_str());
    return done("cannot write " + target + ": " + why(e));
  }
  return done({});
}

}  // namespace catan::cli
