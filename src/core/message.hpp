// A diagnostic's message as data: the id of a template of the message table (messages.def)
// and its typed arguments. The rules build these; diag/message_text.hpp formats them.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/action.hpp"
#include "core/geometry.hpp"
#include "core/resources.hpp"
#include "core/rule_catalog.hpp"
#include "core/topology.hpp"

namespace catan::core {

enum class MessageId : uint16_t {
#define MESSAGE(name, rule, text, args) name,
#define MESSAGE_ALSO(name, rule)
#include "core/messages.def"
#undef MESSAGE
#undef MESSAGE_ALSO
};

// The kinds of argument a template declares ("place:corner count:integer").
enum class ArgKind : uint8_t {
  Integer,
  Text,
  Player,
  Resource,
  Resources,
  Card,
  Terrain,
  Corner,
  Edge,
  Hex
};
std::string_view to_string(ArgKind k);  // "integer", "resources", ...
std::optional<ArgKind> parse_arg_kind(std::string_view s);

// A place as an argument: the canonical id, and the name as written when it differs (an
// alias) or when it is off the island (id kNone).
struct CornerArg {
  CornerId id = kNone;
  std::optional<Axial> hex;  // the written name, if any
  CornerDir dir = CornerDir::N;
};
struct EdgeArg {
  EdgeId id = kNone;
  std::optional<Axial> hex;
  EdgeDir dir = EdgeDir::NE;
};
struct PlayerArg {
  std::string name;  // empty: nobody (an award without a holder), shown as "none"
};
struct TextArg {
  std::string text;
};

// One argument; the variant's alternatives are in ArgKind's order.
struct Arg {
  std::variant<long long, TextArg, PlayerArg, Resource, ResourceSet, DevCard, Terrain, CornerArg,
               EdgeArg, Axial>
      value;

  Arg(int n) : value(static_cast<long long>(n)) {}
  Arg(long long n) : value(n) {}
  Arg(size_t n) : value(static_cast<long long>(n)) {}
  Arg(const char* s) : value(TextArg{s}) {}
  Arg(std::string s) : value(TextArg{std::move(s)}) {}
  Arg(std::string_view s) : value(TextArg{std::string(s)}) {}
  Arg(PlayerArg p) : value(std::move(p)) {}
  Arg(Resource r) : value(r) {}
  Arg(const ResourceSet& s) : value(s) {}
  Arg(DevCard d) : value(d) {}
  Arg(Terrain t) : value(t) {}
  Arg(CornerArg c) : value(std::move(c)) {}
  Arg(EdgeArg e) : value(std::move(e)) {}
  Arg(Axial h) : value(h) {}
  Arg(const CornerRef& r) : value(CornerArg{r.id, r.hex, r.dir}) {}  // as written
  Arg(const EdgeRef& r) : value(EdgeArg{r.id, r.hex, r.dir}) {}

  ArgKind kind() const { return static_cast<ArgKind>(value.index()); }
};

inline PlayerArg player_arg(std::string name) { return {std::move(name)}; }
// A place by id, named canonically (the name "as written" is its canonical one).
inline CornerArg corner_arg(const Topology& t, CornerId id) {
  const CornerName n = t.corner_name(id);
  return {id, n.hex, n.dir};
}
inline EdgeArg edge_arg(const Topology& t, EdgeId id) {
  const EdgeName n = t.edge_name(id);
  return {id, n.hex, n.dir};
}

// A template of the message table.
struct MessageParam {
  std::string name;
  ArgKind kind;
};
struct MessageInfo {
  MessageId id;
  std::string_view key;     // the stable id: "corner-taken"
  std::vector<Rule> rules;  // the rules whose diagnostics use it, the table's first
  std::string_view text;    // the template: "{place} already holds {owner}'s {building}"
  std::string_view params;  // the declared arguments: "place:corner owner:player ..."
  std::vector<MessageParam> parameters;  // parsed from params
};
std::span<const MessageInfo> message_table();
const MessageInfo& info(MessageId m);
std::optional<MessageId> parse_message_key(std::string_view key);

struct Message {
  MessageId id{};
  std::vector<Arg> args;  // in the order of the template's declared parameters
};

// A message whose arguments match its template's declared parameters in number and kind,
// used for one of its rules; otherwise throws std::logic_error (an internal error: a call
// site out of step with the table).
Message make_message(Rule rule, MessageId id, std::initializer_list<Arg> args);
// Why `args` do not fit the template's parameters; empty when they do.
std::string message_mismatch(MessageId id, std::span<const Arg> args);
// The placeholder names of a template, in order of appearance (repeats included); throws
// std::invalid_argument on a brace that is neither a placeholder nor "{{" / "}}".
std::vector<std::string> template_placeholders(std::string_view text);

}  // namespace catan::core
