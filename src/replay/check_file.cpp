#include "replay/check_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "diag/render_text.hpp"
#include "log/import.hpp"

namespace catan::replay {
namespace {

namespace fs = std::filesystem;

// Reads one input in bounded memory; "" or why it could not be read.
std::string read_file(const std::string& path, bool found, const std::string& shown,
                      size_t max_document, std::string& source, std::optional<OverLimit>& over) {
  int fd = STDIN_FILENO;
  if (path != "-") {
    if (found) {
      std::error_code ec;
      const fs::file_status st = fs::status(path, ec);
      if (ec) return "cannot open " + shown + ": " + ec.message();
      if (!fs::is_regular_file(st)) return "cannot read " + shown + ": not a regular file";
    }
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return "cannot open " + shown + ": " + std::strerror(errno);
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      ::close(fd);
      return "cannot read " + shown + ": " + std::strerror(EISDIR);
    }
  }
  const int err = read_input(fd, max_document, source, over);
  if (fd != STDIN_FILENO) ::close(fd);
  if (err != 0) return "cannot read " + shown + ": " + std::strerror(err);
  return {};
}

// A record of another program, imported in memory. Its problems make one malformed report
// (the first as the error, every other as an "also" note with its line); its games are
// checked with every entry pointing at its source line.
std::vector<diag::GameReport> check_imported(log::SourceFormat format, const std::string& shown,
                                             const std::string& source, const Settings& settings,
                                             const FileOptions& options) {
  log::ImportOptions io;
  io.view_seat = options.view_seat;
  const log::Imported im = log::import_source(format, shown, source, io);
  std::vector<diag::GameReport> out;
  if (!im.problems.empty()) {
    diag::GameReport r =
        unreadable(shown, "cannot import this " + std::string(log::to_string(format)) +
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
    diag::GameReport r = replay(shown, g, settings).report;
    r.index = static_cast<int>(out.size());
    out.push_back(std::move(r));
  }
  return out;
}

void add_extents(const std::string& source, diag::Diagnostic& d) {
  d.at = diag::extent(source, d.at);
}

}  // namespace

std::vector<diag::GameReport> check_text(const std::string& shown, const std::string& source,
                                         const Settings& settings, const FileOptions& options,
                                         const std::optional<OverLimit>& over) {
  std::optional<log::SourceFormat> format;
  if (options.from == "auto")
    format = log::detect_format(source);
  else if (options.from != "catan-log")
    format = log::parse_source_format(options.from);
  if (format && !over) return check_imported(*format, shown, source, settings, options);
  std::vector<diag::GameReport> reports;
  // The documents before one that passed the size limit are checked; that one is not.
  if (!over || !source.empty()) reports = check_source(shown, source, settings);
  // Not catan-log/1 and no record of another program either: say which formats exist.
  if (options.from == "auto" && !reports.empty() && reports[0].error &&
      reports[0].status == diag::Status::Malformed &&
      source.find("catan-log/") == std::string::npos)
    reports[0].error->notes.push_back(
        {"formats", "not catan-log/1, nor a game record of a format check --from reads (" +
                        std::string(log::known_formats()) + ")"});
  if (over) {
    diag::GameReport r =
        unreadable(shown, fmt::format("this document passes --max-document-bytes ({} bytes) "
                                      "here; reading stopped",
                                      options.max_document_bytes));
    r.error->at = {shown, over->line, over->column};
    r.index = static_cast<int>(reports.size());
    reports.push_back(std::move(r));
  }
  // Where each diagnostic's entry, value or token ends, while the text is at hand.
  for (auto& r : reports) {
    if (r.error) add_extents(source, *r.error);
    for (auto& e : r.more_errors) add_extents(source, e);
    for (auto& w : r.warnings) add_extents(source, w);
    for (auto& d : r.deviations) add_extents(source, d);
  }
  return reports;
}

FileCheck check_file(const std::string& path, bool found, const Settings& settings,
                     const FileOptions& options) {
  FileCheck res;
  const std::string shown = path == "-" ? "<stdin>" : path;
  std::optional<OverLimit> over;
  if (std::string err = read_file(path, found, shown, options.max_document_bytes, res.source, over);
      !err.empty()) {
    res.reports.push_back(unreadable(shown, err));
    res.source.clear();
    return res;
  }
  res.reports = check_text(shown, res.source, settings, options, over);
  return res;
}

}  // namespace catan::replay
