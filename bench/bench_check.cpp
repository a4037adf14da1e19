// Benchmarks (Google Benchmark) of the checking path on a fixed corpus of generated
// 4-player games held in memory, next to the parser floor measured in the same run:
//   yaml_load      yaml-cpp's YAML::Load of each log (the floor: a parse, nothing else)
//   yaml_events    yaml-cpp's event parser with an empty handler
//   read           catan-log/1 reader: YAML events -> tree -> typed model
//   replay         the rules engine alone on models already in memory
//   check          read + replay, as `catan-referee check` does per file
// Counters: actions/s and bytes/s (games/s = items/s). scripts/bench.sh prints the table.
#include <benchmark/benchmark.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <sstream>

#include "gen/generator.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"

namespace {

struct Corpus {
  std::vector<std::string> texts;
  std::vector<catan::log::Game> games;
  size_t bytes = 0, actions = 0;
};

const Corpus& corpus() {
  static const Corpus c = [] {
    Corpus c;
    for (uint64_t seed = 9000; seed < 9040; ++seed) {
      catan::gen::GenOptions opt;
      opt.seed = seed;
      opt.players = 4;
      auto g = catan::gen::generate(opt);
      c.texts.push_back(catan::gen::to_yaml(g, opt, "bench"));
      c.bytes += c.texts.back().size();
      c.actions += g.actions.size();
      c.games.push_back(*catan::log::read_string(c.texts.back()).front().game);
    }
    return c;
  }();
  return c;
}

void count(benchmark::State& state) {
  const Corpus& c = corpus();
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * c.texts.size()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * c.bytes));
  state.counters["actions/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * c.actions), benchmark::Counter::kIsRate);
}

void yaml_load(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state)
    for (const auto& t : c.texts) benchmark::DoNotOptimize(YAML::Load(t));
  count(state);
}

class NullHandler : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string& v) override {
    benchmark::DoNotOptimize(v.data());
  }
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

void yaml_events(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state)
    for (const auto& t : c.texts) {
      std::istringstream in(t);
      YAML::Parser parser(in);
      NullHandler h;
      while (parser.HandleNextDocument(h)) {
      }
    }
  count(state);
}

// The reader as check uses it: the fast reader, yaml-cpp when it declines.
void read(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state)
    for (const auto& t : c.texts) benchmark::DoNotOptimize(catan::log::read_string(t));
  count(state);
}

// The reader forced onto yaml-cpp (as for a file over the fast reader's limit).
void read_yaml_cpp(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state)
    for (const auto& t : c.texts) {
      std::istringstream in(t);
      catan::log::read_stream(in, [](catan::log::Document&& d) { benchmark::DoNotOptimize(d); });
    }
  count(state);
}

void replay(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state)
    for (const auto& g : c.games) benchmark::DoNotOptimize(catan::replay::replay("bench", g, {}));
  count(state);
}

// What `catan-referee check` does per file.
void check(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state)
    for (const auto& t : c.texts)
      benchmark::DoNotOptimize(catan::replay::check_source("bench", t, {}));
  count(state);
}

}  // namespace

BENCHMARK(yaml_load)->Unit(benchmark::kMillisecond);
BENCHMARK(yaml_events)->Unit(benchmark::kMillisecond);
BENCHMARK(read)->Unit(benchmark::kMillisecond);
BENCHMARK(read_yaml_cpp)->Unit(benchmark::kMillisecond);
BENCHMARK(replay)->Unit(benchmark::kMillisecond);
BENCHMARK(check)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
