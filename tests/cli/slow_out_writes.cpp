// LD_PRELOAD shim for tests/cli/out_signals.py: fchmod (which src/cli/out_dir.cpp calls on
// a fresh temporary file, before writing it) and link and rename (which move it to its
// name) each take 20 ms longer, so that a signal sent at a random moment of
// `generate --out` often finds a temporary file on disk: while it is being written (the
// handler removes it) or while it is being moved (the signal waits). Test-only code.
#include <dlfcn.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

namespace {

void pause_20ms() {
  timespec t{0, 20 * 1000 * 1000};
  while (nanosleep(&t, &t) != 0) {
  }
}

template <class F>
F next(const char* name) {
  return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

}  // namespace

extern "C" int fchmod(int fd, mode_t mode) noexcept {
  static const auto real = next<int (*)(int, mode_t)>("fchmod");
  pause_20ms();
  return real(fd, mode);
}

extern "C" int link(const char* from, const char* to) noexcept {
  static const auto real = next<int (*)(const char*, const char*)>("link");
  pause_20ms();
  return real(from, to);
}

extern "C" int rename(const char* from, const char* to) noexcept {
  static const auto real = next<int (*)(const char*, const char*)>("rename");
  pause_20ms();
  return real(from, to);
}
