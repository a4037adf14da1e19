// Rules options: the variant keys of RULES.md section 0.4 and RULES-5-6.md X.0.5 plus
// victory-points and discard-limit, and the named profiles catan-2025 (defaults) and catan-5e.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace catan::core {

enum class BankShortage : uint8_t { SingleRecipientTakesRest, Strict };                // D-01
enum class StartPlayer : uint8_t { AsLogged, HighestRollRerollTies };                  // D-02
enum class RobberDesert : uint8_t { Allowed, Forbidden };                              // D-03
enum class TurnPhases : uint8_t { Combined, Strict };                                  // D-04
enum class RobberSteal : uint8_t { Mandatory, Optional };                              // D-05
enum class RoadBuildingShortfall : uint8_t { UpToTwo, AsManyAsPossible, ExactlyTwo };  // D-06
enum class YearOfPlentyShortage : uint8_t { TakeAvailable, Forbid };                   // D-07
enum class LongestRoadBrokenTie : uint8_t { HolderKeeps, SetAside };                   // D-08
enum class WinDetection : uint8_t { Automatic, Declared };                             // D-09
enum class SameTypeTrade : uint8_t { Forbid, Allow };                                  // D-10, D-13
enum class DevCardTiming : uint8_t { OutsideRollResolution, AnyTimeOwnTurn };          // D-11
enum class BoardTokens : uint8_t { CountsOnly, Spiral };                               // D-12
enum class SetupMode : uint8_t { Variable, BeginnerFixed };                            // D-14
// The five-six player extension (RULES-5-6.md X.0.5).
enum class TurnStructure56 : uint8_t { Paired, SpecialBuild };  // D-21
enum class SpecialBuildOrder : uint8_t { Strict, Any };         // D-23
enum class PairedWin : uint8_t { BothOnTurn, OwnPartOnly };     // D-26
enum class Board56Players : uint8_t { FiveOrSix, Any };         // D-28

struct Options {
  BankShortage bank_shortage = BankShortage::SingleRecipientTakesRest;
  StartPlayer start_player = StartPlayer::AsLogged;
  RobberDesert robber_desert = RobberDesert::Allowed;
  TurnPhases turn_phases = TurnPhases::Combined;
  RobberSteal robber_steal = RobberSteal::Mandatory;
  RoadBuildingShortfall road_building_shortfall = RoadBuildingShortfall::UpToTwo;
  YearOfPlentyShortage year_of_plenty_shortage = YearOfPlentyShortage::TakeAvailable;
  LongestRoadBrokenTie longest_road_broken_tie = LongestRoadBrokenTie::HolderKeeps;
  WinDetection win_detection = WinDetection::Automatic;
  SameTypeTrade maritime_same_type = SameTypeTrade::Forbid;
  DevCardTiming dev_card_timing = DevCardTiming::OutsideRollResolution;
  BoardTokens board_tokens = BoardTokens::CountsOnly;
  SameTypeTrade domestic_same_type = SameTypeTrade::Forbid;
  SetupMode setup_mode = SetupMode::Variable;
  TurnStructure56 turn_structure_56 = TurnStructure56::Paired;
  SpecialBuildOrder special_build_order = SpecialBuildOrder::Strict;
  PairedWin paired_win = PairedWin::BothOnTurn;
  Board56Players board_56_players = Board56Players::FiveOrSix;
  int victory_points = 10;
  int discard_limit = 7;
};

struct OptionInfo {
  std::string_view key;
  std::string_view default_value;
  std::vector<std::string_view> values;       // empty for integer options
  std::string_view integer_range;             // "3..20" for integer options
  std::string_view catalog_ref;               // "D-01"
  std::vector<std::string_view> affects;      // rule IDs whose verdict the option changes
  std::vector<std::string_view> unsupported;  // values accepted but not checked yet
};
const std::vector<OptionInfo>& option_table();
const std::vector<std::string_view>& profile_names();

// Both return an error message, empty on success.
std::string apply_profile(Options& o, std::string_view profile);
// Whether `key` names a rules option (for blaming a key or its value).
bool is_option_key(std::string_view key);
std::string set_option(Options& o, std::string_view key, std::string_view value);
std::string get_option(const Options& o, std::string_view key);
// A `--rule KEY=VALUE` item (KEY may be `profile`) applied to `o`: set_option's or
// apply_profile's error, or "" on success. The caller checks for the `=`.
std::string apply_option_item(Options& o, std::string_view item);

}  // namespace catan::core
