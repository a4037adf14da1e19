#include "log/yaml_tree.hpp"

#include <yaml-cpp/anchor.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <optional>
#include <unordered_map>

#include "log/syntax_words.hpp"

namespace catan::log {
namespace {

Mark to_mark(const YAML::Mark& m) { return {m.line + 1, m.column + 1}; }

// A key quoted in a message: its first 64 bytes at most.
std::string shown(const std::string& v) { return v.size() <= 64 ? v : v.substr(0, 64) + "..."; }

// Builds a Node tree from parser events.
class TreeBuilder : public YAML::EventHandler {
 public:
  TreeBuilder(const ActionHook& hook, size_t max_scalar, int line_offset)
      : hook_(hook), max_scalar_(max_scalar), line_offset_(line_offset) {}
  std::unique_ptr<Node> root;

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    refuse_anchor(mark, anchor);
    Node n;
    n.kind = Node::Kind::Null;
    n.mark = mark_of(mark);
    add(std::move(n));
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    throw SyntaxError(mark_of(mark), "aliases (*name) are not allowed in catan-log/1");
  }
  void OnAnchor(const YAML::Mark& mark, const std::string& name) override {
    throw SyntaxError(mark_of(mark), "anchors (&" + name + ") are not allowed in catan-log/1");
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    refuse_anchor(mark, anchor);
    refuse_tag(mark, tag);
    if (value.size() > max_scalar_)
      throw SyntaxError(mark_of(mark),
                        "a scalar of " + std::to_string(value.size()) +
                            " bytes, more than --max-scalar-bytes (" + std::to_string(max_scalar_) +
                            ")",
                        ReadErrorKind::Limit);
    Node n;
    n.kind = Node::Kind::Scalar;
    n.mark = mark_of(mark);
    n.quoted = tag == "!";
    n.value = value;
    add(std::move(n));
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, tag, anchor, Node::Kind::Sequence);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(mark, tag, anchor, Node::Kind::Mapping);
  }
  void OnMapEnd() override {
    if (!pending_key_.empty() && pending_key_.back())
      throw SyntaxError(stack_.back().mark, "a mapping key has no value");
    close();
  }

 private:
  Mark mark_of(const YAML::Mark& m) const { return {m.line + 1 + line_offset_, m.column + 1}; }
  const ActionHook& hook_;
  size_t max_scalar_;
  std::vector<Node> stack_;
  std::vector<std::optional<Node>> pending_key_;  // per open mapping: a key awaiting its value
  // Per open collection: its keys and their lines, filled once a mapping is large enough
  // that searching its entries would make the duplicate check quadratic.
  std::vector<std::unordered_map<std::string, int>> key_index_;
  static constexpr size_t kIndexFrom = 16;
  int line_offset_ = 0;  // lines before the text's first line (a document read from a stream)

  void refuse_anchor(const YAML::Mark& mark, YAML::anchor_t anchor) {
    if (anchor != YAML::NullAnchor)
      throw SyntaxError(mark_of(mark), "anchors are not allowed in catan-log/1");
  }
  void refuse_tag(const YAML::Mark& mark, const std::string& tag) {
    if (!tag.empty() && tag != "?" && tag != "!")
      throw SyntaxError(mark_of(mark), "tags (" + tag + ") are not allowed in catan-log/1");
  }
  void open(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
            Node::Kind kind) {
    refuse_anchor(mark, anchor);
    refuse_tag(mark, tag);
    if (static_cast<int>(stack_.size()) >= kMaxNesting)
      throw SyntaxError(mark_of(mark),
                        "YAML syntax error: nested too deeply (more than " +
                            std::to_string(kMaxNesting) + " levels)",
                        ReadErrorKind::Limit);
    Node n;
    n.kind = kind;
    n.mark = mark_of(mark);
    stack_.push_back(std::move(n));
    pending_key_.emplace_back();
    key_index_.emplace_back();
  }
  void close() {
    Node n = std::move(stack_.back());
    stack_.pop_back();
    pending_key_.pop_back();
    key_index_.pop_back();
    add(std::move(n));
  }
  void add(Node n) {
    if (stack_.empty()) {
      root = std::make_unique<Node>(std::move(n));
      return;
    }
    Node& parent = stack_.back();
    if (parent.kind == Node::Kind::Sequence) {
      // An item of the top-level `actions` sequence goes to the hook first.
      if (hook_ && stack_.size() == 2 && stack_[0].kind == Node::Kind::Mapping && pending_key_[0] &&
          pending_key_[0]->value == "actions" && hook_(stack_[0], n))
        return;
      parent.items.push_back(std::move(n));
      return;
    }
    auto& key = pending_key_.back();
    if (!key) {
      if (n.kind != Node::Kind::Scalar)
        throw SyntaxError(n.mark, "mapping keys must be plain names");
      auto duplicate = [&](int first_line) {
        throw SyntaxError(n.mark, "duplicate key '" + shown(n.value) + "' (first at line " +
                                      std::to_string(first_line) + ")");
      };
      auto& index = key_index_.back();
      if (parent.entries.size() < kIndexFrom) {
        for (const auto& e : parent.entries)
          if (e.key.value == n.value) duplicate(e.key.mark.line);
      } else {
        if (index.empty())
          for (const auto& e : parent.entries) index.emplace(e.key.value, e.key.mark.line);
        if (auto [it, fresh] = index.emplace(n.value, n.mark.line); !fresh) duplicate(it->second);
      }
      key = std::move(n);
      return;
    }
    parent.entries.push_back(MapEntry{std::move(*key), std::move(n)});
    key.reset();
  }
};

}  // namespace

struct DocumentReader::Impl {
  Impl(std::istream& in, size_t max_scalar, int first_line)
      : parser(in), max_scalar(max_scalar), line_offset(first_line - 1) {}
  YAML::Parser parser;
  size_t max_scalar;
  int line_offset;
  std::optional<Mark> last;  // where the previous document started
};

DocumentReader::DocumentReader(std::istream& in, size_t max_scalar_bytes, int first_line)
    : impl_(std::make_unique<Impl>(in, max_scalar_bytes, first_line)) {}
DocumentReader::~DocumentReader() = default;

std::unique_ptr<Node> DocumentReader::next(const ActionHook& hook) {
  TreeBuilder builder(hook, impl_->max_scalar, impl_->line_offset);
  try {
    if (!impl_->parser.HandleNextDocument(builder)) return nullptr;
  } catch (const YAML::Exception& e) {
    std::string msg = e.msg;
    if (msg == "bad file")  // what yaml-cpp 0.7 says when its nesting guard trips, among others
      msg = "malformed, or nested too deeply (more than about 500 levels)";
    // Plain words without the text here; read_text explains again with the text around it.
    const PlainSyntaxError plain = explain_syntax_error({}, to_mark(e.mark), msg);
    const Mark at{plain.at.line + impl_->line_offset, plain.at.column};
    throw SyntaxError(at, "YAML syntax error: " + plain.message, ReadErrorKind::Yaml, msg);
  }
  if (!builder.root) builder.root = std::make_unique<Node>();
  // yaml-cpp 0.7 can keep returning empty documents at one place of some malformed
  // streams (found by fuzzing); a document starting where the last one did is stuck.
  const Mark at = builder.root->mark;
  if (impl_->last && impl_->last->line == at.line && impl_->last->column == at.column &&
      builder.root->kind == Node::Kind::Null)
    throw SyntaxError(at, "YAML syntax error: the parser stops advancing here (malformed stream)",
                      ReadErrorKind::Yaml);
  impl_->last = at;
  return std::move(builder.root);
}

}  // namespace catan::log
