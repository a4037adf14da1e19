#include "core/spelling.hpp"

#include <algorithm>
#include <cctype>

namespace catan::core {
namespace {

std::string fold(std::string_view s) {
  std::string out;
  for (char c : s)
    out +=
        c == '_' || c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Optimal string alignment distance.
size_t distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] =
          std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

const Synonyms& resource_synonyms() {
  static const Synonyms s{{"wood", "lumber"}, {"woods", "lumber"}, {"timber", "lumber"},
                          {"log", "lumber"},  {"logs", "lumber"},  {"sheep", "wool"},
                          {"wheat", "grain"}, {"clay", "brick"},   {"stone", "ore"},
                          {"rock", "ore"},    {"rocks", "ore"},    {"iron", "ore"}};
  return s;
}

const Synonyms& terrain_synonyms() {
  static const Synonyms s{{"wood", "forest"},   {"woods", "forest"},    {"lumber", "forest"},
                          {"sheep", "pasture"}, {"wool", "pasture"},    {"wheat", "fields"},
                          {"grain", "fields"},  {"clay", "hills"},      {"brick", "hills"},
                          {"ore", "mountains"}, {"stone", "mountains"}, {"sand", "desert"}};
  return s;
}

const Synonyms& card_synonyms() {
  static const Synonyms s{{"vp", "victory-point"},         {"victory", "victory-point"},
                          {"point", "victory-point"},      {"yop", "year-of-plenty"},
                          {"invention", "year-of-plenty"}, {"plenty", "year-of-plenty"},
                          {"soldier", "knight"},           {"roads", "road-building"}};
  return s;
}

std::optional<std::string> nearest(std::string_view word,
                                   const std::vector<std::string>& candidates,
                                   const Synonyms& synonyms) {
  const std::string w = fold(word);
  if (w.empty()) return std::nullopt;
  for (const auto& [from, to] : synonyms)
    if (w == from && std::find(candidates.begin(), candidates.end(), to) != candidates.end())
      return std::string(to);
  std::optional<std::string> best;
  size_t best_d = 0;
  for (const auto& c : candidates) {
    const size_t d = distance(w, fold(c));
    if (!best || d < best_d) best_d = d, best = c;
  }
  if (best && best_d > 1 + w.size() / 4) return std::nullopt;  // about one slip in four letters
  return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates,
                         const Synonyms& synonyms) {
  auto n = nearest(word, candidates, synonyms);
  return n && *n != word ? "; did you mean '" + *n + "'?" : "";
}

}  // namespace catan::core
