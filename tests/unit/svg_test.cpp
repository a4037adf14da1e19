// The board picture: every hex, corner and edge drawn where the coordinate system puts it
// (positions computed here independently, by walking from the centre hex), harbors on
// their coastal edges, the highlight, escaping, determinism; and the report's data.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "base_island.hpp"
#include "diag/render_html.hpp"
#include "diag/render_svg.hpp"
#include "fixture.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"
#include "replay/timeline.hpp"
#include "text/json_source.hpp"

namespace core = catan::core;
namespace diag = catan::diag;

namespace {

constexpr double kR = 60.0;  // the circumradius the picture uses
const double kPi = std::acos(-1.0);

struct P {
  double x, y;
};

// Hex centres found without the picture's formula: a breadth-first walk from [0, 0] over
// core::neighbour, each step one hex width (sqrt(3) R) in the direction the edge faces
// (NE at -60 degrees, E at 0, SE at 60, ... with y down).
std::map<std::pair<int, int>, P> walked_centres() {
  std::map<std::pair<int, int>, P> at{{{0, 0}, {0, 0}}};
  std::vector<core::Axial> todo{{0, 0}};
  while (!todo.empty()) {
    const core::Axial h = todo.back();
    todo.pop_back();
    for (int d = 0; d < 6; ++d) {
      const core::Axial n = core::neighbour(h, static_cast<core::EdgeDir>(d));
      if (!base_island().contains(n) || at.count({n.q, n.r})) continue;
      const double a = (-60.0 + 60.0 * d) * kPi / 180;
      const P c = at[{h.q, h.r}];
      at[{n.q, n.r}] = {c.x + std::sqrt(3.0) * kR * std::cos(a),
                        c.y + std::sqrt(3.0) * kR * std::sin(a)};
      todo.push_back(n);
    }
  }
  return at;
}

// Corner i of a hex (N, NE, SE, S, SW, NW) lies R from the centre at -90 + 60 i degrees.
P corner_of(P centre, int i) {
  const double a = (-90.0 + 60.0 * i) * kPi / 180;
  return {centre.x + kR * std::cos(a), centre.y + kR * std::sin(a)};
}

bool near(P a, P b) { return std::fabs(a.x - b.x) < 0.06 && std::fabs(a.y - b.y) < 0.06; }

std::vector<P> points(const std::string& list) {
  std::vector<P> out;
  std::regex pair("(-?[0-9.]+),(-?[0-9.]+)");
  for (std::sregex_iterator it(list.begin(), list.end(), pair), end; it != end; ++it)
    out.push_back({std::stod((*it)[1]), std::stod((*it)[2])});
  return out;
}

core::GameState start_state() {
  auto docs = catan::log::read_string(catan::test::header() + "  []\n");
  REQUIRE(docs.at(0).game);
  auto out = catan::replay::replay("t.yaml", *docs[0].game, {});
  REQUIRE(out.state);
  return *out.state;
}

// A state with a building on every corner and a road on every edge (data, not a game).
core::GameState crowded() {
  core::GameState s = start_state();
  for (core::CornerId c = 0; c < base_island().corner_count(); ++c) {
    s.corner_owner[c] = static_cast<int8_t>(c % 4);
    s.corner_building[c] = c % 2 ? core::Building::City : core::Building::Settlement;
  }
  for (core::EdgeId e = 0; e < base_island().edge_count(); ++e)
    s.edge_owner[e] = static_cast<int8_t>(e % 4);
  return s;
}

int count(const std::string& text, const std::string& needle) {
  int n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("svg: every hex is drawn around its centre with its six corners") {
  const core::GameState s = start_state();  // the picture points into it
  diag::SvgPicture pic = diag::picture_of(s);
  const std::string svg = diag::render_svg(pic);
  const auto centres = walked_centres();
  REQUIRE(centres.size() == 19);
  std::regex hex(
      R"re(<g class="hex" data-hex="\[(-?\d), (-?\d)\]"[^>]*>\n<polygon points="([^"]+)")re");
  int seen = 0;
  for (std::sregex_iterator it(svg.begin(), svg.end(), hex), end; it != end; ++it) {
    const int q = std::stoi((*it)[1]), r = std::stoi((*it)[2]);
    INFO("hex [" << q << ", " << r << "]");
    REQUIRE(centres.count({q, r}) == 1);
    const std::vector<P> drawn = points((*it)[3]);
    REQUIRE(drawn.size() == 6);
    for (int i = 0; i < 6; ++i) CHECK(near(drawn[i], corner_of(centres.at({q, r}), i)));
    ++seen;
  }
  CHECK(seen == 19);
}

TEST_CASE("svg: every corner and edge holds its piece and its name where the geometry says") {
  const core::GameState s = crowded();
  diag::SvgPicture pic = diag::picture_of(s);
  pic.coords = true;
  const std::string svg = diag::render_svg(pic);
  const auto centres = walked_centres();
  // Where each corner is, independently: corner i of every land hex that has it.
  auto corner_at = [&](core::CornerId c) {
    for (core::HexId h = 0; h < base_island().hex_count(); ++h) {
      const auto cs = base_island().hex_corners(h);
      for (int i = 0; i < 6; ++i)
        if (cs[i] == c)
          return corner_of(centres.at({base_island().hex_at(h).q, base_island().hex_at(h).r}), i);
    }
    FAIL("corner on no hex");
    return P{};
  };
  std::regex building(
      R"re(<g class="(settlement|city) p(\d)" data-corner="([^"]+)" transform="translate\((-?[0-9.]+) (-?[0-9.]+)\)")re");
  std::map<std::string, P> buildings;
  for (std::sregex_iterator it(svg.begin(), svg.end(), building), end; it != end; ++it)
    buildings[(*it)[3]] = {std::stod((*it)[4]), std::stod((*it)[5])};
  std::regex corner_label(
      R"re(class="coord corner-coord" data-corner="([^"]+)" x="(-?[0-9.]+)" y="(-?[0-9.]+)")re");
  std::map<std::string, P> corner_labels;
  for (std::sregex_iterator it(svg.begin(), svg.end(), corner_label), end; it != end; ++it)
    corner_labels[(*it)[1]] = {std::stod((*it)[2]), std::stod((*it)[3])};
  REQUIRE(static_cast<int>(buildings.size()) == base_island().corner_count());
  REQUIRE(static_cast<int>(corner_labels.size()) == base_island().corner_count());
  for (core::CornerId c = 0; c < base_island().corner_count(); ++c) {
    INFO("corner " << base_island().corner_text(c));
    CHECK(near(buildings.at(base_island().corner_text(c)), corner_at(c)));
    CHECK(near(corner_labels.at(base_island().corner_text(c)), corner_at(c)));
  }
  std::regex road(
      R"re(<g class="road p\d" data-edge="([^"]+)"><line class="outline" x1="(-?[0-9.]+)" y1="(-?[0-9.]+)" x2="(-?[0-9.]+)" y2="(-?[0-9.]+)")re");
  std::map<std::string, std::pair<P, P>> roads;
  for (std::sregex_iterator it(svg.begin(), svg.end(), road), end; it != end; ++it)
    roads[(*it)[1]] = {{std::stod((*it)[2]), std::stod((*it)[3])},
                       {std::stod((*it)[4]), std::stod((*it)[5])}};
  std::regex edge_label(
      R"re(class="coord edge-coord" data-edge="([^"]+)" x="(-?[0-9.]+)" y="(-?[0-9.]+)")re");
  std::map<std::string, P> edge_labels;
  for (std::sregex_iterator it(svg.begin(), svg.end(), edge_label), end; it != end; ++it)
    edge_labels[(*it)[1]] = {std::stod((*it)[2]), std::stod((*it)[3])};
  REQUIRE(static_cast<int>(roads.size()) == base_island().edge_count());
  REQUIRE(static_cast<int>(edge_labels.size()) == base_island().edge_count());
  for (core::EdgeId e = 0; e < base_island().edge_count(); ++e) {
    INFO("edge " << base_island().edge_text(e));
    const auto ends = base_island().edge_corners(e);
    const P a = corner_at(ends[0]), b = corner_at(ends[1]);
    const P mid{(a.x + b.x) / 2, (a.y + b.y) / 2};
    CHECK(near(edge_labels.at(base_island().edge_text(e)), mid));
    // The road runs along the edge, leaving 18% free at each end for the buildings.
    const auto [r1, r2] = roads.at(base_island().edge_text(e));
    CHECK(near(r1, {a.x + (b.x - a.x) * 0.18, a.y + (b.y - a.y) * 0.18}));
    CHECK(near(r2, {b.x + (a.x - b.x) * 0.18, b.y + (a.y - b.y) * 0.18}));
  }
  CHECK(count(svg, "<g class=\"settlement ") == 27);
  CHECK(count(svg, "<g class=\"city ") == 27);
}

TEST_CASE("svg: the nine harbors stand off their coastal edges, with rate and resource") {
  const core::GameState s = start_state();
  const std::string svg = diag::render_svg(diag::picture_of(s));
  std::regex harbor(
      R"re(<g class="harbor" data-edge="([^"]+)" data-kind="([^"]+)">\n(?:<line[^\n]*\n){2}<circle class="harbor-disc" cx="(-?[0-9.]+)" cy="(-?[0-9.]+)"[^\n]*\n<text class="rate"[^>]*>([^<]+)</text>\n<text class="harbor-kind"[^>]*>([^<]+)<)re");
  const auto centres = walked_centres();
  int n = 0;
  for (std::sregex_iterator it(svg.begin(), svg.end(), harbor), end; it != end; ++it, ++n) {
    const core::Harbor& hb = s.board->harbors.at(static_cast<size_t>(n));
    CHECK((*it)[1] == base_island().edge_text(hb.edge));
    CHECK(base_island().is_coastal(hb.edge));
    const bool generic = hb.kind == core::HarborKind::Generic;
    CHECK((*it)[5] == (generic ? "3:1" : "2:1"));
    CHECK((*it)[6] == (generic ? std::string("any") : std::string(core::to_string(hb.kind))));
    // Out at sea: farther from its land hex's centre than the edge, and off the island.
    const core::Axial land = base_island().hex_at(base_island().edge_hexes(hb.edge)[0]);
    const P c = centres.at({land.q, land.r});
    const P disc{std::stod((*it)[3]), std::stod((*it)[4])};
    CHECK(std::hypot(disc.x - c.x, disc.y - c.y) > kR * std::sqrt(3.0) / 2 + 20);
    for (const auto& [q, centre] : centres)
      CHECK(std::hypot(disc.x - centre.x, disc.y - centre.y) > kR * 0.8);
  }
  CHECK(n == 9);
}

TEST_CASE("svg: tokens carry pips, 6 and 8 marked; the robber stands on its hex") {
  const core::GameState s = start_state();
  const std::string svg = diag::render_svg(diag::picture_of(s));
  CHECK(count(svg, "class=\"token\"") == 18);          // every hex but the desert
  CHECK(count(svg, "class=\"number hot\"") == 4 + 1);  // two 6s, two 8s, and the legend's 6
  // Pips: 2..12 on the standard tokens sum to 58 (1+2+2+3+3+4+4+5+5+5+5+4+4+3+3+2+2+1).
  CHECK(count(svg, "<circle class=\"pip") == 58);
  CHECK(count(svg, "<g class=\"robber\" data-hex=\"[0, 0]\"") == 1);
}

TEST_CASE("svg: the highlight outlines the place an entry names, off the island too") {
  core::Action a;
  a.kind = core::ActionKind::Road;
  a.edge = {{3, -2}, core::EdgeDir::W, core::kNone};
  const core::GameState s = start_state();
  diag::SvgPicture pic = diag::picture_of(s);
  pic.highlight = diag::highlight_of(a);
  REQUIRE(pic.highlight);
  pic.caption = "t.yaml:9:3: error[COMP-09]: the road <off> & away";
  const std::string svg = diag::render_svg(pic);
  CHECK(count(svg, "id=\"highlight\"") == 1);
  CHECK(svg.find("data-place=\"[3, -2, W]\"") != std::string::npos);
  // [3, -2, W] (as written, off the island) is the E side of [2, -2]: its NE and SE corners.
  const P c = walked_centres().at({2, -2});
  std::smatch m;
  REQUIRE(std::regex_search(
      svg, m,
      std::regex(
          R"re(<line class="ring" x1="(-?[0-9.]+)" y1="(-?[0-9.]+)" x2="(-?[0-9.]+)" y2="(-?[0-9.]+)")re")));
  const P e1{std::stod(m[1]), std::stod(m[2])}, e2{std::stod(m[3]), std::stod(m[4])};
  CHECK(((near(e1, corner_of(c, 1)) && near(e2, corner_of(c, 2))) ||
         (near(e1, corner_of(c, 2)) && near(e2, corner_of(c, 1)))));
  CHECK(svg.find("the road &lt;off&gt; &amp; away") != std::string::npos);
  a.kind = core::ActionKind::Roll;
  CHECK_FALSE(diag::highlight_of(a));
  a.kind = core::ActionKind::Robber;
  a.hex = {{1, 1}, core::kNone};
  CHECK(diag::highlight_of(a)->kind == diag::SvgHighlight::Kind::Hex);
}

TEST_CASE("svg: names are escaped and made visible; output is deterministic") {
  core::GameState s = crowded();
  s.players[0].name = "<b>&\"'\x1b[31m";
  diag::SvgPicture pic = diag::picture_of(s);
  diag::add_hands(pic, s, nullptr);
  const std::string svg = diag::render_svg(pic);
  CHECK(svg.find("&lt;b&gt;&amp;&quot;&#39;\\x1b[31m") != std::string::npos);
  CHECK(svg.find('\x1b') == std::string::npos);
  CHECK(svg.find("<b>") == std::string::npos);
  CHECK(svg == diag::render_svg(pic));
  CHECK(diag::player_mark({"red", "Rose"}, 1) == "2");
  CHECK(diag::player_mark({"red", "blue"}, 1) == "b");
}

TEST_CASE("report data: a step per judged entry, production, and the illegal entry") {
  // Set-up, then red rolls 6+2: orange's [1, 0, S] and blue's... production is paid.
  const std::string yaml = catan::test::header() + catan::test::setup() +
                           "  - {player: red, roll: [3, 5]}\n"
                           "  - {player: red, settlement: [2, 2, N]}\n"
                           "  - {player: red, end: turn}\n";
  auto docs = catan::log::read_string(yaml);
  REQUIRE(docs.at(0).game);
  const diag::ReportData d = catan::replay::build_report_data("t.yaml", yaml, *docs[0].game, {});
  REQUIRE(d.entries.size() == catan::test::kSetupActions + 3);
  CHECK(d.report.status == diag::Status::Illegal);
  const diag::ReportEntry& bad = d.entries[catan::test::kSetupActions + 1];
  CHECK(bad.illegal);
  CHECK(bad.text.find("settlement: [2, 2, N]") != std::string::npos);
  CHECK_FALSE(d.entries.back().judged);
  // Steps 0..17 plus the illegal entry's (unchanged) step.
  REQUIRE(d.steps.size() == catan::test::kSetupActions + 3);
  CHECK(d.steps.back().corner_owner == d.steps[d.steps.size() - 2].corner_owner);
  const diag::ReportEntry& roll = d.entries[catan::test::kSetupActions];
  REQUIRE_FALSE(roll.effects.empty());
  CHECK(roll.effects[0].rfind("production: ", 0) == 0);
  REQUIRE(d.illegal);
  CHECK(d.illegal->kind == core::ActionKind::Settlement);
  const std::string html = diag::render_html(d, {"EXPLAIN TEXT", "file:///t.yaml"});
  CHECK(count(html, "<g class=\"hex\"") == 19);
  CHECK(html.find("data-illegal=\"" + std::to_string(catan::test::kSetupActions + 2) + "\"") !=
        std::string::npos);
  CHECK(html.find("EXPLAIN TEXT") != std::string::npos);
  CHECK(count(html, "<li id=\"entry-") == catan::test::kSetupActions + 3);
  // One state panel in HTML (the step the page opens at); every step's state as data.
  CHECK(count(html, "<section class=\"state\"") == 1);
  CHECK(html.find("<section class=\"state\" data-step=\"" +
                  std::to_string(catan::test::kSetupActions + 2) + "\">") != std::string::npos);
  const std::string open = "<script type=\"application/json\" id=\"state-data\">";
  const size_t at = html.find(open) + open.size();
  REQUIRE(at > open.size());
  const auto data = catan::text::parse_json(html.substr(at, html.find("</script>", at) - at));
  REQUIRE(data.value);
  REQUIRE(data.value->get("steps"));
  CHECK(data.value->get("steps")->items.size() == catan::test::kSetupActions + 3);
  CHECK(html.find("http://") == html.find("http://www.w3.org/2000/svg"));
  CHECK(html.find("https://") == std::string::npos);
}

TEST_CASE("report page: log text cannot close the script or add markup") {
  const std::string yaml =
      catan::test::header("", "[\"</script><b onclick=x>\", blue, white, orange]") + "  []\n";
  auto docs = catan::log::read_string(yaml);
  REQUIRE(docs.at(0).game);
  const diag::ReportData d = catan::replay::build_report_data("t.yaml", yaml, *docs[0].game, {});
  const std::string html = diag::render_html(d, {});
  CHECK(count(html, "<script>") == 1);
  CHECK(count(html, "</script>") == 2);  // the script and the state data (no '<' in it)
  const size_t data = html.find("id=\"state-data\">");
  REQUIRE(data != std::string::npos);
  CHECK(html.find('<', data) == html.find("</script>", data));
  CHECK(html.find("<b onclick") == std::string::npos);
  CHECK(html.find("&lt;/script&gt;&lt;b onclick=x&gt;") != std::string::npos);
  CHECK(count(html, "<g class=\"hex\"") == 19);
}

TEST_CASE("report page: an imported game names its source record and each event in it") {
  const std::string yaml = catan::test::header() + catan::test::setup();
  auto docs = catan::log::read_string(yaml);
  REQUIRE(docs.at(0).game);
  catan::log::Game g = *docs[0].game;
  g.source = catan::log::Source{"jsettlers", "club<1>.soclog", "JSettlers 2.7"};
  g.actions.at(2).source.line = 812;
  g.actions.at(2).source.column = 4;
  const diag::ReportData d = catan::replay::build_report_data("t.yaml", yaml, g, {});
  CHECK(d.source == "jsettlers club<1>.soclog (JSettlers 2.7)");
  CHECK(d.entries.at(2).source.line == 812);
  CHECK(d.entries.at(1).source.line == 0);
  const std::string html = diag::render_html(d, {});
  CHECK(html.find("imported from jsettlers club&lt;1&gt;.soclog (JSettlers 2.7)") !=
        std::string::npos);
  CHECK(html.find("(from club&lt;1&gt;.soclog:812:4)") != std::string::npos);
  CHECK(count(html, "class=\"source\"") == 1);
}
