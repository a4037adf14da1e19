// Cuts an input into pieces that each hold one document, so that a stream of any length is
// read a document at a time (replay::InputReader, log::read_text): a piece ends before the
// next line that starts a document — a `---` marker once the piece holds content, or, when
// the piece is JSON (its first content is `{`), a line starting with `{` right after a line
// ending with `}` (JSON lines, or JSON values one after another). Blank, comment and
// directive lines before a marker stay with the document the marker starts.
//
// Each piece is then read on its own (the fast readers, else yaml-cpp), with its first
// line's number, so every mark is the input's. A YAML syntax error in one piece leaves the
// next pieces readable.
#pragma once

#include <cstddef>
#include <string_view>

namespace catan::text {

class PieceScanner {
 public:
  // `text`: the input from the current piece's first byte on (what has arrived so far;
  // `eof`: all of it). Returns the length of the current piece once it is known: the bytes
  // before the line that starts the next piece, or text.size() at the end of the input; 0
  // while more input is needed. Scanning resumes where the last call stopped, so a piece
  // that arrives in many reads is scanned once.
  size_t scan(std::string_view text, bool eof);
  // Starts the next piece (its text then starts where the returned length ended).
  void reset() { *this = PieceScanner(); }

 private:
  size_t pos_ = 0;        // the next line start to look at
  bool content_ = false;  // a line other than blank, comment or directive was seen
  int json_ = -1;         // the piece's first content is `{` (1) or not (0); -1 unknown
  char last_ = 0;         // the last non-blank character of the last content line
};

// The part of an unfinished block YAML document (a live stream still being written) that
// holds its header and only `actions` items known to be complete: the text before the line
// that starts the last item of the root's `actions` sequence (an item is complete once the
// next one starts). 0 when no item is known complete yet or the text is not in that form.
size_t complete_entries_prefix(std::string_view partial);

// How many lines `text` ends: LF, CRLF and a lone CR each end one (YAML 1.2).
int count_line_breaks(std::string_view text);

}  // namespace catan::text
