#include "replay/check_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

#include "diag/render_text.hpp"
#include "import/registry.hpp"
#include "replay/replay_follower.hpp"

namespace catan::replay {
namespace {

namespace fs = std::filesystem;

// Opens one input; -1 and why it could not be opened, or its descriptor.
int open_input(const std::string& path, bool found, const std::string& shown, std::string& why) {
  if (path == "-") return STDIN_FILENO;
  if (found) {
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec) {
      why = "cannot open " + shown + ": " + ec.message();
      return -1;
    }
    if (!fs::is_regular_file(st)) {
      why = "cannot read " + shown + ": not a regular file";
      return -1;
    }
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    why = "cannot open " + shown + ": " + std::strerror(errno);
    return -1;
  }
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    why = "cannot read " + shown + ": " + std::strerror(EISDIR);
    return -1;
  }
  return fd;
}

void add_extents(const diag::SourceText& source, diag::GameReport& r) {
  auto one = [&](diag::Diagnostic& d) { d.at = diag::extent(source, d.at); };
  if (r.error) one(*r.error);
  for (auto& e : r.more_errors) one(e);
  for (auto& w : r.warnings) one(w);
  for (auto& d : r.deviations) one(d);
}

// A record of another program, imported in memory. Its problems make one malformed report
// (the first as the error, every other as an "also" note with its line); its games are
// checked with every entry pointing at its source line.
std::vector<diag::GameReport> import_and_check(const importers::Format& format,
                                               const std::string& shown, const std::string& source,
                                               const Settings& settings,
                                               const FileOptions& options) {
  importers::ImportOptions io;
  io.view_seat = options.view_seat;
  // An importer that follows the game through the rules (catanlogs) follows it with the
  // referee's own replay: the game is judged as it is imported, and replayed once.
  ReplayFollower follower(shown, settings);
  io.follower = &follower;
  const importers::Imported im = importers::import_source(format, shown, source, io);
  std::vector<diag::GameReport> out;
  if (!im.problems.empty()) {
    diag::GameReport r = unreadable(shown, "cannot import this " + std::string(format.name) +
                                               " record: " + im.problems[0].message);
    r.error->at = {shown, im.problems[0].at.line, im.problems[0].at.column};
    for (size_t i = 1; i < im.problems.size(); ++i)
      r.error->notes.push_back(
          {"also", fmt::format("{}:{}:{}: {}", shown, im.problems[i].at.line,
                               im.problems[i].at.column, im.problems[i].message)});
    out.push_back(std::move(r));
    return out;
  }
  for (const log::Game& g : im.games) {
    diag::GameReport r = follower.started() && im.games.size() == 1
                             ? follower.finish(g).report
                             : replay(shown, g, settings).report;
    r.index = static_cast<int>(out.size());
    out.push_back(std::move(r));
  }
  return out;
}

// The same, each diagnostic given the extent of what it points at in the source.
std::vector<diag::GameReport> check_imported(const importers::Format& format,
                                             const std::string& shown, const std::string& source,
                                             const Settings& settings, const FileOptions& options) {
  std::vector<diag::GameReport> reports =
      import_and_check(format, shown, source, settings, options);
  for (auto& r : reports) add_extents(diag::SourceText(source), r);
  return reports;
}

diag::GameReport over_limit(const std::string& shown, const FileOptions& options,
                            const OverLimit& over, int index) {
  diag::GameReport r =
      unreadable(shown, fmt::format("this document passes --max-document-bytes ({} bytes) "
                                    "here; reading stopped",
                                    options.max_document_bytes));
  r.error->at = {shown, over.line, over.column};
  r.index = index;
  return r;
}

// The first report of a file that is neither catan-log/1 nor a known program's record
// says which formats there are.
void name_formats(const FileOptions& options, std::string_view text, diag::GameReport& r) {
  if (options.from == "auto" && r.error && r.status == diag::Status::Malformed &&
      text.find("catan-log/") == std::string_view::npos)
    r.error->notes.push_back(
        {"formats", "not catan-log/1, nor a game record of a format check --from reads (" +
                        importers::format_names() + ")"});
}

// Every game of catan-log/1 pieces, handed over as each piece is read.
class PieceChecker {
 public:
  PieceChecker(const std::string& shown, const Settings& settings, const FileOptions& options,
               const ReportHandler& emit)
      : shown_(shown), settings_(settings), options_(options), emit_(emit) {}
  void piece(std::string_view text, int first_line) {
    const diag::SourceText src(text, first_line);
    const bool decided = decided_;
    decided_ = false;
    tried_ = 0;
    bool first = true;
    index_ += check_piece(shown_, text, first_line, index_, settings_, [&](diag::GameReport&& r) {
      if (std::exchange(first, false) && decided) return;  // its verdict went out already
      if (count_ == 0) name_formats(options_, text, r);
      add_extents(src, r);
      ++count_;
      emit_(std::move(r), src);
    });
  }
  // A live input's unfinished piece: when its complete entries already make the game
  // illegal, that verdict goes out now, and the rest of the document is not judged.
  void partial(std::string_view text, int first_line) {
    if (decided_) return;
    const size_t n = text::complete_entries_prefix(text);
    // Read again only what grew: each entry of a slow writer, or an eighth more of a big one.
    if (n == 0 || n <= tried_ || (tried_ > (size_t{1} << 20) && n - tried_ < tried_ / 8)) return;
    tried_ = n;
    const std::string_view prefix = text.substr(0, n);
    std::optional<diag::GameReport> early;
    int documents = 0;
    check_piece(shown_, prefix, first_line, index_, settings_, [&](diag::GameReport&& r) {
      if (documents++ == 0) early = std::move(r);
    });
    if (documents != 1 || !early || early->status != diag::Status::Illegal) return;
    decided_ = true;
    const diag::SourceText src(prefix, first_line);
    add_extents(src, *early);
    ++count_;
    emit_(std::move(*early), src);
  }
  void over(const OverLimit& at) {
    emit_(over_limit(shown_, options_, at, index_), diag::SourceText());
    ++count_;
  }
  int count() const { return count_; }

 private:
  const std::string& shown_;
  const Settings& settings_;
  const FileOptions& options_;
  const ReportHandler& emit_;
  int index_ = 0, count_ = 0;
  bool decided_ = false;  // the current piece's first game was judged on its complete entries
  size_t tried_ = 0;      // how much of the current piece was judged so
};

const importers::Format* named_format(const FileOptions& options) {
  if (options.from == "auto" || options.from == "catan-log") return nullptr;
  return importers::find_format(options.from);
}

}  // namespace

std::vector<diag::GameReport> check_text(const std::string& shown, const std::string& source,
                                         const Settings& settings, const FileOptions& options,
                                         const std::optional<OverLimit>& over) {
  const importers::Format* format = named_format(options);
  if (options.from == "auto") format = importers::detect_format(source);
  std::vector<diag::GameReport> reports;
  if (format && !over) return check_imported(*format, shown, source, settings, options);
  const ReportHandler keep = [&](diag::GameReport&& r, const diag::SourceText&) {
    reports.push_back(std::move(r));
  };
  PieceChecker checker(shown, settings, options, keep);
  // The documents before one that passed the size limit are checked; that one is not.
  if (!over || !source.empty()) {
    const std::string_view text(source);
    text::PieceScanner scanner;
    int line = 1;
    size_t start = 0;
    do {
      const size_t n = scanner.scan(text.substr(start), true);
      const std::string_view piece = text.substr(start, n);
      checker.piece(piece, line);
      line += text::count_line_breaks(piece);
      start += n;
      scanner.reset();
    } while (start < text.size());
  }
  if (over) checker.over(*over);
  return reports;
}

int check_file(const std::string& path, bool found, const Settings& settings,
               const FileOptions& options, const ReportHandler& emit) {
  const std::string shown = path == "-" ? "<stdin>" : path;
  std::string why;
  const int fd = open_input(path, found, shown, why);
  if (fd < 0) {
    emit(unreadable(shown, why), diag::SourceText());
    return 1;
  }
  struct Closer {
    int fd;
    ~Closer() {
      if (fd != STDIN_FILENO) ::close(fd);
    }
  } closer{fd};
  InputReader in(fd, options.max_document_bytes);
  auto read_failed = [&] {
    emit(unreadable(shown, "cannot read " + shown + ": " + std::strerror(in.error())),
         diag::SourceText());
    return 1;
  };
  // Another program's record (named, or recognised by its first bytes) is imported whole.
  const importers::Format* format = named_format(options);
  bool suspect = false;
  if (options.from == "auto") {
    // Enough to tell: until no registered format needs more bytes to decide (the first
    // line, mostly; a pretty-printed JSON object up to its keys), at most detect_bytes().
    // Each head is asked once (a sniff may scan all it is given: catanatron's looks for its
    // keys), and the whole input again only when no format could tell from it.
    importers::Detection last;
    size_t asked = std::string_view::npos;
    auto enough = [&](std::string_view h) {
      if (h.size() >= importers::detect_bytes()) return true;
      last = importers::detect(h, false);
      asked = h.size();
      return !last.more;
    };
    const std::string_view head = in.peek(enough);
    if (in.error() != 0) return read_failed();
    importers::Detection d = asked == head.size() ? last : importers::detect(head, false);
    if (head.size() < importers::detect_bytes() && d.more) d = importers::detect(head, true);
    format = d.format;
    suspect = d.more;  // undecided within detect_bytes(): read it all, then decide
  }
  if (format || suspect) {  // read whole; check_text imports it (or tells it is not)
    std::string all;
    if (!in.rest(all)) {
      if (in.error() != 0) return read_failed();
      PieceChecker checker(shown, settings, options, emit);
      checker.over(*in.over());
      return 1;
    }
    // Decided on the first bytes: imported as that format; else decided on all of it.
    std::vector<diag::GameReport> reports =
        format ? check_imported(*format, shown, all, settings, options)
               : check_text(shown, all, settings, options);
    const diag::SourceText src(all);
    for (auto& r : reports) emit(std::move(r), src);
    return static_cast<int>(reports.size());
  }
  PieceChecker checker(shown, settings, options, emit);
  InputReader::Piece piece;
  // A pipe, a socket or a terminal may be written by a running game: a verdict goes out at
  // the illegal entry, not at the end of the document.
  struct stat st {};
  const bool live = ::fstat(fd, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISBLK(st.st_mode);
  const InputReader::StallHandler stalled = [&](std::string_view partial, int first_line) {
    checker.partial(partial, first_line);
  };
  while (live ? in.next(piece, stalled) : in.next(piece))
    checker.piece(piece.text, piece.first_line);
  if (in.error() != 0) {
    read_failed();
    return checker.count() + 1;
  }
  if (in.over()) checker.over(*in.over());
  return checker.count();
}

FileCheck check_file(const std::string& path, bool found, const Settings& settings,
                     const FileOptions& options) {
  FileCheck res;
  int last = 0;  // the first line of the piece appended last (a piece may hold several games)
  check_file(path, found, settings, options,
             [&](diag::GameReport&& r, const diag::SourceText& src) {
               if (src.first_line > last && !src.text.empty()) {
                 res.source.append(src.text);
                 last = src.first_line;
               }
               res.reports.push_back(std::move(r));
             });
  return res;
}

}  // namespace catan::replay
