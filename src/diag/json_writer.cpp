#include "diag/json_writer.hpp"

#include <fmt/format.h>

#include <ostream>

#include "diag/utf8.hpp"

namespace catan::diag {

std::string JsonWriter::escape(std::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    char32_t cp = 0;
    const size_t len = decode_utf8(s, i, cp);
    if (len == 0) {  // an ill-formed byte from the input: U+FFFD keeps the output valid UTF-8
      out += kReplacementChar;
      ++i;
      continue;
    }
    if (len > 1) {
      out += s.substr(i, len);
      i += len;
      continue;
    }
    const unsigned char c = static_cast<unsigned char>(s[i++]);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20)
          out += fmt::format("\\u{:04x}", c);
        else
          out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

void JsonWriter::newline() {
  if (!pretty_) return;
  out_ += '\n';
  out_.append(2 * first_.size(), ' ');
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (first_.empty()) return;
  if (!first_.back()) out_ += ',';
  first_.back() = false;
  newline();
}

JsonWriter& JsonWriter::begin_object() {
  before_value();
  out_ += '{';
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  bool empty = first_.back();
  first_.pop_back();
  if (!empty) newline();
  out_ += '}';
  return *this;
}
JsonWriter& JsonWriter::begin_array() {
  before_value();
  out_ += '[';
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_array() { return end_object(), out_.back() = ']', *this; }
JsonWriter& JsonWriter::key(std::string_view k) {
  before_value();
  out_ += escape(k);
  out_ += pretty_ ? ": " : ":";
  after_key_ = true;
  return *this;
}
JsonWriter& JsonWriter::value(std::string_view s) {
  before_value();
  out_ += escape(s);
  return *this;
}
JsonWriter& JsonWriter::value(long long n) {
  before_value();
  out_ += std::to_string(n);
  return *this;
}
JsonWriter& JsonWriter::value(bool b) {
  before_value();
  out_ += b ? "true" : "false";
  return *this;
}
JsonWriter& JsonWriter::raw(std::string_view json) {
  before_value();
  out_ += json;
  return *this;
}
void JsonWriter::drain(std::ostream& out) {
  out.write(out_.data(), static_cast<std::streamsize>(out_.size()));
  out_.clear();
}

JsonWriter& JsonWriter::null() {
  before_value();
  out_ += "null";
  return *this;
}

}  // namespace catan::diag
