#include "diag/render_board.hpp"

#include <fmt/format.h>

#include <vector>

namespace catan::diag {
namespace {

constexpr int kPitch = 12;  // columns between neighbouring hexes in a row
constexpr int kRowPitch = 5;

class Canvas {
 public:
  Canvas(int w, int h) : rows_(h, std::string(w, ' ')) {}
  void put(int x, int y, char c) {
    if (y >= 0 && y < static_cast<int>(rows_.size()) && x >= 0 && x < static_cast<int>(rows_[y].size()))
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

}  // namespace

std::string render_board(const core::Board* board) {
  Canvas c(5 * kPitch + 4, 5 * kRowPitch + 4);
  for (core::HexId h = 0; h < core::kHexCount; ++h) {
    core::Axial a = core::hex_at(h);
    int x = kPitch * a.q + (kPitch / 2) * a.r + 2 * kPitch + 1;
    int y = kRowPitch * (a.r + 2);
    draw_hex(c, x, y);
    c.text(x + 1, y + 3, centred(fmt::format("{},{}", a.q, a.r), 11));
    if (!board) continue;
    const core::HexTile& t = board->hexes[h];
    std::string label = std::string(core::to_string(t.terrain)).substr(0, 5);
    if (t.number) label += " " + std::to_string(t.number);
    c.text(x + 1, y + 4, centred(label, 11));
    if (board->robber_start == h) c.text(x + 5, y + 2, "(R)");
  }
  std::string out = c.str();
  out += "Hexes are [q, r]; rows run r = -2 (top) to 2 (bottom), q grows to the right.\n"
         "Corners: [q, r, N] is the top vertex of hex [q, r], [q, r, S] the bottom one\n"
         "(NE, SE, SW, NW are accepted aliases). Paths: [q, r, NE | E | SE] (and SW, W, NW).\n";
  if (board) {
    out += "Harbors:";
    for (const core::Harbor& hb : board->harbors)
      out += fmt::format(" {} {};", core::edge_text(hb.edge), core::to_string(hb.kind));
    out += "\n(R) marks the robber.\n";
  }
  return out;
}

}  // namespace catan::diag
