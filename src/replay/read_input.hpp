// Reading a checked file or standard input in bounded memory: the text is read in chunks
// and handed on a document at a time (text/pieces.hpp), and reading stops where a document
// passes a size limit.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "text/pieces.hpp"

namespace catan::replay {

// Where a document passed the limit: the 1-based line and column of its first byte over.
struct OverLimit {
  int line = 0;
  int column = 0;
};

// Reads `fd` in chunks (64 KiB at first, up to 1 MiB; from a regular file, what is left of it, up
// to 1 MiB) and hands out one piece (a document) at a time, holding only the current piece and the
// chunk after it: the memory of a stream of any length is that of its largest document.
class InputReader {
 public:
  InputReader(int fd, size_t max_document_bytes);
  ~InputReader();
  InputReader(const InputReader&) = delete;
  InputReader& operator=(const InputReader&) = delete;

  struct Piece {
    std::string_view text;  // valid until the next call
    int first_line = 1;     // the input's line number of its first line
  };
  // The next piece; false at the end of the input, after a failed read (error()) or where
  // a piece passed the limit (over()). An empty input gives one empty piece.
  bool next(Piece& piece);
  // The same, for a live input (a pipe from a running program): whenever the input has no
  // more bytes ready and the piece is not complete yet, `stalled` sees the piece so far
  // (the text read of it, and its first line) before the reader waits for more.
  using StallHandler = std::function<void(std::string_view partial, int first_line)>;
  bool next(Piece& piece, const StallHandler& stalled);
  // The first bytes of the input, without consuming them, read until `enough` says so (or
  // the input ends); for recognising another program's record without waiting for more
  // of a live stream than that needs.
  std::string_view peek(const std::function<bool(std::string_view)>& enough);
  // Everything not handed out yet, as one text (another program's record is imported
  // whole): false on a failed read or past the limit, as next().
  bool rest(std::string& out);
  int error() const { return error_; }
  // The buffer's size: what the reader holds, bounded by its largest piece plus 2 MiB.
  size_t buffer_bytes() const { return cap_; }
  const std::optional<OverLimit>& over() const { return over_; }

 private:
  bool fill();  // reads one more chunk; false at the end or on an error
  int fd_;
  size_t limit_;
  std::unique_ptr<char[]> buf_;
  size_t cap_ = 0, begin_ = 0, end_ = 0;  // buf_[begin_, end_): read, not handed out
  bool eof_ = false;
  // A regular file's bytes not read yet (fstat when the reader is made): the reads are sized
  // to them, so that a file under 1 MiB is read into one buffer, never copied into a bigger one.
  bool sized_ = false;
  size_t left_ = 0;
  bool started_ = false;  // a piece was handed out
  int line_ = 1;          // the line number at begin_
  int error_ = 0;
  std::optional<OverLimit> over_;
  text::PieceScanner scanner_;
};

// Reads `fd` to its end into `text`; returns 0, or the errno of a failed read. When a
// document grows past `max_document_bytes`, reading stops, `text` keeps only the documents
// before it, and `over` says where the limit was passed.
int read_input(int fd, size_t max_document_bytes, std::string& text,
               std::optional<OverLimit>& over);

// "256M", "64K", "1G", "1000" (K, M, G are binary: 1024, 1024^2, 1024^3; an optional
// trailing "iB" or "B" is accepted). nullopt when not a positive size.
std::optional<size_t> parse_size(const std::string& s);

}  // namespace catan::replay
