// libFuzzer target: the fast YAML and JSON readers against yaml-cpp. Whenever parse_fast or
// parse_fast_json accepts an input, yaml-cpp (DocumentReader) must accept it too and build
// the same trees: same documents, kinds, values, quoted flags, marks and entry order.
// The same text cut into documents (text::PieceScanner) and read a piece at a time from each
// piece's first line must give the same trees, and the item hook of `actions` must see
// exactly the items the tree holds. Anything else aborts. Declining is always fine. Add a
// finding to tests/unit/fast_yaml_test.cpp, fast_json_test.cpp or pieces_test.cpp as a case.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "../unit/tree_compare.hpp"
#include "text/fast_json.hpp"
#include "text/fast_yaml.hpp"
#include "text/pieces.hpp"
#include "text/yaml_tree.hpp"

using catan::test::dump_all;
using catan::test::same;
using catan::text::Node;

// A mapping key over 1,024 characters: yaml-cpp refuses it as an implicit key (YAML's
// limit), parse_fast_json reads it (JSON has no limit, and a long player name is a key).
static bool long_key(const Node& n) {
  for (const auto& e : n.entries)
    if (e.key.value.size() > 1024 || long_key(e.value)) return true;
  for (const Node& i : n.items)
    if (long_key(i)) return true;
  return false;
}

static void compare(const char* which, const std::string& text, const std::vector<Node>& fast) {
  for (const Node& d : fast)
    if (long_key(d)) return;
  std::vector<Node> slow;
  catan::text::Arena arena;
  try {
    std::istringstream in(text);
    catan::text::DocumentReader reader(in);
    while (auto doc = reader.next(arena)) slow.push_back(*doc);
  } catch (const catan::text::SyntaxError& e) {
    std::fprintf(stderr, "%s accepted what yaml-cpp rejects (%d:%d %s):\n%s", which, e.mark.line,
                 e.mark.column, e.what(), dump_all(fast).c_str());
    std::abort();
  }
  if (!same(fast, slow)) {
    std::fprintf(stderr, "trees differ\n== %s:\n%s== yaml-cpp:\n%s", which, dump_all(fast).c_str(),
                 dump_all(slow).c_str());
    std::abort();
  }
}

template <typename Parse>
static void pieces_and_hook(const char* which, const std::string& text,
                            const std::vector<Node>& whole, const Parse& parse) {
  // A piece at a time.
  std::vector<Node> joined;
  std::vector<catan::text::Trees> held;  // the pieces' trees, alive while joined is read
  bool all = true;
  catan::text::PieceScanner scanner;
  int line = 1;
  for (size_t start = 0; all && (start < text.size() || start == 0);) {
    const size_t n = scanner.scan(std::string_view(text).substr(start), true);
    const std::string_view piece = std::string_view(text).substr(start, n);
    if (auto docs = parse(piece, line, nullptr)) {
      joined.insert(joined.end(), docs->docs.begin(), docs->docs.end());
      held.push_back(std::move(*docs));
    } else
      all = false;
    line += catan::text::count_line_breaks(piece);
    start += n;
    scanner.reset();
    if (n == 0) break;
  }
  if (all && !same(joined, whole)) {
    std::fprintf(stderr, "%s: the pieces read alone differ\n== pieces:\n%s== whole:\n%s", which,
                 dump_all(joined).c_str(), dump_all(whole).c_str());
    std::abort();
  }
  // The hook takes every item of `actions`.
  std::vector<Node> seen, want;
  catan::text::Arena kept;  // a taken item's memory serves the next: the seen ones are cloned
  const catan::text::ActionHook hook = [&](const Node&, const Node& item) {
    seen.push_back(catan::text::clone(item, kept));
    return true;
  };
  const auto hooked = parse(text, 1, &hook);
  for (const Node& d : whole)
    for (const auto& e : d.entries)
      if (e.key.value == "actions" && e.value.kind == Node::Kind::Sequence)
        want.insert(want.end(), e.value.items.begin(), e.value.items.end());
  if (!hooked || !same(seen, want)) {
    std::fprintf(stderr, "%s: the hook saw other items\n== seen:\n%s== tree:\n%s", which,
                 dump_all(seen).c_str(), dump_all(want).c_str());
    std::abort();
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (const auto fast = catan::text::parse_fast(text)) {
    compare("parse_fast", text, fast->docs);
    pieces_and_hook("parse_fast", text, fast->docs,
                    [](std::string_view t, int line, const catan::text::ActionHook* h) {
                      return catan::text::parse_fast(t, SIZE_MAX, line, h);
                    });
  }
  if (const auto json = catan::text::parse_fast_json(text)) {
    compare("parse_fast_json", text, json->docs);
    pieces_and_hook("parse_fast_json", text, json->docs,
                    [](std::string_view t, int line, const catan::text::ActionHook* h) {
                      return catan::text::parse_fast_json(t, SIZE_MAX, line, h);
                    });
  }
  return 0;
}
