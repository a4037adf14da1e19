#include "diag/render_svg.hpp"

#include <fmt/format.h>

#include <cmath>

#include "core/board.hpp"
#include "diag/player_colours.hpp"
#include "diag/render_text.hpp"
#include "diag/svg_geometry.hpp"

namespace catan::diag {
namespace {

using svg::Point;

std::string_view colour_of(const SvgPicture& pic, int player) {
  const size_t p = static_cast<size_t>(player);
  return p < pic.colours.size() ? std::string_view(pic.colours[p]) : "#999999";
}

// Terrains in muted tones, each also named in its hex.
std::string_view terrain_colour(core::Terrain t) {
  switch (t) {
    case core::Terrain::Forest:
      return "#4F7942";
    case core::Terrain::Hills:
      return "#C1714F";
    case core::Terrain::Pasture:
      return "#A8CF7A";
    case core::Terrain::Fields:
      return "#E9CD6B";
    case core::Terrain::Mountains:
      return "#9A9A9A";
    case core::Terrain::Desert:
      return "#E8DDBB";
  }
  return "#FFFFFF";
}

// A coordinate with one decimal, never "-0.0", so the output is the same on every machine.
std::string num(double v) {
  if (std::fabs(v) < 0.05) return "0";
  std::string s = fmt::format("{:.1f}", v);
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

std::string pt(Point p) { return num(p.x) + "," + num(p.y); }

std::string steps(const SvgPicture& pic, int from, int until) {
  if (!pic.stepped) return "";
  std::string out = fmt::format(" data-from=\"{}\"", from);
  if (until != kForever) out += fmt::format(" data-until=\"{}\"", until);
  return out;
}

int pips(int n) { return n >= 2 && n <= 12 ? 6 - std::abs(7 - n) : 0; }

// The island drawn: the board's, or the base island's for a picture without a board.
const core::Topology& island_of(const SvgPicture& pic) {
  return pic.board ? pic.board->topology() : core::Edition::base().island;
}

void draw_hexes(std::string& o, const SvgPicture& pic) {
  const core::Topology& island = island_of(pic);
  o += "<g id=\"hexes\">\n";
  for (core::HexId h = 0; h < island.hex_count(); ++h) {
    const core::Axial a = island.hex_at(h);
    const Point c = svg::hex_centre(a);
    const core::HexTile* t = pic.board ? &pic.board->hexes[h] : nullptr;
    std::string points;
    for (int d = 0; d < 6; ++d)
      points += (d ? " " : "") + pt(svg::corner_point(a, static_cast<core::CornerDir>(d)));
    const std::string_view terrain = t ? core::to_string(t->terrain) : "unknown";
    o += fmt::format(
        "<g class=\"hex\" data-hex=\"{}\" data-terrain=\"{}\"{}>\n"
        "<polygon points=\"{}\" fill=\"{}\"/>\n",
        core::hex_text(a), terrain,
        t && t->number ? fmt::format(" data-number=\"{}\"", t->number) : "", points,
        t ? terrain_colour(t->terrain) : "#FFFFFF");
    o += fmt::format("<text class=\"terrain\" x=\"{}\" y=\"{}\">{}</text>\n", num(c.x),
                     num(c.y + 40), terrain);
    if (t && t->number) {
      const bool hot = t->number == 6 || t->number == 8;  // printed red on the tokens
      o += fmt::format(
          "<circle class=\"token\" cx=\"{}\" cy=\"{}\" r=\"17\"/>\n"
          "<text class=\"number{}\" x=\"{}\" y=\"{}\">{}</text>\n",
          num(c.x), num(c.y), hot ? " hot" : "", num(c.x), num(c.y + 1), t->number);
      const int n = pips(t->number);
      for (int i = 0; i < n; ++i)
        o += fmt::format("<circle class=\"pip{}\" cx=\"{}\" cy=\"{}\" r=\"1.6\"/>\n",
                         hot ? " hot" : "", num(c.x + (i - (n - 1) / 2.0) * 4.5), num(c.y + 10));
    }
    // A tooltip and a name for screen readers.
    o += fmt::format("<title>{} {}{}</title>\n</g>\n", core::hex_text(a), terrain,
                     t && t->number ? " " + std::to_string(t->number) : "");
  }
  o += "</g>\n";
}

void draw_harbors(std::string& o, const SvgPicture& pic) {
  const core::Topology& island = island_of(pic);
  if (!pic.board) return;
  o += "<g id=\"harbors\">\n";
  for (const core::Harbor& hb : pic.board->harbors) {
    if (hb.edge == core::kNone) continue;
    const auto ends = svg::edge_points(island, hb.edge);
    const Point m = svg::midpoint(ends);
    const Point c = svg::hex_centre(island.hex_at(island.edge_hexes(hb.edge)[0]));
    const double len = std::hypot(m.x - c.x, m.y - c.y);
    const Point at{m.x + (m.x - c.x) / len * 32, m.y + (m.y - c.y) / len * 32};
    const bool generic = hb.kind == core::HarborKind::Generic;
    o += fmt::format(
        "<g class=\"harbor\" data-edge=\"{}\" data-kind=\"{}\">\n"
        "<line class=\"pier\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n"
        "<line class=\"pier\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n"
        "<circle class=\"harbor-disc\" cx=\"{}\" cy=\"{}\" r=\"19\"/>\n"
        "<text class=\"rate\" x=\"{}\" y=\"{}\">{}</text>\n"
        "<text class=\"harbor-kind\" x=\"{}\" y=\"{}\">{}</text>\n</g>\n",
        island.edge_text(hb.edge), core::to_string(hb.kind), num(ends[0].x), num(ends[0].y),
        num(at.x), num(at.y), num(ends[1].x), num(ends[1].y), num(at.x), num(at.y), num(at.x),
        num(at.y), num(at.x), num(at.y - 3), generic ? "3:1" : "2:1", num(at.x), num(at.y + 9),
        generic ? "any" : core::to_string(hb.kind));
  }
  o += "</g>\n";
}

std::string name_of(const SvgPicture& pic, int player) {
  return player >= 0 && static_cast<size_t>(player) < pic.players.size()
             ? pic.players[static_cast<size_t>(player)]
             : "player " + std::to_string(player + 1);
}

constexpr std::string_view kSettlementPath = "M-9 8H9V-3L0-11L-9-3Z";
constexpr std::string_view kCityPath = "M-14 9H14V-4H3V-8L-5.5-15L-14-8Z";

void draw_pieces(std::string& o, const SvgPicture& pic) {
  const core::Topology& island = island_of(pic);
  o += "<g id=\"roads\">\n";
  for (const SvgPiece& p : pic.pieces) {
    if (p.kind != SvgPiece::Kind::Road) continue;
    const auto e = svg::edge_points(island, static_cast<core::EdgeId>(p.place));
    auto inset = [&](Point a, Point b) {  // leave the corners free for the buildings
      return Point{a.x + (b.x - a.x) * 0.18, a.y + (b.y - a.y) * 0.18};
    };
    const Point a = inset(e[0], e[1]), b = inset(e[1], e[0]), m = svg::midpoint(e);
    o += fmt::format(
        "<g class=\"road p{}\" data-edge=\"{}\"{}>"
        "<line class=\"outline\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>"
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\"/>"
        "<text class=\"mark small\" x=\"{}\" y=\"{}\">{}</text><title>{}&#39;s road {}</title>"
        "</g>\n",
        p.player, island.edge_text(static_cast<core::EdgeId>(p.place)), steps(pic, p.from, p.until),
        num(a.x), num(a.y), num(b.x), num(b.y), num(a.x), num(a.y), num(b.x), num(b.y),
        colour_of(pic, p.player), num(m.x), num(m.y + 0.5),
        xml_text(player_mark(pic.players, p.player)), xml_text(name_of(pic, p.player)),
        island.edge_text(static_cast<core::EdgeId>(p.place)));
  }
  o += "</g>\n<g id=\"buildings\">\n";
  for (const SvgPiece& p : pic.pieces) {
    if (p.kind == SvgPiece::Kind::Road) continue;
    const bool city = p.kind == SvgPiece::Kind::City;
    const Point c = svg::corner_point(island, static_cast<core::CornerId>(p.place));
    o += fmt::format(
        "<g class=\"{} p{}\" data-corner=\"{}\" transform=\"translate({} {})\"{}>"
        "<path d=\"{}\" fill=\"{}\"/><text class=\"mark\" x=\"0\" y=\"{}\">{}</text>"
        "<title>{}&#39;s {} {}</title></g>\n",
        city ? "city" : "settlement", p.player,
        island.corner_text(static_cast<core::CornerId>(p.place)), num(c.x), num(c.y),
        steps(pic, p.from, p.until), city ? kCityPath : kSettlementPath, colour_of(pic, p.player),
        city ? "3" : "2",
        xml_text(city ? player_mark(pic.players, p.player) + "+"
                      : player_mark(pic.players, p.player)),
        xml_text(name_of(pic, p.player)), city ? "city" : "settlement",
        island.corner_text(static_cast<core::CornerId>(p.place)));
  }
  o += "</g>\n";
}

void draw_robber(std::string& o, const SvgPicture& pic) {
  const core::Topology& island = island_of(pic);
  o += "<g id=\"robber\">\n";
  for (const SvgRobber& r : pic.robber) {
    if (r.hex == core::kNone) continue;
    const Point c = svg::hex_centre(island.hex_at(r.hex));
    o += fmt::format(
        "<g class=\"robber\" data-hex=\"{}\" transform=\"translate({} {})\"{}>"
        "<path d=\"M-8 14H8L5 2A7 7 0 1 0-5 2Z\"/><text class=\"robber-label\" x=\"0\" "
        "y=\"22\">robber</text><title>the robber on {}</title></g>\n",
        core::hex_text(island.hex_at(r.hex)), num(c.x - 30), num(c.y - 8),
        steps(pic, r.from, r.until), core::hex_text(island.hex_at(r.hex)));
  }
  o += "</g>\n";
}

void draw_highlight(std::string& o, const SvgPicture& pic) {
  if (!pic.highlight) return;
  const SvgHighlight& h = *pic.highlight;
  const std::string step =
      pic.stepped && h.step >= 0
          ? fmt::format(" data-from=\"{}\" data-until=\"{}\"", h.step, h.step + 1)
          : "";
  std::string shape, name;
  if (h.kind == SvgHighlight::Kind::Corner) {
    const auto d = static_cast<core::CornerDir>(h.dir);
    const Point c = svg::corner_point(h.hex, d);
    name = core::corner_text(h.hex, d);
    shape = fmt::format(
        "<circle class=\"halo\" cx=\"{0}\" cy=\"{1}\" r=\"20\"/>"
        "<circle class=\"ring\" cx=\"{0}\" cy=\"{1}\" r=\"20\"/>",
        num(c.x), num(c.y));
  } else if (h.kind == SvgHighlight::Kind::Edge) {
    const auto d = static_cast<core::EdgeDir>(h.dir);
    const auto e = svg::edge_points(h.hex, d);
    name = core::edge_text(h.hex, d);
    shape = fmt::format(
        "<line class=\"halo\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{3}\"/>"
        "<line class=\"ring\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{3}\"/>",
        num(e[0].x), num(e[0].y), num(e[1].x), num(e[1].y));
  } else {
    std::string points;
    for (int d = 0; d < 6; ++d)
      points += (d ? " " : "") + pt(svg::corner_point(h.hex, static_cast<core::CornerDir>(d)));
    name = core::hex_text(h.hex);
    shape = fmt::format(
        "<polygon class=\"halo\" points=\"{0}\"/><polygon class=\"ring\" points=\"{0}\"/>", points);
  }
  o += fmt::format("<g id=\"highlight\" class=\"highlight\" data-place=\"{}\"{}>{}</g>\n",
                   xml_text(name), step, shape);
}

void draw_coords(std::string& o, const SvgPicture& pic) {
  const core::Topology& island = island_of(pic);
  if (!pic.coords) return;
  o += "<g id=\"coords\">\n";
  for (core::HexId h = 0; h < island.hex_count(); ++h) {
    const Point c = svg::hex_centre(island.hex_at(h));
    o += fmt::format(
        "<text class=\"coord hex-coord\" data-hex=\"{0}\" x=\"{1}\" y=\"{2}\">{0}</text>\n",
        core::hex_text(island.hex_at(h)), num(c.x), num(c.y - 27));
  }
  for (core::CornerId k = 0; k < island.corner_count(); ++k) {
    const Point c = svg::corner_point(island, k);
    o += fmt::format(
        "<text class=\"coord corner-coord\" data-corner=\"{0}\" x=\"{1}\" y=\"{2}\">{0}</text>\n",
        island.corner_text(k), num(c.x), num(c.y));
  }
  for (core::EdgeId e = 0; e < island.edge_count(); ++e) {
    const Point m = svg::midpoint(svg::edge_points(island, e));
    o += fmt::format(
        "<text class=\"coord edge-coord\" data-edge=\"{0}\" x=\"{1}\" y=\"{2}\">{0}</text>\n",
        island.edge_text(e), num(m.x), num(m.y));
  }
  o += "</g>\n";
}

// Splits a long caption at spaces into lines of at most `width` characters.
std::vector<std::string> wrap(const std::string& text, size_t width) {
  std::vector<std::string> lines;
  std::string line;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    const std::string word = text.substr(i, j - i);
    if (!line.empty() && line.size() + 1 + word.size() > width) lines.push_back(line), line.clear();
    line += (line.empty() ? "" : " ") + word;
    i = j + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

constexpr std::string_view kStyle =
    "text{font-family:sans-serif;text-anchor:middle;dominant-baseline:central}"
    ".sea{fill:#7FB3D5}"
    ".hex polygon{stroke:#3A3A3A;stroke-width:2}"
    ".terrain{font-size:9px;fill:#1A1A1A}"
    ".token{fill:#F6EBD0;stroke:#3A3A3A;stroke-width:1}"
    ".number{font-size:15px;font-weight:bold;fill:#1A1A1A}"
    ".number.hot{fill:#B2182B;font-size:17px}"
    ".pip{fill:#1A1A1A}.pip.hot{fill:#B2182B}"
    ".pier{stroke:#6B4F2A;stroke-width:3}"
    ".harbor-disc{fill:#FFFFFF;stroke:#6B4F2A;stroke-width:2}"
    ".rate{font-size:10px;font-weight:bold}.harbor-kind{font-size:7.5px}"
    ".road line{stroke-width:6;stroke-linecap:round}"
    ".road line.outline{stroke:#000000;stroke-width:9}"
    ".settlement path,.city path{stroke:#000000;stroke-width:1.5}"
    ".mark{font-size:9px;font-weight:bold;fill:#000000;stroke:#FFFFFF;stroke-width:2.5px;"
    "paint-order:stroke}"
    ".mark.small{font-size:7px;stroke-width:2px}"
    ".robber path{fill:#222222;stroke:#FFFFFF;stroke-width:1.5}"
    ".robber-label{font-size:7px;fill:#FFFFFF;stroke:#222222;stroke-width:2px;paint-order:stroke}"
    ".highlight .halo{fill:none;stroke:#FFFFFF;stroke-width:9}"
    ".highlight .ring{fill:none;stroke:#000000;stroke-width:4;stroke-dasharray:6 4}"
    ".coord{font-size:5.5px;fill:#000000;stroke:#FFFFFF;stroke-width:1.5px;paint-order:stroke}"
    ".hex-coord{font-size:8px}"
    ".title{font-size:15px;font-weight:bold;text-anchor:start}"
    ".caption{font-size:12px;text-anchor:start}"
    ".legend-title{font-size:13px;font-weight:bold;text-anchor:start}"
    ".legend{font-size:11px;text-anchor:start}";

void draw_legend(std::string& o, const SvgPicture& pic, double x, double& y) {
  o += fmt::format(
      "<g id=\"legend\">\n<text class=\"legend-title\" x=\"{}\" y=\"{}\">Players</text>\n", num(x),
      num(y));
  y += 24;
  for (size_t p = 0; p < pic.players.size(); ++p) {
    const int i = static_cast<int>(p);
    const std::string note = p < pic.legend_notes.size() && !pic.legend_notes[p].empty()
                                 ? " \u2014 " + pic.legend_notes[p]
                                 : "";
    o += fmt::format(
        "<g class=\"legend-player p{}\" transform=\"translate({} {})\"><path d=\"{}\" "
        "fill=\"{}\" stroke=\"#000000\" stroke-width=\"1.5\"/><text class=\"mark\" x=\"0\" "
        "y=\"2\">{}</text><text class=\"legend\" x=\"18\" y=\"0\">{}{}</text></g>\n",
        i, num(x + 10), num(y), kSettlementPath, colour_of(pic, i),
        xml_text(player_mark(pic.players, i)), xml_text(pic.players[p]), xml_text(note));
    y += 24;
  }
  y += 4;
  o += fmt::format(
      "<g class=\"legend-key\" transform=\"translate({} {})\">"
      "<path d=\"{}\" fill=\"#FFFFFF\" stroke=\"#000000\" stroke-width=\"1.5\"/>"
      "<text class=\"legend\" x=\"18\" y=\"0\">settlement (the player's mark)</text>"
      "<path d=\"{}\" fill=\"#FFFFFF\" stroke=\"#000000\" stroke-width=\"1.5\" "
      "transform=\"translate(0 26)\"/>"
      "<text class=\"legend\" x=\"18\" y=\"26\">city (mark and +)</text>"
      "<line x1=\"-12\" y1=\"50\" x2=\"12\" y2=\"50\" stroke=\"#000000\" stroke-width=\"6\"/>"
      "<text class=\"legend\" x=\"18\" y=\"50\">road</text>"
      "<circle cx=\"0\" cy=\"74\" r=\"10\" fill=\"#FFFFFF\" stroke=\"#6B4F2A\" stroke-width=\"2\"/>"
      "<text class=\"legend\" x=\"18\" y=\"74\">harbor: rate and resource</text>"
      "<text class=\"number hot\" x=\"0\" y=\"98\">6</text>"
      "<text class=\"legend\" x=\"18\" y=\"98\">6 and 8 in red, dots: chance of the roll</text>"
      "</g>\n</g>\n",
      num(x + 10), num(y), kSettlementPath, kCityPath);
  y += 124;
}

void draw_hands(std::string& o, const SvgPicture& pic, double x, double& y) {
  if (pic.hands_title.empty()) return;
  o += fmt::format("<g id=\"hands\">\n<text class=\"legend-title\" x=\"{}\" y=\"{}\">{}</text>\n",
                   num(x), num(y), xml_text(pic.hands_title));
  y += 20;
  for (size_t p = 0; p < pic.hand_lines.size() && p < pic.players.size(); ++p) {
    o += fmt::format("<text class=\"legend hand\" x=\"{}\" y=\"{}\">{}: {}</text>\n", num(x),
                     num(y), xml_text(pic.players[p]), xml_text(pic.hand_lines[p]));
    y += 18;
  }
  o += "</g>\n";
}

}  // namespace

std::string first_line(const Diagnostic& d) {
  const std::string text = render_text(d);
  return text.substr(0, text.find('\n'));
}

std::string player_mark(const std::vector<std::string>& players, int player) {
  auto first = [&](size_t p) {
    const char c = players[p].empty() ? '\0' : players[p][0];
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  };
  auto plain = [](char m) { return (m >= 'a' && m <= 'z') || (m >= '0' && m <= '9'); };
  for (size_t i = 0; i < players.size(); ++i)
    for (size_t j = 0; j < players.size(); ++j)
      if ((i != j && first(i) == first(j)) || !plain(first(i))) return std::to_string(player + 1);
  return std::string(1, first(static_cast<size_t>(player)));
}

std::string xml_text(std::string_view s) {
  std::string out;
  for (char c : visible(s)) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

SvgPicture picture_of(const core::GameState& s) {
  SvgPicture p;
  p.board = s.board.get();
  const core::Topology& island = s.topo();
  for (const auto& pl : s.players) p.players.push_back(pl.name);
  p.colours = player_colours(p.players);
  for (core::EdgeId e = 0; e < island.edge_count(); ++e)
    if (s.edge_owner[e] != core::kNoPlayer)
      p.pieces.push_back({SvgPiece::Kind::Road, s.edge_owner[e], e});
  for (core::CornerId c = 0; c < island.corner_count(); ++c)
    if (s.corner_owner[c] != core::kNoPlayer)
      p.pieces.push_back({s.corner_building[c] == core::Building::City ? SvgPiece::Kind::City
                                                                       : SvgPiece::Kind::Settlement,
                          s.corner_owner[c], c});
  p.robber.push_back({s.robber});
  return p;
}

void add_hands(SvgPicture& p, const core::GameState& s, const PlayerView* view) {
  p.hand_lines.clear();
  p.hands_title =
      view ? fmt::format("Possible hands ({} consistent world{}{})", view->worlds,
                         view->worlds == 1 ? "" : "s", view->approximate ? ", approximate" : "")
           : "Hands";
  for (int i = 0; i < s.player_count(); ++i) {
    std::string line;
    for (int r = 0; r < core::kResourceCount; ++r) {
      const auto res = static_cast<core::Resource>(r);
      std::string count = std::to_string(s.players[i].hand[res]);
      if (view && static_cast<size_t>(i) < view->lo.size()) {
        const int lo = view->lo[i][res], hi = view->hi[i][res];
        count = lo == hi ? std::to_string(lo) : fmt::format("{}\u2013{}", lo, hi);
      }
      line += fmt::format("{}{} {}", r ? ", " : "", core::to_string(res), count);
    }
    p.hand_lines.push_back(line);
    if (static_cast<size_t>(i) >= p.legend_notes.size()) p.legend_notes.resize(i + 1);
    const int lo = view && static_cast<size_t>(i) < view->vp_min.size() ? view->vp_min[i]
                                                                        : s.victory_points(i);
    const int hi = view && static_cast<size_t>(i) < view->vp_max.size() ? view->vp_max[i] : lo;
    p.legend_notes[i] = lo == hi ? fmt::format("{} VP", lo) : fmt::format("{}\u2013{} VP", lo, hi);
  }
}

std::optional<SvgHighlight> highlight_of(const core::Action& a) {
  using K = core::ActionKind;
  switch (a.kind) {
    case K::Settlement:
    case K::City:
      return SvgHighlight{SvgHighlight::Kind::Corner, a.corner.hex, static_cast<int>(a.corner.dir)};
    case K::Road:
      return SvgHighlight{SvgHighlight::Kind::Edge, a.edge.hex, static_cast<int>(a.edge.dir)};
    case K::Robber:
      return SvgHighlight{SvgHighlight::Kind::Hex, a.hex.hex, 0};
    default:
      return std::nullopt;
  }
}

std::string render_svg(const SvgPicture& pic) {
  // The board around the origin; the legend and hands to its right; the caption under it.
  // The frame fits the island: the base island's (hexes 4 half-widths and 2 rows from the
  // centre each way) grows by the island's reach beyond it.
  const core::Topology& island = island_of(pic);
  const double half = svg::kHexRadius * std::sqrt(3.0) / 2;  // half a hex's width
  int west = 0, east = 0, north = 0, south = 0;              // in half-widths and rows
  for (core::Axial a : island.hexes()) {
    west = std::min(west, 2 * a.q + a.r), east = std::max(east, 2 * a.q + a.r);
    north = std::min(north, a.r), south = std::max(south, a.r);
  }
  const double kLeft = -345 + half * std::min(0, west + 4),
               kTop = -365 + 90.0 * std::min(0, north + 2);
  const double kPanelX = 350 + half * std::max(0, east - 4), kWidth = kPanelX - kLeft + 315;
  const std::vector<std::string> caption = wrap(visible(pic.caption), 120);
  double panel_y = kTop + 65;
  std::string body;
  draw_legend(body, pic, kPanelX, panel_y);
  draw_hands(body, pic, kPanelX, panel_y);
  const double board_bottom = 330 + 90.0 * std::max(0, south - 2);
  const double bottom =
      std::max(board_bottom, panel_y) + 18.0 * static_cast<double>(caption.size()) + 20;
  std::string o = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"catan-board\" viewBox=\"{} {} {} {}\" "
      "width=\"{}\" height=\"{}\" role=\"img\" aria-labelledby=\"board-title\">\n"
      "<title id=\"board-title\">{}</title>\n<style>{}</style>\n"
      "<rect class=\"sea\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"24\"/>\n"
      "<text class=\"title\" x=\"{}\" y=\"{}\">{}</text>\n",
      num(kLeft), num(kTop), num(kWidth), num(bottom - kTop), num(kWidth), num(bottom - kTop),
      xml_text(pic.title.empty() ? "Catan board" : pic.title), kStyle, num(kLeft + 5),
      num(kTop + 30), num(kPanelX - kLeft - 5), num(board_bottom - kTop - 30), num(kLeft + 15),
      num(kTop + 15), xml_text(pic.title));
  o += "<g id=\"board\">\n";
  draw_hexes(o, pic);
  draw_harbors(o, pic);
  draw_pieces(o, pic);
  draw_robber(o, pic);
  draw_highlight(o, pic);
  draw_coords(o, pic);
  o += "</g>\n" + body;
  if (!caption.empty()) {
    o += "<text id=\"caption\" class=\"caption\">";
    double y = std::max(board_bottom, panel_y) + 14;
    for (const std::string& line : caption) {
      o += fmt::format("<tspan x=\"{}\" y=\"{}\">{}</tspan>", num(kLeft + 10), num(y),
                       xml_text(line));
      y += 18;
    }
    o += "</text>\n";
  }
  o += "</svg>\n";
  return o;
}

}  // namespace catan::diag
