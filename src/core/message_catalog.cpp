#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "core/edition.hpp"
#include "core/message.hpp"

namespace catan::core {
namespace {

constexpr std::array<std::string_view, 10> kKindNames{"integer",   "text", "player",  "resource",
                                                      "resources", "card", "terrain", "corner",
                                                      "edge",      "hex"};

struct Row {
  MessageId id;
  std::string_view name;
  Rule rule;
  std::string_view text;
  std::string_view params;
};
constexpr Row kRows[] = {
#define MESSAGE(name, rule, text, args) {MessageId::name, #name, Rule::rule, text, args},
#define MESSAGE_ALSO(name, rule)
#include "core/messages.def"
#undef MESSAGE
#undef MESSAGE_ALSO
};
struct Also {
  MessageId id;
  Rule rule;
};
constexpr Also kAlso[] = {
#define MESSAGE(name, rule, text, args)
#define MESSAGE_ALSO(name, rule) {MessageId::name, Rule::rule},
#include "core/messages.def"
#undef MESSAGE
#undef MESSAGE_ALSO
};

std::vector<MessageParam> parse_params(std::string_view name, std::string_view params) {
  std::vector<MessageParam> out;
  size_t i = 0;
  while (i < params.size()) {
    if (params[i] == ' ') {
      ++i;
      continue;
    }
    size_t end = params.find(' ', i);
    if (end == std::string_view::npos) end = params.size();
    const std::string_view item = params.substr(i, end - i);
    const size_t colon = item.find(':');
    const auto kind =
        colon == std::string_view::npos ? std::nullopt : parse_arg_kind(item.substr(colon + 1));
    if (!kind)
      throw std::logic_error(
          fmt::format("messages.def: {}: parameter '{}' is not NAME:KIND", name, item));
    out.push_back({std::string(item.substr(0, colon)), *kind});
    i = end;
  }
  return out;
}

std::vector<MessageInfo> build_table() {
  std::vector<MessageInfo> out;
  out.reserve(std::size(kRows));
  // The keys live as long as the table: kebab case of the C++ name.
  static std::vector<std::string> keys;
  keys.reserve(std::size(kRows));
  for (const Row& r : kRows) {
    std::string key(r.name);
    for (char& c : key)
      if (c == '_') c = '-';
    keys.push_back(std::move(key));
  }
  for (size_t i = 0; i < std::size(kRows); ++i) {
    const Row& r = kRows[i];
    MessageInfo m{r.id, keys[i], {r.rule}, r.text, r.params, parse_params(r.name, r.params)};
    for (const Also& a : kAlso)
      if (a.id == r.id) m.rules.push_back(a.rule);
    // A five-six rule that replaces a base rule reports the base rule's messages.
    for (size_t k = 0, n = m.rules.size(); k < n; ++k)
      for (const auto& [from, to] : five_six_replacements())
        if (from == m.rules[k]) m.rules.push_back(to);
    out.push_back(std::move(m));
  }
  return out;
}

const std::vector<MessageInfo>& table() {
  static const std::vector<MessageInfo> t = build_table();
  return t;
}

}  // namespace

std::string_view to_string(ArgKind k) { return kKindNames[static_cast<size_t>(k)]; }

std::optional<ArgKind> parse_arg_kind(std::string_view s) {
  for (size_t i = 0; i < kKindNames.size(); ++i)
    if (kKindNames[i] == s) return static_cast<ArgKind>(i);
  return std::nullopt;
}

std::span<const MessageInfo> message_table() { return table(); }
const MessageInfo& info(MessageId m) { return table()[static_cast<size_t>(m)]; }

std::optional<MessageId> parse_message_key(std::string_view key) {
  for (const MessageInfo& m : table())
    if (m.key == key) return m.id;
  return std::nullopt;
}

std::string message_mismatch(MessageId id, std::span<const Arg> args) {
  const MessageInfo& m = info(id);
  if (args.size() != m.parameters.size())
    return fmt::format("message {} takes {} argument(s), not {}", m.key, m.parameters.size(),
                       args.size());
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].kind() != m.parameters[i].kind)
      return fmt::format("message {}: argument {} ({}) is a {}, not a {}", m.key, i + 1,
                         m.parameters[i].name, to_string(args[i].kind()),
                         to_string(m.parameters[i].kind));
  return {};
}

Message make_message(Rule rule, MessageId id, std::initializer_list<Arg> args) {
  Message out{id, std::vector<Arg>(args)};
  std::string why = message_mismatch(id, out.args);
  const MessageInfo& m = info(id);
  if (why.empty() && std::find(m.rules.begin(), m.rules.end(), rule) == m.rules.end())
    why = fmt::format("message {} is not a message of rule {}", m.key, core::id(rule));
  if (!why.empty()) throw std::logic_error("internal error: " + why);
  return out;
}

std::vector<std::string> template_placeholders(std::string_view text) {
  std::vector<std::string> out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
      ++i;
      continue;
    }
    if (c == '}') throw std::invalid_argument(fmt::format("a lone '}}' at {}", i));
    if (c != '{') continue;
    const size_t end = text.find('}', i);
    if (end == std::string_view::npos)
      throw std::invalid_argument(fmt::format("an unclosed '{{' at {}", i));
    const std::string_view name = text.substr(i + 1, end - i - 1);
    bool ok = !name.empty();
    for (char n : name) ok = ok && ((n >= 'a' && n <= 'z') || n == '_');
    if (!ok) throw std::invalid_argument(fmt::format("'{{{}}}' is not a named placeholder", name));
    out.emplace_back(name);
    i = end;
  }
  return out;
}

}  // namespace catan::core
