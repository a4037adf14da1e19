// A consumer of the installed library: checks one catan-log/1 file as `catan-referee
// check` does and prints "FILE: STATUS[ RULE at action N]" for each game, then the
// library's version. Exit status: 0 every game legal or incomplete, 1 otherwise.
#include <catan/engine.hpp>
#include <catan/reader.hpp>
#include <catan/report.hpp>
#include <fstream>
#include <iostream>
#include <sstream>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: check_log FILE\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::cerr << "check_log: cannot open " << argv[1] << "\n";
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  int status = 0;
  for (const catan::diag::GameReport& r :
       catan::replay::check_source(argv[1], text.str(), catan::replay::Settings{})) {
    std::cout << r.file << ": " << catan::diag::to_string(r.status);
    if (r.error && r.error->rule)
      std::cout << " " << catan::core::id(*r.error->rule) << " at action " << r.error->action;
    std::cout << "\n";
    if (r.status != catan::diag::Status::Legal && r.status != catan::diag::Status::Incomplete)
      status = 1;
  }
  std::cout << "catan-referee library " << CATAN_REFEREE_VERSION << "\n";
  return status;
}
