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

// Optimal string alignment distance, in three rolling rows.
size_t distance(const std::string& a, const std::string& b) {
  std::vector<size_t> two(b.size() + 1), one(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) one[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({one[j] + 1, cur[j - 1] + 1, one[j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        cur[j] = std::min(cur[j], two[j - 2] + 1);
    }
    std::swap(two, one);
    std::swap(one, cur);
  }
  return one[b.size()];
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
  // A suggestion helps among a few names; a list of thousands (a hostile log's players)
  // would cost a search per mention and suggest nothing useful.
  if (candidates.size() > kMaxSuggestionCandidates) return std::nullopt;
  const size_t limit = 1 + w.size() / 4;  // about one slip in four letters
  std::optional<std::string> best;
  size_t best_d = 0;
  for (const auto& c : candidates) {
    // The distance is at least the difference in length: most of a long list is skipped.
    const size_t gap = c.size() > w.size() ? c.size() - w.size() : w.size() - c.size();
    if (gap > limit || (best && gap >= best_d)) continue;
    const size_t d = distance(w, fold(c));
    if (!best || d < best_d) best_d = d, best = c;
  }
  if (best && best_d > limit) return std::nullopt;
  return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates,
                         const Synonyms& synonyms) {
  auto n = nearest(word, candidates, synonyms);
  return n && *n != word ? "; did you mean '" + *n + "'?" : "";
}

}  // namespace catan::core
