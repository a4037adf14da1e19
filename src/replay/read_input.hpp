// Reading a checked file or standard input in bounded memory: the text is read in chunks
// and reading stops where a document (the text between `---` lines) passes a size limit.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace catan::replay {

// Where a document passed the limit: the 1-based line and column of its first byte over.
struct OverLimit {
  int line = 0;
  int column = 0;
};

// Reads `fd` to its end into `text`; returns 0, or the errno of a failed read. When a
// document grows past `max_document_bytes`, reading stops, `text` keeps only the documents
// before it, and `over` says where the limit was passed.
int read_input(int fd, size_t max_document_bytes, std::string& text,
               std::optional<OverLimit>& over);

// Reads the log file `path` for show, board and mutate: as check reads it, with the
// default document limit. Returns "" or the message to print ("cannot open FILE: ...").
std::string read_log_file(const std::string& path, std::string& text);

// "256M", "64K", "1G", "1000" (K, M, G are binary: 1024, 1024^2, 1024^3; an optional
// trailing "iB" or "B" is accepted). nullopt when not a positive size.
std::optional<size_t> parse_size(const std::string& s);

}  // namespace catan::replay
