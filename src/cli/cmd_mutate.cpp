// `catan-referee mutate FILE`: illegal variants of a legal log, each with its verdict.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/from_option.hpp"
#include "cli/out_dir.hpp"
#include "diag/render_text.hpp"
#include "gen/mutator.hpp"
#include "log/reader.hpp"
#include "replay/input.hpp"

namespace catan::cli {

namespace {
struct MutateOptions {
  std::string file;
  uint64_t seed = 1;
  std::string kind;
  std::string out = "-";
  bool force = false;
  std::string from = "auto";
};

int run_mutate(const MutateOptions& o) {
  if (!o.kind.empty()) {
    const auto& kinds = gen::mutation_kinds();
    if (std::find(kinds.begin(), kinds.end(), o.kind) == kinds.end()) {
      std::cerr << "catan-referee: unknown mutation kind '" << o.kind << "'; kinds:";
      for (const auto& k : kinds) std::cerr << " " << k;
      std::cerr << "\n";
      return kExitMalformed;
    }
  }
  if (o.out != "-") {
    if (std::string err = check_out_dir(o.out); !err.empty()) {
      std::cerr << "catan-referee: " << err << "\n";
      return kExitMalformed;
    }
  }
  int status = kExitMalformed;
  bool first = true;
  // The first game of a catan-log/1 file or of another program's record.
  const replay::Input in =
      replay::read_documents(o.file, {}, [&](log::Document&& doc, const replay::Provenance&) {
        if (!first) return;
        first = false;
        if (!doc.game) {
          std::cerr << diag::visible(o.file) << ":" << doc.error->at.line << ":"
                    << doc.error->at.column << ": error: " << diag::visible(doc.error->message)
                    << "\n";
          return;
        }
        std::vector<gen::Mutation> ms;
        try {
          ms = gen::mutate(*doc.game, o.seed, o.kind);
        } catch (const std::invalid_argument& e) {
          std::cerr << o.file << ": error: cannot mutate: " << e.what() << "\n";
          status = kExitIllegal;
          return;
        }
        const std::string stem = std::filesystem::path(o.file).stem().string();
        bool sep = false;
        for (const auto& m : ms) {
          const std::string text =
              gen::mutation_yaml(*doc.game, m, std::filesystem::path(o.file).filename().string());
          if (o.out == "-") {
            std::cout << (sep ? "---\n" : "") << text;
            sep = true;
          } else {
            if (std::string err =
                    write_out_file(o.out, stem + "." + m.kind + ".yaml", text, o.force);
                !err.empty()) {
              std::cerr << "catan-referee: " << err << "\n";
              status = kExitMalformed;
              return;
            }
          }
        }
        if (ms.empty())
          std::cerr << o.file << ": no mutation of the requested kind applies to this log\n";
        status = kExitLegal;
      });
  for (const replay::InputProblem& e : in.errors)
    std::cerr << replay::problem_text(in.from, e) << "\n";
  return status;
}
}  // namespace

Runner set_mutate_command(CLI::App& app) {
  auto o = std::make_shared<MutateOptions>();
  CLI::App* cmd = app.add_subcommand("mutate",
                                     "Write illegal variants of a legal log, one per mutation "
                                     "kind, each with its expected verdict.");
  cmd->add_option("file", o->file,
                  "A legal catan-log/1 file or record of another program (its first game); - "
                  "reads standard input")
      ->required();
  cmd->add_option("--seed", o->seed, "Seed for choosing where each mutation goes")->default_val(1);
  std::string kinds;
  for (const auto& k : gen::mutation_kinds()) kinds += (kinds.empty() ? "" : ", ") + k;
  cmd->add_option("--kind", o->kind, "Only this kind: " + kinds);
  cmd->add_option("--out", o->out,
                  "Existing directory for one file per mutation, or - (standard output, "
                  "games separated by ---)")
      ->default_val("-");
  cmd->add_flag("--force", o->force, "Replace files that already exist in the --out directory");
  cmd->add_option("--from", o->from,
                  "A file that is not catan-log/1: " + importers::format_names(", ") +
                      ", imported in memory; auto (the default) recognises it by content")
      ->check(CLI::IsMember(from_choices()))
      ->default_str("auto");
  return [o] { return run_mutate(*o); };
}

}  // namespace catan::cli
