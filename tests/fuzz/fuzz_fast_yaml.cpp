// libFuzzer target: the fast YAML and JSON readers against yaml-cpp. Whenever parse_fast or
// parse_fast_json accepts an input, yaml-cpp (DocumentReader) must accept it too and build
// the same trees: same documents, kinds, values, quoted flags, marks and entry order.
// Anything else aborts. Declining is always fine. Add a finding to
// tests/unit/fast_yaml_test.cpp or fast_json_test.cpp as a case.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "../unit/tree_compare.hpp"
#include "log/fast_json.hpp"
#include "log/fast_yaml.hpp"
#include "log/yaml_tree.hpp"

using catan::log::Node;
using catan::test::dump_all;
using catan::test::same;

static void compare(const char* which, const std::string& text, const std::vector<Node>& fast) {
  std::vector<Node> slow;
  try {
    std::istringstream in(text);
    catan::log::DocumentReader reader(in);
    while (auto doc = reader.next()) slow.push_back(std::move(*doc));
  } catch (const catan::log::SyntaxError& e) {
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

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (const auto fast = catan::log::parse_fast(text)) compare("parse_fast", text, *fast);
  if (const auto json = catan::log::parse_fast_json(text)) compare("parse_fast_json", text, *json);
  return 0;
}
