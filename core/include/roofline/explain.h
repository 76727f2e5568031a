// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file explain.h
/// The analysis in words: a few plain sentences a student can read aloud, built from the
/// live numbers. The window's Explain dock, `roofline-cli
/// analyze` (table: "Explanation"; JSON: `explanation`) and the report all show them.
///
/// In order:
/// - for each pass in `analysis.passes` (whatever kinds there are; nothing assumes a decode
///   pass exists): where its point sits, which roof binds it and how far below the compute
///   roof it is ("Decode is memory-bound: 1.05 FLOP/byte against a ridge of 295 FLOP/byte,
///   so it reaches 3.53 TFLOP/s, 0.357% of the bf16 compute roof."), and what shares of its
///   HBM bytes are weights, KV cache and activations;
/// - for each pass, which kind of lever would not move it and which would, reasoned from its
///   bound and its largest byte share ("More FLOP/s would not help decode: it is memory-bound
///   at 1.05 FLOP/byte against a ridge of 295 FLOP/byte; ...");
/// - with the evaluated levers given (roofline/levers.h), the ones that cut TPOT and TTFT the
///   most and raise tokens/s the most, and those that would change TPOT by under 2%;
/// - with a decode pass: what the critical batch means at this context, or why it is "never"
///   (attention over the KV cache stays memory-bound at any batch and takes the step over),
///   where B stands against it and against the memory wall; what the Goldilocks context
///   means here, or why there is none;
/// - memory use per device and the largest batch that fits.
///
/// Every number comes from the Analysis (or, for the "never" case, one more analyze() of the
/// same scenario at the weight-matmul critical batch) and is written by roofline/format.h.

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/levers.h"
#include "roofline/scenario.h"

namespace roofline {

/// Changes of TPOT smaller than this fraction count as "would barely move it".
inline constexpr double kExplainNegligibleChange = 0.02;

/// The sentences for `analysis` = analyze(scenario). `levers` is what evaluateLevers (or
/// io::listLevers) returned for it, in any order; empty leaves out the sentences that name
/// levers. Same preconditions as analyze(); never throws (but may fail to allocate). Each
/// sentence is non-empty and ends with a full stop.
std::vector<std::string> explain(const Scenario& scenario, const Analysis& analysis,
                                 std::span<const LeverOutcome> levers = {});

/// One line naming the scenario, for the report and the caption of exported images: model,
/// devices and hardware, precisions, batch and lengths, then what differs from the defaults
/// (tensor-parallel devices, speculative decoding, FlashAttention off, achievable ceilings):
/// "Llama 3.1 8B on 1 × NVIDIA H100 SXM5 80GB · weights bf16, activations bf16, KV cache
/// bf16 · batch 1, prompt 2,048 tokens, context 2,048 tokens".
std::string scenarioCaption(const Scenario& scenario);

/// A bound beside its estimate (DOMAIN.md §11), for the results and the CLI: "TPOT 4.56 ms
/// bound, 6.1 ms estimated (5.2–7.4 ms)". Seconds in; the interval is [low, high].
std::string boundAndEstimate(std::string_view label, double boundSeconds, double estimateSeconds,
                             const std::array<double, 2>& intervalSeconds);

/// The largest of the costs an estimate adds to a pass (estimate.h's terms), named as the
/// sentences below name it: "per-step overhead", "GEMM tiles and waves", "kernel efficiency
/// at these precisions", "attention kernel efficiency" or "kernel launch floors"; the first of
/// them on a tie. `seconds` is 0 (and the name the first one's) when the estimate adds nothing.
struct EstimateCost {
    std::string_view name;
    double seconds = 0.0;
};
EstimateCost largestEstimateCost(const EstimateTerms& terms);

/// The profile an estimate was made with, as the explanation, the results panel and the
/// tooltips name it (a profile fitted on n records says so wherever it is used):
/// "h100-sxm.vllm (vllm, fitted on 42 records; an 80% interval)", or "generic (generic, cited
/// defaults, not fitted; an 80% interval)".
std::string estimateProfileText(const EstimateResult& estimate);

/// What the estimate adds to one pass and which cost dominates, one sentence per decoder
/// pass (TTFT, TPOT) or the one pass of an encoder; empty without an estimate: "TPOT: 3.1 ms
/// of the 6.1 ms estimated is per-step overhead in the h100-sxm.vllm profile (vLLM, fitted on
/// 40 records); on the roofline the step is 4.56 ms."
std::vector<std::string> estimateSentences(const Analysis& analysis);

}  // namespace roofline
