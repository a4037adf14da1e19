#include "diag/render_sarif.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "diag/json_writer.hpp"
#include "diag/message_text.hpp"
#include "diag/render_json.hpp"

namespace catan::diag {
namespace {

constexpr const char* kSchema = "https://json.schemastore.org/sarif-2.1.0.json";

// The descriptors beyond the catalog, after its rules in driver.rules.
struct ExtraRule {
  const char* id;
  const char* name;
  const char* short_text;
  const char* full_text;
  const char* tag;
};
constexpr ExtraRule kExtra[] = {
    {kSarifMalformedId, "MalformedInput", "Malformed input",
     "The input must be a readable catan-log/1 document of the right shape: valid YAML, "
     "known keys only, no duplicate keys, values of the expected types.",
     "input"},
    {kSarifUnsupportedId, "UnsupportedInput", "Unsupported input",
     "The game uses a set-up or variant that this checker cannot replay, so it was not checked.",
     "input"},
};

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// "SETUP-03" -> "SETUP": the catalog section a rule belongs to.
// "SETUP", or a five-six rule's "X56-SBP".
std::string_view area(std::string_view rule_id) {
  return rule_id.substr(0, rule_id.find('-', rule_id.starts_with("X56-") ? 4 : 0));
}

// The index in driver.rules of a diagnostic's descriptor, and its id.
std::pair<int, std::string_view> descriptor_of(const Diagnostic& d, Status status) {
  if (d.rule) return {static_cast<int>(*d.rule), core::id(*d.rule)};  // the table is in enum order
  const int base = static_cast<int>(core::rule_table().size());
  if (status == Status::Unsupported) return {base + 1, kSarifUnsupportedId};
  return {base, kSarifMalformedId};
}

std::string text_with_notes(const Diagnostic& d) {
  std::string text = d.message;
  for (const auto& n : d.notes) text += fmt::format("; {}: {}", n.label, n.text);
  return text;
}

void write_descriptor(JsonWriter& w, std::string_view id, std::string_view name,
                      std::string_view short_text, std::string_view full_text,
                      std::string_view help, std::string_view tag1, std::string_view tag2,
                      std::string_view help_uri, const core::Rule* rule = nullptr) {
  w.begin_object();
  w.key("id").value(id);
  w.key("name").value(name);
  w.key("shortDescription").begin_object().key("text").value(short_text).end_object();
  w.key("fullDescription").begin_object().key("text").value(full_text).end_object();
  if (!help_uri.empty()) w.key("helpUri").value(help_uri);
  w.key("help").begin_object().key("text").value(help).end_object();
  if (rule) {  // the templates of the rule's messages, for results' message.id
    bool any = false;
    for (const core::MessageInfo& m : core::message_table()) {
      if (std::find(m.rules.begin(), m.rules.end(), *rule) == m.rules.end()) continue;
      if (!any) w.key("messageStrings").begin_object();
      any = true;
      w.key(m.key).begin_object().key("text").value(positional_template(m.id)).end_object();
    }
    if (any) w.end_object();
  }
  w.key("properties").begin_object().key("tags").begin_array();
  w.value(tag1);
  if (!tag2.empty() && tag2 != tag1) w.value(tag2);
  w.end_array().end_object();
  w.end_object();
}

constexpr const char* kSourceRoot = "%SRCROOT%";

// A directory as a file URI ending in '/'.
std::string directory_uri(std::string_view dir) {
  std::string uri = "file://" + sarif_uri(dir);
  if (uri.back() != '/') uri += '/';
  return uri;
}

// A file's artifactLocation: a relative name inside the source root relative to
// %SRCROOT%, an absolute one (or one outside the root) as a file URI, standard input as
// "stdin". Every URI percent-encodes what RFC 3986 does not allow (spaces, non-ASCII).
void write_artifact(JsonWriter& w, std::string_view file, std::string_view root) {
  namespace fs = std::filesystem;
  w.key("artifactLocation").begin_object();
  if (file == "-" || file == "<stdin>" || file.empty()) {
    w.key("uri").value(sarif_uri(file));
  } else {
    const fs::path p(file);
    const fs::path normal = p.lexically_normal();
    const bool outside = normal.empty() || *normal.begin() == "..";
    if (p.is_absolute() || root.empty() || outside) {
      const fs::path abs =
          p.is_absolute() || root.empty() ? normal : (fs::path(root) / p).lexically_normal();
      w.key("uri").value(abs.is_absolute() ? "file://" + sarif_uri(abs.string()) : sarif_uri(file));
    } else {
      w.key("uri").value(sarif_uri(normal.string()));
      w.key("uriBaseId").value(kSourceRoot);
    }
  }
  w.end_object();
}

void write_region(JsonWriter& w, const Location& at, std::string_view root) {
  write_artifact(w, at.file, root);
  if (at.line > 0) {
    w.key("region").begin_object().key("startLine").value(at.line);
    if (at.column > 0) w.key("startColumn").value(at.column);
    if (at.end_line >= at.line && at.column > 0 && at.end_column > 0) {
      w.key("endLine").value(at.end_line);
      w.key("endColumn").value(at.end_column);
    }
    w.end_object();
  }
}

// check --keep-going: the earlier deviation `d` may follow from (its error or a deviation).
const Diagnostic* followed(const GameReport& r, const Diagnostic& d) {
  if (d.follows_action <= 0) return nullptr;
  auto same = [&](const Diagnostic& e) {
    return e.action == d.follows_action && e.rule == d.follows_rule;
  };
  if (r.error && same(*r.error)) return &*r.error;
  for (const auto& e : r.deviations)
    if (&e != &d && same(e)) return &e;
  return nullptr;
}

void write_result(JsonWriter& w, const GameReport& r, const Diagnostic& d, std::string_view root) {
  const auto [index, rule_id] = descriptor_of(d, r.status);
  const int game = r.index + 1;
  w.begin_object();
  w.key("ruleId").value(rule_id);
  w.key("ruleIndex").value(index);
  // A warning that fails the run (check --strict, --require-assertions) is an error to CI.
  w.key("level").value(d.severity == core::Severity::Error || d.fails_run ? "error" : "warning");
  // The text (with the notes) comes first for viewers; the id names a template of the
  // rule's messageStrings, and the arguments fill its {0}, {1}, ... in order.
  w.key("message").begin_object().key("text").value(text_with_notes(d));
  if (d.msg) {
    w.key("id").value(core::info(d.msg->id).key);
    w.key("arguments").begin_array();
    for (const core::Arg& a : d.msg->args) w.value(arg_text(a));
    w.end_array();
  }
  w.end_object();

  w.key("locations").begin_array().begin_object();
  w.key("physicalLocation").begin_object();
  write_region(w, d.at, root);
  w.end_object();
  // The game, turn and action as a logical path; the header and the end of the log
  // (action 0) are located at the game itself.
  std::string path = fmt::format("{}/game {}", d.at.file, game);
  if (d.action > 0 && d.turn >= 0) path += fmt::format("/turn {}", d.turn);
  if (d.action > 0) path += fmt::format("/action {}", d.action);
  w.key("logicalLocations").begin_array().begin_object();
  if (d.action > 0)
    w.key("name").value(fmt::format("action {}", d.action));
  else
    w.key("name").value(fmt::format("game {}", game));
  w.key("fullyQualifiedName").value(path);
  w.key("kind").value(d.action > 0 ? "member" : "module");
  w.end_object().end_array();
  w.end_object().end_array();
  if (const Diagnostic* from = followed(r, d)) {  // check --keep-going
    w.key("relatedLocations").begin_array().begin_object();
    w.key("id").value(1);
    w.key("physicalLocation").begin_object();
    write_region(w, from->at, root);
    w.end_object();
    w.key("message")
        .begin_object()
        .key("text")
        .value(fmt::format("may follow from action {} ({})", from->action,
                           from->rule ? core::id(*from->rule) : "?"))
        .end_object();
    w.end_object().end_array();
  }

  w.key("properties").begin_object();
  w.key("game").value(game);
  w.key("action").value(d.action);
  w.key("turn").value(d.turn);
  w.key("player");
  if (d.player.empty())
    w.null();
  else
    w.value(d.player);
  w.key("status").value(to_string(r.status));
  if (d.fails_run) w.key("failsRun").value(true);
  if (r.options) {
    w.key("rulesOptions");
    write_options(w, *r.options);
  }
  w.end_object();
  w.end_object();
}

}  // namespace

std::string sarif_rule_name(std::string_view title, std::string_view id) {
  std::string out = id.starts_with("X56-") ? "FiveSix" : "";
  bool word_start = true;
  int depth = 0;  // inside parentheses
  for (size_t i = 0; i < title.size(); ++i) {
    const char c = title[i];
    if (c == '(')
      ++depth;
    else if (c == ')' && depth > 0)
      --depth;
    if (depth > 0 || c == ')') {
      word_start = true;
      continue;
    }
    if (c == '\'') continue;               // "don't" is one word
    if (title.substr(i, 3) == "\u2019") {  // so is "don’t"
      i += 2;
      continue;
    }
    if (!is_alnum(c)) {
      word_start = true;
      continue;
    }
    out += word_start && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    word_start = false;
  }
  return out;
}

std::string sarif_uri(std::string_view path) {
  if (path == "-" || path == "<stdin>") return "stdin";
  std::string out;
  size_t i = 0;
  if (path.starts_with("//")) {  // "//x" would read as an authority: "/x" is the same file
    while (i + 1 < path.size() && path[i + 1] == '/') ++i;
  }
  for (; i < path.size(); ++i) {
    const char c = path[i];
    if (is_alnum(c) || std::string_view("-._~/!$&'()*+,;=@").find(c) != std::string_view::npos)
      out += c;
    else
      out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
  }
  return out;
}

namespace {

// One run: the driver and its rules at construction, a game's results at a time, the
// run's properties at finish(); nothing per game is kept (a result's relatedLocations
// point within its own game).
class SarifStream final : public ReportStream {
 public:
  SarifStream(const RunInfo& run, std::ostream& out) : out_(out), run_(run) {
    w_.begin_object();
    w_.key("$schema").value(kSchema);
    w_.key("version").value("2.1.0");
    w_.key("runs").begin_array().begin_object();

    w_.key("tool").begin_object().key("driver").begin_object();
    w_.key("name").value("catan-referee");
    w_.key("version").value(run.tool_version);
    w_.key("rules").begin_array();
    for (const auto& ri : core::rule_table()) {
      const std::string help = fmt::format("{} Example of a violation: {}", ri.check, ri.example);
      write_descriptor(
          w_, ri.id, sarif_rule_name(ri.title, ri.id), ri.title, ri.check, help, area(ri.id),
          ri.tag, run.help_uri_base.empty() ? "" : run.help_uri_base + "#" + std::string(ri.id),
          &ri.rule);
    }
    for (const auto& x : kExtra)
      write_descriptor(w_, x.id, x.name, x.short_text, x.full_text, x.full_text, x.tag, "", "");
    w_.end_array();
    w_.end_object().end_object();

    // Relative file names are relative to the working directory: %SRCROOT%.
    if (!run.source_root.empty()) {
      w_.key("originalUriBaseIds").begin_object().key(kSourceRoot).begin_object();
      w_.key("uri").value(directory_uri(run.source_root));
      w_.key("description").begin_object().key("text").value("The directory catan-referee ran in.");
      w_.end_object().end_object().end_object();
    }

    w_.key("results").begin_array();
    w_.drain(out_);
  }

  void game(const GameReport& r) override {
    failing_ += failing_warnings(r);
    const std::string_view root = run_.source_root;
    if (r.error) write_result(w_, r, *r.error, root);
    for (const auto& e : r.more_errors) write_result(w_, r, e, root);
    for (const auto& d : r.warnings) write_result(w_, r, d, root);
    for (const auto& d : r.deviations) write_result(w_, r, d, root);
    w_.drain(out_);
  }

  void finish() override {
    w_.end_array();
    // What the run was checked with; a game's own options are in its results' properties.
    w_.key("properties").begin_object();
    w_.key("toolVersion").value(run_.tool_version);
    w_.key("ruleOverrides").begin_array();
    for (const auto& item : run_.rule_overrides) w_.value(item);
    w_.end_array();
    w_.key("rulesOptions");
    write_options(w_, run_options(run_));
    // Warnings that make the exit status 1 (check --strict, --require-assertions; their
    // results have level "error"), and the run's own warnings (a directory without logs).
    w_.key("failingWarnings").value(failing_ + failing_warnings(run_));
    if (!run_.run_warnings.empty()) {
      w_.key("runWarnings").begin_array();
      for (const auto& text : run_.run_warnings) w_.value(text);
      w_.end_array();
    }
    w_.end_object();

    w_.end_object().end_array();
    w_.end_object();
    w_.drain(out_);
    out_.put('\n');
  }

  size_t held_bytes() const override { return w_.str().size(); }

 private:
  JsonWriter w_;
  std::ostream& out_;
  const RunInfo run_;
  int failing_ = 0;  // the games' warnings that fail the run
};

}  // namespace

std::unique_ptr<ReportStream> make_sarif_stream(const RunInfo& run, std::ostream& out) {
  return std::make_unique<SarifStream>(run, out);
}

std::string render_sarif(const std::vector<GameReport>& reports, const RunInfo& run) {
  std::ostringstream out;
  const auto stream = make_sarif_stream(run, out);
  for (const auto& r : reports) stream->game(r);
  stream->finish();
  return std::move(out).str();
}

}  // namespace catan::diag
