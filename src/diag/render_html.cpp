#include "diag/render_html.hpp"

#include <fmt/format.h>

#include "core/rule_catalog.hpp"
#include "diag/render_svg.hpp"
#include "diag/render_text.hpp"

namespace catan::diag {
namespace {

std::string range(int lo, int hi) {
  return lo == hi ? std::to_string(lo) : fmt::format("{}\u2013{}", lo, hi);
}

// The board with every piece that stands at some step, each shown while it stands.
SvgPicture stepped_picture(const ReportData& d) {
  SvgPicture pic;
  pic.board = &d.start->board;
  pic.players = d.players;
  pic.stepped = true;
  pic.title = d.id.empty() ? "Board" : "Board of " + d.id;
  const int n = static_cast<int>(d.steps.size());
  for (core::EdgeId e = 0; e < core::kEdgeCount; ++e) {
    for (int k = 0; k < n;) {
      const int owner = d.steps[k].edge_owner[e];
      if (owner == core::kNoPlayer) {
        ++k;
        continue;
      }
      int until = k + 1;
      while (until < n && d.steps[until].edge_owner[e] == owner) ++until;
      pic.pieces.push_back({SvgPiece::Kind::Road, owner, e, k, until == n ? kForever : until});
      k = until;
    }
  }
  for (core::CornerId c = 0; c < core::kCornerCount; ++c) {
    for (int k = 0; k < n;) {
      const int owner = d.steps[k].corner_owner[c];
      const core::Building b = d.steps[k].corner_building[c];
      if (owner == core::kNoPlayer) {
        ++k;
        continue;
      }
      int until = k + 1;
      while (until < n && d.steps[until].corner_owner[c] == owner &&
             d.steps[until].corner_building[c] == b)
        ++until;
      pic.pieces.push_back(
          {b == core::Building::City ? SvgPiece::Kind::City : SvgPiece::Kind::Settlement, owner, c,
           k, until == n ? kForever : until});
      k = until;
    }
  }
  for (int k = 0; k < n;) {
    int until = k + 1;
    while (until < n && d.steps[until].robber == d.steps[k].robber) ++until;
    pic.robber.push_back({d.steps[k].robber, k, until == n ? kForever : until});
    k = until;
  }
  if (d.illegal) {
    pic.highlight = highlight_of(*d.illegal);
    if (pic.highlight) pic.highlight->step = n - 1;
    if (d.report.error) pic.caption = first_line(*d.report.error);
  }
  return pic;
}

std::string state_panel(const ReportData& d, size_t k) {
  const ReportStep& s = d.steps[k];
  const bool view = s.worlds > 0;
  std::string o = fmt::format("<section class=\"state\" data-step=\"{}\"{}>\n", k,
                              k + 1 == d.steps.size() ? "" : " hidden");
  std::string where = k == 0 ? "before the first entry" : fmt::format("after entry {}", k);
  if (k > 0 && k <= d.entries.size() && d.entries[k - 1].illegal)
    where = fmt::format("before entry {} (illegal, not applied)", k);
  o += fmt::format(
      "<h3>Step {}: {}</h3>\n<p>{}, {}'s move, {}{}</p>\n", k, xml_text(where),
      s.turn == 0 ? std::string("set-up") : fmt::format("turn {}", s.turn),
      xml_text(d.players.at(static_cast<size_t>(s.active))), xml_text(s.phase),
      view ? fmt::format("; {} consistent world{}", s.worlds, s.worlds == 1 ? "" : "s") : "");
  o += "<table class=\"hands\"><thead><tr><th scope=\"col\">Player</th>";
  for (int r = 0; r < core::kResourceCount; ++r)
    o += fmt::format("<th scope=\"col\">{}</th>", core::to_string(static_cast<core::Resource>(r)));
  o += "<th scope=\"col\">dev cards</th><th scope=\"col\">VP</th></tr></thead><tbody>\n";
  for (size_t p = 0; p < d.players.size(); ++p) {
    o += fmt::format(
        "<tr class=\"p{}\"><th scope=\"row\"><span class=\"swatch\" style=\"background:{}\">{}"
        "</span> {}{}</th>",
        p, player_colour(static_cast<int>(p)),
        xml_text(player_mark(d.players, static_cast<int>(p))), xml_text(d.players[p]),
        std::string(static_cast<int>(p) == s.longest_road ? " (longest road)" : "") +
            (static_cast<int>(p) == s.largest_army ? " (largest army)" : ""));
    for (int r = 0; r < core::kResourceCount; ++r)
      o += "<td>" +
           range(s.hand_lo[p].n[static_cast<size_t>(r)], s.hand_hi[p].n[static_cast<size_t>(r)]) +
           "</td>";
    o += fmt::format("<td>{}</td><td class=\"vp\">{}</td></tr>\n", s.dev_cards[p],
                     range(s.vp_min[p], s.vp_max[p]));
  }
  o += "<tr class=\"bank\"><th scope=\"row\">bank</th>";
  for (int r = 0; r < core::kResourceCount; ++r)
    o += "<td>" + range(s.bank_lo.n[static_cast<size_t>(r)], s.bank_hi.n[static_cast<size_t>(r)]) +
         "</td>";
  o += "<td></td><td></td></tr>\n</tbody></table>\n";
  o += fmt::format("<p>Longest road: {}; largest army: {}.</p>\n",
                   s.longest_road == core::kNoPlayer
                       ? "none"
                       : xml_text(d.players.at(static_cast<size_t>(s.longest_road))),
                   s.largest_army == core::kNoPlayer
                       ? "none"
                       : xml_text(d.players.at(static_cast<size_t>(s.largest_army))));
  o += "</section>\n";
  return o;
}

std::string link(const HtmlOptions& o, const Location& at) {
  const std::string text = fmt::format("{}:{}:{}", visible(at.file), at.line, at.column);
  if (o.log_href.empty() || at.line <= 0) return xml_text(text);
  return fmt::format("<a href=\"{}\">{}</a>", xml_text(o.log_href), xml_text(text));
}

std::string verdict(const ReportData& d, const HtmlOptions& o) {
  const GameReport& r = d.report;
  std::string out =
      fmt::format("<section id=\"verdict\" class=\"verdict {}\">\n<h2>Verdict: {}</h2>\n",
                  to_string(r.status), to_string(r.status));
  if (r.status == Status::Legal)
    out += fmt::format("<p>Every entry is legal; {} won.</p>\n", xml_text(r.winner));
  else if (r.status == Status::Incomplete)
    out += "<p>Every entry is legal; the log ends before the game was won.</p>\n";
  if (r.error) {
    const Diagnostic& e = *r.error;
    out +=
        fmt::format("<p class=\"diagnostic\"><strong>{}</strong></p>\n", xml_text(first_line(e)));
    out += "<ul class=\"notes\">\n";
    out += fmt::format("<li>at {}</li>\n", link(o, e.at));
    if (const std::string where = action_note(e); !where.empty())
      out += fmt::format("<li>{}</li>\n", xml_text(where));
    for (const auto& n : e.notes)
      out += fmt::format("<li>{}: {}</li>\n", xml_text(n.label), xml_text(n.text));
    out += "</ul>\n";
    if (e.action > 0)
      out += fmt::format(
          "<p><button type=\"button\" id=\"to-illegal\" data-step=\"{}\">Show entry {} on the "
          "board (key i)</button> <a href=\"#entry-{}\">entry {} in the timeline</a></p>\n",
          e.action, e.action, e.action, e.action);
    if (e.rule) {
      const core::RuleInfo& info = core::info(*e.rule);
      out += fmt::format("<h3>Rule {}: {}</h3>\n<p class=\"rule-check\">{}</p>\n", info.id,
                         xml_text(info.title), xml_text(info.check));
    }
    if (!o.explain.empty())
      out += fmt::format(
          "<details class=\"explain\"><summary>catan-referee explain {}</summary><pre>{}</pre>"
          "</details>\n",
          e.rule ? core::id(*e.rule) : "", xml_text(o.explain));
  }
  for (const Diagnostic& w : r.warnings)
    out += fmt::format("<p class=\"warning\">{}</p>\n", xml_text(first_line(w)));
  out += "</section>\n";
  return out;
}

std::string timeline(const ReportData& d, const HtmlOptions& o) {
  std::string out = "<section id=\"timeline\">\n<h2>Timeline</h2>\n<ol class=\"entries\">\n";
  for (const ReportEntry& e : d.entries) {
    std::string cls = e.illegal ? "entry illegal" : e.judged ? "entry" : "entry unjudged";
    out += fmt::format("<li id=\"entry-{}\" class=\"{}\" value=\"{}\">", e.number, cls, e.number);
    if (e.judged)
      out += fmt::format(
          "<button type=\"button\" class=\"go\" data-step=\"{}\" "
          "aria-label=\"Show the board at entry {}\">{}</button> ",
          e.number, e.number, e.number);
    else
      out += fmt::format("<span class=\"go\">{}</span> ", e.number);
    out += fmt::format(
        "<span class=\"where\">{}</span> <span class=\"who\">{}</span> "
        "<code>{}</code>",
        link(o, e.at), xml_text(e.player), xml_text(e.text));
    if (e.source.line > 0)
      out += fmt::format(" <span class=\"source\">(from {}:{}:{})</span>", xml_text(e.source.file),
                         e.source.line, e.source.column);
    if (e.illegal) out += " <strong class=\"flag\">illegal</strong>";
    if (!e.judged) out += " <span class=\"flag\">not judged (after the first illegal entry)</span>";
    if (!e.effects.empty()) {
      out += "<ul class=\"effects\">";
      for (const std::string& f : e.effects) out += "<li>" + xml_text(f) + "</li>";
      out += "</ul>";
    }
    out += "</li>\n";
  }
  out += "</ol>\n</section>\n";
  return out;
}

constexpr std::string_view kCss = R"(
body{font-family:sans-serif;margin:1em;color:#111;background:#fff;line-height:1.35}
h1{font-size:1.4em}h2{font-size:1.2em}h3{font-size:1em}
.layout{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
#board-area{flex:1 1 760px;max-width:1010px}
#board-area svg{width:100%;height:auto;border:1px solid #999}
#controls{display:flex;flex-wrap:wrap;gap:.5em;align-items:center;margin:.5em 0}
#controls input[type=range]{flex:1 1 300px}
#state{flex:1 1 400px}
table.hands{border-collapse:collapse}
table.hands th,table.hands td{border:1px solid #999;padding:.15em .45em;text-align:right}
table.hands th[scope=row]{text-align:left}
.swatch{display:inline-block;min-width:1.3em;text-align:center;border:1px solid #000;font-weight:bold}
.verdict{border:3px solid #000;padding:.5em 1em;margin:1em 0}
.verdict.illegal{border-style:double;border-width:6px}
.entries{font-size:.9em;padding-left:0;list-style:none}
.entry{padding:.15em .3em;border-left:4px solid transparent}
.entry.current{background:#FFF3C4;border-left-color:#000}
.entry.illegal{outline:3px dashed #000;outline-offset:-1px}
.entry.unjudged{color:#666}
.entry .go{min-width:3.2em;display:inline-block}
.effects{margin:.1em 0 .2em 4em;padding:0;list-style:square inside;color:#333}
.flag{padding:0 .3em;border:1px solid #000}
button:focus,a:focus,input:focus{outline:3px solid #000;outline-offset:2px}
code{white-space:pre-wrap}
)";

constexpr std::string_view kScript = R"(
(function () {
  'use strict';
  var slider = document.getElementById('step');
  var label = document.getElementById('step-label');
  var last = Number(slider.max);
  var stepped = document.querySelectorAll('#board-area [data-from]');
  var panels = document.querySelectorAll('#state .state');
  var entries = document.querySelectorAll('#timeline .entry');
  var illegal = document.body.getAttribute('data-illegal');
  function show(k) {
    k = Math.max(0, Math.min(last, k));
    slider.value = String(k);
    for (var i = 0; i < stepped.length; i++) {
      var el = stepped[i];
      var from = Number(el.getAttribute('data-from'));
      var until = el.hasAttribute('data-until') ? Number(el.getAttribute('data-until')) : Infinity;
      el.style.display = from <= k && k < until ? '' : 'none';
    }
    for (var j = 0; j < panels.length; j++)
      panels[j].hidden = Number(panels[j].getAttribute('data-step')) !== k;
    for (var e = 0; e < entries.length; e++) {
      var cur = e + 1 === k;
      entries[e].classList.toggle('current', cur);
      if (cur) entries[e].setAttribute('aria-current', 'step');
      else entries[e].removeAttribute('aria-current');
    }
    label.textContent = k === 0 ? 'before the first entry' : 'entry ' + k + ' of ' + entries.length;
    document.body.setAttribute('data-step', String(k));
  }
  function current() { return Number(slider.value); }
  slider.addEventListener('input', function () { show(current()); });
  document.getElementById('first').addEventListener('click', function () { show(0); });
  document.getElementById('prev').addEventListener('click', function () { show(current() - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current() + 1); });
  document.getElementById('last').addEventListener('click', function () { show(last); });
  var buttons = document.querySelectorAll('button[data-step]');
  for (var b = 0; b < buttons.length; b++)
    buttons[b].addEventListener('click', function (ev) {
      show(Number(ev.currentTarget.getAttribute('data-step')));
      if (ev.currentTarget.id === 'to-illegal') slider.focus();
    });
  document.addEventListener('keydown', function (ev) {
    if (ev.target === slider || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var k = null;
    if (ev.key === 'ArrowRight' || ev.key === 'n') k = current() + 1;
    else if (ev.key === 'ArrowLeft' || ev.key === 'p') k = current() - 1;
    else if (ev.key === 'Home') k = 0;
    else if (ev.key === 'End') k = last;
    else if (ev.key === 'i' && illegal) k = Number(illegal);
    if (k === null) return;
    ev.preventDefault();
    show(k);
  });
  show(illegal ? Number(illegal) : last);
})();
)";

}  // namespace

std::string render_html(const ReportData& d, const HtmlOptions& o) {
  const std::string name = d.id.empty() ? "game " + std::to_string(d.report.index + 1) : d.id;
  const int illegal_step = d.illegal ? static_cast<int>(d.steps.size()) - 1 : -1;
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
      "'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>catan-referee report: {}</title>\n<style>{}</style>\n</head>\n"
      "<body data-illegal=\"{}\">\n<h1>{}</h1>\n<p>{} &mdash; players: {}{}; {} entries.</p>\n",
      xml_text(name), kCss, illegal_step >= 0 ? std::to_string(illegal_step) : "",
      xml_text("Game report: " + name), xml_text(d.report.file),
      [&] {
        std::string p;
        for (size_t i = 0; i < d.players.size(); ++i) p += (i ? ", " : "") + xml_text(d.players[i]);
        return p;
      }(),
      (d.view.empty() ? "" : "; player view of " + xml_text(d.view)) +
          (d.source.empty() ? "" : "; imported from " + xml_text(d.source)),
      d.entries.size());
  out += verdict(d, o);
  if (!d.start || d.steps.empty()) {
    out += "<p>There is no board: the game header was not accepted.</p>\n";
    out += timeline(d, o);
    return out + "</body>\n</html>\n";
  }
  const int last = static_cast<int>(d.steps.size()) - 1;
  out += "<div class=\"layout\">\n<section id=\"board-area\" aria-label=\"Board\">\n";
  out += render_svg(stepped_picture(d));
  out += fmt::format(
      "<div id=\"controls\" role=\"group\" aria-label=\"Step through the game\">"
      "<button type=\"button\" id=\"first\">&laquo; first</button>"
      "<button type=\"button\" id=\"prev\">&#x25C0; previous</button>"
      "<label for=\"step\">Step</label><input type=\"range\" id=\"step\" min=\"0\" max=\"{}\" "
      "value=\"{}\" aria-describedby=\"step-label\">"
      "<button type=\"button\" id=\"next\">next &#x25B6;</button>"
      "<button type=\"button\" id=\"last\">last &raquo;</button>"
      "<output id=\"step-label\" for=\"step\"></output></div>\n"
      "<p class=\"keys\">Keys: &larr; / &rarr; (or p / n) step, Home / End{}; the slider "
      "takes the arrow keys when focused.</p>\n</section>\n",
      last, illegal_step >= 0 ? illegal_step : last,
      illegal_step >= 0 ? ", i jumps to the illegal entry" : "");
  out += "<section id=\"state\" aria-live=\"polite\">\n<h2>State</h2>\n";
  for (size_t k = 0; k < d.steps.size(); ++k) out += state_panel(d, k);
  out += "</section>\n</div>\n";
  out += timeline(d, o);
  out += fmt::format("<script>{}</script>\n</body>\n</html>\n", kScript);
  return out;
}

}  // namespace catan::diag
