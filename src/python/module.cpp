// The native part of the Python package catan_referee (pybind11): check a log as `catan-referee
// check` does and get the verdicts as Python objects, or render them as `check --format json|text`
// prints them. A driver like the CLI: it checks files with replay::check_file and renders with
// src/diag; the rules stay in the library. See README "Use it from Python".
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "catan_referee/version.hpp"
#include "diag/diagnostic.hpp"
#include "diag/render_json.hpp"
#include "diag/render_text.hpp"
#include "import/registry.hpp"
#include "log/reader.hpp"
#include "python/bindings.hpp"
#include "replay/check_file.hpp"
#include "replay/input_paths.hpp"
#include "replay/replay.hpp"
#include "replay/run_policy.hpp"

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
  bool keep_going = false;         // checked with keep_going (every deviation)
  replay::RunPolicy policy{};      // strict, require_assertions (replay/run_policy.hpp)
};

// check(strict=..., require_assertions=...): as --strict and --require-assertions.
replay::RunPolicy policy_of(bool strict, const std::optional<std::vector<std::string>>& require) {
  replay::RunPolicy p;
  p.strict = strict;
  if (require) {
    p.require = true;
    for (const std::string& k : *require) {
      const auto& kinds = replay::assertion_kinds();
      if (k != "all" && std::find(kinds.begin(), kinds.end(), k) == kinds.end())
        throw py::value_error("require_assertions takes gains, hands, vp, awards or all, not '" +
                              k + "'");
    }
    p.kinds = require->empty() ? std::vector<std::string>{"all"} : *require;
  }
  return p;
}

struct Limits {
  size_t max_document_bytes = log::kDefaultMaxDocumentBytes;
  size_t max_scalar_bytes = log::ReadLimits{}.max_scalar_bytes;
};

// A report of one file (replay::check_file, as the CLI's check), with its text as
// `check` prints it (with the excerpt of the source).
void add_game(Report& out, diag::GameReport&& r, const diag::SourceText& source) {
  replay::apply_run_policy(r, out.policy);  // as check: counts only when asked for
  const diag::TextStyle style{false, source.text.empty() ? nullptr : &source};
  std::string text = diag::render_text(r, false, style);
  out.games.push_back({std::move(r), std::move(text)});
}
void add_games(Report& out, const std::string& source, std::vector<diag::GameReport> reports) {
  const diag::SourceText src(source);
  for (auto& r : reports) add_game(out, std::move(r), src);
}

// Imported games replayed as `check --from` replays them: positions in the source file.
void add_imported(Report& out, const std::vector<ImportedGame>& games,
                  const replay::Settings& settings) {
  for (const auto& g : games) {
    diag::GameReport r = replay::replay(g.file, g.game, settings).report;
    r.index = g.game.index;
    add_games(out, "", {std::move(r)});
  }
}

std::string render_json(const Report& r) {
  std::vector<diag::GameReport> reports;
  reports.reserve(r.games.size());
  for (const auto& g : r.games) reports.push_back(g.report);
  return diag::render_json(reports,
                           diag::RunInfo{CATAN_REFEREE_VERSION, r.rules, "", r.keep_going});
}

// Exit status as `check` gives it: 0 every game legal, 1 some illegal or a warning that
// fails the run (strict, require_assertions), 2 some malformed.
int exit_status(const Report& r) {
  int status = 0;
  for (const auto& g : r.games) {
    if (g.report.status == diag::Status::Malformed || g.report.status == diag::Status::Unsupported)
      return 2;
    if (g.report.status == diag::Status::Illegal || diag::failing_warnings(g.report) > 0)
      status = 1;
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

// A note's structured datum as nested tuples (kind, number, name, items, fields, q, r; q and
// r name a place's hex), and back.
py::tuple datum_state(const core::Datum& x) {
  py::list items, fields;
  for (const auto& i : x.items) items.append(datum_state(i));
  for (const auto& [k, v] : x.fields) fields.append(py::make_tuple(k, datum_state(v)));
  return py::make_tuple(static_cast<int>(x.kind), x.number, x.name, items, fields, x.at.q, x.at.r);
}
core::Datum datum_from(const py::tuple& t) {
  if (t.size() != 7) throw std::runtime_error("invalid Diagnostic state");
  core::Datum x;
  const int kind = t[0].cast<int>();
  if (kind < 0 || kind > static_cast<int>(core::Datum::Kind::Fields))
    throw std::runtime_error("invalid Diagnostic state");
  x.kind = static_cast<core::Datum::Kind>(kind);
  x.number = t[1].cast<int>();
  x.name = t[2].cast<std::string>();
  x.at = {t[5].cast<int>(), t[6].cast<int>()};
  for (const auto& i : t[3].cast<py::list>()) x.items.push_back(datum_from(i.cast<py::tuple>()));
  for (const auto& f : t[4].cast<py::list>()) {
    const auto ft = f.cast<py::tuple>();
    x.fields.push_back({ft[0].cast<std::string>(), datum_from(ft[1].cast<py::tuple>())});
  }
  return x;
}
py::list detail_state(const core::Note& n) {
  py::list out;
  for (const auto& [k, v] : n.detail) out.append(py::make_tuple(k, datum_state(v)));
  return out;
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
  for (const auto& n : d.notes)
    notes.append(py::make_tuple(n.label, n.text, n.data, detail_state(n)));
  py::object msg = py::none();
  if (d.msg) {
    py::list args;
    for (const core::Arg& a : d.msg->args) args.append(std::visit(ArgState{}, a.value));
    msg = py::make_tuple(std::string(core::info(d.msg->id).key), args);
  }
  return py::make_tuple(
      d.severity == core::Severity::Error, rule_or_none(d.rule), d.message,
      py::make_tuple(py::bytes(d.at.file), d.at.line, d.at.column, d.at.end_line, d.at.end_column),
      d.action, d.turn, d.player, d.situation, notes, d.follows_action,
      rule_or_none(d.follows_rule), msg, d.title, d.fails_run);
}

diag::Diagnostic diag_from(const py::tuple& t) {
  if (t.size() != 14) throw std::runtime_error("invalid Diagnostic state");
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
    if (nt.size() != 3 && nt.size() != 4) throw std::runtime_error("invalid Diagnostic state");
    core::Note note{nt[0].cast<std::string>(),
                    nt[1].cast<std::string>(),
                    nt[2].cast<std::vector<std::pair<std::string, int>>>(),
                    {}};
    for (const auto& kv : nt.size() == 4 ? nt[3].cast<py::list>() : py::list()) {
      const auto kt = kv.cast<py::tuple>();
      note.detail.emplace_back(kt[0].cast<std::string>(), datum_from(kt[1].cast<py::tuple>()));
    }
    d.notes.push_back(std::move(note));
  }
  d.follows_action = t[9].cast<int>();
  if (!t[10].is_none()) d.follows_rule = core::parse_rule_id(t[10].cast<std::string>());
  if (!t[11].is_none()) {
    const auto mt = t[11].cast<py::tuple>();
    const auto id = core::parse_message_key(mt[0].cast<std::string>());
    if (!id) throw std::runtime_error("invalid Diagnostic state (message id)");
    core::Message m{*id, {}};
    for (const auto& a : mt[1].cast<py::list>()) m.args.push_back(arg_from(a.cast<py::tuple>()));
    if (!core::message_mismatch(m.id, m.args).empty())
      throw std::runtime_error("invalid Diagnostic state (message arguments)");
    d.msg = std::move(m);
  }
  d.title = t[12].cast<std::string>();
  d.fails_run = t[13].cast<bool>();
  return d;
}

// The assertion counts (with require_assertions), or None.
py::object assertions_state(const diag::GameReport& r) {
  if (!r.assertions) return py::none();
  const diag::AssertionCounts& c = *r.assertions;
  return py::cast(std::vector<int>{c.rolls, c.gains, c.takes, c.hands, c.vp, c.awards, c.bank,
                                   c.robber, c.roll_without_gains});
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
  py::list deviations;
  for (const auto& d : r.deviations) deviations.append(diag_state(d));
  py::object keep_going = py::none();
  if (r.keep_going) {
    py::list after;
    for (const auto& n : r.keep_going->after_first)
      after.append(py::make_tuple(n.label, n.text, n.data));
    keep_going = py::make_tuple(after, r.keep_going->replayed, r.keep_going->stopped_at,
                                r.keep_going->stopped);
  }
  return py::make_tuple(py::bytes(r.file), r.index, r.id, static_cast<int>(r.status),
                        r.error ? py::object(diag_state(*r.error)) : py::object(py::none()),
                        warnings, r.actions, r.checked, r.turns, r.winner,
                        py::make_tuple(r.worlds, r.peak_worlds, r.unjudged_from, r.approximate_from,
                                       r.approximate_to),
                        options, g.text, deviations, keep_going, assertions_state(r));
}

Game game_from(const py::tuple& t) {
  if (t.size() != 16) throw std::runtime_error("invalid GameReport state");
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
  for (const auto& d : t[13].cast<py::list>())
    r.deviations.push_back(diag_from(d.cast<py::tuple>()));
  if (!t[14].is_none()) {
    const auto k = t[14].cast<py::tuple>();
    diag::KeepGoing kg;
    for (const auto& n : k[0].cast<py::list>()) {
      const auto nt = n.cast<py::tuple>();
      kg.after_first.push_back({nt[0].cast<std::string>(), nt[1].cast<std::string>(),
                                nt[2].cast<std::vector<std::pair<std::string, int>>>()});
    }
    kg.replayed = k[1].cast<int>();
    kg.stopped_at = k[2].cast<int>();
    kg.stopped = k[3].cast<std::string>();
    r.keep_going = std::move(kg);
  }
  if (!t[15].is_none()) {
    const auto a = t[15].cast<std::vector<int>>();
    if (a.size() != 9) throw std::runtime_error("invalid GameReport state (assertions)");
    diag::AssertionCounts c;
    c.rolls = a[0], c.gains = a[1], c.takes = a[2], c.hands = a[3], c.vp = a[4];
    c.awards = a[5], c.bank = a[6], c.robber = a[7], c.roll_without_gains = a[8];
    r.assertions = c;
  }
  return g;
}

std::string location_text(const diag::Diagnostic& d) {
  return diag::visible(d.at.file) + ":" + std::to_string(d.at.line) + ":" +
         std::to_string(d.at.column);
}

}  // namespace

replay::Settings settings_for(const std::vector<std::string>& rules, size_t max_scalar_bytes) {
  replay::Settings s;
  if (std::string err = replay::parse_rule_overrides(rules, s.rule_overrides, "rules");
      !err.empty())
    throw py::value_error(err);
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
      .def_property_readonly(
          "severity",
          [](const diag::Diagnostic& d) {
            return d.severity == core::Severity::Error ? "error" : "warning";
          },
          "\"error\" or \"warning\"")
      .def_property_readonly(
          "rule", [](const diag::Diagnostic& d) { return rule_or_none(d.rule); },
          "the rule ID (\"ROBBER-01\"), or None for malformed input")
      .def_property_readonly(
          "title",
          [](const diag::Diagnostic& d) {
            return d.rule ? std::string(core::info(*d.rule).title) : d.title;
          },
          "the rule's title (or a warning's), one line")
      .def_property_readonly(
          "message", [](const diag::Diagnostic& d) { return fs_str(d.message); },
          "what is wrong, in words, as the text report prints it")
      .def_property_readonly(
          "file", [](const diag::Diagnostic& d) { return fs_str(d.at.file); },
          "the file as named (os.fsdecode: bytes that are not UTF-8 as surrogates)")
      .def_property_readonly(
          "line", [](const diag::Diagnostic& d) { return d.at.line; }, "1-based; 0 when unknown")
      .def_property_readonly(
          "column", [](const diag::Diagnostic& d) { return d.at.column; },
          "1-based, in characters; 0 when unknown")
      .def_property_readonly(
          "end_line", [](const diag::Diagnostic& d) { return d.at.end_line; },
          "the line where the faulty text ends (0: unknown)")
      .def_property_readonly(
          "end_column", [](const diag::Diagnostic& d) { return d.at.end_column; },
          "the column just past the faulty text (0: unknown)")
      .def_readonly("action", &diag::Diagnostic::action,
                    "the 1-based entry; 0 for the header or the end of the log")
      .def_readonly("turn", &diag::Diagnostic::turn, "0 = set-up, -1 = not applicable")
      .def_property_readonly(
          "player",
          [](const diag::Diagnostic& d) {
            return d.player.empty() ? py::object(py::none()) : py::object(py::str(d.player));
          },
          "the player whose entry it is, or None")
      .def_readonly("situation", &diag::Diagnostic::situation,
                    "the game's situation at the entry, in words (phase, turn, whose)")
      .def_property_readonly(
          "notes",
          [](const diag::Diagnostic& d) {
            py::list out;
            for (const auto& n : d.notes) out.append(py::make_tuple(n.label, n.text));
            return out;
          },
          "(label, text) pairs, as the text report's notes")
      .def_readonly("follows_action", &diag::Diagnostic::follows_action,
                    "keep_going: the earlier deviation's action this one may follow from (0: "
                    "none)")
      .def_property_readonly(
          "follows_rule", [](const diag::Diagnostic& d) { return rule_or_none(d.follows_rule); },
          "keep_going: that deviation's rule ID, or None")
      .def(
          "__str__", [](const diag::Diagnostic& d) { return diag::render_text(d); },
          "the diagnostic as `check` prints it")
      .def("__repr__", [](const diag::Diagnostic& d) {
        return "<Diagnostic " + std::string(d.rule ? core::id(*d.rule) : "malformed") + " at " +
               location_text(d) + ">";
      });

  py::class_<Game>(m, "GameReport", "The verdict on one game (one document of a file).")
      .def_property_readonly(
          "file", [](const Game& g) { return fs_str(g.report.file); },
          "the file as named (os.fsdecode: bytes that are not UTF-8 as surrogates)")
      .def_property_readonly(
          "game", [](const Game& g) { return g.report.index + 1; }, "1-based within its file")
      .def_property_readonly(
          "id",
          [](const Game& g) {
            return g.report.id.empty() ? py::object(py::none()) : py::object(py::str(g.report.id));
          },
          "the game's `id:`, or None")
      .def_property_readonly(
          "status", [](const Game& g) { return std::string(diag::to_string(g.report.status)); },
          "legal, incomplete, illegal, malformed or unsupported")
      .def_property_readonly(
          "error", [](const Game& g) -> std::optional<diag::Diagnostic> { return g.report.error; },
          "the first illegal action's (or the malformed input's) Diagnostic, or None")
      .def_property_readonly(
          "warnings", [](const Game& g) { return g.report.warnings; },
          "the warnings (Diagnostics), in order")
      .def_property_readonly(
          "deviations", [](const Game& g) { return g.report.deviations; },
          "keep_going: every deviation after `error`, in order (empty otherwise)")
      .def_property_readonly(
          "keep_going",
          [](const Game& g) -> py::object {
            if (!g.report.keep_going) return py::none();
            const diag::KeepGoing& k = *g.report.keep_going;
            py::dict d;
            py::list after;
            for (const auto& n : k.after_first) after.append(py::make_tuple(n.label, n.text));
            d["deviations"] = g.report.deviations.size() + (g.report.error ? 1 : 0);
            d["replayed"] = k.replayed;
            d["stopped_at"] = k.stopped_at > 0 ? py::object(py::int_(k.stopped_at)) : py::none();
            d["stopped"] =
                k.stopped.empty() ? py::object(py::none()) : py::object(py::str(k.stopped));
            d["after_first"] = after;
            return d;
          },
          "keep_going on an illegal game: {deviations, replayed, stopped_at, stopped, "
          "after_first}; None otherwise")
      .def_property_readonly(
          "actions", [](const Game& g) { return g.report.actions; }, "how many entries the log has")
      .def_property_readonly(
          "checked", [](const Game& g) { return g.report.checked; },
          "how many entries were checked (up to the first illegal one)")
      .def_property_readonly(
          "turns", [](const Game& g) { return g.report.turns; }, "how many turns were played")
      .def_property_readonly(
          "winner",
          [](const Game& g) {
            return g.report.winner.empty() ? py::object(py::none())
                                           : py::object(py::str(g.report.winner));
          },
          "the winner's name, or None")
      .def_property_readonly(
          "assertions",
          [](const Game& g) -> py::object {
            if (!g.report.assertions) return py::none();
            const diag::AssertionCounts& c = *g.report.assertions;
            py::dict d;
            d["rolls"] = c.rolls, d["gains"] = c.gains, d["takes"] = c.takes;
            d["hands"] = c.hands, d["vp"] = c.vp, d["awards"] = c.awards;
            d["bank"] = c.bank, d["robber"] = c.robber;
            return d;
          },
          "with require_assertions: the assertions checked, by kind ({'rolls': production "
          "rolls, 'gains': ..., 'takes', 'hands', 'vp', 'awards', 'bank', 'robber'}), as "
          "`check --require-assertions` reports them; else None")
      .def_property_readonly(
          "rules_options",
          [](const Game& g) {
            return g.report.options ? py::object(options_dict(*g.report.options))
                                    : py::object(py::none());
          },
          "the rules options the game was checked with ({key: value}), or None (malformed)")
      .def_property_readonly(
          "text", [](const Game& g) { return g.text; },
          "the report as `check` prints it (diagnostic with excerpt, verdict)")
      .def("__repr__",
           [](const Game& g) {
             return "<GameReport " + diag::visible(g.report.file) + " game " +
                    std::to_string(g.report.index + 1) + ": " +
                    std::string(diag::to_string(g.report.status)) + ">";
           })
      .def(py::pickle([](const Game& g) { return game_state(g); },
                      [](const py::tuple& t) { return game_from(t); }));

  py::class_<Report>(m, "Report", "The verdicts of every game checked by one call.")
      .def(py::init([](const std::vector<Game>& games, const std::vector<std::string>& rules,
                       bool keep_going) {
             settings_for(rules);  // validates
             return Report{games, rules, keep_going};
           }),
           py::arg("games"), py::arg("rules") = std::vector<std::string>{},
           py::arg("keep_going") = false,
           "Joins game reports (from several calls, processes or machines) into one report.")
      .def_readonly("games", &Report::games, "the GameReports, in order")
      .def_readonly("rules", &Report::rules, "the rules overrides (\"KEY=VALUE\") checked with")
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
      .def_property_readonly(
          "warnings",
          [](const Report& r) {
            std::vector<diag::Diagnostic> out;
            for (const auto& g : r.games)
              out.insert(out.end(), g.report.warnings.begin(), g.report.warnings.end());
            return out;
          },
          "every game's warnings, in order")
      .def_property_readonly("exit_status", &exit_status,
                             "as `check` exits: 0 all legal, 1 some illegal or a warning that "
                             "fails the run (strict, require_assertions), 2 some malformed")
      .def("to_json", &render_json,
           "The report as `catan-referee check --format json` prints it (same rules, same files)")
      .def_property_readonly(
          "text",
          [](const Report& r) {
            std::string out;
            for (const auto& g : r.games) out += g.text;
            return out;
          },
          "the report as `catan-referee check` prints it")
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
      .def(
          py::pickle([](const Report& r) { return py::make_tuple(r.games, r.rules, r.keep_going); },
                     [](const py::tuple& t) {
                       if (t.size() != 3) throw std::runtime_error("invalid Report state");
                       return Report{t[0].cast<std::vector<Game>>(),
                                     t[1].cast<std::vector<std::string>>(), t[2].cast<bool>()};
                     }));

  bind_game(m);
  bind_imported(m);
  bind_tools(m);

  m.def(
      "check_imported",
      [](const std::vector<ImportedGame>& games, const std::vector<std::string>& rules,
         bool keep_going, bool strict, const std::optional<std::vector<std::string>>& require) {
        replay::Settings settings = settings_for(rules);
        settings.keep_going = keep_going;
        Report out{{}, rules, keep_going, policy_of(strict, require)};
        py::gil_scoped_release unlocked;
        add_imported(out, games, settings);
        return out;
      },
      py::arg("games"), py::arg("rules") = std::vector<std::string>{},
      py::arg("keep_going") = false, py::arg("strict") = false,
      py::arg("require_assertions") = py::none(),
      "Checks games of import_log as `check --from` does: positions in the source file.");

  m.def(
      "check_text",
      [](const std::string& text, const std::vector<std::string>& rules, const std::string& file,
         size_t max_scalar_bytes, bool keep_going, bool strict,
         const std::optional<std::vector<std::string>>& require) {
        const Limits limits{log::kDefaultMaxDocumentBytes, max_scalar_bytes};
        replay::Settings settings = settings_for(rules, limits.max_scalar_bytes);
        settings.keep_going = keep_going;
        Report out{{}, rules, keep_going, policy_of(strict, require)};
        py::gil_scoped_release unlocked;
        replay::FileOptions fo;
        fo.from = "catan-log";
        add_games(out, text, replay::check_text(file, text, settings, fo));
        return out;
      },
      py::arg("text"), py::arg("rules") = std::vector<std::string>{}, py::arg("file") = "<string>",
      py::arg("max_scalar_bytes") = Limits{}.max_scalar_bytes, py::arg("keep_going") = false,
      py::arg("strict") = false, py::arg("require_assertions") = py::none(),
      "Checks the games of a log's text; positions name `file`.");
  // The paths as check expands them (replay/input_paths.hpp): scan_paths and
  // skipped_files in the package.
  m.def(
      "_expand_paths",
      [](const std::vector<std::string>& paths, const std::vector<std::string>& globs,
         const std::vector<std::string>& excludes, bool gitignore) {
        replay::PathSelection select;
        for (const auto& g : globs) select.globs.push_back(replay::parse_pattern(g));
        for (const auto& x : excludes) select.excludes.push_back(replay::parse_pattern(x));
        select.gitignore = gitignore;
        replay::PathExpansion e;
        {
          py::gil_scoped_release unlocked;
          e = replay::expand_paths(paths, select);
        }
        py::list files, skipped;
        // Paths as bytes (the Python side gives them back through os.fsdecode).
        for (const auto& f : e.files) files.append(py::make_tuple(py::bytes(f.path), f.found));
        for (const auto& k : e.skipped) skipped.append(py::make_tuple(py::bytes(k.path), k.why));
        py::list empty;
        for (const auto& f : e.empty) empty.append(py::bytes(f));
        return py::make_tuple(files, empty, skipped);
      },
      py::arg("paths"), py::arg("globs") = std::vector<std::string>{},
      py::arg("excludes") = std::vector<std::string>{}, py::arg("gitignore") = true);
  m.def(
      "_check_files",
      [](const std::vector<std::string>& paths, const std::vector<std::string>& rules,
         size_t max_document_bytes, size_t max_scalar_bytes, const std::vector<bool>& found,
         bool keep_going, bool strict, const std::optional<std::vector<std::string>>& require) {
        if (!found.empty() && found.size() != paths.size())
          throw py::value_error("found needs one flag per path");
        const Limits limits{max_document_bytes, max_scalar_bytes};
        replay::Settings settings = settings_for(rules, limits.max_scalar_bytes);
        settings.keep_going = keep_going;
        Report out{{}, rules, keep_going, policy_of(strict, require)};
        py::gil_scoped_release unlocked;
        replay::FileOptions fo;
        fo.max_document_bytes = limits.max_document_bytes;
        for (size_t i = 0; i < paths.size(); ++i) {
          replay::check_file(paths[i], !found.empty() && found[i], settings, fo,
                             [&](diag::GameReport&& r, const diag::SourceText& src) {
                               add_game(out, std::move(r), src);
                             });
        }
        return out;
      },
      py::arg("paths"), py::arg("rules") = std::vector<std::string>{},
      py::arg("max_document_bytes") = Limits{}.max_document_bytes,
      py::arg("max_scalar_bytes") = Limits{}.max_scalar_bytes,
      py::arg("found") = std::vector<bool>{}, py::arg("keep_going") = false,
      py::arg("strict") = false, py::arg("require_assertions") = py::none(),
      "Checks log files (not folders) as `check FILE...` does; an unreadable file is a "
      "malformed game, as in the CLI. found[i]: paths[i] was found in a folder, so only a "
      "regular file is opened.");
}

}  // namespace catan::python
