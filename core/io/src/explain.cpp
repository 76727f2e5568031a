// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/io/explain.h"

#include "roofline/explain.h"
#include "roofline/io/levers.h"

namespace roofline::io {

std::vector<std::string> explanation(const Scenario& scenario, const Analysis& analysis) {
    const std::vector<LeverOutcome> levers = listLevers(scenario, analysis);
    return explain(scenario, analysis, levers);
}

}  // namespace roofline::io
