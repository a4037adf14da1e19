// catan_referee.import_log's native part: another program's record (JSettlers2 .soclog,
// catanatron JSON, catanlogs .catan) read and imported by replay::read_documents, the front
// end of `catan-referee import`, each game as an ImportedGame: its catan-log/1 text as
// `catan-referee import` writes it, its header and entries for Game(header).play(entry),
// and the log::Game that check and Game replay with positions in the source file.
#include <pybind11/stl.h>

#include <cerrno>
#include <string>
#include <utility>
#include <vector>

#include "diag/diagnostic.hpp"
#include "import/registry.hpp"
#include "log/reader.hpp"
#include "log/writer.hpp"
#include "python/bindings.hpp"
#include "replay/input.hpp"
#include "replay/session.hpp"

namespace py = pybind11;

namespace catan::python {
namespace {

log::HeaderInfo header_info(const log::Game& g) {
  log::HeaderInfo h;
  h.id = g.id;
  h.options = g.options;
  h.players = g.players;
  h.board = g.board;
  if (g.has_view) h.view = g.view_player < 0 ? "spectator" : g.players[g.view_player];
  return h;
}

// The header as Game() reads it: write_header's text, ending with an empty `actions:`.
std::string header_text(const log::Game& g) {
  return log::write_header(header_info(g), g.source ? &*g.source : nullptr);
}

diag::Diagnostic problem_at(const std::string& file, int line, int column, std::string message) {
  diag::Diagnostic d;
  d.message = std::move(message);
  d.at = {file, line, column};
  return d;
}

// Pickling (Dask and multiprocessing send games between processes): the game as catan-log/1
// text, which reads back to the same content, and every position the text cannot carry (an
// imported game's marks name its source file), flattened as line, column pairs.
template <class G, class F>  // G: log::Game or const log::Game
void each_mark(G& g, F&& f) {
  for (auto* m :
       {&g.at, &g.players_at, &g.hexes_at, &g.harbors_at, &g.robber_at, &g.result_at, &g.view_at})
    f(*m);
  for (auto* v : {&g.hex_at, &g.harbor_at, &g.rolloff_at})
    for (auto& m : *v) f(m);
  for (auto& e : g.actions)
    for (auto* m :
         {&e.at, &e.player, &e.value, &e.steal, &e.gains, &e.takes, &e.take, &e.expect, &e.source})
      f(*m);
}

py::tuple pickled(const ImportedGame& g) {
  std::vector<int> marks;
  each_mark(g.game, [&](const text::Mark& m) {
    marks.push_back(m.line);
    marks.push_back(m.column);
  });
  return py::make_tuple(
      1, g.file, g.game.index, log::write_game(g.game), static_cast<int>(g.game.hex_at.size()),
      static_cast<int>(g.game.harbor_at.size()), static_cast<int>(g.game.rolloff_at.size()), marks);
}

ImportedGame unpickled(const py::tuple& t) {
  if (t.size() != 8 || t[0].cast<int>() != 1)
    throw std::runtime_error("not a pickled catan_referee.ImportedGame of this version");
  std::vector<log::Document> docs = log::read_string(t[3].cast<std::string>());
  if (docs.size() != 1 || !docs[0].game)
    throw std::runtime_error(
        "a pickled ImportedGame whose text does not read back: " +
        (docs.size() == 1 && docs[0].error ? docs[0].error->message : std::string("not one game")));
  ImportedGame g{std::move(*docs[0].game), t[1].cast<std::string>()};
  g.game.index = t[2].cast<int>();
  g.game.hex_at.resize(t[4].cast<size_t>());
  g.game.harbor_at.resize(t[5].cast<size_t>());
  g.game.rolloff_at.resize(t[6].cast<size_t>());
  const auto marks = t[7].cast<std::vector<int>>();
  size_t i = 0;
  bool fits = true;
  each_mark(g.game, [&](text::Mark& m) {
    if (i + 2 > marks.size()) {
      fits = false;
      return;
    }
    m.line = marks[i];
    m.column = marks[i + 1];
    i += 2;
  });
  if (!fits || i != marks.size())
    throw std::runtime_error("a pickled ImportedGame whose positions do not fit its game");
  return g;
}

}  // namespace

void bind_imported(py::module_& m) {
  py::class_<ImportedGame>(m, "ImportedGame",
                           "One game of another program's record, imported by import_log.")
      .def_property_readonly(
          "file", [](const ImportedGame& g) { return g.file; }, "the source file, as named")
      .def_property_readonly(
          "game", [](const ImportedGame& g) { return g.game.index + 1; }, "1-based within its file")
      .def_property_readonly(
          "format",
          [](const ImportedGame& g) {
            return g.game.source ? g.game.source->format : std::string();
          },
          "the format's name in IMPORT_FORMATS")
      .def_property_readonly(
          "id",
          [](const ImportedGame& g) {
            return g.game.id.empty() ? py::object(py::none()) : py::object(py::str(g.game.id));
          },
          "the game's id as imported, or None")
      .def_property_readonly(
          "players", [](const ImportedGame& g) { return g.game.players; },
          "the players' names, in seat order")
      .def_property_readonly(
          "winner",
          [](const ImportedGame& g) {
            return g.game.result_winner ? py::object(py::str(g.game.players[*g.game.result_winner]))
                                        : py::object(py::none());
          },
          "the winner the record states (`result:`), or None")
      .def_property_readonly(
          "text", [](const ImportedGame& g) { return log::write_game(g.game); },
          "the game as catan-log/1 YAML, as `catan-referee import` writes it")
      .def_property_readonly(
          "header", [](const ImportedGame& g) { return header_text(g.game); },
          "the catan-log/1 header (YAML, ending with an empty `actions:`), for Game(header)")
      .def_property_readonly(
          "entries",
          [](const ImportedGame& g) {
            std::vector<std::string> out;
            out.reserve(g.game.actions.size());
            for (const auto& e : g.game.actions)
              out.push_back(log::write_entry(e.action, g.game.players));
            return out;
          },
          "every entry as catan-log/1 text (`{player: red, roll: [3, 4]}`), for Game.play")
      .def_property_readonly(
          "source_lines",
          [](const ImportedGame& g) {
            std::vector<int> out;
            out.reserve(g.game.actions.size());
            for (const auto& e : g.game.actions) out.push_back(e.source.line);
            return out;
          },
          "for each entry, the line of the source file it was made from")
      .def(py::pickle(&pickled, &unpickled))
      .def("__len__", [](const ImportedGame& g) { return g.game.actions.size(); })
      .def("__repr__", [](const ImportedGame& g) {
        return "<ImportedGame " + g.file + " game " + std::to_string(g.game.index + 1) + ": " +
               std::to_string(g.game.actions.size()) + " entries>";
      });

  // The registry of import formats (import/registry.hpp): IMPORT_FORMATS and
  // LOG_EXTENSIONS in the Python package are made from it.
  m.def("_import_formats", [] {
    py::list out;
    for (const importers::Format& f : importers::formats()) {
      py::list aliases, extensions;
      for (std::string_view a : f.aliases) aliases.append(std::string(a));
      for (std::string_view e : f.extensions) extensions.append(std::string(e));
      out.append(py::dict(py::arg("name") = std::string(f.name), py::arg("aliases") = aliases,
                          py::arg("extensions") = extensions,
                          py::arg("title") = std::string(f.title),
                          py::arg("seat_views") = f.seat_views));
    }
    return out;
  });
  m.def("_log_extensions", [] {
    py::list out;
    for (std::string_view e : importers::log_extensions()) out.append(std::string(e));
    return out;
  });

  // (games, None), or ([], problems as Diagnostics) for a record that cannot be imported
  // or is of no known format: read by replay::read_documents as `catan-referee import`
  // reads a file, with its messages and positions (file names as import shows them). A
  // file that cannot be opened or read raises OSError (FileNotFoundError, ...) with its
  // errno, as Python's open() would; "-" is a file of that name, not standard input.
  m.def(
      "_import_file",
      [](const std::string& path, const std::string& fmt,
         int view) -> std::pair<std::vector<ImportedGame>, py::object> {
        if (fmt != "auto" && !importers::find_format(fmt))
          throw py::value_error("fmt is auto, " + importers::format_names() + ", not '" + fmt +
                                "'");
        if (view < -1 || view > 5) throw py::value_error("view is a seat from 0 to 5, or None");
        replay::InputOptions io;
        io.from = fmt;
        io.view_seat = view;
        io.records_only = true;
        io.dash_is_stdin = false;
        std::vector<ImportedGame> games;
        replay::Input in;
        {
          py::gil_scoped_release unlocked;
          in = replay::read_documents(path, io, [&](log::Document&& d, const replay::Provenance&) {
            games.push_back({std::move(*d.game), path});
          });
        }
        if (in.errors.empty()) return {std::move(games), py::none()};
        if (const int err = in.errors.front().os_error; err != 0) {
          errno = err;
          PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
          throw py::error_already_set();
        }
        std::vector<diag::Diagnostic> problems;
        for (const replay::InputProblem& p : in.errors)
          problems.push_back(problem_at(in.from.shown, p.line, p.column, p.message));
        return {{}, py::cast(problems)};
      },
      py::arg("path"), py::arg("fmt") = "auto", py::arg("view") = -1);

  // A live game on an imported game's header: positions name its source file.
  m.def(
      "_open_imported",
      [](const ImportedGame& g, const std::vector<std::string>& rules, bool keep_going) {
        log::Game header = g.game;
        header.actions.clear();
        header.result_winner.reset();
        replay::Settings settings = settings_for(rules);
        settings.keep_going = keep_going;
        return replay::Session(std::move(header), settings, g.file);
      },
      py::arg("game"), py::arg("rules"), py::arg("keep_going") = false);
}

}  // namespace catan::python
