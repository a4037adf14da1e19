// catan_referee: the installed C++ API of catan-referee, the Catan rules checker. Read
// games (read.hpp), check them (check.hpp), render the verdicts (report.hpp), referee a
// live game (live_game.hpp). See docs/API.md. Needs only the standard library; link
// catan_referee::catan_referee (CMake) or `pkg-config --libs catan-referee`.
#pragma once

#include "catan_referee/check.hpp"
#include "catan_referee/diagnostic.hpp"
#include "catan_referee/live_game.hpp"
#include "catan_referee/read.hpp"
#include "catan_referee/report.hpp"
#include "catan_referee/version.hpp"
