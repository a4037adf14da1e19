// `catan-referee serve`: a live referee over standard input and output in JSON lines
// (catan-referee-serve/2, schemas/catan-referee-serve-2.schema.json; `--protocol 1` speaks
// serve/1, schemas/catan-referee-serve-1.schema.json), on replay::Session.
// A header line starts a game; each entry line is answered at once; queries ask for the
// legal actions, the state, or take back the last entry.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <optional>

#include "cli/commands.hpp"
#include "diag/json_writer.hpp"
#include "diag/render_json.hpp"
#include "diag/render_text.hpp"
#include "gen/generator.hpp"
#include "log/reader.hpp"
#include "replay/read_input.hpp"
#include "replay/session.hpp"
#include "replay/tree_json.hpp"

namespace catan::cli {
namespace {

// serve/2 writes every key in kebab case and legal actions as JSON objects by default;
// serve/1 (--protocol 1) keeps its snake-case effect keys and legal actions as YAML text.
constexpr const char* kServeFormats[] = {"", "catan-referee-serve/1", "catan-referee-serve/2"};
constexpr const char* kFile = "<stdin>";

struct ServeOptions {
  std::vector<std::string> rules;
  bool effects = false;
  std::string max_line = "1M";
  size_t max_worlds = rules::kDefaultMaxWorlds;
  int protocol = 2;
};

// Writes every byte or says why not: EPIPE (the client closed its end) or another errno.
int write_all(const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::write(STDOUT_FILENO, s.data() + done, s.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    done += static_cast<size_t>(n);
  }
  return 0;
}

void name_or_null(diag::JsonWriter& w, const std::string& name) {
  if (name.empty())
    w.null();
  else
    w.value(name);
}

void effects(diag::JsonWriter& w, const replay::Effects& fx,
             const std::vector<std::string>& players, int protocol) {
  const bool v1 = protocol == 1;
  w.key("effects").begin_object();
  for (const char* which : {"gained", "lost"}) {
    const auto& sets = std::string(which) == "gained" ? fx.gained : fx.lost;
    w.key(which).begin_object();
    for (size_t p = 0; p < players.size(); ++p) {
      w.key(players[p]);
      diag::write_resources(w, sets[p], false);
    }
    w.end_object();
  }
  for (const bool min : {true, false}) {
    const auto& vp = min ? fx.vp_min : fx.vp_max;
    w.key(min ? (v1 ? "vp_min" : "vp-min") : (v1 ? "vp_max" : "vp-max")).begin_object();
    for (size_t p = 0; p < players.size(); ++p) w.key(players[p]).value(vp[p]);
    w.end_object();
  }
  w.key(v1 ? "longest_road" : "longest-road");
  name_or_null(w, fx.longest_road);
  w.key(v1 ? "largest_army" : "largest-army");
  name_or_null(w, fx.largest_army);
  w.key("winner");
  name_or_null(w, fx.winner);
  w.end_object();
}

class Server {
 public:
  Server(const ServeOptions& o, replay::Settings settings, size_t max_line)
      : opt_(o), settings_(std::move(settings)), max_line_(max_line) {}

  // Answers one request line (without its line break); returns the answer.
  std::string answer(const std::string& text, int line) {
    text::Tree tree;
    try {
      tree = log::parse_one(text, settings_.limits);
    } catch (const text::SyntaxError& e) {
      return error(line, e.mark.line > 0 ? e.mark.column : 1, e.message);
    }
    // Parsed once, here: a header starts a game on this tree and an entry is played from it,
    // its marks made positions in the stream (the request is line `line`), as
    // Session::from_text and play_text make them.
    log::shift_marks(tree.root, line - 1);
    const text::Node& root = tree.root;
    if (root.kind != text::Node::Kind::Mapping)
      return error(
          line, root.mark.column,
          "a request is a JSON object (a header, an entry or "
          "a query), not " +
              std::string(root.kind == text::Node::Kind::Sequence ? "an array" : "a scalar"));
    const text::MapEntry* query = nullptr;
    bool header = false;
    for (const text::MapEntry& e : root.entries) {
      if (e.key.value == "query") query = &e;
      if (e.key.value == "format") header = true;
    }
    if (header) return start(root, line);
    if (query) return ask(root, *query, line);
    if (!session_)
      return error(line, 1, "an entry before any game: send a catan-log/1 header first");
    replay::Verdict v = session_->play_tree(root, opt_.effects);
    diag::JsonWriter w(false);
    begin(w, "entry", line, v.ok());
    w.key("verdict").value(replay::to_string(v.kind));
    w.key("action").value(v.action);
    if (v.error) {
      w.key("error");
      diag::write_diagnostic(w, *v.error);
    }
    w.key("warnings").begin_array();
    for (const auto& d : v.warnings) diag::write_diagnostic(w, d);
    w.end_array();
    if (keep_going_) {
      w.key("deviations").begin_array();
      for (const auto& d : v.deviations) diag::write_diagnostic(w, d);
      w.end_array();
    }
    if (v.effects) effects(w, *v.effects, session_->header().players, opt_.protocol);
    return end(w);
  }

  // A line longer than --max-line-bytes (not read past the limit).
  std::string too_long(int line) {
    return error(
        line, static_cast<int>(std::min<size_t>(max_line_, 1u << 30)) + 1,
        fmt::format("the line passes --max-line-bytes ({} bytes); it was skipped", max_line_));
  }

 private:
  const ServeOptions& opt_;
  replay::Settings settings_;
  size_t max_line_;
  std::optional<replay::Session> session_;
  int games_ = 0;
  bool keep_going_ = false;  // the game's header request asked for "keep-going": true

  void begin(diag::JsonWriter& w, const char* what, int line, bool ok) {
    w.begin_object();
    w.key("answer").value(what);
    w.key("line").value(line);
    w.key("game").value(games_);
    w.key("ok").value(ok);
  }
  static std::string end(diag::JsonWriter& w) {
    w.end_object();
    return w.str() + "\n";
  }

  std::string error(int line, int column, const std::string& message) {
    diag::JsonWriter w(false);
    begin(w, "error", line, false);
    diag::Diagnostic d;
    d.message = message;
    d.at = {kFile, line, column};
    w.key("error");
    diag::write_diagnostic(w, d);
    return end(w);
  }

  // A header request, parsed by answer: its marks are already the stream's.
  std::string start(const text::Node& root, int line) {
    session_.reset();
    ++games_;
    keep_going_ = false;
    diag::JsonWriter w(false);
    // "keep-going": a request key beside the header's (not part of catan-log/1): true plays
    // every deviation on as check --keep-going does, instead of refusing the entry.
    const text::Node* header = &root;
    text::Node without;                // the request without it (a shallow copy)
    std::vector<text::MapEntry> kept;  // its entries, which `without` spans
    for (size_t i = 0; i < root.entries.size(); ++i) {
      const text::MapEntry& e = root.entries[i];
      if (e.key.value != "keep-going") continue;
      const bool scalar = e.value.kind == text::Node::Kind::Scalar;
      if (!scalar || (e.value.value != "true" && e.value.value != "false"))
        return error(line, e.value.mark.column, "\"keep-going\" is true or false");
      keep_going_ = e.value.value == "true";
      for (size_t j = 0; j < root.entries.size(); ++j)
        if (j != i) kept.push_back(root.entries[j]);
      without = root;
      without.entries = text::Span<text::MapEntry>(kept.data(), kept.size());
      header = &without;
      break;
    }
    replay::Settings settings = settings_;
    settings.keep_going = keep_going_;
    settings.make_board = [](uint64_t seed, int players) {
      return gen::random_board_for(seed, players);
    };
    try {
      session_.emplace(replay::Session::from_tree(*header, settings, kFile));
    } catch (const replay::HeaderError& e) {
      begin(w, "game", line, false);
      w.key("error");
      diag::write_diagnostic(w, e.error);
      return end(w);
    }
    const auto& err = session_->header_error();
    begin(w, "game", line, !err);
    w.key("format").value(kServeFormats[opt_.protocol]);
    w.key("players").begin_array();
    for (const std::string& p : session_->header().players) w.value(p);
    w.end_array();
    w.key("keep-going").value(keep_going_);
    if (const auto seed = session_->board_seed()) {  // a board made: returned in full
      w.key("board-seed").value(static_cast<long long>(*seed));
      w.key("board").raw(replay::board_json(session_->header().board));
    }
    if (err) {
      w.key("error");
      diag::write_diagnostic(w, *err);
      session_.reset();
    }
    return end(w);
  }

  std::string ask(const text::Node& root, const text::MapEntry& query, int line) {
    const std::string_view q = query.value.value;
    if (query.value.kind != text::Node::Kind::Scalar ||
        (q != "legal-actions" && q != "state" && q != "undo"))
      return error(line, query.value.mark.column,
                   "unknown query (queries: legal-actions, state, undo)");
    // legal-actions takes filters and the form of its answer; the others take nothing.
    replay::LegalFilter filter;
    bool count_only = false, as_json = opt_.protocol >= 2, summary = opt_.protocol >= 2;
    bool with_worlds = false;
    std::vector<std::string_view> kind_names;
    for (const text::MapEntry& e : root.entries) {
      const std::string_view k = e.key.value;
      if (k == "query") continue;
      const int column = e.key.mark.column;
      if (q != "legal-actions")
        return error(line, column, "a query other than legal-actions has the one key `query`");
      if (k == "kind") {
        if (e.value.kind == text::Node::Kind::Scalar) kind_names.push_back(e.value.value);
        if (e.value.kind == text::Node::Kind::Sequence)
          for (const text::Node& i : e.value.items)
            if (i.kind == text::Node::Kind::Scalar) kind_names.push_back(i.value);
        for (std::string_view name : kind_names)
          if (!filter.add_kind(name))
            return error(line, e.value.mark.column,
                         "`kind` names entry kinds (" + replay::LegalFilter::kind_names() +
                             "), not '" + diag::visible(name) + "'");
        if (filter.kinds.empty())
          return error(line, e.value.mark.column, "`kind` is an entry kind or a list of them");
      } else if (k == "player") {
        if (!session_) break;
        if (e.value.kind != text::Node::Kind::Scalar ||
            !filter.set_player(e.value.value, session_->header().players))
          return error(line, e.value.mark.column, "`player` names a player of the game");
      } else if (k == "trades") {
        const std::string_view v = e.value.value;
        if (e.value.kind != text::Node::Kind::Scalar || (v != "summary" && v != "list"))
          return error(line, e.value.mark.column,
                       "`trades` is summary (domestic trades as give/get ranges) or list (each "
                       "trade an action)");
        summary = v == "summary";
      } else if (k == "worlds") {
        const std::string_view v = e.value.value;
        if (e.value.kind != text::Node::Kind::Scalar || (v != "true" && v != "false"))
          return error(line, e.value.mark.column, "`worlds` is true or false");
        with_worlds = v == "true";
      } else if (k == "count-only" || k == "as") {
        const std::string_view v = e.value.value;
        const bool flag = k == "count-only";
        if (e.value.kind != text::Node::Kind::Scalar ||
            (flag ? v != "true" && v != "false" : v != "json" && v != "yaml"))
          return error(line, e.value.mark.column,
                       flag ? "`count-only` is true or false"
                            : "`as` is json (entries as objects) or yaml (entries as text)");
        (flag ? count_only : as_json) = flag ? v == "true" : v == "json";
      } else {
        return error(line, column,
                     "legal-actions takes `kind`, `player`, `count-only`, `as`, `trades` and "
                     "`worlds`, not '" +
                         diag::visible(k) + "'");
      }
    }
    if (!session_) return error(line, query.value.mark.column, "no game: send a header first");
    diag::JsonWriter w(false);
    if (q == "legal-actions") {
      // Domestic trades summarised: listed as give/get ranges in `trades`, not as actions.
      std::string trades;
      if (summary) {
        trades = session_->trade_summaries_json(filter);
        filter.no_trades = true;
      }
      // `worlds`: how many consistent worlds allow each action (1 each in a complete log).
      std::vector<size_t> worlds;
      std::vector<size_t>* counts = with_worlds ? &worlds : nullptr;
      const std::vector<std::string> entries = count_only ? std::vector<std::string>{}
                                               : as_json
                                                   ? session_->legal_entries_json(filter, counts)
                                                   : session_->legal_entries(filter, counts);
      const size_t count =
          count_only ? session_->legal_actions(filter, counts).size() : entries.size();
      begin(w, "legal-actions", line, true);
      w.key("count").value(static_cast<int>(count));
      if (!count_only) {
        w.key("actions").begin_array();
        for (const std::string& e : entries) as_json ? w.raw(e) : w.value(e);
        w.end_array();
      }
      if (with_worlds) {
        w.key("consistent-worlds").value(static_cast<long long>(session_->consistent_worlds()));
        w.key("worlds").begin_array();
        for (size_t n : worlds) w.value(static_cast<long long>(n));
        w.end_array();
      }
      if (summary) w.key("trades").raw(trades);
    } else if (q == "state") {
      std::string state = session_->state_json(false);
      if (!state.empty() && state.back() == '\n') state.pop_back();
      begin(w, "state", line, true);
      w.key("state").raw(state);
    } else {
      const bool ok = session_->undo();
      begin(w, "undo", line, ok);
      w.key("entries").value(session_->entries());
    }
    return end(w);
  }
};

int run_serve(const ServeOptions& o) {
  replay::Settings settings;
  settings.max_worlds = o.max_worlds;
  if (std::string err = parse_rule_overrides(o.rules, settings.rule_overrides); !err.empty()) {
    std::cerr << "catan-referee: " << err << "\n";
    return kExitMalformed;
  }
  const std::optional<size_t> max_line = replay::parse_size(o.max_line);
  if (!max_line) {
    std::cerr << "catan-referee: --max-line-bytes " << o.max_line
              << ": expected a positive size in bytes, such as 1000, 64K or 1M\n";
    return kExitMalformed;
  }
  settings.limits.max_scalar_bytes = std::min(settings.limits.max_scalar_bytes, *max_line);
  // A client that closes its end gets no signal death: the write says EPIPE and we stop.
  std::signal(SIGPIPE, SIG_IGN);
  Server server(o, settings, *max_line);
  std::string line;
  bool skipping = false;  // inside a line past the limit: drop bytes up to its break
  bool after_cr = false;  // the last line ended with a CR: an LF right after it is its CRLF
  int number = 0;
  char buf[65536];
  auto reply = [&](const std::string& answer) {
    const int err = write_all(answer);
    if (err == 0) return true;
    if (err != EPIPE) output_failed(err);
    throw err;
  };
  try {
    for (;;) {
      const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        std::cerr << "catan-referee: cannot read standard input: " << std::strerror(errno) << "\n";
        return kExitMalformed;
      }
      const bool eof = n == 0;
      size_t from = 0;
      const size_t got = static_cast<size_t>(n);
      while (from < got || (eof && (!line.empty() || skipping))) {
        if (after_cr && from < got) {
          after_cr = false;
          if (buf[from] == '\n') {
            ++from;
            continue;
          }
        }
        // A line ends at an LF, a CRLF or a lone CR, as a log's lines do (YAML 1.2).
        const char* nl = nullptr;
        if (from < got) {
          nl = static_cast<const char*>(std::memchr(buf + from, '\n', got - from));
          const size_t lf_at = nl ? static_cast<size_t>(nl - buf) : got;
          if (const void* cr = std::memchr(buf + from, '\r', lf_at - from))
            nl = static_cast<const char*>(cr);
        }
        const size_t to = nl ? static_cast<size_t>(nl - buf) : got;
        if (!skipping) {
          line.append(buf + from, to - from);
          if (line.size() > *max_line) {
            skipping = true;
            line.clear();
          }
        }
        if (!nl && !eof) break;  // the rest of this line comes with the next read
        ++number;
        if (skipping) {
          reply(server.too_long(number));
        } else {
          if (line.find_first_not_of(" \t") != std::string::npos)
            reply(server.answer(line, number));
        }
        line.clear();
        skipping = false;
        after_cr = nl && *nl == '\r';
        from = nl ? to + 1 : got;
      }
      if (eof) return kExitLegal;
    }
  } catch (int err) {
    return err == EPIPE ? kExitLegal : kExitMalformed;
  }
}

}  // namespace

Runner set_serve_command(CLI::App& app) {
  auto o = std::make_shared<ServeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "serve",
      "Referee a live game over standard input and output in JSON lines: a header line, "
      "then one entry a line, each answered at once; queries legal-actions, state, undo.");
  cmd->add_option("--protocol", o->protocol,
                  "The protocol version: 2 (catan-referee-serve/2, the default: kebab-case keys, "
                  "legal actions as JSON objects) or 1 (catan-referee-serve/1)")
      ->check(CLI::Range(1, 2))
      ->default_val(2);
  cmd->add_option("--rule", o->rules, "Override a rules option for every game: KEY=VALUE")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  cmd->add_flag("--effects", o->effects,
                "Answer each accepted entry with its derived effects: cards gained and lost "
                "(a roll's production), VP, awards, winner");
  cmd->add_option("--max-line-bytes", o->max_line,
                  "A request line longer than SIZE is answered with an error and skipped "
                  "(default 1M; K, M, G suffixes are binary)")
      ->type_name("SIZE");
  cmd->add_option("--max-worlds", o->max_worlds,
                  "Player-view games: the most distinct worlds kept one by one (as for check)")
      ->check(CLI::Range(size_t{1}, size_t{100000000}))
      ->default_val(rules::kDefaultMaxWorlds);
  return [o] { return run_serve(*o); };
}

}  // namespace catan::cli
