// `catan-referee redact FILE --view P|spectator`: the view of a complete log from one seat
// or a spectator, so any complete log can test the player-view checker, and a game can be
// published without revealing hands.
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "log/reader.hpp"
#include "log/redact.hpp"
#include "log/writer.hpp"

namespace catan::cli {

namespace {

struct RedactCliOptions {
  std::string file;
  std::string view;
  bool hide_discards = false;
  std::string dice = "pair";
  std::string out = "-";
};

int run_redact(const RedactCliOptions& o) {
  std::ifstream in;
  std::istream* src = &std::cin;
  if (o.file != "-") {
    in.open(o.file, std::ios::binary);
    if (!in) {
      std::cerr << "catan-referee: cannot open " << o.file << "\n";
      return kExitMalformed;
    }
    src = &in;
  }
  std::ofstream file_out;
  std::ostream* out = &std::cout;
  if (o.out != "-") {
    file_out.open(o.out, std::ios::binary | std::ios::trunc);
    if (!file_out) {
      std::cerr << "catan-referee: cannot write " << o.out << "\n";
      return kExitMalformed;
    }
    out = &file_out;
  }
  int status = kExitLegal;
  bool sep = false;
  log::read_stream(*src, [&](log::Document&& doc) {
    if (!doc.game) {
      std::cerr << o.file << ":" << doc.error->at.line << ":" << doc.error->at.column
                << ": error: " << doc.error->message << "\n";
      status = kExitMalformed;
      return;
    }
    const log::Game& g = *doc.game;
    log::RedactOptions ro;
    ro.hide_discards = o.hide_discards;
    ro.dice_sum = o.dice == "sum";
    if (o.view != "spectator" || std::find(g.players.begin(), g.players.end(), o.view) != g.players.end()) {
      auto it = std::find(g.players.begin(), g.players.end(), o.view);
      if (it == g.players.end()) {
        std::cerr << o.file << ": error: --view names a player of the game or `spectator`, not '"
                  << o.view << "'\n";
        status = kExitMalformed;
        return;
      }
      ro.seat = static_cast<int>(it - g.players.begin());
    }
    log::HeaderInfo h{g.id, "", g.options, g.players, g.board, o.view};
    std::string text = (sep ? "---\n" : "") + log::write_header(h);
    const int n = static_cast<int>(g.players.size());
    for (const log::Entry& e : g.actions)
      text += "  - " + log::write_entry(log::redact(e.action, ro, n), g.players) + "\n";
    if (g.result_winner) text += "result: {winner: " + g.players[*g.result_winner] + "}\n";
    *out << text;
    sep = true;
  });
  out->flush();
  if (!*out) {
    std::cerr << "catan-referee: error writing " << (o.out == "-" ? "standard output" : o.out) << "\n";
    return kExitMalformed;
  }
  return status;
}

}  // namespace

Runner set_redact_command(CLI::App& app) {
  auto o = std::make_shared<RedactCliOptions>();
  CLI::App* cmd = app.add_subcommand(
      "redact", "Write the view of a complete log from one seat or a spectator: unseen steals, "
                "purchases (and, on request, discards) become `hidden`.");
  cmd->add_option("file", o->file, "A complete catan-log/1 file, or - (standard input)")->required();
  cmd->add_option("--view", o->view, "The recorder: a player's name, or spectator")->required();
  cmd->add_flag("--hide-discards", o->hide_discards,
                "Other players' discards become {hidden: N} (as some servers record them)");
  cmd->add_option("--dice", o->dice, "pair (two dice, the default) or sum (roll: N, as some servers "
                                     "record them)")
      ->check(CLI::IsMember({"pair", "sum"}));
  cmd->add_option("--out", o->out, "Output file, or - (standard output)")->default_val("-");
  return [o] { return run_redact(*o); };
}

}  // namespace catan::cli
