// The rules engine for a consumer of the installed library: the board, the state and the
// actions (core), the rules (check, apply, legal_actions), and the one replay loop
// (replay::Replayer, replay::check_source) that every driver uses, and replay::Session for
// a live game (play, legal actions, state, undo). See docs/LIBRARY.md.
#pragma once

#include "catan_referee/version.hpp"
#include "core/action.hpp"
#include "core/board.hpp"
#include "core/options.hpp"
#include "core/rule_catalog.hpp"
#include "core/state.hpp"
#include "replay/check_file.hpp"
#include "replay/replay.hpp"
#include "replay/run_policy.hpp"
#include "replay/session.hpp"
#include "rules/engine.hpp"
#include "rules/position.hpp"
#include "rules/recovery.hpp"
