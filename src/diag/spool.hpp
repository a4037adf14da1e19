// Bytes set aside during a run and copied out once at its end, in order, without holding
// them in memory: an unlinked temporary file in $TMPDIR (else /tmp), which disappears with
// the process; memory when no such file can be made. For the JUnit report, whose root
// element carries the run's totals (diag/report_stream.hpp).
#pragma once

#include <cstddef>
#include <cstdio>
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
  bool on_disk() const { return file_ != nullptr; }
  // What the spool holds in memory: 0 on disk.
  size_t memory_bytes() const { return memory_.size(); }

 private:
  std::FILE* file_ = nullptr;
  std::string memory_;  // when there is no file
};

}  // namespace catan::diag
