// catan_referee.Game: one live game on replay::Session, for engines and bots that referee
// as they play: the header, then play(entry) per entry; legal_actions(), state(), undo().
#include <pybind11/stl.h>

#include <string>
#include <utility>

#include "core/resources.hpp"
#include "gen/generator.hpp"
#include "python/bindings.hpp"
#include "replay/session.hpp"
#include "replay/tree_json.hpp"

namespace py = pybind11;

namespace catan::python {
namespace {

py::dict resources(const core::ResourceSet& r) {
  py::dict d;
  for (int i = 0; i < core::kResourceCount; ++i) {
    const auto res = static_cast<core::Resource>(i);
    if (r[res] != 0) d[py::str(std::string(core::to_string(res)))] = r[res];
  }
  return d;
}

// Effects per player name: {"red": {...}} for the cards, VP as (fewest, most).
py::dict effects_dict(const replay::Effects& e, const log::Game& header) {
  py::dict gained, lost, vp;
  for (size_t p = 0; p < header.players.size(); ++p) {
    const py::str name(header.players[p]);
    if (p < e.gained.size()) gained[name] = resources(e.gained[p]);
    if (p < e.lost.size()) lost[name] = resources(e.lost[p]);
    if (p < e.vp_min.size() && p < e.vp_max.size())
      vp[name] = py::make_tuple(e.vp_min[p], e.vp_max[p]);
  }
  auto name_or_none = [](const std::string& s) {
    return s.empty() ? py::object(py::none()) : py::object(py::str(s));
  };
  py::dict d;
  d["gained"] = gained;
  d["lost"] = lost;
  d["vp"] = vp;
  d["longest_road"] = name_or_none(e.longest_road);
  d["largest_army"] = name_or_none(e.largest_army);
  d["winner"] = name_or_none(e.winner);
  return d;
}

struct Verdict {
  replay::Verdict v;
  py::object effects = py::none();
};

// The filter of legal_actions and trade_summaries; bad names are ValueErrors.
replay::LegalFilter legal_filter(const replay::Session& s, const std::vector<std::string>& kinds,
                                 const std::string& player) {
  replay::LegalFilter filter;
  if (std::string err = filter.set(kinds, player, s.header().players, "kind names"); !err.empty())
    throw py::value_error(err);
  return filter;
}

}  // namespace

void bind_game(py::module_& m) {
  py::class_<Verdict>(m, "Verdict", "The referee's answer to one played entry.")
      .def_property_readonly(
          "kind", [](const Verdict& v) { return replay::to_string(v.v.kind); },
          "ok, illegal, unjudged (player-view worlds outgrew the bound, or keep_going "
          "cannot follow past the entry), malformed, header (no entry can be played) or, "
          "with Game(..., keep_going=True), deviation (the entry breaks a rule and was "
          "played on as the log's engine played it)")
      .def_property_readonly(
          "ok", [](const Verdict& v) { return v.v.ok(); }, "the entry was accepted (kind ok)")
      .def("__bool__", [](const Verdict& v) { return v.v.ok(); })
      .def_property_readonly(
          "action", [](const Verdict& v) { return v.v.action; }, "the entry's number (1-based)")
      .def_property_readonly(
          "error", [](const Verdict& v) -> std::optional<diag::Diagnostic> { return v.v.error; },
          "why the entry was refused (a Diagnostic), or None")
      .def_property_readonly(
          "warnings", [](const Verdict& v) { return v.v.warnings; },
          "the entry's warnings (Diagnostics)")
      .def_property_readonly(
          "deviations", [](const Verdict& v) { return v.v.deviations; },
          "kind deviation: every deviation of the entry, in order, each with what was "
          "adopted to go on and the deviation it may follow from (the first is `error`)")
      .def_property_readonly(
          "effects", [](const Verdict& v) { return v.effects; },
          "with play(..., effects=True): production paid and cards moved "
          "(gained, lost), VP as (fewest, most), award holders, winner")
      .def("__repr__", [](const Verdict& v) {
        std::string s = "<Verdict " + std::string(replay::to_string(v.v.kind)) + " action " +
                        std::to_string(v.v.action);
        if (v.v.error && v.v.error->rule) s += " " + std::string(core::id(*v.v.error->rule));
        return s + ">";
      });

  // A header that cannot be read is returned as its diagnostic, for the Python side to
  // raise MalformedLog with its position: (session, None) or (None, diagnostic).
  m.def(
      "_open_session",
      [](const std::string& header, const std::vector<std::string>& rules, const std::string& file,
         bool keep_going) -> std::pair<py::object, py::object> {
        replay::Settings settings = settings_for(rules);
        settings.keep_going = keep_going;
        settings.make_board = [](uint64_t seed, int players) {
          return gen::random_board_for(seed, players);
        };
        try {
          return {py::cast(replay::Session::from_text(header, settings, file)), py::none()};
        } catch (const replay::HeaderError& e) {
          return {py::none(), py::cast(e.error)};
        }
      },
      py::arg("header"), py::arg("rules"), py::arg("file"), py::arg("keep_going") = false);

  py::class_<replay::Session>(m, "_Session")
      .def_property_readonly("header_error",
                             [](const replay::Session& s) { return s.header_error(); })
      .def_property_readonly("players", [](const replay::Session& s) { return s.header().players; })
      .def_property_readonly(
          "board_json",
          [](const replay::Session& s) { return replay::board_json(s.header().board); })
      .def_property_readonly("board_seed", &replay::Session::board_seed)
      .def(
          "play",
          [](replay::Session& s, const std::string& entry, bool effects, int line) {
            Verdict out{s.play_text(entry, effects, line)};
            if (out.v.effects) out.effects = effects_dict(*out.v.effects, s.header());
            return out;
          },
          py::arg("entry"), py::arg("effects") = false, py::arg("line") = 1)
      .def(
          "legal_actions",
          [](const replay::Session& s, const std::vector<std::string>& kinds,
             const std::string& player, bool as_json, bool no_trades, bool with_worlds) {
            replay::LegalFilter filter = legal_filter(s, kinds, player);
            filter.no_trades = no_trades;
            std::vector<size_t> worlds;
            std::vector<size_t>* counts = with_worlds ? &worlds : nullptr;
            std::vector<std::string> entries =
                as_json ? s.legal_entries_json(filter, counts) : s.legal_entries(filter, counts);
            return std::make_pair(std::move(entries), std::move(worlds));
          },
          py::arg("kinds") = std::vector<std::string>{}, py::arg("player") = "",
          py::arg("as_json") = false, py::arg("no_trades") = false, py::arg("with_worlds") = false)
      .def_property_readonly("consistent_worlds", &replay::Session::consistent_worlds)
      .def(
          "trade_summaries",
          [](const replay::Session& s, const std::string& player) {
            return s.trade_summaries_json(legal_filter(s, {}, player));
          },
          py::arg("player") = "")
      .def("state_json", &replay::Session::state_json, py::arg("pretty") = false)
      .def("undo", &replay::Session::undo)
      .def_property_readonly("entries", &replay::Session::entries)
      .def_property_readonly("unjudged", &replay::Session::unjudged);
}

}  // namespace catan::python
