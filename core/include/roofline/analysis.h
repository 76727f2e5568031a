// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file analysis.h
/// The engine: analyze(scenario) -> Analysis, everything the views and the CLI draw from.
///
/// Definitions (DOMAIN.md is the authority; this is its summary):
/// - An operator's time is max(FLOPs / peak, HBM bytes / HBM bandwidth), plus, for the
///   tensor-parallel all-reduce, its link time instead. Operators run one after another: a
///   phase's time is the SUM of its operators' times. The phase's whole-step bound
///   max(ΣFLOPs/peak, Σbytes/BW) (Pope et al.) is reported beside it and is never larger.
/// - A phase's roofline point: x = ΣFLOPs / ΣHBM bytes, y = ΣFLOPs / phase time. It can sit
///   below the roof when memory-bound and compute-bound operators mix.
/// - Prefill: B prompts of P tokens, nothing cached (T = P, C = 0); causal attention over
///   P·(P+1)/2 query-key pairs per sequence and head (not P²); logits for the last token
///   of each prompt only. TTFT = prefill time.
/// - Decode step: B sequences, C tokens cached each, one new token each (T = 1); attention
///   reads B·(C+1) tokens of KV and writes B; logits for every new token. TPOT = step time.
/// - With tensor parallelism over D devices, every number is PER DEVICE (one chip's FLOPs,
///   bytes and roofline point); devices work in parallel, and two ring all-reduces of N·h·a
///   bytes per layer go over the interconnect.
/// - All quantities are SI base units: FLOP, byte, second, FLOP/s, byte/s.
///
/// Modelling choices not fixed by DOMAIN.md are listed in the README ("Model of the
/// engine") and next to the code that makes them.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/fixed_list.h"
#include "roofline/scenario.h"
#include "roofline/warning.h"

namespace roofline {

enum class Phase : unsigned char { Prefill, Decode };
std::string_view toString(Phase phase);  ///< "prefill" / "decode"

/// Which roof limits an operator or a phase.
enum class Bound : unsigned char { Memory, Compute, Interconnect };
std::string_view toString(Bound bound);  ///< "memory" / "compute" / "interconnect"

/// What an operator does, for grouping and colouring.
enum class OperatorKind : unsigned char {
    Matmul,         ///< Multiplies by a weight matrix (projections, MLP, experts, lm_head).
    Attention,      ///< Scores and weighted sum over the KV cache.
    Elementwise,    ///< Norms, activation functions.
    Memory,         ///< Pure data movement: embedding gather, KV-cache append.
    Communication,  ///< Tensor-parallel collectives over the interconnect.
};
std::string_view toString(OperatorKind kind);  ///< "matmul", "attention", ...

/// One kind of operator in one phase, summed over the layers that run it.
struct OperatorCost {
    std::string_view name;  ///< e.g. "qkv_proj", "attention", "attention_sliding", "moe_up".
    Phase phase = Phase::Decode;
    OperatorKind kind = OperatorKind::Matmul;
    double count = 0.0;  ///< How many times it runs in the pass (layers, or 1 per pass).

    double flops = 0.0;            ///< Total over `count` runs.
    double weightBytes = 0.0;      ///< HBM bytes of parameters read.
    double kvBytes = 0.0;          ///< HBM bytes of KV cache read or written.
    double activationBytes = 0.0;  ///< HBM bytes of activations read or written.
    double linkBytes = 0.0;        ///< Bytes each device sends over the interconnect.

    double computeTimeSeconds = 0.0;  ///< flops / peak
    double memoryTimeSeconds = 0.0;   ///< bytes() / HBM bandwidth
    double linkTimeSeconds = 0.0;     ///< collective time on the interconnect
    double timeSeconds = 0.0;         ///< max of the three
    Bound bound = Bound::Memory;

    double bytes() const { return weightBytes + kvBytes + activationBytes; }  ///< HBM bytes
    /// FLOPs per HBM byte; 0 when the operator moves no HBM bytes.
    double intensity() const { return bytes() > 0.0 ? flops / bytes() : 0.0; }
};

/// Totals of one phase (prefill pass, or one decode step).
struct PhaseCost {
    double flops = 0.0;
    double weightBytes = 0.0;
    double kvBytes = 0.0;
    double activationBytes = 0.0;
    double linkBytes = 0.0;

    double computeTimeSeconds = 0.0;  ///< ΣFLOPs / peak
    double memoryTimeSeconds = 0.0;   ///< ΣHBM bytes / bandwidth
    double linkTimeSeconds = 0.0;     ///< Σ collective times
    double timeSeconds = 0.0;         ///< Σ per-operator max: the predicted phase time
    double stepBoundSeconds = 0.0;    ///< max(computeTime, memoryTime, linkTime) ≤ timeSeconds
    double attainableFlopsPerSecond = 0.0;  ///< flops / timeSeconds (the point's y)
    Bound bound = Bound::Memory;  ///< The larger of the whole-step compute/memory/link times.

    double bytes() const { return weightBytes + kvBytes + activationBytes; }
    double intensity() const { return bytes() > 0.0 ? flops / bytes() : 0.0; }  ///< point's x
};

/// Memory per device, and the same numbers scaled to all D devices for display.
struct MemoryFootprint {
    double weightBytes = 0.0;      ///< Parameters one device holds.
    double kvCacheBytes = 0.0;     ///< B sequences × max(P, C+1) tokens, window caps applied.
    double activationBytes = 0.0;  ///< Workspace: see README "Memory footprint".
    double totalBytes = 0.0;
    double capacityBytes = 0.0;    ///< One device's HBM.
    bool fits = false;             ///< totalBytes ≤ capacityBytes
    /// Largest batch whose footprint fits one device at these lengths; 0 when the weights
    /// alone do not fit.
    std::int64_t maxBatch = 0;
};

/// One compute roof of the chip, for drawing: the horizontal line at peakFlopsPerSecond
/// meets the HBM slope (y = x · bandwidth) at ridgePointFlopsPerByte.
struct Roof {
    Precision precision = Precision::Bf16;
    double peakFlopsPerSecond = 0.0;
    double ridgePointFlopsPerByte = 0.0;  ///< peak / HBM bandwidth
    bool inUse = false;                   ///< The roof the scenario computes on.
};

/// At most this many distinct operators in one pass: layer groups merge into the same ones.
inline constexpr std::size_t kMaxOperatorsPerPass = 18;

/// Kinds of warning analyze() can give (each at most once per analysis).
inline constexpr std::size_t kMaxWarnings = 6;

struct Analysis {
    /// The math precision: the activation precision, or the next wider roof the chip has.
    Precision computePrecision = Precision::Bf16;
    double peakFlopsPerSecond = 0.0;             ///< The compute roof in use.
    double memoryBandwidthBytesPerSecond = 0.0;  ///< The HBM roof.
    double ridgePointFlopsPerByte = 0.0;         ///< peak / bandwidth
    /// Every roof the chip has, in kAllPrecisions order (fp16 listed even when equal to bf16).
    FixedList<Roof, kPrecisionCount> roofs;
    /// Interconnect bandwidth per direction when tensor parallelism is on (D > 1), else 0:
    /// draw it as a third roof, FLOPs per link byte.
    double interconnectBandwidthBytesPerSecond = 0.0;

    PhaseCost prefill;
    PhaseCost decode;

    double ttftSeconds = 0.0;               ///< = prefill.timeSeconds
    double tpotSeconds = 0.0;               ///< = decode.timeSeconds
    double decodeTokensPerSecond = 0.0;     ///< B / TPOT, over all devices together
    /// Smallest B at which one decode step's ΣFLOPs/peak ≥ ΣHBM bytes/BW at this context;
    /// empty when it never crosses (per-sequence KV traffic outgrows the FLOPs).
    std::optional<std::int64_t> criticalBatch;
    /// Smallest B at which the decode step's weight matmuls alone (OperatorKind::Matmul)
    /// turn compute-bound: ≈ peak·w / (2·BW) (DOMAIN.md §4; H100 bf16 ≈ 295, plus the
    /// matmuls' activation traffic). Independent of context; empty if it never crosses.
    std::optional<std::int64_t> matmulCriticalBatch;
    /// C* = decode weight bytes / (B · KV bytes per token): beyond it, KV traffic outweighs
    /// weight traffic in a decode step. Uses the uncapped KV bytes per token.
    double goldilocksContextTokens = 0.0;

    double totalParameters = 0.0;          ///< Whole model (after the GQA override).
    double activeParametersPerToken = 0.0;  ///< See ParameterCount.
    double kvCacheBytesPerToken = 0.0;      ///< Whole model, per sequence, at precision c.
    std::int64_t effectiveKvHeads = 0;      ///< n_kv after the override (0 for MLA).

    MemoryFootprint memory;

    /// Prefill operators first, then decode, each in execution order.
    FixedList<OperatorCost, 2 * kMaxOperatorsPerPass> operators;
    /// Sentences for the user, e.g. "fp4 requested, but NVIDIA H100 has no fp4 roof:
    /// using fp8". Each kind at most once.
    FixedList<Warning, kMaxWarnings> warnings;
};

/// The compute precision a scenario runs at on a chip: the activation format (int4
/// activations use an int4 roof), or the next wider roof the chip has. Order of fallback:
/// fp4→fp8→bf16→fp16→fp32, int4→int8→bf16→fp16→fp32, fp8/int8→bf16→fp16→fp32,
/// bf16↔fp16→fp32, fp32→tf32→bf16. Returns the first roof found; if the chip has none of
/// those, any roof it has.
Precision computePrecisionFor(const Hardware& hardware, Precision activation);

/// Analyses one scenario.
/// Preconditions (checked by validate(), see validate.h): validate(scenario) reports no
/// error. Under them the result is finite everywhere. Deterministic, never throws (it may
/// only fail to allocate), no globals.
Analysis analyze(const Scenario& scenario);

/// One point of the decode batch trail: the decode step at batch B, everything else equal.
struct TrailPoint {
    std::int64_t batch = 0;
    double intensityFlopsPerByte = 0.0;    ///< decode.intensity()
    double attainableFlopsPerSecond = 0.0;  ///< decode.attainableFlopsPerSecond
    double tpotSeconds = 0.0;
    double decodeTokensPerSecond = 0.0;
    bool fits = false;  ///< Footprint at this batch fits the devices' memory.
};

/// The path the decode point takes as batch grows: B = 1, 2, 4, ... up to maxBatch
/// (maxBatch itself is included as the last point when it is not a power of two).
/// Same preconditions as analyze().
std::vector<TrailPoint> decodeBatchTrail(const Scenario& scenario, std::int64_t maxBatch);

/// The model with the scenario's KV-head override applied (n_kv replaced), as analysed.
Model effectiveModel(const Model& model, const Workload& workload);

}  // namespace roofline
