// Inputs of the reader tests: a file's bytes, and a generated game's catan-log/1 text.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "gen/generator.hpp"

namespace catan::test {

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline std::string generated_yaml(uint64_t seed, int players, const std::string& id) {
  gen::GenOptions opt;
  opt.seed = seed;
  opt.players = players;
  return gen::to_yaml(gen::generate(opt), opt, id);
}

}  // namespace catan::test
