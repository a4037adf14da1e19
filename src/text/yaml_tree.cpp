#include "text/yaml_tree.hpp"

#include <yaml-cpp/anchor.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <optional>
#include <sstream>
#include <unordered_map>

#include "text/syntax_words.hpp"
#include "text/tree_stack.hpp"

namespace catan::text {
namespace {

Mark to_mark(const YAML::Mark& m) { return {m.line + 1, m.column + 1}; }

// A key quoted in a message: its first 64 bytes at most.
std::string shown(std::string_view v) {
  return v.size() <= 64 ? std::string(v) : std::string(v.substr(0, 64)) + "...";
}

// Builds a Node tree from parser events.
class TreeBuilder : public YAML::EventHandler {
 public:
  TreeBuilder(Arena& arena, const ActionHook& hook, size_t max_scalar, int line_offset)
      : tree_(arena), hook_(hook), max_scalar_(max_scalar), line_offset_(line_offset) {}
  std::optional<Node> root;

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
    n.value = tree_.text(value);
    add(n);
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
    if (!stack_.empty() && stack_.back().key)
      throw SyntaxError(stack_.back().node.mark, "a mapping key has no value");
    close();
  }

 private:
  Mark mark_of(const YAML::Mark& m) const { return {m.line + 1 + line_offset_, m.column + 1}; }
  TreeStack tree_;
  const ActionHook& hook_;
  size_t max_scalar_;
  // An open collection: its children are in tree_ from `mark`.
  struct Open {
    Node node;
    size_t mark = 0;
    std::optional<Node> key;  // a mapping's key awaiting its value
    // Its keys and their lines, filled once a mapping is large enough that searching its
    // entries would make the duplicate check quadratic.
    std::unordered_map<std::string_view, int> index;
  };
  std::vector<Open> stack_;
  Arena::Checkpoint item_start_;  // where the current item of the root's `actions` begins
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
    Open& o = stack_.emplace_back();
    o.node.kind = kind;
    o.node.mark = mark_of(mark);
    o.mark = kind == Node::Kind::Sequence ? tree_.items_mark() : tree_.entries_mark();
    if (in_actions()) item_start_ = tree_.arena().checkpoint();
  }
  void close() {
    Node n = stack_.back().node;
    if (n.kind == Node::Kind::Sequence)
      n.items = tree_.close_items(stack_.back().mark);
    else
      n.entries = tree_.close_entries(stack_.back().mark);
    stack_.pop_back();
    add(n);
  }
  // Whether the innermost open collection is the root mapping's `actions` sequence.
  bool in_actions() const {
    return hook_ && stack_.size() == 2 && stack_[0].node.kind == Node::Kind::Mapping &&
           stack_[1].node.kind == Node::Kind::Sequence && stack_[0].key &&
           stack_[0].key->value == "actions";
  }
  void add(const Node& n) {
    if (stack_.empty()) {
      root = n;
      return;
    }
    Open& parent = stack_.back();
    if (parent.node.kind == Node::Kind::Sequence) {
      // An item of the top-level `actions` sequence goes to the hook first.
      if (in_actions()) {
        tree_.offer(hook_, stack_[0].node, stack_[0].mark, n, item_start_);
        item_start_ = tree_.arena().checkpoint();
      } else {
        tree_.push(n);
      }
      return;
    }
    auto& key = parent.key;
    if (!key) {
      if (n.kind != Node::Kind::Scalar)
        throw SyntaxError(n.mark, "mapping keys must be plain names");
      auto duplicate = [&](int first_line) {
        // Logs joined with `cat`: the second game's header meets the first one's.
        if (stack_.size() == 1 && n.value == "format")
          throw SyntaxError(n.mark, "a second 'format:' (the first at line " +
                                        std::to_string(first_line) +
                                        "): is a new game starting here? Separate games with "
                                        "a line '---'");
        throw SyntaxError(n.mark, "duplicate key '" + shown(n.value) + "' (first at line " +
                                      std::to_string(first_line) + ")");
      };
      auto& index = parent.index;
      const Span<MapEntry> earlier = tree_.open_entries(parent.mark);
      if (earlier.size() < kIndexFrom) {
        for (const auto& e : earlier)
          if (e.key.value == n.value) duplicate(e.key.mark.line);
      } else {
        if (index.empty())
          for (const auto& e : earlier) index.emplace(e.key.value, e.key.mark.line);
        if (auto [it, fresh] = index.emplace(n.value, n.mark.line); !fresh) duplicate(it->second);
      }
      key = n;
      return;
    }
    tree_.push(MapEntry{*key, n});
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

std::optional<Node> DocumentReader::next(Arena& arena, const ActionHook& hook) {
  TreeBuilder builder(arena, hook, impl_->max_scalar, impl_->line_offset);
  try {
    if (!impl_->parser.HandleNextDocument(builder)) return std::nullopt;
  } catch (const YAML::Exception& e) {
    std::string msg = e.msg;
    if (msg == "bad file")  // what yaml-cpp 0.7 says when its nesting guard trips, among others
      msg = "malformed, or nested too deeply (more than about 500 levels)";
    // Plain words without the text here; read_text explains again with the text around it.
    const PlainSyntaxError plain = explain_syntax_error({}, to_mark(e.mark), msg);
    const Mark at{plain.at.line + impl_->line_offset, plain.at.column};
    throw SyntaxError(at, "YAML syntax error: " + plain.message, ReadErrorKind::Yaml, msg);
  }
  if (!builder.root) builder.root = Node();
  // yaml-cpp 0.7 can keep returning empty documents at one place of some malformed
  // streams (found by fuzzing); a document starting where the last one did is stuck.
  const Mark at = builder.root->mark;
  if (impl_->last && impl_->last->line == at.line && impl_->last->column == at.column &&
      builder.root->kind == Node::Kind::Null)
    throw SyntaxError(at, "YAML syntax error: the parser stops advancing here (malformed stream)",
                      ReadErrorKind::Yaml);
  impl_->last = at;
  return builder.root;
}

size_t deep_flow_cut(std::string_view t, std::string& closers) {
  std::string open;  // the flow brackets open, up to kMaxNesting + 1
  char quote = 0;    // the open quoted scalar's quote, or 0
  char last = '\n';  // the last character outside scalars that is not blank ('\n': none yet)
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  for (size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (quote) {
      if (quote == '"' && c == '\\')
        ++i;
      else if (quote == '\'' && c == '\'' && i + 1 < t.size() && t[i + 1] == '\'')
        ++i;  // '' is a quote inside a single-quoted scalar
      else if (c == quote)
        quote = 0, last = c;
      continue;
    }
    const char before = i == 0 ? '\n' : t[i - 1];
    const bool at_start = before == '\n' || before == '\r' || blank(before);
    switch (c) {
      case '\n':
      case '\r':
        last = '\n';
        continue;
      case ' ':
      case '\t':
        continue;
      case '#':
        if (at_start) {  // a comment, to the end of its line
          while (i + 1 < t.size() && t[i + 1] != '\n' && t[i + 1] != '\r') ++i;
          continue;
        }
        break;
      case '"':
      case '\'':
        // A quote starts a scalar only where a value starts (`a'b` is a plain scalar).
        if ((at_start && std::string_view("\n[{,:-?").find(last) != std::string_view::npos) ||
            before == '[' || before == '{' || before == ',' ||
            (before == ':' && i >= 2 && (t[i - 2] == '"' || t[i - 2] == '\''))) {
          quote = c;
          continue;
        }
        break;
      case '[':
      case '{':
        open += c;
        if (static_cast<int>(open.size()) > kMaxNesting) {
          closers.assign(open.rbegin(), open.rend());
          for (char& b : closers) b = b == '[' ? ']' : '}';
          return i + 1;
        }
        break;
      case ']':
      case '}':
        if (!open.empty()) open.pop_back();
        break;
      default:
        break;
    }
    last = c;
  }
  return t.size();
}

bool nested_too_deeply(std::string_view prefix) {
  std::istringstream in{std::string(prefix)};
  DocumentReader reader(in);
  const ActionHook drop = [](const Node&, const Node&) { return true; };
  try {
    for (;;) {
      Arena arena;
      if (!reader.next(arena, drop)) return false;
    }
  } catch (const SyntaxError& e) {
    return e.kind == ReadErrorKind::Limit &&
           e.message.find("nested too deeply") != std::string::npos;
  }
}

Node clone(const Node& n, Arena& arena) {
  Node c = n;
  c.value = arena.copy(n.value);
  if (!n.items.empty()) {
    Node* items = arena.copy(n.items.data(), n.items.size());
    for (size_t i = 0; i < n.items.size(); ++i) items[i] = clone(n.items[i], arena);
    c.items = Span<Node>(items, n.items.size());
  }
  if (!n.entries.empty()) {
    MapEntry* entries = arena.copy(n.entries.data(), n.entries.size());
    for (size_t i = 0; i < n.entries.size(); ++i)
      entries[i] = MapEntry{clone(n.entries[i].key, arena), clone(n.entries[i].value, arena)};
    c.entries = Span<MapEntry>(entries, n.entries.size());
  }
  return c;
}

}  // namespace catan::text
