// `catan-referee board [FILE]`: the island with coordinates (and a log's terrains).
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/from_option.hpp"
#include "diag/message_text.hpp"
#include "diag/render_board.hpp"
#include "diag/render_text.hpp"
#include "log/reader.hpp"
#include "replay/input.hpp"
#include "rules/engine.hpp"

namespace catan::cli {

Runner set_board_command(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  auto from = std::make_shared<std::string>("auto");
  CLI::App* cmd = app.add_subcommand("board",
                                     "Print the island with hex coordinates; with a "
                                     "log, its terrains, numbers and harbors.");
  cmd->add_option("file", *file,
                  "A catan-log/1 file or a game record of another program (see --from): its "
                  "first game's board is drawn; - reads standard input");
  cmd->add_option("--from", *from,
                  "A file that is not catan-log/1: " + importers::format_names(", ") +
                      ", imported in memory; auto (the default) recognises it by content")
      ->check(CLI::IsMember(from_choices()))
      ->default_str("auto");
  return [file, from]() -> int {
    if (file->empty()) {
      std::cout << diag::render_board(nullptr);
      return kExitLegal;
    }
    // Its first game's board, from any format show reads.
    replay::InputOptions io;
    io.from = *from;
    int status = kExitMalformed;
    bool done = false;
    const replay::Input in =
        replay::read_documents(*file, io, [&](log::Document&& doc, const replay::Provenance& p) {
          if (done) return;
          done = true;
          if (!doc.game) {
            std::cerr << p.shown << ":" << doc.error->at.line << ":" << doc.error->at.column
                      << ": error: " << diag::visible(doc.error->message) << "\n";
            return;
          }
          rules::Setup setup = rules::build_board(
              doc.game->board, doc.game->options,
              rules::edition_for(static_cast<int>(doc.game->players.size()), doc.game->board));
          if (!setup.board) {
            std::cerr << p.shown << ": error"
                      << (setup.violation ? "[" + std::string(core::id(setup.violation->rule)) +
                                                "]: the board is not valid: " +
                                                diag::message_text(*setup.violation)
                                          : ": " + setup.unsupported)
                      << "\n";
            status = setup.violation ? kExitIllegal : kExitMalformed;
            return;
          }
          std::cout << diag::render_board(&*setup.board);
          status = kExitLegal;
        });
    for (const replay::InputProblem& e : in.errors)
      std::cerr << replay::problem_text(in.from, e) << "\n";
    return status;
  };
}

}  // namespace catan::cli
