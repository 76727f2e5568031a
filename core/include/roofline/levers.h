// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file levers.h
/// One-click interventions ("levers"): each takes the current scenario as the baseline,
/// applies ONE change, and says in one sentence, with the engine's own numbers, why the
/// roofline points moved ("Weights are 4× fewer bytes (16.1 GB → 4.02 GB): decode moves right
/// ×3.79 up the bandwidth slope (TPOT 4.56 ms → 1.20 ms); prefill moves right ×1.46 and up
/// ×1.01 on the bf16 roof (TTFT 33.4 ms → 33.2 ms)." for Llama-3.1-8B on an H100).
///
/// The pure part lives here: which levers exist, when each applies, how it changes a
/// Scenario, and how the sentence is composed from the base and changed Analyses. What needs
/// presets (the next hardware generation, the family's draft model) is looked up by
/// roofline_presets (roofline/io/levers.h) and handed in as a LeverContext.
///
/// Applicability rules (README "roofline-cli levers" lists them too):
/// - w8a16 (int8 weights, 16-bit math), w4a16 (int4 weights, 16-bit math), w8a8 (fp8
///   weights and activations), w4a4 (fp4 weights and activations): apply when they make the
///   weights or the activations fewer bytes and neither more ("weights already int4").
///   A 16-bit activation format (bf16/fp16) is kept by the a16 levers; fp32 becomes bf16.
///   A chip without the roof falls back (DOMAIN.md §4) and the sentence says so.
/// - kv-fp8: fp8 KV cache; not when the cache is already 1 byte or fewer per element.
/// - gqa-8: 8 KV heads (a what-if: the model would have to be trained or uptrained with
///   GQA); not for MLA models (no KV heads in the cache), not when the effective n_kv is
///   already ≤ 8, not when n_q is not a multiple of 8.
/// - batch-x8: B × 8 (may not fit: still listed, fits = false).
/// - spec-ngram: speculative decoding with a free n-gram draft, k = 4, α = 0.7; with
///   speculation already on, the user's k and α are kept and only the draft changes (not
///   applicable when it is already n-gram).
/// - spec-draft: the same with the family's small draft model (LeverContext::draft; Llama-3.x
///   targets → Llama-3.2-1B); not applicable when there is none (the context's reason) or it
///   is already the draft.
/// - flash-attention: turn it on; not applicable when already on.
/// - tp-x2: D × 2 devices.
/// - expert-parallel: MoE models with D > 1 only, experts spread whole over the D devices.
///   At D = 1 it would change nothing, so it is not applicable ("apply tp-x2 first"): one
///   lever, one change.
/// - next-hardware: the next generation of the same line (LeverContext::nextHardware; e.g.
///   H100 → H200); not applicable when none is known (the context's reason).
/// A changed scenario that fails validate() (TP that does not divide the heads, a batch over
/// the limit) makes the lever not applicable, with the first error's message as the reason.
/// A changed scenario that does not fit in memory is still applicable, with fits = false.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/scenario.h"
#include "roofline/validate.h"

namespace roofline {

/// Every lever, in the order they are listed before ranking. The ids (leverKey) are stable.
enum class LeverId : unsigned char {
    W8a16,
    W4a16,
    W8a8,
    W4a4,
    KvFp8,
    Gqa8,
    BatchX8,
    SpecNgram,
    SpecDraft,
    FlashAttention,
    TpX2,
    ExpertParallel,
    NextHardware,
};

inline constexpr std::size_t kLeverCount = 13;

inline constexpr std::array<LeverId, kLeverCount> kAllLevers = {
    LeverId::W8a16,        LeverId::W4a16,          LeverId::W8a8,    LeverId::W4a4,
    LeverId::KvFp8,        LeverId::Gqa8,           LeverId::BatchX8, LeverId::SpecNgram,
    LeverId::SpecDraft,    LeverId::FlashAttention, LeverId::TpX2,    LeverId::ExpertParallel,
    LeverId::NextHardware,
};

/// The stable id: "w8a16", "w4a16", "w8a8", "w4a4", "kv-fp8", "gqa-8", "batch-x8",
/// "spec-ngram", "spec-draft", "flash-attention", "tp-x2", "expert-parallel",
/// "next-hardware".
std::string_view leverKey(LeverId id);
/// Parses the ids above; nullopt for anything else.
std::optional<LeverId> parseLeverId(std::string_view key);
/// A short title for menus: "Int4 weights (W4A16)", "Batch ×8", "Next hardware", ...
std::string_view leverTitle(LeverId id);

/// The k and α that spec-ngram and spec-draft switch on (when speculation is off).
inline constexpr std::int64_t kLeverSpeculativeTokens = 4;
inline constexpr double kLeverAcceptanceRate = 0.7;
/// KV heads of the gqa-8 lever.
inline constexpr std::int64_t kLeverKvHeads = 8;

/// What the levers need from the presets: supplied by roofline_presets
/// (io::leverContext), or by hand in tests. An absent value makes its lever not applicable
/// with the matching reason.
struct LeverContext {
    std::optional<Hardware> nextHardware;  ///< The next generation of the scenario's hardware.
    std::string nextHardwareReason;        ///< Why there is none, e.g. "no newer preset ...".
    std::optional<Model> draft;            ///< The target family's small draft model.
    std::string draftReason;               ///< Why there is none.
};

/// One lever planned against a base scenario: applicable or why not, and the changed
/// scenario (equal to the base when not applicable because nothing would change).
struct LeverPlan {
    LeverId id = LeverId::W8a16;
    bool applicable = false;
    std::string reason;  ///< Non-empty when not applicable.
    /// The validate() error behind `reason` when the changed scenario failed validation
    /// (its message() is the reason); lets a file reader name its own keys instead.
    std::optional<Issue> issue;
    Scenario changed;
};

/// Applies lever `id` to `base` (which validate() accepts). Never throws.
LeverPlan planLever(const Scenario& base, LeverId id, const LeverContext& context);

/// One field the lever changed, named by the scenario file's key ("weights",
/// "tensor_parallel", "speculative", "hardware", ...), with its old and new values as text
/// ("bf16" → "int4", "1" → "2", "off" → "k 4, α 0.7, ngram").
struct LeverChange {
    std::string_view key;
    std::string from;
    std::string to;
};

/// What differs between two scenarios, in scenario-file order: hardware, model, batch,
/// prompt_tokens, context_tokens, weights, activations, kv_cache, kv_heads,
/// tensor_parallel, flash_attention, expert_parallel, speculative, memory_utilization,
/// max_batched_tokens, ceilings.
std::vector<LeverChange> scenarioChanges(const Scenario& base, const Scenario& changed);

/// The one sentence for lever `id` from the two analyses: cause, then how the decode point
/// (the verify pass under speculative decoding) and the prefill point move, with TPOT/TTFT
/// before → after, and whether the new scenario fits. Every figure comes from the analyses,
/// written by roofline/format.h.
std::string explainLever(LeverId id, const Scenario& base, const Analysis& baseAnalysis,
                         const Scenario& changed, const Analysis& changedAnalysis);

/// A lever evaluated: its plan, the changed scenario's analysis and the ratios.
struct LeverOutcome {
    LeverId id = LeverId::W8a16;
    bool applicable = false;
    std::string reason;                ///< Why not, when not applicable.
    std::optional<Issue> issue;        ///< As LeverPlan::issue.
    std::string explanation;           ///< The sentence; empty when not applicable.
    std::vector<LeverChange> changes;  ///< Empty when not applicable.
    Scenario changed;                  ///< The changed scenario (the base when not applicable).
    Analysis analysis;                 ///< Of `changed` (the base's analysis when not applicable).
    bool fits = false;                 ///< The changed scenario fits the devices' memory.
    /// base TPOT / new TPOT, base TTFT / new TTFT, new tokens/s / base tokens/s: > 1 is
    /// better. 1 when not applicable.
    double speedupTpot = 1.0;
    double speedupTtft = 1.0;
    double throughputGain = 1.0;
    /// Encoders and CNNs (no TPOT or TTFT; both speed-ups stay 1): base pass time / new
    /// pass time, and throughputGain is new images/s / base images/s. 1 for decoder LLMs.
    double speedupPass = 1.0;
};

/// What an evaluation writes besides the numbers. Words: the sentence (`explanation`) and
/// the changes (`changes`), about half the time of evaluating a lever; Numbers leaves both
/// empty, for a caller that only ranks the levers on every slider step (the Explain panel).
enum class LeverDetail : unsigned char { Words, Numbers };

/// Every lever against `base`, ranked: applicable ones by speedupTpot, highest first (ties
/// keep kAllLevers order), then the not-applicable ones in kAllLevers order.
/// Precondition: validate(base) has no error; `baseAnalysis` = analyze(base).
std::vector<LeverOutcome> evaluateLevers(const Scenario& base, const Analysis& baseAnalysis,
                                         const LeverContext& context,
                                         LeverDetail detail = LeverDetail::Words);

/// One lever, evaluated the same way.
LeverOutcome evaluateLever(const Scenario& base, const Analysis& baseAnalysis, LeverId id,
                           const LeverContext& context, LeverDetail detail = LeverDetail::Words);

}  // namespace roofline
