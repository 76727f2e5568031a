// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file explain.h (roofline/io)
/// The sentences of roofline/explain.h with the levers evaluated against the presets
/// (io::listLevers: the next hardware generation and the family's draft model included), as
/// `roofline-cli analyze` prints them and its JSON carries them (`explanation`).

#include <string>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/scenario.h"

namespace roofline::io {

/// roofline::explain(scenario, analysis, listLevers(scenario, analysis)). `analysis` =
/// analyze(scenario), which validate() accepts.
std::vector<std::string> explanation(const Scenario& scenario, const Analysis& analysis);

}  // namespace roofline::io
