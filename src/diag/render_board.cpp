#include "diag/render_board.hpp"

#include <fmt/format.h>

#include <vector>

#include "diag/render_text.hpp"

namespace catan::diag {
namespace {

constexpr int kPitch = 12;  // columns between neighbouring hexes in a row
constexpr int kRowPitch = 5;

class Canvas {
 public:
  Canvas(int w, int h) : rows_(h, std::string(w, ' ')) {}
  void put(int x, int y, char c) {
    if (y >= 0 && y < static_cast<int>(rows_.size()) && x >= 0 &&
        x < static_cast<int>(rows_[y].size()))
      rows_[y][x] = c;
  }
  void text(int x, int y, const std::string& s) {
    for (size_t i = 0; i < s.size(); ++i) put(x + static_cast<int>(i), y, s[i]);
  }
  std::string str() const {
    std::string out;
    for (auto r : rows_) {
      r.erase(r.find_last_not_of(' ') + 1);
      out += r + "\n";
    }
    return out;
  }

 private:
  std::vector<std::string> rows_;
};

std::string centred(const std::string& s, int width) {
  int pad = std::max(0, (width - static_cast<int>(s.size())) / 2);
  return std::string(pad, ' ') + s;
}

void draw_hex(Canvas& c, int x, int y) {
  for (int i = 0; i < 3; ++i) {
    c.put(x + 5 - 2 * i, y + i, '/');
    c.put(x + 7 + 2 * i, y + i, '\\');
    c.put(x + 1 + 2 * i, y + 5 + i, '\\');
    c.put(x + 11 - 2 * i, y + 5 + i, '/');
  }
  for (int i = 3; i < 5; ++i) {
    c.put(x, y + i, '|');
    c.put(x + 12, y + i, '|');
  }
}

// Where the island's hexes go on the canvas: its leftmost hex at column 1, its top row at
// line 0.
struct Layout {
  int x0 = 0, r0 = 0, width = 0, height = 0;
  explicit Layout(const core::Topology& t) {
    int lo = 1 << 30, hi = -(1 << 30);
    for (core::Axial a : t.hexes()) {
      lo = std::min(lo, kPitch * a.q + (kPitch / 2) * a.r);
      hi = std::max(hi, kPitch * a.q + (kPitch / 2) * a.r);
    }
    x0 = 1 - lo, r0 = t.min_r();
    width = hi - lo + kPitch + 4;
    height = kRowPitch * (t.max_r() - t.min_r() + 1) + 4;
  }
  int x(core::Axial a) const { return kPitch * a.q + (kPitch / 2) * a.r + x0; }
  int y(core::Axial a) const { return kRowPitch * (a.r - r0); }
};

Canvas draw(const core::Topology& island, const Layout& at, const core::Board* board,
            core::HexId robber);

}  // namespace

std::vector<char> piece_marks(const core::GameState& s) {
  std::vector<char> marks;
  for (const auto& p : s.players)
    marks.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(p.name[0]))));
  // Digits instead when two names share a first letter, or one starts with anything but an
  // ASCII letter or digit (a control character or a UTF-8 byte must not reach the board).
  auto plain = [](char m) { return (m >= 'a' && m <= 'z') || (m >= '0' && m <= '9'); };
  for (size_t i = 0; i < marks.size(); ++i)
    for (size_t j = 0; j < marks.size(); ++j)
      if ((i != j && marks[i] == marks[j]) || !plain(marks[i])) {
        for (size_t k = 0; k < marks.size(); ++k) marks[k] = static_cast<char>('1' + k);
        return marks;
      }
  return marks;
}

std::string render_board(const core::GameState& s) {
  const core::Topology& island = s.topo();
  const Layout at(island);
  Canvas c = draw(island, at, s.board.get(), s.robber);
  const std::vector<char> marks = piece_marks(s);
  for (core::CornerId k = 0; k < island.corner_count(); ++k) {
    if (s.corner_owner[k] == core::kNoPlayer) continue;
    core::CornerName n = island.corner_name(k);
    char m = marks[s.corner_owner[k]];
    if (s.corner_building[k] == core::Building::City) m = static_cast<char>(std::toupper(m));
    c.put(at.x(n.hex) + 6, at.y(n.hex) + (n.dir == core::CornerDir::N ? 0 : 7), m);
  }
  for (core::EdgeId e = 0; e < island.edge_count(); ++e) {
    if (s.edge_owner[e] == core::kNoPlayer) continue;
    core::EdgeName n = island.edge_name(e);
    const int x = at.x(n.hex), y = at.y(n.hex);
    const char m = marks[s.edge_owner[e]];
    if (n.dir == core::EdgeDir::NE) c.put(x + 9, y + 1, m);
    if (n.dir == core::EdgeDir::E) c.put(x + 12, y + 3, m), c.put(x + 12, y + 4, m);
    if (n.dir == core::EdgeDir::SE) c.put(x + 9, y + 6, m);
  }
  std::string out = c.str();
  out += "Marks: ";
  for (size_t p = 0; p < marks.size(); ++p)
    out += fmt::format("{}{} = {}", p ? ", " : "", marks[p], visible(s.players[p].name));
  out += " (lowercase: settlements and roads; uppercase: cities); (R) is the robber.\n";
  return out;
}

std::string render_board(const core::Board* board) {
  const core::Topology& island =
      board ? board->topology() : core::Edition::base().island;  // no board: the base island
  std::string out =
      draw(island, Layout(island), board, board ? board->robber_start : core::kNone).str();
  out +=
      fmt::format("Hexes are [q, r]; rows run r = {} (top) to {} (bottom), q grows to the right.\n",
                  island.min_r(), island.max_r());
  out +=
      "Corners: [q, r, N] is the top vertex of hex [q, r], [q, r, S] the bottom one\n"
      "(NE, SE, SW, NW are accepted aliases). Paths: [q, r, NE | E | SE] (and SW, W, NW).\n";
  if (board) {
    out += "Harbors:";
    for (const core::Harbor& hb : board->harbors)
      out += fmt::format(" {} {};", island.edge_text(hb.edge), core::to_string(hb.kind));
    out += "\n(R) marks the robber.\n";
  }
  return out;
}

namespace {

Canvas draw(const core::Topology& island, const Layout& at, const core::Board* board,
            core::HexId robber) {
  Canvas c(at.width, at.height);
  for (core::HexId h = 0; h < island.hex_count(); ++h) {
    core::Axial a = island.hex_at(h);
    int x = at.x(a);
    int y = at.y(a);
    draw_hex(c, x, y);
    c.text(x + 1, y + 3, centred(fmt::format("{},{}", a.q, a.r), 11));
    if (!board) continue;
    const core::HexTile& t = board->hexes[h];
    std::string label =
        t.terrain == core::Terrain::Mountains ? "mtns" : std::string(core::to_string(t.terrain));
    if (t.number) label += " " + std::to_string(t.number);
    c.text(x + 1, y + 4, centred(label, 11));
    if (robber == h) c.text(x + 5, y + 2, "(R)");
  }
  return c;
}

}  // namespace

}  // namespace catan::diag
