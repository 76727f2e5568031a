// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file levers.h (roofline/io)
/// The levers of roofline/levers.h with what they need from the presets filled in: the next
/// hardware generation and the family's draft model, the ranked list for a resolved
/// scenario, a lever applied to a scenario file (for the window), and the JSON of
/// `roofline-cli levers --format json` (docs/calibration.md "JSON output").

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/io/scenario_file.h"
#include "roofline/levers.h"

namespace roofline::io {

/// One step of the next-hardware table: a shipped hardware preset id and the preset of its
/// line's next generation.
struct HardwareSuccessor {
    std::string_view id;
    std::string_view next;
};

/// The next-hardware table, keyed by shipped preset id. NVIDIA data centre: A100 (SXM) →
/// H100 SXM → H200 → B200 → B300 → GB300 (Blackwell Ultra in an NVL72 rack); GB200 → GB300
/// (the NVL72 line); A100 PCIe → H100 PCIe → H200 (the shipped H200 is the SXM part);
/// L4 → L40S. GeForce: RTX 4090 → RTX 5090. AMD: MI300X → MI325X → MI355X (no MI455X preset
/// is shipped: its figures are unresolved, hardware-audit.md). Google: TPU v4 → v5p,
/// v5e → v6e → TPU7x (Ironwood). AWS: Trainium2 → Trainium3.
/// Not in the table (newest of their line among the presets, or no successor shipped):
/// GB300, H20, H100 NVL, L40S, RTX 5090, RTX PRO 6000, DGX Spark, Jetson Thor, MI355X,
/// MI350X, TPU v5p, TPU7x, Trainium3, Gaudi 3, the Apple and AMD SoCs, Groq, Cerebras.
inline constexpr std::array<HardwareSuccessor, 18> kHardwareSuccessors = {{
    {"a100-40gb-sxm", "h100-sxm"},
    {"a100-80gb-sxm", "h100-sxm"},
    {"a100-40gb-pcie", "h100-pcie"},
    {"a100-80gb-pcie", "h100-pcie"},
    {"h100-sxm", "h200"},
    {"h100-pcie", "h200"},
    {"h200", "b200"},
    {"b200", "b300"},
    {"b300", "gb300"},
    {"gb200", "gb300"},
    {"l4", "l40s"},
    {"rtx-4090", "rtx-5090"},
    {"mi300x", "mi325x"},
    {"mi325x", "mi355x"},
    {"tpu-v4", "tpu-v5p"},
    {"tpu-v5e", "tpu-v6e"},
    {"tpu-v6e", "tpu7x-ironwood"},
    {"trainium2", "trainium3"},
}};

/// The preset id of the next generation after `hardwareId`, or nullopt.
std::optional<std::string_view> nextHardwareId(std::string_view hardwareId);

/// Model presets that serve as speculative drafts. A target takes the first one of the same
/// family: same architecture (config model_type) and same vocabulary size (the draft's tokens
/// are verified by the target), and more parameters than the draft. Llama 3.x targets
/// (vocabulary 128,256) get Llama-3.2-1B; no other shipped model has a draft.
inline constexpr std::array<std::string_view, 1> kDraftModelIds = {"llama-3.2-1b"};

/// Looks up the next hardware and the draft model for `scenario`'s hardware and model
/// (shipped presets, by id), with the reason when there is none.
LeverContext leverContext(const Scenario& scenario);

/// Every lever against a resolved, valid scenario, ranked (roofline::evaluateLevers). A
/// reason from validation names the scenario file's keys, as resolve() does
/// ("/tensor_parallel must be a divisor of the 32 query heads, got 64").
std::vector<LeverOutcome> listLevers(const Scenario& scenario, const Analysis& analysis);

/// A lever applied to the window's scenario: `file` is what it loaded, `resolved` its
/// resolution (resolve(file).scenario). The changed file names the new hardware preset or
/// draft model by id and holds the changed workload; when the lever does not apply, it is
/// `file` unchanged and plan.reason says why.
struct AppliedLever {
    LeverPlan plan;
    ScenarioFile file;
};
AppliedLever applyLever(const ScenarioFile& file, const Scenario& resolved, LeverId id);

/// The JSON of `roofline-cli levers --format json`:
///     {"base": {hardware, model, ttft_s, tpot_s, decode_tokens_per_s, fits, ...},
///      "levers": [{id, title, applicable, reason, explanation, changes, ttft_s, tpot_s,
///                  decode_tokens_per_s, fits, speedup_tpot, speedup_ttft, throughput_gain,
///                  ...}]}
/// in the order given (listLevers ranks them). See docs/calibration.md "JSON output".
std::string leversToJson(const Scenario& base, const Analysis& baseAnalysis,
                         const std::vector<LeverOutcome>& levers);

}  // namespace roofline::io
