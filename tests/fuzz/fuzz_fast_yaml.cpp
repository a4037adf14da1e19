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

#include "log/fast_json.hpp"
#include "log/fast_yaml.hpp"
#include "log/yaml_tree.hpp"

namespace {

using catan::log::Node;

void dump(const Node& n, int depth, std::string& out) {
  out.append(static_cast<size_t>(depth) * 2, ' ');
  out += std::to_string(n.mark.line) + ":" + std::to_string(n.mark.column) + " ";
  switch (n.kind) {
    case Node::Kind::Null:
      out += "null\n";
      break;
    case Node::Kind::Scalar:
      out += (n.quoted ? "quoted [" : "plain [") + n.value + "]\n";
      break;
    case Node::Kind::Sequence:
      out += "seq\n";
      for (const auto& i : n.items) dump(i, depth + 1, out);
      break;
    case Node::Kind::Mapping:
      out += "map\n";
      for (const auto& e : n.entries) {
        dump(e.key, depth + 1, out);
        dump(e.value, depth + 2, out);
      }
      break;
  }
}

bool same(const Node& a, const Node& b) {
  if (a.kind != b.kind || a.mark.line != b.mark.line || a.mark.column != b.mark.column ||
      a.quoted != b.quoted || a.value != b.value || a.items.size() != b.items.size() ||
      a.entries.size() != b.entries.size())
    return false;
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!same(a.items[i], b.items[i])) return false;
  for (size_t i = 0; i < a.entries.size(); ++i)
    if (!same(a.entries[i].key, b.entries[i].key) || !same(a.entries[i].value, b.entries[i].value))
      return false;
  return true;
}

std::string dump_all(const std::vector<Node>& docs) {
  std::string out;
  for (const auto& d : docs) {
    out += "--- document\n";
    dump(d, 0, out);
  }
  return out;
}

}  // namespace

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
  bool equal = fast.size() == slow.size();
  for (size_t i = 0; equal && i < slow.size(); ++i) equal = same(fast[i], slow[i]);
  if (!equal) {
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
