// `catan-referee board [FILE]`: the island with coordinates (and a log's terrains).
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "diag/render_board.hpp"
#include "log/reader.hpp"
#include "rules/engine.hpp"

namespace catan::cli {

Runner set_board_command(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("board", "Print the island with hex coordinates; with a "
                                              "log, its terrains, numbers and harbors.");
  cmd->add_option("file", *file, "A catan-log/1 file (its first game's board is drawn)");
  return [file]() -> int {
    if (file->empty()) {
      std::cout << diag::render_board(nullptr);
      return kExitLegal;
    }
    std::ifstream in(*file, std::ios::binary);
    if (!in) {
      std::cerr << *file << ":0:0: error: cannot read file\n";
      return kExitMalformed;
    }
    int status = kExitMalformed;
    bool done = false;
    log::read_stream(in, [&](log::Document&& doc) {
      if (done) return;
      done = true;
      if (!doc.game) {
        std::cerr << *file << ":" << doc.error->at.line << ":" << doc.error->at.column
                  << ": error: " << doc.error->message << "\n";
        return;
      }
      rules::Setup setup = rules::build_board(doc.game->board, doc.game->options);
      if (!setup.board) {
        std::cerr << *file << ": error"
                  << (setup.violation ? "[" + std::string(core::id(setup.violation->rule)) + "]: the board is not valid: " +
                                            setup.violation->message
                                      : ": " + setup.unsupported)
                  << "\n";
        status = setup.violation ? kExitIllegal : kExitMalformed;
        return;
      }
      std::cout << diag::render_board(&*setup.board);
      status = kExitLegal;
    });
    return status;
  };
}

}  // namespace catan::cli
