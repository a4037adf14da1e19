#include "diag/render_json.hpp"

#include "diag/json_writer.hpp"
#include "diag/message_text.hpp"

namespace catan::diag {

core::Options run_options(const RunInfo& run) {
  core::Options o;
  for (const auto& item : run.rule_overrides) {  // validated by the CLI: errors are ignored
    const size_t eq = item.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    if (key == "profile")
      (void)core::apply_profile(o, value);
    else
      (void)core::set_option(o, key, value);
  }
  return o;
}

void write_options(JsonWriter& w, const core::Options& o) {
  w.begin_object();
  for (const auto& info : core::option_table()) {
    const std::string v = core::get_option(o, info.key);
    w.key(info.key);
    if (info.values.empty())
      w.value(std::stoi(v));  // an integer option
    else
      w.value(v);
  }
  w.end_object();
}

void write_diagnostic(JsonWriter& w, const Diagnostic& d) {
  w.begin_object();
  w.key("severity").value(d.severity == core::Severity::Error ? "error" : "warning");
  w.key("rule");
  if (d.rule)
    w.value(core::id(*d.rule));
  else
    w.null();
  w.key("title");
  if (d.rule)
    w.value(core::info(*d.rule).title);
  else if (!d.title.empty())
    w.value(d.title);
  else
    w.value(d.severity == core::Severity::Error ? "malformed input" : "");
  w.key("message").value(d.message);
  if (d.msg) {  // the message's template (docs/REPORT-FORMAT.md) and its typed arguments
    w.key("message-id").value(core::info(d.msg->id).key);
    w.key("arguments");
    write_arguments(w, *d.msg);
  }
  w.key("file").value(d.at.file);
  w.key("line").value(d.at.line);
  w.key("column").value(d.at.column);
  w.key("action").value(d.action);
  w.key("turn").value(d.turn);
  w.key("player");
  if (d.player.empty())
    w.null();
  else
    w.value(d.player);
  w.key("situation").value(d.situation);
  w.key("notes").begin_array();
  for (const auto& n : d.notes) {
    w.begin_object().key("label").value(n.label).key("text").value(n.text);
    if (!n.data.empty()) {  // the numbers the text states
      w.key("data").begin_object();
      for (const auto& [k, v] : n.data) w.key(k).value(v);
      w.end_object();
    }
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

void write_game(JsonWriter& w, const GameReport& r) {
  w.begin_object();
  w.key("file").value(r.file);
  w.key("game").value(r.index + 1);
  w.key("id");
  if (r.id.empty())
    w.null();
  else
    w.value(r.id);
  w.key("status").value(to_string(r.status));
  w.key("actions").value(r.actions);
  w.key("checked").value(r.checked);
  w.key("turns").value(r.turns);
  w.key("rules_options");
  if (r.options)
    write_options(w, *r.options);
  else
    w.null();
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
  if (r.winner.empty())
    w.null();
  else
    w.value(r.winner);
  if (r.assertions) {
    const AssertionCounts& c = *r.assertions;
    w.key("assertions").begin_object();
    w.key("rolls").value(c.rolls);
    w.key("gains").value(c.gains);
    w.key("takes").value(c.takes);
    w.key("hands").value(c.hands);
    w.key("vp").value(c.vp);
    w.key("awards").value(c.awards);
    w.key("bank").value(c.bank);
    w.key("robber").value(c.robber);
    w.end_object();
  }
  w.key("error");
  if (r.error)
    write_diagnostic(w, *r.error);
  else
    w.null();
  if (!r.more_errors.empty()) {
    w.key("more_errors").begin_array();
    for (const auto& d : r.more_errors) write_diagnostic(w, d);
    w.end_array();
  }
  w.key("warnings").begin_array();
  for (const auto& d : r.warnings) write_diagnostic(w, d);
  w.end_array();
  w.end_object();
}

std::string render_json(const std::vector<GameReport>& reports, const RunInfo& run) {
  JsonWriter w;
  int counts[5] = {};
  w.begin_object();
  w.key("format").value(kReportFormat);
  w.key("tool").begin_object().key("name").value("catan-referee");
  w.key("version").value(run.tool_version).end_object();
  w.key("rule_overrides").begin_array();
  for (const auto& item : run.rule_overrides) w.value(item);
  w.end_array();
  w.key("rules_options");
  write_options(w, run_options(run));
  w.key("games").begin_array();
  for (const auto& r : reports) {
    ++counts[static_cast<int>(r.status)];
    write_game(w, r);
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

std::string render_jsonl(const GameReport& r) {
  JsonWriter w(false);
  write_game(w, r);
  return w.str() + "\n";
}

}  // namespace catan::diag
