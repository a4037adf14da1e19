#include "diag/message_text.hpp"

#include <fmt/args.h>
#include <fmt/format.h>

#include <algorithm>

#include "diag/json_writer.hpp"

namespace catan::diag {
namespace {

struct TextOf {
  std::string operator()(long long n) const { return std::to_string(n); }
  std::string operator()(const core::TextArg& t) const { return t.text; }
  std::string operator()(const core::PlayerArg& p) const {
    return p.name.empty() ? "none" : p.name;  // none: an award without a holder
  }
  std::string operator()(core::Resource r) const { return std::string(core::to_string(r)); }
  std::string operator()(const core::ResourceSet& s) const { return core::to_string(s); }
  std::string operator()(core::DevCard d) const { return std::string(core::to_string(d)); }
  std::string operator()(core::Terrain t) const { return std::string(core::to_string(t)); }
  std::string operator()(const core::CornerArg& c) const {
    if (!c.hex) return "?";
    if (c.id == core::kNone) return core::corner_text(*c.hex, c.dir);
    const core::CornerName n = core::canonical_corner(*c.hex, c.dir);
    const std::string canonical = core::corner_text(n.hex, n.dir);
    const std::string written = core::corner_text(*c.hex, c.dir);
    return canonical == written ? canonical : canonical + " (written " + written + ")";
  }
  std::string operator()(const core::EdgeArg& e) const {
    if (!e.hex) return "?";
    if (e.id == core::kNone) return core::edge_text(*e.hex, e.dir);
    const core::EdgeName n = core::canonical_edge(*e.hex, e.dir);
    const std::string canonical = core::edge_text(n.hex, n.dir);
    const std::string written = core::edge_text(*e.hex, e.dir);
    return canonical == written ? canonical : canonical + " (written " + written + ")";
  }
  std::string operator()(core::Axial h) const { return core::hex_text(h); }
};

}  // namespace

std::string arg_text(const core::Arg& a) { return std::visit(TextOf{}, a.value); }

std::string message_text(const core::Message& m) {
  const core::MessageInfo& info = core::info(m.id);
  fmt::dynamic_format_arg_store<fmt::format_context> store;
  const size_t n = std::min(m.args.size(), info.parameters.size());
  for (size_t i = 0; i < n; ++i)
    store.push_back(fmt::arg(info.parameters[i].name.c_str(), arg_text(m.args[i])));
  return fmt::vformat(info.text, store);
}

std::string message_text(const core::Violation& v) {
  std::string text = message_text(v.msg);
  if (v.worlds > 1) return fmt::format("in every consistent world ({}): {}", v.worlds, text);
  return text;
}

std::string positional_template(core::MessageId id) {
  const core::MessageInfo& info = core::info(id);
  std::string out;
  const std::string_view t = info.text;
  for (size_t i = 0; i < t.size(); ++i) {
    if ((t[i] == '{' || t[i] == '}') && i + 1 < t.size() && t[i + 1] == t[i]) {
      out += t.substr(i, 2);
      ++i;
      continue;
    }
    if (t[i] != '{') {
      out += t[i];
      continue;
    }
    const size_t end = t.find('}', i);
    const std::string_view name = t.substr(i + 1, end - i - 1);
    size_t k = 0;
    while (k < info.parameters.size() && info.parameters[k].name != name) ++k;
    out += fmt::format("{{{}}}", k);
    i = end;
  }
  return out;
}

namespace {

struct JsonOf {
  JsonWriter& w;
  void operator()(long long n) const { w.value(n); }
  void operator()(const core::TextArg& t) const { w.value(t.text); }
  void operator()(const core::PlayerArg& p) const {
    if (p.name.empty())
      w.null();
    else
      w.value(p.name);
  }
  void operator()(core::Resource r) const { w.value(core::to_string(r)); }
  void operator()(const core::ResourceSet& s) const {
    w.begin_object();
    for (int r = 0; r < core::kResourceCount; ++r)
      w.key(core::to_string(static_cast<core::Resource>(r))).value(s.n[r]);
    w.end_object();
  }
  void operator()(core::DevCard d) const { w.value(core::to_string(d)); }
  void operator()(core::Terrain t) const { w.value(core::to_string(t)); }
  void place(core::Axial h, std::string_view dir) const {
    w.begin_array().value(h.q).value(h.r).value(dir).end_array();
  }
  void operator()(const core::CornerArg& c) const {
    if (c.id == core::kNone || !c.hex) {  // off the island: the name as written
      if (c.hex)
        place(*c.hex, core::to_string(c.dir));
      else
        w.null();
      return;
    }
    const core::CornerName n = core::canonical_corner(*c.hex, c.dir);
    place(n.hex, core::to_string(n.dir));
  }
  void operator()(const core::EdgeArg& e) const {
    if (e.id == core::kNone || !e.hex) {
      if (e.hex)
        place(*e.hex, core::to_string(e.dir));
      else
        w.null();
      return;
    }
    const core::EdgeName n = core::canonical_edge(*e.hex, e.dir);
    place(n.hex, core::to_string(n.dir));
  }
  void operator()(core::Axial h) const { w.begin_array().value(h.q).value(h.r).end_array(); }
};

}  // namespace

void write_arguments(JsonWriter& w, const core::Message& m) {
  const core::MessageInfo& info = core::info(m.id);
  w.begin_object();
  const size_t n = std::min(m.args.size(), info.parameters.size());
  for (size_t i = 0; i < n; ++i) {
    // The template's placeholders are C++ identifiers ({win_action}); as JSON keys they are
    // kebab case like every key the project writes ("win-action").
    std::string key(info.parameters[i].name);
    std::replace(key.begin(), key.end(), '_', '-');
    w.key(key);
    std::visit(JsonOf{w}, m.args[i].value);
  }
  w.end_object();
}

}  // namespace catan::diag
