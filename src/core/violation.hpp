// What the rules report: data, never printed here (see diag/ for renderers).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/message.hpp"
#include "core/rule_catalog.hpp"

namespace catan::core {

enum class Severity : uint8_t { Error, Warning };

// Which part of an entry the violation points at, so the caller can show its position.
enum class Focus : uint8_t {
  Entry,
  Player,
  Value,
  Steal,
  Gains,
  Takes,
  Take,
  Expect,
  Result,  // parts of an action entry
  Players,
  BoardHexes,
  BoardHex,
  BoardHarbors,
  BoardHarbor,
  BoardRobber,
  Rolloff  // the header
};

// A value of a note's structured data that is not a plain number: a name, a place (a hex,
// a corner, a path: JSON renders each as its canonical coordinates, [0, -1] or
// [0, -1, "E"]), a list, or named fields. A tree, so that a note can state a trail (a list
// of paths) or a production entitlement (hexes, each with its buildings).
struct DatumField;

struct Datum {
  enum class Kind : uint8_t { Number, Name, Hex, Corner, Edge, List, Fields };
  Kind kind = Kind::Number;
  int number = 0;  // Number; the direction of a Corner or Edge
  Axial at;        // Hex, Corner, Edge: the canonical name's hex
  std::string name;
  std::vector<Datum> items;        // List
  std::vector<DatumField> fields;  // Fields, in order

  // (Defined below, where DatumField is complete: clang will not instantiate a vector of
  // an incomplete element inside the class.)
  static Datum of(int n);
  static Datum of(std::string s);
  static Datum hex(Axial h);
  static Datum corner(CornerName c);
  static Datum edge(EdgeName e);
  static Datum list(std::vector<Datum> items);
  static Datum record(std::vector<DatumField> fields);
};

// One named part of a Fields datum (`first` the name, `second` the value, as a pair's).
struct DatumField {
  std::string first;
  Datum second;
};

inline Datum make_datum(Datum::Kind k, int n, std::string s = {}, std::vector<Datum> items = {},
                        std::vector<DatumField> fields = {}) {
  Datum d;
  d.kind = k;
  d.number = n;
  d.name = std::move(s);
  d.items = std::move(items);
  d.fields = std::move(fields);
  return d;
}
inline Datum Datum::of(int n) { return make_datum(Kind::Number, n); }
inline Datum Datum::of(std::string s) { return make_datum(Kind::Name, 0, std::move(s)); }
inline Datum Datum::hex(Axial h) {
  Datum d = make_datum(Kind::Hex, 0);
  d.at = h;
  return d;
}
inline Datum Datum::corner(CornerName c) {
  Datum d = make_datum(Kind::Corner, static_cast<int>(c.dir));
  d.at = c.hex;
  return d;
}
inline Datum Datum::edge(EdgeName e) {
  Datum d = make_datum(Kind::Edge, static_cast<int>(e.dir));
  d.at = e.hex;
  return d;
}
inline Datum Datum::list(std::vector<Datum> items) {
  return make_datum(Kind::List, 0, {}, std::move(items));
}
inline Datum Datum::record(std::vector<DatumField> fields) {
  return make_datum(Kind::Fields, 0, {}, {}, std::move(fields));
}

struct Note {
  std::string label;  // "hand", "cost", "bank", ...
  std::string text;
  // The numbers the text states, by name: a resource set's five counts ("wool": 1), or
  // per player ("red": 2); empty for a note without numbers.
  std::vector<std::pair<std::string, int>> data = {};
  // What else the text states, by name, when it is more than numbers (a trail's paths, the
  // buildings behind an entitlement); the JSON report adds these to `data` after the numbers.
  std::vector<std::pair<std::string, Datum>> detail = {};
};

struct Violation {
  Rule rule;
  Message msg;  // a template of messages.def and its arguments; diag formats the text
  // A player-view log's entry that every one of these consistent worlds refuses (0, 1: the
  // message alone); the text then starts "in every consistent world (N): ".
  size_t worlds = 0;
  std::vector<Note> notes;
  Focus focus = Focus::Entry;
  int index = -1;            // for BoardHex, BoardHarbor, Rolloff: which element
  int related_action = 0;    // an earlier entry that caused the situation (the 7, the win, ...)
  std::string related_what;  // what that entry was: "the 7 was rolled"
  Severity severity = Severity::Error;
};

}  // namespace catan::core
