// Helpers the formats' sniff functions share.
#pragma once

#include <string_view>

#include "import/imported.hpp"

namespace catan::importers::detail {

// `head` without a leading UTF-8 byte-order mark.
inline std::string_view without_bom(std::string_view head) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  return head.substr(0, kBom.size()) == kBom ? head.substr(kBom.size()) : head;
}

// Whether `head` starts with `prefix`: Yes, No, or More while `head` is a shorter prefix
// of it and the input goes on.
// A leading byte-order mark is skipped.
inline Sniff starts_with(std::string_view head, bool ended, std::string_view prefix) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (!ended && head.size() < kBom.size() && kBom.substr(0, head.size()) == head)
    return Sniff::More;
  head = without_bom(head);
  if (head.substr(0, prefix.size()) == prefix) return Sniff::Yes;
  if (!ended && head.size() < prefix.size() && prefix.substr(0, head.size()) == head)
    return Sniff::More;
  return Sniff::No;
}

}  // namespace catan::importers::detail
