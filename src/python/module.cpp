// The native part of the Python package catan_referee (pybind11): check a log as `catan-referee
// check` does and get the verdicts as Python objects, or render them as `check --format json|text`
// prints them. A driver like the CLI: it reads files, calls replay::check_source and renders with
// src/diag; the rules stay in the library. See README "Use it from Python".
#include <fcntl.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "catan/version.hpp"
#include "cli/read_input.hpp"
#include "diag/diagnostic.hpp"
#include "diag/render_json.hpp"
#include "diag/render_text.hpp"
#include "log/import.hpp"
#include "log/reader.hpp"
#include "python/bindings.hpp"
#include "replay/replay.hpp"

namespace py = pybind11;

namespace catan::python {
namespace {

// One game's verdict and its text as `check` prints it (with the excerpt of the source).
struct Game {
  diag::GameReport report;
  std::string text;
};

// The verdicts of every game of one call, in order.
struct Report {
  std::vector<Game> games;
  std::vector<std::string> rules;  // the rule overrides the games were checked with
};

using replay::unreadable;

struct Limits {
  size_t max_document_bytes = log::kDefaultMaxDocumentBytes;
  size_t max_scalar_bytes = log::ReadLimits{}.max_scalar_bytes;
};

// The games of one file's text, with their extents and text as `check` gives them (the
// CLI's check_file in src/cli/cmd_check.cpp does the same for the files it reads).
void add_games(Report& out, const std::string& file, const std::string& source,
               const replay::Settings& settings, std::vector<diag::GameReport> reports) {
  if (!source.empty()) {
    auto more = replay::check_source(file, source, settings);
    reports.insert(reports.begin(), std::make_move_iterator(more.begin()),
                   std::make_move_iterator(more.end()));
  }
  for (auto& r : reports) {
    r.assertions.reset();  // as check without --require-assertions: no summary by kind
    if (r.error) r.error->at = diag::extent(source, r.error->at);
    for (auto& e : r.more_errors) e.at = diag::extent(source, e.at);
    for (auto& w : r.warnings) w.at = diag::extent(source, w.at);
    const diag::TextStyle style{false, source.empty() ? nullptr : &source};
    std::string text = diag::render_text(r, false, style);
    out.games.push_back({std::move(r), std::move(text)});
  }
}

// Imported games replayed as `check --from` replays them: positions in the source file.
void add_imported(Report& out, const std::vector<ImportedGame>& games,
                  const replay::Settings& settings) {
  for (const auto& g : games) {
    diag::GameReport r = replay::replay(g.file, g.game, settings).report;
    r.index = g.game.index;
    add_games(out, g.file, "", settings, {std::move(r)});
  }
}

// A record of another program (as check --from auto finds it): one malformed report for
// its problems (the first as the error, each other as an "also" note), else its games.
void check_foreign(Report& out, log::SourceFormat format, const std::string& path,
                   const std::string& source, const replay::Settings& settings) {
  const log::Imported im = log::import_source(format, path, source, log::ImportOptions{});
  if (!im.problems.empty()) {
    diag::GameReport r =
        unreadable(path, "cannot import this " + std::string(log::to_string(format)) +
                             " record: " + im.problems[0].message);
    r.error->at = {path, im.problems[0].at.line, im.problems[0].at.column};
    for (size_t i = 1; i < im.problems.size(); ++i)
      r.error->notes.push_back({"also", path + ":" + std::to_string(im.problems[i].at.line) + ":" +
                                            std::to_string(im.problems[i].at.column) + ": " +
                                            im.problems[i].message});
    add_games(out, path, "", settings, {std::move(r)});
    return;
  }
  std::vector<ImportedGame> games;
  for (const auto& g : im.games) games.push_back({g, path});
  for (size_t i = 0; i < games.size(); ++i) games[i].game.index = static_cast<int>(i);
  add_imported(out, games, settings);
}

// `found`: the file was found in a folder, where check opens regular files only (a FIFO or
// a device met there may block or never end).
void check_one_file(Report& out, const std::string& path, bool found,
                    const replay::Settings& settings, const Limits& limits) {
  std::string source;
  std::optional<cli::OverLimit> over;
  std::string err;
  if (found) {
    std::error_code ec;
    const std::filesystem::file_status st = std::filesystem::status(path, ec);
    if (ec)
      err = "cannot open " + path + ": " + ec.message();
    else if (!std::filesystem::is_regular_file(st))
      err = "cannot read " + path + ": not a regular file";
  }
  if (err.empty()) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    std::error_code ec;
    if (fd < 0) {
      err = "cannot open " + path + ": " + std::strerror(errno);
    } else if (std::filesystem::is_directory(path, ec)) {
      err = "cannot read " + path + ": " + std::strerror(EISDIR);
    } else if (const int e = cli::read_input(fd, limits.max_document_bytes, source, over); e != 0) {
      err = "cannot read " + path + ": " + std::strerror(e);
    }
    if (fd >= 0) ::close(fd);
  }
  if (!err.empty()) {
    add_games(out, path, "", settings, {unreadable(path, err)});
    return;
  }
  if (!over)
    if (const auto format = log::detect_format(source)) {
      check_foreign(out, *format, path, source, settings);
      return;
    }
  Report part;
  // The documents before one that passed the size limit are checked; that one is not.
  add_games(part, path, source, settings, {});
  if (over) {
    diag::GameReport r = unreadable(path, "this document passes --max-document-bytes (" +
                                              std::to_string(limits.max_document_bytes) +
                                              " bytes) here; reading stopped");
    r.error->at = {path, over->line, over->column};
    r.index = static_cast<int>(part.games.size());
    add_games(part, path, "", settings, {std::move(r)});
  }
  for (auto& g : part.games) out.games.push_back(std::move(g));
}

std::string render_json(const Report& r) {
  std::vector<diag::GameReport> reports;
  reports.reserve(r.games.size());
  for (const auto& g : r.games) reports.push_back(g.report);
  return diag::render_json(reports, diag::RunInfo{CATAN_REFEREE_VERSION, r.rules, ""});
}

// Exit status as `check` gives it: 0 every game legal, 1 some illegal, 2 some malformed.
int exit_status(const Report& r) {
  int status = 0;
  for (const auto& g : r.games) {
    if (g.report.status == diag::Status::Malformed || g.report.status == diag::Status::Unsupported)
      return 2;
    if (g.report.status == diag::Status::Illegal) status = 1;
  }
  return status;
}

py::object rule_or_none(const std::optional<core::Rule>& rule) {
  if (!rule) return py::none();
  return py::str(std::string(core::id(*rule)));
}

py::dict options_dict(const core::Options& o) {
  py::dict d;
  for (const auto& info : core::option_table()) {
    const std::string v = core::get_option(o, info.key);
    if (info.values.empty())
      d[py::str(std::string(info.key))] = std::stoi(v);
    else
      d[py::str(std::string(info.key))] = v;
  }
  return d;
}

// A message argument as (kind, values...), and back.
struct ArgState {
  py::tuple operator()(long long n) const { return py::make_tuple(0, n); }
  py::tuple operator()(const core::TextArg& t) const { return py::make_tuple(1, t.text); }
  py::tuple operator()(const core::PlayerArg& p) const { return py::make_tuple(2, p.name); }
  py::tuple operator()(core::Resource r) const { return py::make_tuple(3, static_cast<int>(r)); }
  py::tuple operator()(const core::ResourceSet& s) const {
    return py::make_tuple(4, std::vector<int>(s.n.begin(), s.n.end()));
  }
  py::tuple operator()(core::DevCard c) const { return py::make_tuple(5, static_cast<int>(c)); }
  py::tuple operator()(core::Terrain t) const { return py::make_tuple(6, static_cast<int>(t)); }
  py::tuple operator()(const core::CornerArg& c) const {
    return py::make_tuple(7, static_cast<int>(c.id), c.hex.has_value(), c.hex ? c.hex->q : 0,
                          c.hex ? c.hex->r : 0, static_cast<int>(c.dir));
  }
  py::tuple operator()(const core::EdgeArg& e) const {
    return py::make_tuple(8, static_cast<int>(e.id), e.hex.has_value(), e.hex ? e.hex->q : 0,
                          e.hex ? e.hex->r : 0, static_cast<int>(e.dir));
  }
  py::tuple operator()(core::Axial h) const { return py::make_tuple(9, h.q, h.r); }
};

core::Arg arg_from(const py::tuple& t) {
  auto i = [&](size_t k) { return t[k].cast<int>(); };
  auto hex = [&]() -> std::optional<core::Axial> {
    if (!t[2].cast<bool>()) return std::nullopt;
    return core::Axial{i(3), i(4)};
  };
  switch (i(0)) {
    case 0:
      return t[1].cast<long long>();
    case 1:
      return t[1].cast<std::string>();
    case 2:
      return core::PlayerArg{t[1].cast<std::string>()};
    case 3:
      return static_cast<core::Resource>(i(1));
    case 4: {
      core::ResourceSet s;
      const auto n = t[1].cast<std::vector<int>>();
      for (size_t r = 0; r < s.n.size() && r < n.size(); ++r) s.n[r] = n[r];
      return s;
    }
    case 5:
      return static_cast<core::DevCard>(i(1));
    case 6:
      return static_cast<core::Terrain>(i(1));
    case 7:
      return core::CornerArg{static_cast<core::CornerId>(i(1)), hex(),
                             static_cast<core::CornerDir>(i(5))};
    case 8:
      return core::EdgeArg{static_cast<core::EdgeId>(i(1)), hex(),
                           static_cast<core::EdgeDir>(i(5))};
    case 9:
      return core::Axial{i(1), i(2)};
  }
  throw std::runtime_error("invalid Diagnostic state (message argument)");
}

// Pickling (for multiprocessing and Dask): every field as plain Python values.
py::tuple diag_state(const diag::Diagnostic& d) {
  py::list notes;
  for (const auto& n : d.notes) notes.append(py::make_tuple(n.label, n.text, n.data));
  py::object msg = py::none();
  if (d.msg) {
    py::list args;
    for (const core::Arg& a : d.msg->args) args.append(std::visit(ArgState{}, a.value));
    msg = py::make_tuple(std::string(core::info(d.msg->id).key), args);
  }
  return py::make_tuple(
      d.severity == core::Severity::Error, rule_or_none(d.rule), d.message,
      py::make_tuple(d.at.file, d.at.line, d.at.column, d.at.end_line, d.at.end_column), d.action,
      d.turn, d.player, d.situation, notes, msg);
}

diag::Diagnostic diag_from(const py::tuple& t) {
  if (t.size() != 10) throw std::runtime_error("invalid Diagnostic state");
  diag::Diagnostic d;
  d.severity = t[0].cast<bool>() ? core::Severity::Error : core::Severity::Warning;
  if (!t[1].is_none()) d.rule = core::parse_rule_id(t[1].cast<std::string>());
  d.message = t[2].cast<std::string>();
  const auto at = t[3].cast<py::tuple>();
  d.at = {at[0].cast<std::string>(), at[1].cast<int>(), at[2].cast<int>(), at[3].cast<int>(),
          at[4].cast<int>()};
  d.action = t[4].cast<int>();
  d.turn = t[5].cast<int>();
  d.player = t[6].cast<std::string>();
  d.situation = t[7].cast<std::string>();
  for (const auto& n : t[8].cast<py::list>()) {
    const auto nt = n.cast<py::tuple>();
    d.notes.push_back({nt[0].cast<std::string>(), nt[1].cast<std::string>(),
                       nt[2].cast<std::vector<std::pair<std::string, int>>>()});
  }
  if (!t[9].is_none()) {
    const auto mt = t[9].cast<py::tuple>();
    const auto id = core::parse_message_key(mt[0].cast<std::string>());
    if (!id) throw std::runtime_error("invalid Diagnostic state (message id)");
    core::Message m{*id, {}};
    for (const auto& a : mt[1].cast<py::list>()) m.args.push_back(arg_from(a.cast<py::tuple>()));
    if (!core::message_mismatch(m.id, m.args).empty())
      throw std::runtime_error("invalid Diagnostic state (message arguments)");
    d.msg = std::move(m);
  }
  return d;
}

py::tuple game_state(const Game& g) {
  const diag::GameReport& r = g.report;
  py::list warnings;
  for (const auto& w : r.warnings) warnings.append(diag_state(w));
  py::object options = py::none();
  if (r.options) {
    py::list kv;
    for (const auto& info : core::option_table())
      kv.append(py::make_tuple(std::string(info.key), core::get_option(*r.options, info.key)));
    options = kv;
  }
  return py::make_tuple(r.file, r.index, r.id, static_cast<int>(r.status),
                        r.error ? py::object(diag_state(*r.error)) : py::object(py::none()),
                        warnings, r.actions, r.checked, r.turns, r.winner,
                        py::make_tuple(r.worlds, r.peak_worlds, r.unjudged_from, r.approximate_from,
                                       r.approximate_to),
                        options, g.text);
}

Game game_from(const py::tuple& t) {
  if (t.size() != 13) throw std::runtime_error("invalid GameReport state");
  Game g;
  diag::GameReport& r = g.report;
  r.file = t[0].cast<std::string>();
  r.index = t[1].cast<int>();
  r.id = t[2].cast<std::string>();
  r.status = static_cast<diag::Status>(t[3].cast<int>());
  if (!t[4].is_none()) r.error = diag_from(t[4].cast<py::tuple>());
  for (const auto& w : t[5].cast<py::list>()) r.warnings.push_back(diag_from(w.cast<py::tuple>()));
  r.actions = t[6].cast<int>();
  r.checked = t[7].cast<int>();
  r.turns = t[8].cast<int>();
  r.winner = t[9].cast<std::string>();
  const auto pv = t[10].cast<py::tuple>();
  r.worlds = pv[0].cast<size_t>();
  r.peak_worlds = pv[1].cast<size_t>();
  r.unjudged_from = pv[2].cast<int>();
  r.approximate_from = pv[3].cast<int>();
  r.approximate_to = pv[4].cast<int>();
  if (!t[11].is_none()) {
    core::Options o;
    for (const auto& kv : t[11].cast<py::list>()) {
      const auto p = kv.cast<py::tuple>();
      (void)core::set_option(o, p[0].cast<std::string>(), p[1].cast<std::string>());
    }
    r.options = o;
  }
  g.text = t[12].cast<std::string>();
  return g;
}

std::string location_text(const diag::Diagnostic& d) {
  return d.at.file + ":" + std::to_string(d.at.line) + ":" + std::to_string(d.at.column);
}

}  // namespace

replay::Settings settings_for(const std::vector<std::string>& rules, size_t max_scalar_bytes) {
  replay::Settings s;
  for (const auto& item : rules) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos) throw py::value_error("rules takes KEY=VALUE, not '" + item + "'");
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    core::Options probe;
    const std::string err =
        key == "profile" ? core::apply_profile(probe, value) : core::set_option(probe, key, value);
    if (!err.empty()) throw py::value_error("rules " + item + ": " + err);
    s.rule_overrides.emplace_back(key, value);
  }
  s.limits.max_scalar_bytes = max_scalar_bytes;
  return s;
}

PYBIND11_MODULE(_native, m) {
  m.doc() =
      "catan-referee: replay recorded Catan games (catan-log/1) through the rules engine and "
      "report the first illegal action of each game.";
  m.attr("__version__") = CATAN_REFEREE_VERSION;

  py::class_<diag::Diagnostic>(m, "Diagnostic",
                               "An error or warning: where it is, which rule, which action.")
      .def_property_readonly("severity",
                             [](const diag::Diagnostic& d) {
                               return d.severity == core::Severity::Error ? "error" : "warning";
                             })
      .def_property_readonly(
          "rule", [](const diag::Diagnostic& d) { return rule_or_none(d.rule); },
          "the rule ID (\"ROBBER-01\"), or None for malformed input")
      .def_property_readonly("title",
                             [](const diag::Diagnostic& d) {
                               return d.rule ? std::string(core::info(*d.rule).title)
                                             : std::string();
                             })
      .def_readonly("message", &diag::Diagnostic::message)
      .def_property_readonly("file", [](const diag::Diagnostic& d) { return d.at.file; })
      .def_property_readonly(
          "line", [](const diag::Diagnostic& d) { return d.at.line; }, "1-based; 0 when unknown")
      .def_property_readonly("column", [](const diag::Diagnostic& d) { return d.at.column; })
      .def_property_readonly("end_line", [](const diag::Diagnostic& d) { return d.at.end_line; })
      .def_property_readonly("end_column",
                             [](const diag::Diagnostic& d) { return d.at.end_column; })
      .def_readonly("action", &diag::Diagnostic::action,
                    "the 1-based entry; 0 for the header or the end of the log")
      .def_readonly("turn", &diag::Diagnostic::turn, "0 = set-up, -1 = not applicable")
      .def_property_readonly("player",
                             [](const diag::Diagnostic& d) {
                               return d.player.empty() ? py::object(py::none())
                                                       : py::object(py::str(d.player));
                             })
      .def_readonly("situation", &diag::Diagnostic::situation)
      .def_property_readonly(
          "notes",
          [](const diag::Diagnostic& d) {
            py::list out;
            for (const auto& n : d.notes) out.append(py::make_tuple(n.label, n.text));
            return out;
          },
          "(label, text) pairs, as the text report's notes")
      .def("__str__", [](const diag::Diagnostic& d) { return diag::render_text(d); })
      .def("__repr__", [](const diag::Diagnostic& d) {
        return "<Diagnostic " + std::string(d.rule ? core::id(*d.rule) : "malformed") + " at " +
               location_text(d) + ">";
      });

  py::class_<Game>(m, "GameReport", "The verdict on one game (one document of a file).")
      .def_property_readonly("file", [](const Game& g) { return g.report.file; })
      .def_property_readonly(
          "game", [](const Game& g) { return g.report.index + 1; }, "1-based within its file")
      .def_property_readonly("id",
                             [](const Game& g) {
                               return g.report.id.empty() ? py::object(py::none())
                                                          : py::object(py::str(g.report.id));
                             })
      .def_property_readonly(
          "status", [](const Game& g) { return std::string(diag::to_string(g.report.status)); },
          "legal, incomplete, illegal, malformed or unsupported")
      .def_property_readonly(
          "error", [](const Game& g) -> std::optional<diag::Diagnostic> { return g.report.error; })
      .def_property_readonly("warnings", [](const Game& g) { return g.report.warnings; })
      .def_property_readonly("actions", [](const Game& g) { return g.report.actions; })
      .def_property_readonly("checked", [](const Game& g) { return g.report.checked; })
      .def_property_readonly("turns", [](const Game& g) { return g.report.turns; })
      .def_property_readonly("winner",
                             [](const Game& g) {
                               return g.report.winner.empty()
                                          ? py::object(py::none())
                                          : py::object(py::str(g.report.winner));
                             })
      .def_property_readonly("rules_options",
                             [](const Game& g) {
                               return g.report.options ? py::object(options_dict(*g.report.options))
                                                       : py::object(py::none());
                             })
      .def_property_readonly(
          "text", [](const Game& g) { return g.text; },
          "the report as `check` prints it (diagnostic with excerpt, verdict)")
      .def("__repr__",
           [](const Game& g) {
             return "<GameReport " + g.report.file + " game " + std::to_string(g.report.index + 1) +
                    ": " + std::string(diag::to_string(g.report.status)) + ">";
           })
      .def(py::pickle([](const Game& g) { return game_state(g); },
                      [](const py::tuple& t) { return game_from(t); }));

  py::class_<Report>(m, "Report", "The verdicts of every game checked by one call.")
      .def(py::init([](const std::vector<Game>& games, const std::vector<std::string>& rules) {
             settings_for(rules);  // validates
             return Report{games, rules};
           }),
           py::arg("games"), py::arg("rules") = std::vector<std::string>{},
           "Joins game reports (from several calls, processes or machines) into one report.")
      .def_readonly("games", &Report::games)
      .def_readonly("rules", &Report::rules)
      .def_property_readonly(
          "status",
          [](const Report& r) {
            // The worst verdict: malformed/unsupported, illegal, incomplete, legal.
            diag::Status worst = diag::Status::Legal;
            auto rank = [](diag::Status s) {
              return s == diag::Status::Legal        ? 0
                     : s == diag::Status::Incomplete ? 1
                     : s == diag::Status::Illegal    ? 2
                                                     : 3;
            };
            for (const auto& g : r.games)
              if (rank(g.report.status) > rank(worst)) worst = g.report.status;
            return r.games.empty() ? std::string("empty") : std::string(diag::to_string(worst));
          },
          "the worst verdict of its games (\"empty\" for none)")
      .def_property_readonly(
          "error",
          [](const Report& r) -> std::optional<diag::Diagnostic> {
            for (const auto& g : r.games)
              if (g.report.error) return g.report.error;
            return std::nullopt;
          },
          "the first game's error that has one, or None")
      .def_property_readonly("warnings",
                             [](const Report& r) {
                               std::vector<diag::Diagnostic> out;
                               for (const auto& g : r.games)
                                 out.insert(out.end(), g.report.warnings.begin(),
                                            g.report.warnings.end());
                               return out;
                             })
      .def_property_readonly("exit_status", &exit_status,
                             "as `check` exits: 0 all legal, 1 some illegal, 2 some malformed")
      .def("to_json", &render_json,
           "The report as `catan-referee check --format json` prints it (same rules, same files)")
      .def_property_readonly("text",
                             [](const Report& r) {
                               std::string out;
                               for (const auto& g : r.games) out += g.text;
                               return out;
                             })
      .def("__len__", [](const Report& r) { return r.games.size(); })
      .def(
          "__iter__",
          [](const Report& r) { return py::make_iterator(r.games.begin(), r.games.end()); },
          py::keep_alive<0, 1>())
      .def("__getitem__",
           [](const Report& r, long i) {
             const long n = static_cast<long>(r.games.size());
             if (i < 0) i += n;
             if (i < 0 || i >= n) throw py::index_error("game index out of range");
             return r.games[static_cast<size_t>(i)];
           })
      .def(
          "__repr__",
          [](const Report& r) { return "<Report " + std::to_string(r.games.size()) + " game(s)>"; })
      .def(py::pickle(
          [](const Report& r) { return py::make_tuple(r.games, r.rules); },
          [](const py::tuple& t) {
            if (t.size() != 2) throw std::runtime_error("invalid Report state");
            return Report{t[0].cast<std::vector<Game>>(), t[1].cast<std::vector<std::string>>()};
          }));

  bind_game(m);
  bind_imported(m);

  m.def(
      "check_imported",
      [](const std::vector<ImportedGame>& games, const std::vector<std::string>& rules) {
        const replay::Settings settings = settings_for(rules);
        Report out{{}, rules};
        py::gil_scoped_release unlocked;
        add_imported(out, games, settings);
        return out;
      },
      py::arg("games"), py::arg("rules") = std::vector<std::string>{},
      "Checks games of import_log as `check --from` does: positions in the source file.");

  m.def(
      "check_text",
      [](const std::string& text, const std::vector<std::string>& rules, const std::string& file,
         size_t max_scalar_bytes) {
        const Limits limits{log::kDefaultMaxDocumentBytes, max_scalar_bytes};
        const replay::Settings settings = settings_for(rules, limits.max_scalar_bytes);
        Report out{{}, rules};
        py::gil_scoped_release unlocked;
        add_games(out, file, text, settings, {});
        return out;
      },
      py::arg("text"), py::arg("rules") = std::vector<std::string>{}, py::arg("file") = "<string>",
      py::arg("max_scalar_bytes") = Limits{}.max_scalar_bytes,
      "Checks the games of a log's text; positions name `file`.");
  m.def(
      "check_files",
      [](const std::vector<std::string>& paths, const std::vector<std::string>& rules,
         size_t max_document_bytes, size_t max_scalar_bytes, const std::vector<bool>& found) {
        if (!found.empty() && found.size() != paths.size())
          throw py::value_error("found needs one flag per path");
        const Limits limits{max_document_bytes, max_scalar_bytes};
        const replay::Settings settings = settings_for(rules, limits.max_scalar_bytes);
        Report out{{}, rules};
        py::gil_scoped_release unlocked;
        for (size_t i = 0; i < paths.size(); ++i)
          check_one_file(out, paths[i], !found.empty() && found[i], settings, limits);
        return out;
      },
      py::arg("paths"), py::arg("rules") = std::vector<std::string>{},
      py::arg("max_document_bytes") = Limits{}.max_document_bytes,
      py::arg("max_scalar_bytes") = Limits{}.max_scalar_bytes,
      py::arg("found") = std::vector<bool>{},
      "Checks log files (not folders) as `check FILE...` does; an unreadable file is a "
      "malformed game, as in the CLI. found[i]: paths[i] was found in a folder, so only a "
      "regular file is opened.");
}

}  // namespace catan::python
