// "Did you mean": the nearest valid spelling of a misspelt key, option or name.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace catan::core {

// Words other games or editions use for a valid one ("wood" for lumber).
using Synonyms = std::vector<std::pair<std::string_view, std::string_view>>;
const Synonyms& resource_synonyms();
const Synonyms& terrain_synonyms();
const Synonyms& card_synonyms();

// Lists longer than this get no suggestion (see nearest).
inline constexpr size_t kMaxSuggestionCandidates = 256;

// The candidate `word` most likely means: a synonym, else the nearest by edit distance
// (case, `_` and ` ` for `-` ignored; adjacent swaps count one), if near enough; nothing
// among more than kMaxSuggestionCandidates.
std::optional<std::string> nearest(std::string_view word,
                                   const std::vector<std::string>& candidates,
                                   const Synonyms& synonyms = {});

// "; did you mean 'settlement'?" or "".
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates,
                         const Synonyms& synonyms = {});

}  // namespace catan::core
