#include "diag/render_json.hpp"

#include <sstream>

#include "core/geometry.hpp"
#include "diag/json_writer.hpp"
#include "diag/message_text.hpp"

namespace catan::diag {

namespace {

// A note's structured datum: places as their canonical coordinates ([q, r] for a hex,
// [q, r, "N"] for a corner, [q, r, "E"] for a path), lists as arrays, fields as objects.
void write_datum(JsonWriter& w, const core::Datum& d) {
  using K = core::Datum::Kind;
  switch (d.kind) {
    case K::Number:
      w.value(d.number);
      return;
    case K::Name:
      w.value(d.name);
      return;
    case K::Hex: {
      w.begin_array().value(d.at.q).value(d.at.r).end_array();
      return;
    }
    case K::Corner: {
      const auto dir = static_cast<core::CornerDir>(d.number);
      w.begin_array().value(d.at.q).value(d.at.r).value(core::to_string(dir)).end_array();
      return;
    }
    case K::Edge: {
      const auto dir = static_cast<core::EdgeDir>(d.number);
      w.begin_array().value(d.at.q).value(d.at.r).value(core::to_string(dir)).end_array();
      return;
    }
    case K::List:
      w.begin_array();
      for (const auto& item : d.items) write_datum(w, item);
      w.end_array();
      return;
    case K::Fields:
      w.begin_object();
      for (const auto& [k, v] : d.fields) write_datum(w.key(k), v);
      w.end_object();
      return;
  }
}

}  // namespace

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

void write_resources(JsonWriter& w, const core::ResourceSet& r, bool zeros) {
  w.begin_object();
  for (int i = 0; i < core::kResourceCount; ++i)
    if (zeros || r.n[i] != 0) w.key(core::to_string(static_cast<core::Resource>(i))).value(r.n[i]);
  w.end_object();
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

void write_notes(JsonWriter& w, const std::vector<core::Note>& notes) {
  w.key("notes").begin_array();
  for (const auto& n : notes) {
    w.begin_object().key("label").value(n.label).key("text").value(n.text);
    if (!n.data.empty() || !n.detail.empty()) {  // the numbers and places the text states
      w.key("data").begin_object();
      for (const auto& [k, v] : n.data) w.key(k).value(v);
      for (const auto& [k, v] : n.detail) write_datum(w.key(k), v);
      w.end_object();
    }
    w.end_object();
  }
  w.end_array();
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
  if (!d.at.json_path.empty()) w.key("json-path").value(d.at.json_path);  // a JSON source
  w.key("action").value(d.action);
  w.key("turn").value(d.turn);
  w.key("player");
  if (d.player.empty())
    w.null();
  else
    w.value(d.player);
  w.key("situation").value(d.situation);
  if (d.fails_run) w.key("fails-run").value(true);  // check --strict, --require-assertions
  write_notes(w, d.notes);
  if (d.follows_action > 0 && d.follows_rule) {  // check --keep-going
    w.key("follows").begin_object();
    w.key("action").value(d.follows_action);
    w.key("rule").value(core::id(*d.follows_rule));
    w.end_object();
  }
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
  w.key("rules-options");
  if (r.options)
    write_options(w, *r.options);
  else
    w.null();
  if (r.peak_worlds > 0) {
    auto or_null = [&](int v) -> JsonWriter& { return v > 0 ? w.value(v) : w.null(); };
    w.key("player-view").begin_object();
    w.key("worlds").value(static_cast<long long>(r.worlds));
    w.key("peak-worlds").value(static_cast<long long>(r.peak_worlds));
    w.key("approximate-from");
    or_null(r.approximate_from);
    w.key("approximate-to");
    or_null(r.approximate_to);
    w.key("unjudged-from");
    or_null(r.unjudged_from);
    w.key("win-rests-on-unseen").value(r.win_rests_on_unseen);
    w.key("held-as-constraints").value(r.worlds_constrained);
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
    w.key("more-errors").begin_array();
    for (const auto& d : r.more_errors) write_diagnostic(w, d);
    w.end_array();
  }
  w.key("warnings").begin_array();
  for (const auto& d : r.warnings) write_diagnostic(w, d);
  w.end_array();
  if (r.keep_going) {  // check --keep-going on an illegal game
    const KeepGoing& k = *r.keep_going;
    w.key("keep-going").begin_object();
    w.key("deviations").value(static_cast<int>(r.deviations.size()) + (r.error ? 1 : 0));
    w.key("replayed").value(k.replayed);
    w.key("stopped-at");
    if (k.stopped_at > 0)
      w.value(k.stopped_at);
    else
      w.null();
    w.key("stopped");
    if (k.stopped.empty())
      w.null();
    else
      w.value(k.stopped);
    write_notes(w, k.after_first);
    w.end_object();
    w.key("deviations").begin_array();
    for (const auto& d : r.deviations) write_diagnostic(w, d);
    w.end_array();
  }
  w.end_object();
}

namespace {

// The report as one document: the opening at construction, a game at a time, the summary
// at finish(); only the counts are kept.
class JsonStream final : public ReportStream {
 public:
  JsonStream(const RunInfo& run, std::ostream& out)
      : out_(out),
        run_keep_going_(run.keep_going),
        run_warnings_(run.run_warnings),
        failing_(failing_warnings(run)) {
    w_.begin_object();
    w_.key("format").value(kReportFormat);
    w_.key("tool").begin_object().key("name").value("catan-referee");
    w_.key("version").value(run.tool_version).end_object();
    w_.key("rule-overrides").begin_array();
    for (const auto& item : run.rule_overrides) w_.value(item);
    w_.end_array();
    w_.key("rules-options");
    write_options(w_, run_options(run));
    w_.key("games").begin_array();
    w_.drain(out_);
  }

  void game(const GameReport& r) override {
    ++games_;
    ++counts_[static_cast<int>(r.status)];
    failing_ += failing_warnings(r);
    write_game(w_, r);
    if (r.keep_going) {
      keep_going_ = true;
      deviations_ += static_cast<int>(r.deviations.size()) + (r.error ? 1 : 0);
    }
    w_.drain(out_);
  }

  void finish() override {
    w_.end_array();
    w_.key("summary").begin_object();
    w_.key("games").value(games_);
    w_.key("legal").value(counts_[0]);
    w_.key("incomplete").value(counts_[1]);
    w_.key("illegal").value(counts_[2]);
    w_.key("malformed").value(counts_[3]);
    w_.key("unsupported").value(counts_[4]);
    if (keep_going_ || run_keep_going_) w_.key("deviations").value(deviations_);
    // Warnings that make the exit status 1 (check --strict, --require-assertions), and the
    // run's own warnings (a directory without logs).
    w_.key("failing-warnings").value(failing_);
    if (!run_warnings_.empty()) {
      w_.key("run-warnings").begin_array();
      for (const auto& text : run_warnings_) w_.value(text);
      w_.end_array();
    }
    w_.end_object();
    w_.end_object();
    w_.drain(out_);
    out_.put('\n');
  }

  size_t held_bytes() const override { return w_.str().size(); }

 private:
  JsonWriter w_;
  std::ostream& out_;
  const bool run_keep_going_;  // check --keep-going: the summary counts the deviations
  bool keep_going_ = false;    // some game was replayed on after its first deviation
  const std::vector<std::string> run_warnings_;
  int games_ = 0, deviations_ = 0;
  int failing_;         // warnings that fail the run
  int counts_[5] = {};  // by Status
};

// One compact line per game; nothing before or after.
class JsonlStream final : public ReportStream {
 public:
  explicit JsonlStream(std::ostream& out) : out_(out) {}
  void game(const GameReport& r) override {
    const std::string line = render_jsonl(r);
    out_.write(line.data(), static_cast<std::streamsize>(line.size()));
  }
  void finish() override {}

 private:
  std::ostream& out_;
};

}  // namespace

std::unique_ptr<ReportStream> make_json_stream(const RunInfo& run, std::ostream& out) {
  return std::make_unique<JsonStream>(run, out);
}

std::unique_ptr<ReportStream> make_jsonl_stream(std::ostream& out) {
  return std::make_unique<JsonlStream>(out);
}

std::string render_json(const std::vector<GameReport>& reports, const RunInfo& run) {
  std::ostringstream out;
  const auto stream = make_json_stream(run, out);
  for (const auto& r : reports) stream->game(r);
  stream->finish();
  return std::move(out).str();
}

std::string render_jsonl(const GameReport& r) {
  JsonWriter w(false);
  write_game(w, r);
  return w.str() + "\n";
}

}  // namespace catan::diag
