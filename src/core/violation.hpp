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

struct Note {
  std::string label;  // "hand", "cost", "bank", ...
  std::string text;
  // The numbers the text states, by name: a resource set's five counts ("wool": 1), or
  // per player ("red": 2); empty for a note without numbers.
  std::vector<std::pair<std::string, int>> data = {};
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
