// The CLI's other commands for the Python package: generate (gen::game_text), redact
// (log::redact_game), the SVG picture of a position (replay::show_position, as `show
// --format svg`) and the HTML report (replay::report_page, as `report`). Each reads its
// input with the front end the commands use (replay::read_documents, or
// read_text_documents for a log's text) and returns what the command writes, byte for byte.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <cerrno>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "diag/explain.hpp"
#include "diag/player_colours.hpp"
#include "diag/render_text.hpp"
#include "gen/generator.hpp"
#include "import/registry.hpp"
#include "log/redact.hpp"
#include "python/bindings.hpp"
#include "replay/at_spec.hpp"
#include "replay/input.hpp"
#include "replay/report_page.hpp"
#include "replay/show.hpp"

namespace py = pybind11;

namespace catan::python {
namespace {

// A source read as the commands read one: a file (path: its bytes) or a log's text named
// `name`. An input that cannot be read raises OSError as open() would; problems that
// stop it being read (a record that cannot be imported) are in `problems`.
struct Source {
  replay::Input in;
  std::vector<log::Document> docs;
  std::string file;  // as diagnostics name it
  std::vector<diag::Diagnostic> problems;
};

replay::InputOptions input_options(const std::string& fmt, int view) {
  if (fmt != "auto" && fmt != "catan-log" && !importers::find_format(fmt))
    throw py::value_error("fmt is auto, catan-log, " + importers::format_names() + ", not '" + fmt +
                          "'");
  if (view < -1 || view > 5) throw py::value_error("view is a seat from 0 to 5, or None");
  replay::InputOptions io;
  io.from = fmt;
  io.view_seat = view;
  io.dash_is_stdin = false;
  return io;
}

Source read_source(const std::string& source, bool is_text, const std::string& name,
                   const std::string& fmt, int view) {
  const replay::InputOptions io = input_options(fmt, view);
  Source s;
  s.file = is_text ? name : source;
  auto each = [&](log::Document&& d, const replay::Provenance&) { s.docs.push_back(std::move(d)); };
  {
    py::gil_scoped_release unlocked;
    s.in = is_text ? replay::read_text_documents(name, source, io, each)
                   : replay::read_documents(source, io, each);
  }
  if (s.in.errors.empty()) return s;
  if (const int err = s.in.errors.front().os_error; err != 0) {
    errno = err;
    PyErr_SetFromErrnoWithFilename(PyExc_OSError, source.c_str());
    throw py::error_already_set();
  }
  for (const replay::InputProblem& p : s.in.errors) {
    diag::Diagnostic d;
    d.message = p.message;
    d.at = {s.in.from.shown, p.line, p.column};
    s.problems.push_back(std::move(d));
  }
  return s;
}

replay::AtSpec at_of(const std::string& at) {
  const std::optional<replay::AtSpec> spec = replay::parse_at(at);
  if (!spec) throw py::value_error(std::string(replay::kAtUsage).substr(2) + ", not '" + at + "'");
  return *spec;
}

replay::Settings settings_of(const std::vector<std::string>& rules, size_t max_worlds) {
  if (max_worlds < 1 || max_worlds > 100000000)
    throw py::value_error("max_worlds is from 1 to 100000000");
  replay::Settings settings = settings_for(rules);
  settings.max_worlds = max_worlds;
  return settings;
}

// The malformed document's diagnostic, as the commands report it.
diag::Diagnostic malformed_error(const std::string& file, const log::Document& doc) {
  diag::GameReport r = replay::malformed(file, doc);
  return r.error ? *r.error : diag::Diagnostic{};
}

using Result = std::pair<py::object, std::vector<diag::Diagnostic>>;

// `colors={"blue": "green", ...}` of svg() and report_html(): each colour read as
// --colors reads it (a name or #RRGGBB), else ValueError.
diag::ColourChoices colour_choices(const std::vector<std::pair<std::string, std::string>>& colors) {
  diag::ColourChoices out;
  for (const auto& [player, colour] : colors) {
    auto c = diag::parse_colour(colour);
    if (!c)
      throw py::value_error("colors: \"" + diag::visible(colour) +
                            "\" is not a colour: a colour name (red, blue, ...) or #RRGGBB");
    out.push_back({player, *c});
  }
  return out;
}

}  // namespace

void bind_tools(py::module_& m) {
  m.def(
      "_generate",
      [](uint64_t seed, int players, int count, bool header_only, double trade_bias,
         double build_bias, int expect_every, const std::vector<std::string>& rules) {
        // The base game's 3-4 players or the five-six extension's 5-6.
        const int fewest = core::Edition::base().min_players;
        const int most = core::Edition::five_six().max_players;
        if (players < fewest || players > most)
          throw py::value_error(fmt::format("players is from {} to {}", fewest, most));
        if (count < 1 || count > 1000000) throw py::value_error("count is from 1 to 1000000");
        if (!(trade_bias >= 0 && trade_bias <= 10) || !(build_bias >= 0 && build_bias <= 10))
          throw py::value_error("trade_bias and build_bias are from 0 to 10");
        if (expect_every < 0 || expect_every > 1000)
          throw py::value_error("expect_every is from 0 to 1000");
        gen::GenOptions g;
        g.players = players;
        g.trade_bias = trade_bias;
        g.build_bias = build_bias;
        g.expect_every = expect_every;
        for (const std::string& r : rules) {
          const std::string err = r.find('=') == std::string::npos
                                      ? "rules takes KEY=VALUE"
                                      : core::apply_option_item(g.rules, r);
          if (!err.empty()) throw py::value_error("rules " + r + ": " + err);
        }
        std::vector<std::string> out;
        py::gil_scoped_release unlocked;
        for (int i = 0; i < count; ++i) {
          g.seed = seed + static_cast<uint64_t>(i);
          out.push_back(gen::game_text(g, header_only));
        }
        return out;
      },
      py::arg("seed"), py::arg("players"), py::arg("count"), py::arg("header_only"),
      py::arg("trade_bias"), py::arg("build_bias"), py::arg("expect_every"), py::arg("rules"));

  m.def(
      "_redact",
      [](const std::string& source, bool is_text, const std::string& name, const std::string& view,
         bool hide_discards, const std::string& dice, const std::string& fmt) -> Result {
        if (dice != "pair" && dice != "sum")
          throw py::value_error("dice is pair or sum, not '" + dice + "'");
        Source s = read_source(source, is_text, name, fmt, -1);
        if (!s.problems.empty()) return {py::none(), s.problems};
        log::RedactOptions ro;
        ro.hide_discards = hide_discards;
        ro.dice_sum = dice == "sum";
        std::string result;
        for (const log::Document& doc : s.docs) {
          if (!doc.game) return {py::none(), {malformed_error(s.file, doc)}};
          const std::optional<std::string> one = log::redact_game(*doc.game, view, ro);
          if (!one)
            throw py::value_error(s.in.from.shown +
                                  ": view names a player of the game or `spectator`, not '" +
                                  diag::visible(view) + "'");
          result += (result.empty() ? "" : "---\n") + *one;
        }
        return {py::str(result), {}};
      },
      py::arg("source"), py::arg("is_text"), py::arg("name"), py::arg("view"),
      py::arg("hide_discards"), py::arg("dice"), py::arg("fmt"));

  m.def(
      "_svg",
      [](const std::string& source, bool is_text, const std::string& name, const std::string& at,
         int game, bool coords, const std::vector<std::string>& rules, const std::string& fmt,
         int view, size_t max_worlds,
         const std::vector<std::pair<std::string, std::string>>& colors) -> Result {
        const diag::ColourChoices choices = colour_choices(colors);
        const replay::AtSpec spec = at_of(at);
        const replay::Settings settings = settings_of(rules, max_worlds);
        if (game < 0) throw py::value_error("game is 1 or more (1-based), or None");
        Source s = read_source(source, is_text, name, fmt, view);
        if (!s.problems.empty()) return {py::none(), s.problems};
        replay::GamePick pick(game == 0 ? 1 : game, spec, game > 0);
        for (log::Document& d : s.docs) pick.offer(std::move(d));
        if (!pick.chosen())
          throw py::value_error(diag::visible(s.file) + ": no game " +
                                std::to_string(game == 0 ? 1 : game) + " in the file");
        const log::Document& doc = *pick.chosen();
        if (!doc.game) return {py::none(), {malformed_error(s.file, doc)}};
        std::string svg;  // or, when the header is illegal or unsupported, its report
        bool drawn = false;
        {
          py::gil_scoped_release unlocked;
          const replay::Shown shown = replay::show_position(s.file, *doc.game, settings, spec);
          drawn = shown.out.state.has_value();
          svg = drawn ? replay::shown_svg(shown, *doc.game, coords, choices)
                      : diag::render_text(shown.out.report, false);
        }
        if (!drawn) throw py::value_error("no position to draw (no game state): " + svg);
        return {py::str(svg), {}};
      },
      py::arg("source"), py::arg("is_text"), py::arg("name"), py::arg("at"), py::arg("game"),
      py::arg("coords"), py::arg("rules"), py::arg("fmt"), py::arg("view"), py::arg("max_worlds"),
      py::arg("colors"));

  m.def(
      "_report_html",
      [](const std::string& source, bool is_text, const std::string& name, const std::string& at,
         int game, const std::vector<std::string>& rules, const std::string& fmt, int view,
         size_t max_worlds, size_t max_entries, const std::string& package_dir,
         const std::vector<std::pair<std::string, std::string>>& colors) -> Result {
        const diag::ColourChoices choices = colour_choices(colors);
        const replay::AtSpec spec = at_of(at);
        const replay::Settings settings = settings_of(rules, max_worlds);
        if (max_entries < 1 || max_entries > 1000000)
          throw py::value_error("max_entries is from 1 to 1000000");
        if (game < 0) throw py::value_error("game is 1 or more (1-based), or None");
        Source s = read_source(source, is_text, name, fmt, view);
        if (!s.problems.empty()) return {py::none(), s.problems};
        if (game == 0 && s.docs.size() != 1)
          throw py::value_error(diag::visible(s.file) + " has " + std::to_string(s.docs.size()) +
                                " games; report_html makes the page of one (game=N)");
        if (game > static_cast<int>(s.docs.size()))
          throw py::value_error(diag::visible(s.file) + ": no game " + std::to_string(game) +
                                " in the file");
        const log::Document& doc = s.docs[static_cast<size_t>(game == 0 ? 0 : game - 1)];
        if (!doc.game) return {py::none(), {malformed_error(s.file, doc)}};
        if (doc.game->actions.size() > max_entries)
          throw py::value_error(
              diag::visible(s.file) + ":" + std::to_string(doc.game->at.line) + ":" +
              std::to_string(doc.game->at.column) + ": game " + std::to_string(doc.index + 1) +
              " has " + std::to_string(doc.game->actions.size()) +
              " entries; a report holds at most " + std::to_string(max_entries) + " (max_entries)");
        // The explain panel names the rules reference as the CLI does, found from the
        // package's folder (<prefix>/<python dir>/catan_referee, or the build tree's).
        const std::string reference = diag::find_rules_reference(
            package_dir, CATAN_PYTHON_INSTALL_DIR "/catan_referee", CATAN_INSTALL_DOCDIR,
            CATAN_BUILD_DIR "/python/catan_referee", CATAN_SOURCE_DIR, CATAN_DOC_DIR "/rules.md");
        std::string html;
        {
          py::gil_scoped_release unlocked;
          html = replay::report_page(s.file, s.in.text, *doc.game, settings, spec,
                                     is_text ? std::string() : replay::file_url(source), reference,
                                     choices)
                     .html;
        }
        return {py::str(html), {}};
      },
      py::arg("source"), py::arg("is_text"), py::arg("name"), py::arg("at"), py::arg("game"),
      py::arg("rules"), py::arg("fmt"), py::arg("view"), py::arg("max_worlds"),
      py::arg("max_entries"), py::arg("package_dir"), py::arg("colors"));
}

}  // namespace catan::python
