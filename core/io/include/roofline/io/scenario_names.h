// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scenario_names.h
/// What a scenario is called where several are shown side by side (the window's Compare
/// table, its plot labels; a CLI listing could use the same): its hardware × devices and its
/// precision, taken from the resolved scenario, never from a file name ("config@b200×2"
/// said nothing). And the one sentence that warns when compared scenarios are not like for
/// like: other precisions, other ceilings or other lengths make their numbers differ for
/// reasons besides the hardware.

#include <string>
#include <vector>

#include "roofline/scenario.h"

namespace roofline::io {

/// The hardware's display name without its vendor and any parenthesised remark, then
/// " ×D" for D > 1 devices: "H100 SXM5 80GB ×4", "Instinct MI300X", "B200 ×2".
std::string hardwareDevicesName(const Scenario& scenario);

/// "bf16" when weights, activations and KV cache share a precision, else the three as
/// "weights int4, activations bf16, KV fp8" reads, shortened: "int4 / bf16 / fp8".
std::string precisionName(const Workload& workload);

/// hardwareDevicesName and precisionName: "H100 SXM5 80GB ×4 bf16".
std::string scenarioName(const Scenario& scenario);

/// One row of a comparison: the name the note calls it by, and its scenario (not owned).
struct ComparedScenario {
    std::string name;
    const Scenario* scenario = nullptr;
};

/// One sentence naming what is not like for like between `rows` and which rows differ, in
/// row order, or empty when they share precision, ceilings and lengths:
/// "Not like for like: A and C run bf16, B and D fp8." Precision is precisionName; ceilings
/// are peak, achievable or estimate; lengths are prompt / context tokens. Each clause
/// groups the rows by value, in the order the values first appear; clauses are joined by
/// "; ".
std::string fairnessNote(const std::vector<ComparedScenario>& rows);

}  // namespace roofline::io
