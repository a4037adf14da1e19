// Reading and writing catan-log/1 (docs/LIBRARY.md): the log model, the reader of a
// stream of games with positions for every value, the writer and the player-view redaction.
#pragma once

#include "catan_referee/version.hpp"
#include "log/model.hpp"
#include "log/reader.hpp"
#include "log/redact.hpp"
#include "log/writer.hpp"
#include "text/pieces.hpp"
