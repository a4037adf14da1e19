// A minimal JSON writer (objects, arrays, strings, numbers, booleans, null) for the
// report renderers; output is deterministic and compact or indented.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace catan::diag {

class JsonWriter {
 public:
  explicit JsonWriter(bool pretty = true) : pretty_(pretty) {}
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(long long n);
  JsonWriter& value(int n) { return value(static_cast<long long>(n)); }
  JsonWriter& value(bool b);
  JsonWriter& null();
  // A value already written as JSON by another writer (compact, so a line stays a line).
  JsonWriter& raw(std::string_view json);
  const std::string& str() const { return out_; }
  // Writes what is written so far to `out` and forgets it; the open containers stay open,
  // so a long document goes out in pieces (diag::ReportStream) with the same bytes.
  void drain(std::ostream& out);

  static std::string escape(std::string_view s);

 private:
  void before_value();
  void newline();
  std::string out_;
  std::vector<bool> first_;  // per open container: no element yet
  bool after_key_ = false;
  bool pretty_;
};

}  // namespace catan::diag
