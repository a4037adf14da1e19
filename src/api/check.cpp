// catan_referee::check_file, check_text, check (include/catan_referee/check.hpp) and the
// rendering of their Report (report.hpp): the drivers `check` and `report` use
// (replay/check_file.hpp, replay/run_policy.hpp, diag/report_stream.hpp, replay/report_page.hpp).
#include <dlfcn.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "api/access.hpp"
#include "catan_referee/version.hpp"
#include "diag/explain.hpp"
#include "diag/render_text.hpp"
#include "diag/report_stream.hpp"
#include "import/registry.hpp"
#include "replay/check_file.hpp"
#include "replay/report_page.hpp"
#include "replay/run_policy.hpp"
#include "replay/timeline.hpp"
#include "rules/position.hpp"

namespace catan_referee {
namespace {

namespace cr = catan::replay;
namespace cd = catan::diag;

// The Report being built, and the policy every game gets before it is kept.
struct Builder {
  std::shared_ptr<Report::Impl> impl = std::make_shared<Report::Impl>();
  cr::RunPolicy policy;

  void add(cd::GameReport&& r, const cd::SourceText& src) {
    cr::apply_run_policy(r, policy);  // as check: counts only when asked for
    impl->games.push_back(to_api(r));
    impl->sources.emplace_back(std::string(src.text), src.first_line);
    impl->reports.push_back(std::move(r));
  }
};

Builder builder(const CheckOptions& o) {
  Builder b;
  set_rules(b.impl->settings, o.rules);
  b.impl->rules = o.rules;
  b.impl->keep_going = o.keep_going;
  b.impl->settings.keep_going = o.keep_going;
  b.impl->settings.max_worlds = o.max_worlds ? o.max_worlds : catan::rules::kDefaultMaxWorlds;
  b.policy.strict = o.strict;
  if (o.require_assertions) {
    b.policy.require = true;
    const auto& kinds = cr::assertion_kinds();
    for (const std::string& k : *o.require_assertions)
      if (k != "all" && std::find(kinds.begin(), kinds.end(), k) == kinds.end())
        throw Error("require_assertions takes gains, hands, vp, awards or all, not '" + k + "'");
    const bool all = o.require_assertions->empty() ||
                     std::find(o.require_assertions->begin(), o.require_assertions->end(), "all") !=
                         o.require_assertions->end();
    b.policy.kinds = all ? kinds : *o.require_assertions;
  }
  return b;
}

cr::FileOptions file_options(const ReadOptions& o) {
  if (o.format != "auto" && o.format != "catan-log" && !catan::importers::find_format(o.format))
    throw Error("unknown format '" + o.format + "' (auto, catan-log, " +
                catan::importers::format_names() + ")");
  cr::FileOptions fo;
  fo.from = o.format;
  fo.view_seat = o.view_seat;
  fo.max_document_bytes = o.max_document_bytes;
  return fo;
}

}  // namespace

Report::Report(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

Report check_file(const std::string& path, const CheckOptions& options, const ReadOptions& read) {
  Builder b = builder(options);
  const cr::FileOptions fo = file_options(read);
  cr::check_file(path, false, b.impl->settings, fo,
                 [&](cd::GameReport&& r, const cd::SourceText& src) { b.add(std::move(r), src); });
  return Access::make_report(std::move(b.impl));
}

Report check_text(const std::string& text, const std::string& name, const CheckOptions& options,
                  const ReadOptions& read) {
  Builder b = builder(options);
  const cr::FileOptions fo = file_options(read);
  for (cd::GameReport& r : cr::check_text(name, text, b.impl->settings, fo))
    b.add(std::move(r), cd::SourceText(text));
  return Access::make_report(std::move(b.impl));
}

Report check(const Log& log, const CheckOptions& options) {
  Builder b = builder(options);
  const std::shared_ptr<const Log::Impl>& l = Access::impl(log);
  b.impl->log = l;
  if (!l->problems.empty() && l->text.empty()) {  // nothing read: one malformed game
    b.add(cr::unreadable(l->name, l->problems.front().message), cd::SourceText());
  } else {  // the text read, checked as `check --from FORMAT` checks it
    cr::FileOptions fo;
    fo.from = l->format;
    fo.view_seat = l->view_seat;
    for (cd::GameReport& r : cr::check_text(l->name, l->text, b.impl->settings, fo))
      b.add(std::move(r), cd::SourceText(l->text));
  }
  return Access::make_report(std::move(b.impl));
}

const std::vector<GameVerdict>& Report::games() const { return impl_->games; }

int Report::exit_status() const {
  int status = 0;
  for (const cd::GameReport& r : impl_->reports) {
    if (r.status == cd::Status::Malformed || r.status == cd::Status::Unsupported) return 2;
    if (r.status == cd::Status::Illegal || cd::failing_warnings(r) > 0) status = 1;
  }
  return status;
}

std::vector<std::string> report_formats() {
  return {"text", "json", "jsonl", "sarif", "junit", "github", "html"};
}

std::string Report::render(std::string_view format, const RenderOptions& options) const {
  const Impl& m = *impl_;
  if (format == "text") {  // as check prints it, without the time on the summary line
    std::string out;
    cd::RunCounts counts;
    for (size_t i = 0; i < m.reports.size(); ++i) {
      const cd::GameReport& r = m.reports[i];
      const cd::SourceText src(m.sources[i].first, m.sources[i].second);
      const cd::TextStyle style{options.color, src.text.empty() ? nullptr : &src};
      out += cd::render_text(r, options.quiet, style);
      counts.add(r);
    }
    if (!options.quiet) {
      out += cd::summary_line(counts.legal, counts.incomplete, counts.illegal, counts.malformed,
                              counts.unsupported, counts.failing_warnings);
      if (m.keep_going) out += cd::deviations_line(counts.deviations, counts.deviant_games);
    }
    return out;
  }
  if (format == "html") {
    if (m.reports.size() != 1)
      throw Error("html is one page per game: Report::render_html(game) for each of " +
                  std::to_string(m.reports.size()));
    return render_html(0);
  }
  if (format != "json" && format != "jsonl" && format != "sarif" && format != "junit" &&
      format != "github")
    throw Error("unknown report format '" + std::string(format) +
                "' (text, json, jsonl, sarif, junit, github, html)");
  cd::RunInfo run{CATAN_REFEREE_VERSION, m.rules, options.help_uri_base, m.keep_going};
  std::error_code cwd_error;  // SARIF: relative names are relative to this directory, as check
  run.source_root = std::filesystem::current_path(cwd_error).string();
  std::ostringstream out;
  const std::unique_ptr<cd::ReportStream> stream = cd::make_report_stream(format, run, out);
  for (const cd::GameReport& r : m.reports) stream->game(r);
  stream->finish();
  return out.str();
}

namespace {

// The folder of this shared library (dladdr on one of its functions), "" when unknown.
std::string library_dir() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&library_dir), &info) == 0 || !info.dli_fname) return {};
  std::error_code ec;
  const std::filesystem::path file = std::filesystem::canonical(info.dli_fname, ec);
  return ec ? std::string() : file.parent_path().string();
}

std::string rules_reference() {
  return cd::find_rules_reference(library_dir(), CATAN_INSTALL_LIBDIR, CATAN_INSTALL_DOCDIR,
                                  CATAN_BUILD_DIR, CATAN_SOURCE_DIR, CATAN_DOC_DIR "/rules.md");
}

}  // namespace

std::string Report::render_html(std::size_t game) const {
  const Impl& m = *impl_;
  if (!m.log) throw Error("render_html needs a Report of check(const Log&), which keeps the games");
  if (game >= m.log->documents.size())
    throw Error("game " + std::to_string(game) + " of " + std::to_string(m.log->documents.size()));
  const catan::log::Document& doc = m.log->documents[game];
  if (!doc.game) throw Error("game " + std::to_string(game) + " is malformed: no page");
  // The page `catan-referee report` writes: opening at the illegal entry (else the end),
  // linking the log's lines, the explain panel naming the rules reference found from where
  // this library is (<prefix>/<libdir>/libcatan_referee.so -> <prefix>/<docdir>/rules.md).
  return cr::report_page(m.log->name, m.log->text, *doc.game, m.settings, cr::AtSpec{},
                         cr::file_url(m.log->name), rules_reference())
      .html;
}

}  // namespace catan_referee
