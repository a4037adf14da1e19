#include "diag/render_json.hpp"

#include "diag/json_writer.hpp"

namespace catan::diag {
namespace {

void write(JsonWriter& w, const Diagnostic& d) {
  w.begin_object();
  w.key("severity").value(d.severity == core::Severity::Error ? "error" : "warning");
  w.key("rule");
  if (d.rule) w.value(core::id(*d.rule));
  else w.null();
  w.key("title");
  if (d.rule) w.value(core::info(*d.rule).title);
  else w.value(d.severity == core::Severity::Error ? "malformed input" : "");
  w.key("message").value(d.message);
  w.key("file").value(d.at.file);
  w.key("line").value(d.at.line);
  w.key("column").value(d.at.column);
  w.key("action").value(d.action);
  w.key("turn").value(d.turn);
  w.key("player");
  if (d.player.empty()) w.null();
  else w.value(d.player);
  w.key("situation").value(d.situation);
  w.key("notes").begin_array();
  for (const auto& n : d.notes) w.begin_object().key("label").value(n.label).key("text").value(n.text).end_object();
  w.end_array();
  w.end_object();
}

}  // namespace

std::string render_json(const std::vector<GameReport>& reports) {
  JsonWriter w;
  int counts[5] = {};
  w.begin_object();
  w.key("format").value(kReportFormat);
  w.key("games").begin_array();
  for (const auto& r : reports) {
    ++counts[static_cast<int>(r.status)];
    w.begin_object();
    w.key("file").value(r.file);
    w.key("game").value(r.index + 1);
    w.key("id");
    if (r.id.empty()) w.null();
    else w.value(r.id);
    w.key("status").value(to_string(r.status));
    w.key("actions").value(r.actions);
    w.key("checked").value(r.checked);
    w.key("turns").value(r.turns);
    if (r.peak_worlds > 0) {
      auto or_null = [&](int v) -> JsonWriter& { return v > 0 ? w.value(v) : w.null(); };
      w.key("player_view").begin_object();
      w.key("worlds").value(static_cast<long long>(r.worlds));
      w.key("peak_worlds").value(static_cast<long long>(r.peak_worlds));
      w.key("approximate_from");
      or_null(r.approximate_from);
      w.key("approximate_to");
      or_null(r.approximate_to);
      w.key("unjudged_from");
      or_null(r.unjudged_from);
      w.end_object();
    }
    w.key("winner");
    if (r.winner.empty()) w.null();
    else w.value(r.winner);
    w.key("error");
    if (r.error) write(w, *r.error);
    else w.null();
    w.key("warnings").begin_array();
    for (const auto& d : r.warnings) write(w, d);
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("summary").begin_object();
  w.key("games").value(static_cast<int>(reports.size()));
  w.key("legal").value(counts[0]);
  w.key("incomplete").value(counts[1]);
  w.key("illegal").value(counts[2]);
  w.key("malformed").value(counts[3]);
  w.key("unsupported").value(counts[4]);
  w.end_object();
  w.end_object();
  return w.str() + "\n";
}

}  // namespace catan::diag
