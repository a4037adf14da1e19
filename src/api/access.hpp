// Inside the library only: the definitions behind the installed API's opaque types
// (include/catan_referee/), and the conversions from the internal model to its plain data.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "catan_referee/check.hpp"
#include "catan_referee/live_game.hpp"
#include "catan_referee/read.hpp"
#include "catan_referee/report.hpp"
#include "diag/diagnostic.hpp"
#include "log/model.hpp"
#include "replay/replay.hpp"

namespace catan_referee {

struct Log::Impl {
  std::string name;    // as positions give it
  std::string format;  // "catan-log" or the import format's name
  std::string text;
  std::vector<Diagnostic> problems;
  std::vector<catan::log::Document> documents;
  catan::replay::Settings settings;  // what the documents were read with (limits)
  int view_seat = -1;
};

struct Report::Impl {
  std::vector<GameVerdict> games;
  std::vector<catan::diag::GameReport> reports;
  // Per game: the text its positions point into (a document of a file checked a piece at a
  // time; empty when there is none), for the text report's excerpts.
  std::vector<std::pair<std::string, int>> sources;
  std::vector<std::string> rules;
  bool keep_going = false;
  std::shared_ptr<const Log::Impl> log;  // check(const Log&): for render_html
  catan::replay::Settings settings;      // what the games were checked with
};

struct Access {
  static Log make_log(std::shared_ptr<const Log::Impl> impl) { return Log(std::move(impl)); }
  static const std::shared_ptr<const Log::Impl>& impl(const Log& l) { return l.impl_; }
  static Report make_report(std::shared_ptr<const Report::Impl> impl) {
    return Report(std::move(impl));
  }
  static LiveGame make_game(std::unique_ptr<LiveGame::Impl> impl);  // live_game.cpp
};

// The internal model as the API's plain data.
Diagnostic to_api(const catan::diag::Diagnostic& d);
GameVerdict to_api(const catan::diag::GameReport& r);
// CheckOptions::rules / GameOptions::rules into Settings::rule_overrides; throws Error.
void set_rules(catan::replay::Settings& s, const std::vector<std::string>& rules);

}  // namespace catan_referee
