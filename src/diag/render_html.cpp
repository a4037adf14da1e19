#include "diag/render_html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "core/rule_catalog.hpp"
#include "diag/json_writer.hpp"
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
  pic.board = d.start->board.get();
  pic.players = d.players;
  pic.colours = d.colours;
  pic.stepped = true;
  pic.title = d.id.empty() ? "Board" : "Board of " + d.id;
  const int n = static_cast<int>(d.steps.size());
  const core::Topology& island = d.start->topo();
  for (core::EdgeId e = 0; e < island.edge_count(); ++e) {
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
  for (core::CornerId c = 0; c < island.corner_count(); ++c) {
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

// The state panel of step k, as the page opens (the page's script draws the panel of any
// other step from state_data, the same way).
std::string state_panel(const ReportData& d, size_t k) {
  const ReportStep& s = d.steps[k];
  const bool view = s.worlds > 0;
  std::string o = fmt::format("<section class=\"state\" data-step=\"{}\">\n", k);
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
        p, d.colours[p], xml_text(player_mark(d.players, static_cast<int>(p))),
        xml_text(d.players[p]),
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

// Every step's state as compact JSON for the page's script, instead of a panel of HTML per
// step (about 1.7 KB each, which made a page tens of times larger than its log): per step
// [turn, phase, active, worlds, longest road, largest army, per player [5 resources, dev
// cards, VP], [bank]], a count or a range "lo–hi"; -1 for no award holder.
std::string state_data(const ReportData& d, int illegal_step) {
  JsonWriter w(false);
  auto cell = [&](int lo, int hi) {
    if (lo == hi)
      w.value(lo);
    else
      w.value(range(lo, hi));
  };
  std::vector<std::string> phases;
  w.begin_object();
  w.key("illegal").value(illegal_step);
  w.key("entries").value(static_cast<int>(d.entries.size()));
  w.key("resources").begin_array();
  for (int r = 0; r < core::kResourceCount; ++r)
    w.value(core::to_string(static_cast<core::Resource>(r)));
  w.end_array();
  w.key("players").begin_array();
  for (size_t p = 0; p < d.players.size(); ++p) {
    w.begin_array().value(d.players[p]).value(d.colours[p]);
    w.value(player_mark(d.players, static_cast<int>(p))).end_array();
  }
  w.end_array();
  w.key("steps").begin_array();
  for (const ReportStep& s : d.steps) {
    auto ph = std::find(phases.begin(), phases.end(), s.phase);
    if (ph == phases.end()) ph = phases.insert(ph, s.phase);
    w.begin_array().value(s.turn).value(static_cast<int>(ph - phases.begin())).value(s.active);
    w.value(static_cast<long long>(s.worlds)).value(s.longest_road).value(s.largest_army);
    for (size_t p = 0; p < d.players.size(); ++p) {
      w.begin_array();
      for (size_t r = 0; r < core::kResourceCount; ++r) cell(s.hand_lo[p].n[r], s.hand_hi[p].n[r]);
      w.value(s.dev_cards[p]);
      cell(s.vp_min[p], s.vp_max[p]);
      w.end_array();
    }
    w.begin_array();
    for (size_t r = 0; r < core::kResourceCount; ++r) cell(s.bank_lo.n[r], s.bank_hi.n[r]);
    w.end_array().end_array();
  }
  w.end_array();
  w.key("phases").begin_array();
  for (const std::string& ph : phases) w.value(ph);
  w.end_array().end_object();
  // Inside <script>: no "</" may end the element early, no "<!--" may open a comment.
  std::string out;
  for (char c : w.str()) out += c == '<' ? std::string("\\u003c") : std::string(1, c);
  return out;
}

// Element text (not an attribute value): as xml_text, but quotes stay quotes (a JSON record
// in the timeline is full of them).
std::string html_text(std::string_view s) {
  std::string out;
  for (char c : visible(s)) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else
      out += c;
  }
  return out;
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

std::string timeline(const ReportData& d) {
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
    // line:column in the log, which the page's heading names and links (a file: URL cannot
    // point at a line, so a link per entry would only repeat that one).
    out += fmt::format(
        "<span class=\"where\">{}:{}</span> <span class=\"who\">{}</span> "
        "<code>{}</code>",
        e.at.line, e.at.column, html_text(e.player), html_text(e.text));
    const bool same = e.source.file == e.at.file && e.source.line == e.at.line &&
                      e.source.column == e.at.column;  // the log is the source record itself
    if (e.source.line > 0 && !same)
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
  var data = JSON.parse(document.getElementById('state-data').textContent);
  var stateBox = document.getElementById('state');
  function el(tag, text, attrs) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    for (var a in attrs || {}) e.setAttribute(a, attrs[a]);
    return e;
  }
  function holder(p) { return p < 0 ? 'none' : data.players[p][0]; }
  // The state panel of step k, drawn from the step's data as the page draws the first.
  function panel(k) {
    var s = data.steps[k], np = data.players.length;
    var sec = el('section', null, { 'class': 'state', 'data-step': String(k) });
    var where = k === 0 ? 'before the first entry' : 'after entry ' + k;
    if (k > 0 && k === data.illegal) where = 'before entry ' + k + ' (illegal, not applied)';
    sec.appendChild(el('h3', 'Step ' + k + ': ' + where));
    sec.appendChild(el('p', (s[0] === 0 ? 'set-up' : 'turn ' + s[0]) + ', ' + holder(s[2]) +
      "'s move, " + data.phases[s[1]] +
      (s[3] > 0 ? '; ' + s[3] + ' consistent world' + (s[3] === 1 ? '' : 's') : '')));
    var table = el('table', null, { 'class': 'hands' });
    var head = el('tr');
    var cols = ['Player'].concat(data.resources, ['dev cards', 'VP']);
    for (var c = 0; c < cols.length; c++) head.appendChild(el('th', cols[c], { scope: 'col' }));
    table.appendChild(el('thead')).appendChild(head);
    var body = table.appendChild(el('tbody'));
    for (var p = 0; p < np; p++) {
      var tr = el('tr', null, { 'class': 'p' + p });
      var th = el('th', null, { scope: 'row' });
      th.appendChild(el('span', data.players[p][2],
        { 'class': 'swatch', style: 'background:' + data.players[p][1] }));
      th.appendChild(document.createTextNode(' ' + data.players[p][0] +
        (p === s[4] ? ' (longest road)' : '') + (p === s[5] ? ' (largest army)' : '')));
      tr.appendChild(th);
      var cells = s[6 + p];
      for (var r = 0; r < cells.length; r++)
        tr.appendChild(el('td', cells[r], r === cells.length - 1 ? { 'class': 'vp' } : {}));
      body.appendChild(tr);
    }
    var bank = el('tr', null, { 'class': 'bank' });
    bank.appendChild(el('th', 'bank', { scope: 'row' }));
    var b = s[6 + np];
    for (var i = 0; i < b.length; i++) bank.appendChild(el('td', b[i]));
    bank.appendChild(el('td'));
    bank.appendChild(el('td'));
    body.appendChild(bank);
    sec.appendChild(table);
    sec.appendChild(el('p', 'Longest road: ' + holder(s[4]) + '; largest army: ' +
      holder(s[5]) + '.'));
    return sec;
  }
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
    var shown = stateBox.querySelector('.state');
    if (!shown || Number(shown.getAttribute('data-step')) !== k) {
      var fresh = panel(k);
      if (shown) stateBox.replaceChild(fresh, shown);
      else stateBox.appendChild(fresh);
    }
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
  show(Number(document.body.getAttribute('data-open')));
})();
)";

}  // namespace

std::string render_html(const ReportData& d, const HtmlOptions& o) {
  const std::string name = d.id.empty() ? "game " + std::to_string(d.report.index + 1) : d.id;
  const int illegal_step = d.illegal ? static_cast<int>(d.steps.size()) - 1 : -1;
  const int last_step = std::max(0, static_cast<int>(d.steps.size()) - 1);
  const int open = o.open_step >= 0    ? std::min(o.open_step, last_step)
                   : illegal_step >= 0 ? illegal_step
                                       : last_step;
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
      "'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>catan-referee report: {}</title>\n<style>{}</style>\n</head>\n"
      "<body data-illegal=\"{}\" data-open=\"{}\">\n<h1>{}</h1>\n<p>{} &mdash; players: "
      "{}{}; {} entries.</p>\n",
      xml_text(name), kCss, illegal_step >= 0 ? std::to_string(illegal_step) : "", open,
      xml_text("Game report: " + name),
      o.log_href.empty()
          ? xml_text(d.report.file)
          : fmt::format("<a href=\"{}\">{}</a>", xml_text(o.log_href), xml_text(d.report.file)),
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
    out += timeline(d);
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
      last, open, illegal_step >= 0 ? ", i jumps to the illegal entry" : "");
  out += "<section id=\"state\" aria-live=\"polite\">\n<h2>State</h2>\n";
  out += state_panel(d, static_cast<size_t>(open));
  out += "</section>\n</div>\n";
  out += "<script type=\"application/json\" id=\"state-data\">" + state_data(d, illegal_step) +
         "</script>\n";
  out += timeline(d);
  out += fmt::format("<script>{}</script>\n</body>\n</html>\n", kScript);
  return out;
}

}  // namespace catan::diag
