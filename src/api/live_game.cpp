// catan_referee::LiveGame (include/catan_referee/live_game.hpp): one live game on
// replay::Session, as `serve` and the Python module's Game referee it.
#include "api/access.hpp"
#include "gen/generator.hpp"
#include "replay/session.hpp"
#include "replay/tree_json.hpp"
#include "rules/position.hpp"

namespace catan_referee {

struct LiveGame::Impl {
  explicit Impl(catan::replay::Session s) : session(std::move(s)) {
    if (session.header_error()) header_error = to_api(*session.header_error());
  }
  catan::replay::Session session;
  std::optional<Diagnostic> header_error;
};

namespace {

namespace cr = catan::replay;

cr::LegalFilter filter_of(const LegalQuery& q, const std::vector<std::string>& players) {
  cr::LegalFilter f;
  if (std::string err = f.set(q.kinds, q.player, players, "kinds name"); !err.empty())
    throw Error(err);
  f.no_trades = q.summarise_trades;
  return f;
}

PlayResult::Kind kind_of(cr::Verdict::Kind k) {
  switch (k) {
    case cr::Verdict::Kind::Ok:
      return PlayResult::Kind::ok;
    case cr::Verdict::Kind::Illegal:
      return PlayResult::Kind::illegal;
    case cr::Verdict::Kind::Unjudged:
      return PlayResult::Kind::unjudged;
    case cr::Verdict::Kind::Malformed:
      return PlayResult::Kind::malformed;
    case cr::Verdict::Kind::Header:
      return PlayResult::Kind::header;
    case cr::Verdict::Kind::Deviation:
      return PlayResult::Kind::deviation;
  }
  return PlayResult::Kind::malformed;
}

}  // namespace

const char* to_string(PlayResult::Kind k) noexcept {
  switch (k) {
    case PlayResult::Kind::ok:
      return "ok";
    case PlayResult::Kind::illegal:
      return "illegal";
    case PlayResult::Kind::unjudged:
      return "unjudged";
    case PlayResult::Kind::malformed:
      return "malformed";
    case PlayResult::Kind::header:
      return "header";
    case PlayResult::Kind::deviation:
      return "deviation";
  }
  return "malformed";
}

LiveGame Access::make_game(std::unique_ptr<LiveGame::Impl> impl) {
  return LiveGame(std::move(impl));
}

LiveGame::LiveGame(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
LiveGame::LiveGame(LiveGame&&) noexcept = default;
LiveGame& LiveGame::operator=(LiveGame&&) noexcept = default;
LiveGame::~LiveGame() = default;

LiveGame LiveGame::start(const std::string& header, const GameOptions& options,
                         const std::string& name) {
  cr::Settings settings;
  set_rules(settings, options.rules);
  settings.keep_going = options.keep_going;
  settings.max_worlds = options.max_worlds ? options.max_worlds : catan::rules::kDefaultMaxWorlds;
  settings.make_board = [](uint64_t seed, int players) {
    return catan::gen::random_board_for(seed, players);
  };  // `board: {random: N}`, `board: standard`
  try {
    return Access::make_game(
        std::make_unique<Impl>(cr::Session::from_text(header, settings, name)));
  } catch (const cr::HeaderError& e) {
    Diagnostic d = to_api(e.error);
    throw Error(d.text, std::move(d));
  }
}

const std::optional<Diagnostic>& LiveGame::header_error() const { return impl_->header_error; }
std::vector<std::string> LiveGame::players() const { return impl_->session.header().players; }
std::string LiveGame::board_json() const { return cr::board_json(impl_->session.header().board); }
std::optional<std::uint64_t> LiveGame::board_seed() const { return impl_->session.board_seed(); }

PlayResult LiveGame::play(const std::string& entry) {
  const cr::Verdict v = impl_->session.play_text(entry);
  PlayResult out;
  out.kind = kind_of(v.kind);
  out.action = v.action;
  if (v.error) out.error = to_api(*v.error);
  for (const auto& w : v.warnings) out.warnings.push_back(to_api(w));
  for (const auto& d : v.deviations) out.deviations.push_back(to_api(d));
  return out;
}

bool LiveGame::undo() { return impl_->session.undo(); }
int LiveGame::entries() const { return impl_->session.entries(); }

std::vector<std::string> LiveGame::legal_actions(const LegalQuery& query) const {
  return impl_->session.legal_entries_json(filter_of(query, players()));
}

std::string LiveGame::trade_summaries(const std::string& player) const {
  LegalQuery q;
  q.player = player;
  return impl_->session.trade_summaries_json(filter_of(q, players()));
}

std::size_t LiveGame::count_legal_actions(const LegalQuery& query) const {
  return impl_->session.legal_actions(filter_of(query, players())).size();
}

std::string LiveGame::state_json(bool pretty) const { return impl_->session.state_json(pretty); }

}  // namespace catan_referee
