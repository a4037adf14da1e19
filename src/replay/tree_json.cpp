#include "replay/tree_json.hpp"

#include <stdexcept>

#include "log/reader.hpp"
#include "log/writer.hpp"

namespace catan::replay {

namespace {

bool is_integer(std::string_view s) {
  if (s.empty() || s.size() > 18) return false;
  for (size_t i = s[0] == '-' ? 1 : 0; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  return s != "-" && s != "-0" && (s.size() == 1 || s[s[0] == '-' ? 1 : 0] != '0');
}

}  // namespace

void write_tree_json(const text::Node& n, diag::JsonWriter& w) {
  switch (n.kind) {
    case text::Node::Kind::Null:
      w.null();
      break;
    case text::Node::Kind::Scalar:
      if (!n.quoted && is_integer(n.value))
        w.value(std::stoll(std::string(n.value)));
      else
        w.value(n.value);
      break;
    case text::Node::Kind::Sequence:
      w.begin_array();
      for (const auto& i : n.items) write_tree_json(i, w);
      w.end_array();
      break;
    case text::Node::Kind::Mapping:
      w.begin_object();
      for (const auto& e : n.entries) {
        w.key(e.key.value);
        write_tree_json(e.value, w);
      }
      w.end_object();
      break;
  }
}

std::vector<std::string> flows_to_json(const std::vector<std::string>& yaml_flows) {
  if (yaml_flows.empty()) return {};
  size_t size = 0;
  for (const std::string& f : yaml_flows) size += f.size() + 3;
  std::string all;
  all.reserve(size);
  for (const std::string& f : yaml_flows) ((all += "- ") += f) += '\n';
  const text::Tree tree = log::parse_one(all, {});
  std::vector<std::string> out;
  out.reserve(tree.root.items.size());
  for (const text::Node& item : tree.root.items) {
    diag::JsonWriter w(false);
    write_tree_json(item, w);
    out.push_back(w.str());
  }
  return out;
}

std::string board_json(const core::BoardSpec& board) {
  log::HeaderInfo h;
  h.players = {"a", "b", "c"};
  h.board = board;
  const std::string text = log::write_header(h);  // the tree's scalars view it
  const text::Tree tree = log::parse_one(text, {});
  diag::JsonWriter w(false);
  for (const text::MapEntry& e : tree.root.entries)
    if (e.key.value == "board") write_tree_json(e.value, w);
  return w.str();
}

}  // namespace catan::replay
