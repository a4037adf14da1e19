// Player-view checking against the complete log's check, in one process: a corpus of
// generated games of about 1,000 actions, each checked complete and as redacted views
// (spectator; spectator with hidden discards and sum-only dice; one seat), every check
// repeated and its median taken. Prints per-view medians over the corpus of the time ratio
// to the complete check, the median and peak of the games' peak world counts, and how many
// views were judged approximately and how many held their worlds as constraints.
// Usage: bench_view [GAMES] [REPETITIONS] [MAX_WORLDS]   (default 20 5 50000)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gen/generator.hpp"
#include "log/reader.hpp"
#include "log/redact.hpp"
#include "log/writer.hpp"
#include "replay/replay.hpp"

namespace {

using namespace catan;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty()      ? 0
         : v.size() % 2 ? v[v.size() / 2]
                        : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

std::string view_yaml(const gen::Game& g, const gen::GenOptions& opt,
                      const log::RedactOptions& ro) {
  return log::write_view({"bench", "", opt.rules, g.players, g.board, ""}, g.actions, ro,
                         std::nullopt);
}

struct Timed {
  double seconds = 0;
  diag::GameReport report;
};

Timed time_check(const std::string& yaml, int reps, size_t max_worlds) {
  replay::Settings st;
  st.max_worlds = max_worlds;
  std::vector<double> t;
  Timed out;
  for (int i = 0; i < reps; ++i) {
    const auto start = std::chrono::steady_clock::now();
    auto reports = replay::check_source("bench.yaml", yaml, st);
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    out.report = reports.front();
  }
  out.seconds = median(t);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 20;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 5;
  const size_t max_worlds =
      argc > 3 ? std::strtoull(argv[3], nullptr, 10) : rules::kDefaultMaxWorlds;
  struct View {
    const char* name;
    int seat;
    bool hide_discards, dice_sum;
    std::vector<double> ratios, peaks;
    int approximate = 0, constrained = 0, not_legal = 0;
  };
  std::vector<View> views{{"spectator", -1, false, false, {}, {}},
                          {"spectator, hidden discards, dice sums", -1, true, true, {}, {}},
                          {"seat 0", 0, false, false, {}, {}}};
  std::vector<double> complete_s;
  size_t actions = 0;
  int found = 0;
  for (uint64_t seed = 20000; found < games && seed < 40000; ++seed) {
    gen::GenOptions opt;
    opt.seed = seed;
    opt.players = 4;
    opt.build_bias = 0.6;  // slower building: longer games
    gen::Game g = gen::generate(opt);
    if (g.actions.size() < 900 || g.actions.size() > 1200) continue;
    ++found;
    actions += g.actions.size();
    const Timed complete = time_check(gen::to_yaml(g, opt, "bench"), reps, max_worlds);
    complete_s.push_back(complete.seconds);
    for (View& v : views) {
      log::RedactOptions ro;
      ro.seat = v.seat;
      ro.hide_discards = v.hide_discards;
      ro.dice_sum = v.dice_sum;
      const Timed t = time_check(view_yaml(g, opt, ro), reps, max_worlds);
      v.ratios.push_back(t.seconds / complete.seconds);
      v.peaks.push_back(static_cast<double>(t.report.peak_worlds));
      v.approximate += t.report.approximate_from > 0;
      v.constrained += t.report.worlds_constrained;
      v.not_legal += t.report.status != diag::Status::Legal;
    }
  }
  std::printf(
      "corpus: %d generated 4-player games, %zu actions (%.0f a game); %d repetitions; "
      "--max-worlds %zu\n",
      found, actions, found ? static_cast<double>(actions) / found : 0.0, reps, max_worlds);
  std::printf("complete check: median %.2f ms a game (%.0f actions/s)\n", median(complete_s) * 1e3,
              static_cast<double>(actions) / found / median(complete_s));
  std::printf("%-40s %12s %12s %12s %12s %8s %8s %8s\n", "view", "median x", "max x", "worlds med",
              "worlds peak", "approx", "constr", "!legal");
  for (const View& v : views)
    std::printf("%-40s %11.2fx %11.2fx %12.0f %12.0f %8d %8d %8d\n", v.name, median(v.ratios),
                *std::max_element(v.ratios.begin(), v.ratios.end()), median(v.peaks),
                *std::max_element(v.peaks.begin(), v.peaks.end()), v.approximate, v.constrained,
                v.not_legal);
  return 0;
}
