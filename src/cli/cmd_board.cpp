// `catan-referee board [FILE]`: the island with coordinates (and a log's terrains).
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "diag/message_text.hpp"
#include "diag/render_board.hpp"
#include "diag/render_text.hpp"
#include "log/reader.hpp"
#include "replay/read_input.hpp"
#include "rules/engine.hpp"

namespace catan::cli {

Runner set_board_command(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("board",
                                     "Print the island with hex coordinates; with a "
                                     "log, its terrains, numbers and harbors.");
  cmd->add_option("file", *file, "A catan-log/1 file (its first game's board is drawn)");
  return [file]() -> int {
    if (file->empty()) {
      std::cout << diag::render_board(nullptr);
      return kExitLegal;
    }
    std::string text;  // read as check reads it (CR line ends, size limit, fast reader)
    if (std::string err = replay::read_log_file(*file, text); !err.empty()) {
      std::cerr << err << "\n";
      return kExitMalformed;
    }
    int status = kExitMalformed;
    bool done = false;
    log::read_text(text, nullptr, [&](log::Document&& doc) {
      if (done) return;
      done = true;
      if (!doc.game) {
        std::cerr << diag::visible(*file) << ":" << doc.error->at.line << ":"
                  << doc.error->at.column << ": error: " << diag::visible(doc.error->message)
                  << "\n";
        return;
      }
      rules::Setup setup = rules::build_board(doc.game->board, doc.game->options);
      if (!setup.board) {
        std::cerr << diag::visible(*file) << ": error"
                  << (setup.violation
                          ? "[" + std::string(core::id(setup.violation->rule)) +
                                "]: the board is not valid: " + diag::message_text(*setup.violation)
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
