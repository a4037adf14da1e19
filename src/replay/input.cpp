#include "replay/input.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "diag/render_text.hpp"
#include "replay/read_input.hpp"

namespace catan::replay {

std::string problem_text(const Provenance& from, const InputProblem& problem) {
  if (problem.os_error != 0) return from.shown + ": error: " + problem.message;
  return fmt::format("{}:{}:{}: error: {}", from.shown, problem.line, problem.column,
                     problem.message);
}

namespace {

// The documents of a text read whole (`in.text`): its format decided once (named, or told
// from its content), then read or imported.
Input documents_of(Input in, const InputOptions& options, const DocumentHandler& each) {
  const std::string& shown = in.from.shown;
  // The format, decided once.
  if (options.from == "auto")
    in.from.format = importers::detect_format(in.text);
  else if (options.from != "catan-log")
    in.from.format = importers::find_format(options.from);
  if (!in.from.format) {
    if (options.records_only) {
      in.errors.push_back({1, 1,
                           "not a game record of a format this program imports (known formats: " +
                               importers::format_names() +
                               "; a catan-log/1 file needs no import)"});
      return in;
    }
    log::read_text(in.text, nullptr, [&](log::Document&& d) {
      ++in.documents;
      each(std::move(d), in.from);
    });
    return in;
  }
  importers::ImportOptions io;
  io.view_seat = options.view_seat;
  importers::Imported im = importers::import_source(*in.from.format, shown, in.text, io);
  // Worded as check words it (check_file), so every command says the same of one record.
  for (const auto& p : im.problems)
    in.errors.push_back({p.at.line, p.at.column,
                         diag::visible("cannot import this " + std::string(in.from.format->name) +
                                       " record: " + p.message)});
  if (!im.problems.empty()) return in;
  for (log::Game& g : im.games) {
    log::Document d;
    d.index = in.documents++;
    g.index = d.index;
    d.game = std::move(g);
    each(std::move(d), in.from);
  }
  return in;
}

}  // namespace

Input read_documents(const std::string& path, const InputOptions& options,
                     const DocumentHandler& each) {
  Input in;
  in.from.path = path;
  const bool from_stdin = path == "-" && options.dash_is_stdin;
  in.from.shown = from_stdin ? "<stdin>" : diag::visible(path);
  const std::string& shown = in.from.shown;
  // Read whole, as check reads it: line ends and the document size limit alike.
  const int fd = from_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int err = errno;
    in.errors.push_back({0, 0, "cannot open " + shown + ": " + std::strerror(err), err});
    return in;
  }
  std::optional<OverLimit> over;
  const int err = read_input(fd, options.max_document_bytes, in.text, over);
  if (!from_stdin) ::close(fd);
  if (err != 0) {
    in.errors.push_back({0, 0, "cannot read " + shown + ": " + std::strerror(err), err});
    return in;
  }
  if (over) {
    in.errors.push_back({over->line, over->column,
                         fmt::format("this document passes {} bytes here; reading stopped",
                                     options.max_document_bytes)});
    return in;
  }
  return documents_of(std::move(in), options, each);
}

Input read_text_documents(const std::string& shown, std::string text, const InputOptions& options,
                          const DocumentHandler& each) {
  Input in;
  in.from.path = shown;
  in.from.shown = shown;
  in.text = std::move(text);
  return documents_of(std::move(in), options, each);
}

std::vector<log::Document> read_all_documents(const std::string& path, const InputOptions& options,
                                              Input& input) {
  std::vector<log::Document> docs;
  input = read_documents(
      path, options, [&](log::Document&& d, const Provenance&) { docs.push_back(std::move(d)); });
  return docs;
}

}  // namespace catan::replay
