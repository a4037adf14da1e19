// Bytes set aside and copied out later, in order, without holding them in memory: an
// unlinked temporary file in $TMPDIR (else /tmp), which disappears with the process;
// memory when no such file can be made. For the JUnit report, whose elements carry counts
// of what they hold before it (diag/report_stream.hpp).
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace catan::diag {

class Spool {
 public:
  Spool();
  ~Spool();
  Spool(const Spool&) = delete;
  Spool& operator=(const Spool&) = delete;

  // False when the temporary file refused them (a full disk; errno says why).
  bool write(std::string_view bytes);
  // Everything written, in order, to `out`; false when the temporary file could not be
  // read back. A failed write to `out` is `out`'s state.
  bool copy_to(std::ostream& out);
  // Everything written, appended to `other`; false when either file failed.
  bool copy_to(Spool& other);
  // Forgets everything written; false when the temporary file could not be emptied.
  bool clear();
  bool on_disk() const { return file_ != nullptr; }
  // What the spool holds in memory: 0 on disk.
  size_t memory_bytes() const { return memory_.size(); }

 private:
  // Hands everything written to `sink` in chunks until it returns false; false when the
  // temporary file could not be read back. Further writes append.
  bool read_back(const std::function<bool(std::string_view)>& sink);
  std::FILE* file_ = nullptr;
  std::string memory_;  // when there is no file
};

}  // namespace catan::diag
