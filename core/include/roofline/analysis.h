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

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/fixed_list.h"
#include "roofline/operators.h"
#include "roofline/scenario.h"
#include "roofline/warning.h"

namespace roofline {

/// What a pass is. A decoder LLM always runs prefill and decode; speculative decoding adds
/// draft (k decode steps of the draft model) and verify (the target over k+1 new tokens per
/// sequence). An encoder (ViT, CLIP vision) runs one Encode pass and a CNN one Forward pass,
/// over B images, and nothing else.
enum class PassKind : unsigned char { Prefill, Decode, Draft, Verify, Encode, Forward };
/// "prefill" / "decode" / "draft" / "verify" / "encode" / "forward"
std::string_view toString(PassKind kind);

/// Which roof limits an operator or a phase. A new roof is one more value (and its name).
enum class Bound : unsigned char { Memory, Compute, Interconnect };
inline constexpr std::size_t kBoundCount = 3;
std::string_view toString(Bound bound);  ///< "memory" / "compute" / "interconnect"

/// What the HBM bytes of an operator or a pass are. A new category is one more value (and
/// its name): every total, view and JSON field loops over them.
enum class ByteCategory : unsigned char {
    Weights,      ///< Parameters read (and the embedding rows gathered).
    KvCache,      ///< KV cache (and a sparse-attention indexer's keys) read or written.
    State,        ///< Recurrent state of DeltaNet / Mamba-2 layers, read and written.
    Activations,  ///< Activations read or written.
};
inline constexpr std::size_t kByteCategoryCount = 4;
/// "weights" / "kv_cache" / "state" / "activations"
std::string_view toString(ByteCategory category);
inline constexpr std::array<ByteCategory, kByteCategoryCount> kAllByteCategories = {
    ByteCategory::Weights, ByteCategory::KvCache, ByteCategory::State, ByteCategory::Activations};

/// HBM bytes by category.
struct ByteCounts {
    std::array<double, kByteCategoryCount> bytes{};

    double& operator[](ByteCategory c) { return bytes[static_cast<std::size_t>(c)]; }
    double operator[](ByteCategory c) const { return bytes[static_cast<std::size_t>(c)]; }
    double total() const {
        double sum = 0.0;
        for (const double b : bytes) {
            sum += b;
        }
        return sum;
    }
    ByteCounts& operator+=(const ByteCounts& o) {
        for (std::size_t i = 0; i < kByteCategoryCount; ++i) {
            bytes[i] += o.bytes[i];
        }
        return *this;
    }
    ByteCounts& operator*=(double f) {
        for (double& b : bytes) {
            b *= f;
        }
        return *this;
    }
};

/// One kind of operator in one pass, summed over the layers (and draft steps) that run it.
struct OperatorCost {
    std::string_view name;  ///< e.g. "qkv_proj", "attention", "attention_sliding", "moe_up".
    OperatorId id = OperatorId::Embedding;  ///< Which row of the operator table (operators.h).
    PassKind pass = PassKind::Decode;
    OperatorKind kind = OperatorKind::Matmul;
    KernelClass kernel = KernelClass::Gemm;  ///< What the estimate charges it (operators.h).
    double count = 0.0;  ///< How many times it runs in the pass (layers × repeats).

    double flops = 0.0;      ///< Total over `count` runs.
    ByteCounts traffic;      ///< HBM bytes by category, total over `count` runs.
    double linkBytes = 0.0;  ///< Bytes each device sends over the interconnect.

    double computeTimeSeconds = 0.0;  ///< flops / peak
    double memoryTimeSeconds = 0.0;   ///< bytes() / HBM bandwidth
    double linkTimeSeconds = 0.0;     ///< collective time on the interconnect
    /// The slowest on-chip level's time (levelBytes / its bandwidth, DOMAIN.md §10); 0 when
    /// the hardware times no on-chip level.
    double onChipTimeSeconds = 0.0;
    double timeSeconds = 0.0;  ///< max of the four
    Bound bound = Bound::Memory;
    /// The memory level whose time is the longest (Main unless an on-chip level takes
    /// longer than HBM): what binds when `bound` is Memory.
    MemoryLevel boundLevel = MemoryLevel::Main;

    /// Bytes at each level of the memory hierarchy the hardware lists (DOMAIN.md §10), total
    /// over `count` runs; [Main] = bytes(). 0 at a level the hardware does not list.
    /// Last-level cache: a GEMM tiled in kGemmTileRows × kGemmTileColumns output tiles reads
    /// A ⌈N/Tn⌉ times and B ⌈M/Tm⌉ times; FlashAttention reads K and V once per block of
    /// kAttentionBlockRows queries; everything else passes through once. On-chip SRAM: what
    /// the cache delivers, plus the attention scores FlashAttention keeps on chip.
    std::array<double, kMemoryLevelCount> levelBytes{};
    /// Attention's score and probability traffic, 4·B·n_q·pairs·a over `count` runs: in HBM
    /// (and traffic) with FlashAttention off, in the on-chip SRAM with it on. 0 elsewhere.
    double scoreBytes = 0.0;

    /// Matmuls: the GEMM one run performs, for the estimate's tile and wave model
    /// (estimate.h): M rows (token rows), N columns (outputs on this device), in G groups
    /// (the experts a run touches, each with M rows). 0 = not a GEMM (then no shape cost).
    /// Layer groups that merge into one operator keep the first group's shape.
    double gemmRows = 0.0;
    double gemmColumns = 0.0;
    double gemmGroups = 0.0;

    double bytes() const { return traffic.total(); }  ///< HBM bytes
    /// FLOPs per HBM byte; 0 when the operator moves no HBM bytes.
    double intensity() const { return bytes() > 0.0 ? flops / bytes() : 0.0; }
    /// FLOPs per byte at one level (the hierarchical roofline's x); 0 without bytes there.
    double levelIntensity(MemoryLevel level) const {
        const double b = levelBytes[index(level)];
        return b > 0.0 ? flops / b : 0.0;
    }
};

/// The output tile a GEMM's last-level-cache traffic is counted with (DOMAIN.md §10): 256 ×
/// 256, the largest a production kernel keeps on chip (a Hopper 2-CTA cluster of 128 × 256
/// tiles sharing A by TMA multicast; Blackwell's 2-SM 256 × 256 MMA). Larger tiles mean fewer
/// bytes, so the cache time stays a bound.
inline constexpr double kGemmTileRows = 256.0;
inline constexpr double kGemmTileColumns = 256.0;
/// Queries per FlashAttention block (Br): K and V are read from the cache once per block.
inline constexpr double kAttentionBlockRows = 128.0;

/// Fractions of a pass's time spent in operators bound by each roof (they sum to 1).
struct BoundShares {
    std::array<double, kBoundCount> shares{};

    double& operator[](Bound b) { return shares[static_cast<std::size_t>(b)]; }
    double operator[](Bound b) const { return shares[static_cast<std::size_t>(b)]; }
};

/// How a pass attends: causal over cached + new tokens (decoder LLM passes), bidirectional
/// over all P tokens of an image, P² pairs (encoders), or not at all (CNNs).
enum class AttentionForm : unsigned char { Causal, Bidirectional, None };
std::string_view toString(AttentionForm form);  ///< "causal" / "bidirectional" / "none"

/// One pass: what it is, and its totals. A pass that repeats (the draft's k steps) sums
/// all repeats: its time is the time of all of them.
struct PassCost {
    PassKind kind = PassKind::Decode;
    bool draftModel = false;  ///< Runs the draft model, else the target.
    double batch = 0.0;       ///< B: sequences (images for encode and forward).
    /// T per sequence: P (prefill), 1 (decode, draft), k+1 (verify); tokens per image
    /// (patches + [CLS]) for encode; 0 for a CNN's forward pass.
    double newTokens = 0.0;
    double cachedTokens = 0.0;  ///< C per sequence before the pass.
    double logitsRows = 0.0;    ///< Rows of lm_head: B in prefill, B·T otherwise.
    double repeats = 1.0;       ///< Steps summed in this pass (k for the draft).
    AttentionForm attention = AttentionForm::Causal;

    double flops = 0.0;
    ByteCounts traffic;  ///< HBM bytes by category, summed over the pass's operators.
    double linkBytes = 0.0;

    double computeTimeSeconds = 0.0;  ///< ΣFLOPs / peak
    double memoryTimeSeconds = 0.0;   ///< ΣHBM bytes / bandwidth
    double linkTimeSeconds = 0.0;     ///< Σ collective times
    double timeSeconds = 0.0;         ///< Σ per-operator max: the predicted pass time
    double stepBoundSeconds = 0.0;    ///< max(computeTime, memoryTime, linkTime) ≤ timeSeconds
    double attainableFlopsPerSecond = 0.0;  ///< flops / timeSeconds (the point's y)
    /// Shares of timeSeconds in compute-, memory- and interconnect-bound operators
    /// (DOMAIN.md §5): the pass is bound by the largest share.
    BoundShares shares;
    Bound bound = Bound::Memory;

    /// Bytes at each memory level, summed over the pass's operators (OperatorCost::levelBytes).
    std::array<double, kMemoryLevelCount> levelBytes{};

    double bytes() const { return traffic.total(); }
    double intensity() const { return bytes() > 0.0 ? flops / bytes() : 0.0; }  ///< point's x
    /// FLOPs per byte at one level; 0 without bytes there.
    double levelIntensity(MemoryLevel level) const {
        const double b = levelBytes[index(level)];
        return b > 0.0 ? flops / b : 0.0;
    }
    /// FLOPs per byte each device sends over the interconnect (read against the link roof);
    /// 0 without communication.
    double linkIntensity() const { return linkBytes > 0.0 ? flops / linkBytes : 0.0; }
};

/// Memory of one device, counted the way serving engines count it (DOMAIN.md §5).
struct MemoryFootprint {
    double weightBytes = 0.0;   ///< Parameters held (target, plus a draft model).
    double kvCacheBytes = 0.0;  ///< B sequences × max(P, C+1) tokens, window caps applied.
    /// B sequences × the recurrent state of the state layers (DOMAIN.md §5–6), whatever the
    /// context; 0 for a model without state layers.
    double stateBytes = 0.0;
    /// Activation workspace of one forward pass of at most maxBatchedTokens tokens (chunked
    /// prefill), plus one logits row per sequence: docs/model.md "Memory footprint".
    double workspaceBytes = 0.0;
    double totalBytes = 0.0;  ///< weights + KV cache + state + workspace
    /// The device's memory serving engines can use: the driver-visible capacity where the
    /// preset gives one (B300 268.6 GiB of "288 GB"), else the nominal one (DOMAIN.md §5).
    double capacityBytes = 0.0;
    /// The nominal (spec-sheet) capacity, binary GiB presets; equals capacityBytes when the
    /// preset gives no visible capacity.
    double nominalCapacityBytes = 0.0;
    double usableBytes = 0.0;  ///< capacity × memory utilisation
    bool fits = false;         ///< totalBytes ≤ usableBytes
    /// Largest batch whose footprint fits the usable memory at these lengths (KV cache and
    /// state per sequence); 0 when the weights and workspace alone do not fit.
    std::int64_t maxBatch = 0;
    /// The fewest devices of this kind whose usable memory holds the scenario (DOMAIN.md
    /// §10): ⌈bytes of the whole scenario on one device (weights, KV cache, state,
    /// workspace) / usable bytes per device⌉, as if every byte were split evenly (layers
    /// across devices, as SRAM machines serve). A lower bound: tensor parallelism replicates
    /// the norms, the workspace and KV heads fewer than D, so it may need more. Whatever
    /// tensorParallel is; empty when the device has no usable memory.
    std::optional<std::int64_t> minDevices;
};

/// One compute roof of the chip, for drawing: the horizontal line at peakFlopsPerSecond
/// meets the HBM slope (y = x · bandwidth) at ridgePointFlopsPerByte. With achievable
/// ceilings the peak and the bandwidth are the achievable rates.
struct Roof {
    Precision precision = Precision::Bf16;
    double peakFlopsPerSecond = 0.0;
    double ridgePointFlopsPerByte = 0.0;  ///< peak / HBM bandwidth
    bool inUse = false;                   ///< The roof the scenario computes on.
    bool measured = false;  ///< Achievable ceilings: a cited measurement, not a default fraction.
};

/// One level of the memory hierarchy as analysed (DOMAIN.md §10): Main first (the memory
/// roof), then the on-chip levels the hardware lists. Citations are the preset's
/// (Hardware::memoryLevels).
struct LevelRoof {
    MemoryLevel level = MemoryLevel::Main;
    /// The preset's name of an on-chip level ("L2", "Infinity Cache", "VMEM"), NUL-terminated
    /// (a fixed array: Analysis is copied on every frame); empty for Main (memoryRoofName()
    /// names it). Presets keep names under kMaxMemoryLevelNameBytes.
    std::array<char, kMaxMemoryLevelNameBytes + 1> name{};
    std::string_view nameText() const { return std::string_view(name.data()); }
    /// Per ceilings: a peak (spec or measured where no spec exists); achievable: the measured
    /// rate, or kDefaultAchievableBandwidthFraction of a spec peak. 0: no cited bandwidth, so
    /// the level is neither timed nor drawn.
    double bandwidthBytesPerSecond = 0.0;
    double capacityBytes = 0.0;  ///< 0 = unknown
    bool measured = false;       ///< The bandwidth is a measurement.
    bool drawn() const { return bandwidthBytesPerSecond > 0.0; }
};

/// Speculative decoding's figures (DOMAIN.md §6), when it is on.
struct SpeculativeResult {
    std::int64_t k = 0;       ///< Tokens drafted per step.
    double acceptance = 0.0;  ///< α per drafted token.
    DraftKind draft = DraftKind::Ngram;
    double tokensPerStep = 0.0;     ///< τ = (1 − α^(k+1)) / (1 − α); k+1 at α = 1
    double stepTimeSeconds = 0.0;   ///< draft (k steps) + verify
    double plainTpotSeconds = 0.0;  ///< TPOT of plain decoding (the decode pass)
};

/// Cost of the output tokens (DOMAIN.md §7), when the workload names a price.
/// Disaggregated prefill and decode (DOMAIN.md §7; Workload::prefillDevices): a prefill pool
/// and a decode pool, the KV cache of each request moved once between them. TTFT is the
/// prefill on its pool plus the transfer (queueing is not modelled); TPOT is the decode
/// pool's; throughput per device, cost and energy count both pools.
struct DisaggregationResult {
    std::int64_t prefillDevices = 0;  ///< D_p, tensor-parallel over the prefill pass
    std::int64_t decodeDevices = 0;   ///< D_d (Workload::tensorParallel)
    /// The batch's KV cache and recurrent state after its prompts (P tokens each, window caps
    /// applied), the whole model: what moves to the decode pool.
    double kvTransferBytes = 0.0;
    /// What one prefill device sends: its own shard (its heads; with fewer KV heads than
    /// devices, its replicated head), all devices sending at once over their own links.
    double kvTransferBytesPerDevice = 0.0;
    /// α + bytes per device / β of the link between the pools; 0 when β is unknown
    /// (NoInterconnect warns).
    double kvTransferSeconds = 0.0;
    double linkBandwidthBytesPerSecond = 0.0;  ///< β between the pools, per device
    /// The pools together exceed the scale-up domain: the transfer crosses the scale-out
    /// network (its bandwidth and α).
    bool scaleOut = false;
    double prefillSeconds = 0.0;  ///< the prefill pass on its pool (TTFT without the transfer)
    /// One prefill device's memory: its weights, the batch's cache after the prompts and the
    /// workspace; `fits` against the same usable memory as the decode pool's devices.
    double prefillMemoryBytes = 0.0;
    bool prefillFits = false;
};

struct CostResult {
    double pricePerDeviceHourUsd = 0.0;  ///< As given (Workload::pricePerDeviceHourUsd).
    /// price × devices × 1e6 / (3600 × decodeTokensPerSecond): the steady decode rate of all
    /// devices together, speculative decoding included (prefill time not charged).
    double usdPerMillionOutputTokens = 0.0;
    /// Encoders and CNNs (no output tokens): price × devices × 1e6 / (3600 × images/s);
    /// then usdPerMillionOutputTokens is 0.
    double usdPerMillionImages = 0.0;
};

/// Energy of the output tokens (DOMAIN.md §7), when the hardware names its TDP.
struct EnergyResult {
    /// TDP × devices × step time / tokens per step = TDP × devices / decodeTokensPerSecond:
    /// an UPPER BOUND, every device drawing its full board power for the whole step.
    double joulesPerOutputTokenMax = 0.0;
    /// Encoders and CNNs: TDP × devices / images/s, the same upper bound per image; then
    /// joulesPerOutputTokenMax is 0.
    double joulesPerImageMax = 0.0;
};
/// An all-zero pass of that kind: what Analysis::prefill() and decode() return when the
/// analysis has no such pass (encoders, CNNs).
const PassCost& emptyPass(PassKind kind);

/// At most this many distinct operators in one pass: layer groups merge into the same ones,
/// so the capacity is the operator table's length (operators.h).
inline constexpr std::size_t kMaxOperatorsPerPass = kOperatorCount;
/// Prefill, decode, draft, verify.
inline constexpr std::size_t kMaxPasses = 4;

/// Kinds of warning analyze() can give (each at most once per analysis): none is dropped.
inline constexpr std::size_t kMaxWarnings = kWarningKindCount;

struct Analysis {
    /// The math precision: the activation precision, or the next wider roof the chip has.
    Precision computePrecision = Precision::Bf16;
    /// Bytes per activation element actually moved: the compute precision's when the chip
    /// falls back to a wider one (DOMAIN.md §5), else the activation precision's.
    double activationBytesPerElement = 2.0;
    Ceilings ceilings = Ceilings::Peak;
    double peakFlopsPerSecond = 0.0;  ///< The compute roof in use (per ceilings).
    /// False when the chip has no sourced peak at the compute precision or a wider one (a
    /// memory-only preset such as Apple M4 Max): peakFlopsPerSecond and the ridge are 0,
    /// compute time is not counted (every operator is memory- or link-bound, times are lower
    /// bounds), there is no critical batch, and a NoComputeRoof warning says so.
    bool hasComputeRoof = true;
    double memoryBandwidthBytesPerSecond = 0.0;  ///< The HBM roof (per ceilings).
    /// The hardware's memory type as its preset says it ("HBM3e", "GDDR6 (ECC)"); may be
    /// empty. Views name the memory roof with memoryRoofName().
    std::string memoryType;
    double ridgePointFlopsPerByte = 0.0;  ///< peak / bandwidth
    /// The memory hierarchy: Main, then each on-chip level the hardware lists.
    FixedList<LevelRoof, kMemoryLevelCount> memoryLevels;
    /// Every roof the chip has, in kAllPrecisions order (fp16 listed even when equal to bf16).
    FixedList<Roof, kPrecisionCount> roofs;
    /// Link bandwidth per direction collectives run at when D > 1 (the scale-up link, or
    /// the scale-out link beyond the domain), else 0: draw it as a third roof, FLOPs per
    /// link byte.
    double interconnectBandwidthBytesPerSecond = 0.0;
    bool beyondScaleUpDomain = false;  ///< D exceeds the hardware's scale-up domain.

    /// What was analysed: a decoder LLM has prefill and decode (then draft and verify); an
    /// encoder or a CNN has its one encode or forward pass.
    ModelKind modelKind = ModelKind::Decoder;
    /// Prefill, decode, then draft and verify when speculative decoding is on; or the one
    /// encode / forward pass of an encoder / CNN.
    FixedList<PassCost, kMaxPasses> passes;
    /// Whether the analysis has a decode step (decoder LLMs). Check it before decode().
    bool hasDecode() const { return passes.size() > 1 && passes[1].kind == PassKind::Decode; }
    /// The first pass: prefill of a decoder LLM, encode of an encoder, forward of a CNN.
    /// Views draw it where prefill is drawn.
    const PassCost& primary() const {
        return !passes.empty() ? passes[0] : emptyPass(PassKind::Prefill);
    }
    /// The prefill pass; an all-zero pass (kind Prefill) when there is none (encoders, CNNs).
    const PassCost& prefill() const {
        return !passes.empty() && passes[0].kind == PassKind::Prefill
                   ? passes[0]
                   : emptyPass(PassKind::Prefill);
    }
    /// The plain decode step of the target; an all-zero pass (kind Decode) when there is
    /// none (encoders, CNNs: see hasDecode()), so that a caller that forgets to ask reads
    /// zeros, never past the passes.
    const PassCost& decode() const { return hasDecode() ? passes[1] : emptyPass(PassKind::Decode); }
    /// The pass of that kind, or nullptr.
    const PassCost* pass(PassKind kind) const {
        for (const PassCost& p : passes) {
            if (p.kind == kind) {
                return &p;
            }
        }
        return nullptr;
    }

    /// = prefill().timeSeconds. TTFT, TPOT and decode tokens/s are 0 for an encoder or a
    /// CNN: they have no tokens to generate (see imagesPerSecond).
    double ttftSeconds = 0.0;
    /// Time per output token: the decode step, or with speculative decoding the effective
    /// step time / τ.
    double tpotSeconds = 0.0;
    double decodeTokensPerSecond = 0.0;  ///< B / TPOT, over all devices together
    /// decodeTokensPerSecond / D: the decode throughput one device delivers (the compare
    /// table's "tok/s per device"); disaggregated, / (D_p + D_d), both pools. Steady-state
    /// decode only, not DOMAIN §7's request-level throughput per device, which also charges
    /// the prefill.
    double decodeTokensPerSecondPerDevice = 0.0;
    std::optional<SpeculativeResult> speculative;
    /// Set when the prefill runs on its own pool (Workload::prefillDevices > 0).
    std::optional<DisaggregationResult> disaggregation;
    /// The estimate ceiling's figures (Ceilings::Estimate with a calibration profile): what a
    /// real stack is expected to take, with its interval, beside the bound figures above
    /// (which are then the achievable ceilings' and never carry an interval).
    std::optional<EstimateResult> estimate;
    /// Only when the workload has a price (never a default price).
    std::optional<CostResult> cost;
    /// Only when the hardware has a TDP (Hardware::tdpWatts > 0).
    std::optional<EnergyResult> energy;
    /// Encoders and CNNs: B / the pass time (images per second over all devices together);
    /// 0 for a decoder LLM. The latency of one batch is primary().timeSeconds.
    double imagesPerSecond = 0.0;

    /// Smallest B at which the decode step's compute-bound share of time is at least one
    /// half, at this context (DOMAIN.md §5): where tokens/s stops growing in proportion to
    /// B. Empty when it never crosses (at long contexts KV traffic grows with B too), and for
    /// encoders and CNNs, which have no decode step (the same for the two below).
    std::optional<std::int64_t> criticalBatch;
    /// Smallest B at which the decode step's weight matmuls alone (OperatorKind::Matmul)
    /// turn compute-bound: ≈ peak·w / (2·BW) (DOMAIN.md §4; H100 bf16 ≈ 295, plus the
    /// matmuls' activation traffic). Independent of context; empty if it never crosses.
    std::optional<std::int64_t> matmulCriticalBatch;
    /// The context C at which a decode step's KV-cache bytes equal its weight bytes at this
    /// B, with sliding-window caps in place; empty when KV bytes never reach the weight
    /// bytes (every layer windowed) or C would exceed the model's maximum.
    std::optional<double> goldilocksContextTokens;

    double totalParameters = 0.0;           ///< Whole model (after the GQA override).
    double activeParametersPerToken = 0.0;  ///< See ParameterCount.
    double kvCacheBytesPerToken = 0.0;      ///< Whole model, per sequence, at precision c.
    /// Recurrent state of the whole model per sequence (stateBytesPerSequence), 0 without
    /// state layers: it does not grow with the context.
    double stateBytesPerSequence = 0.0;
    double mtpParameters = 0.0;     ///< The MTP layers' parameters, beside the total.
    double visionParameters = 0.0;  ///< A multimodal wrapper's vision tower, beside the total.
    /// n_kv after the override (0 for MLA, and for encoders and CNNs: they keep no cache).
    std::int64_t effectiveKvHeads = 0;

    /// D: the devices of the decode pass (and of every pass when colocated); the passes'
    /// numbers are per one of them. Disaggregated, the prefill pool's D_p are in
    /// `disaggregation`.
    std::int64_t devices = 1;
    MemoryFootprint memory;  ///< One device (of the decode pool, when disaggregated).
    /// Every device's memory summed: the D devices, plus the prefill pool's when disaggregated.
    MemoryFootprint memoryAllDevices;

    /// Each pass's operators in pass order, each in execution order.
    using Operators = FixedList<OperatorCost, kMaxPasses * kMaxOperatorsPerPass>;
    Operators operators;
    /// What the user should know, as data (Warning::text() is the sentence, e.g. "fp4 math
    /// requested, but NVIDIA H100 has no fp4 roof: using fp8, ..."). Each kind at most once.
    FixedList<Warning, kMaxWarnings> warnings;
};

/// The compute precision a scenario runs at on a chip: the activation format (int4
/// activations use an int4 roof), or the next wider roof the chip has. Order of fallback:
/// fp4→fp6→fp8→bf16→fp16→fp32, fp6→fp8→bf16→fp16→fp32, int4→int8→bf16→fp16→fp32,
/// fp8/int8→bf16→fp16→fp32, bf16↔fp16→fp32, fp32→tf32→bf16. Returns the first roof found;
/// if the chip has none of those (no sourced compute peak at that precision or a wider one),
/// the activation format itself, which has no roof there: never a narrower roof, whose rate
/// would be too high.
Precision computePrecisionFor(const Hardware& hardware, Precision activation);

/// Analyses one scenario.
/// Preconditions (checked by validate(), see validate.h): validate(scenario) reports no
/// error. Under them the result is finite everywhere. Deterministic, never throws (it may
/// only fail to allocate), no globals.
Analysis analyze(const Scenario& scenario);

/// The roof at `intensity` FLOP per HBM byte: the attainable bound
/// min(peakFlopsPerSecond, intensity × memoryBandwidthBytesPerSecond) of the compute roof
/// in use and the HBM slope; 0 for an intensity that is not positive.
double rooflineFlopsPerSecond(const Analysis& analysis, double intensity);

/// A pass's attained FLOP/s as a fraction of the roof at its own intensity
/// (attainableFlopsPerSecond / rooflineFlopsPerSecond(analysis, pass.intensity())): 1 on
/// the roof, less below it; 0 when there is no roof there.
double fractionOfRoof(const Analysis& analysis, const PassCost& pass);

/// Seconds of `pass` spent in memory-bound operators whose slowest memory level is `level`
/// (OperatorCost::boundLevel): how much of the pass an on-chip level binds (DOMAIN.md §10).
double levelBoundSeconds(const Analysis& analysis, const PassCost& pass, MemoryLevel level);

/// One point of the decode batch trail: the decode step at batch B, everything else equal.
/// For an encoder or a CNN, the point of its one pass (Analysis::primary()).
struct TrailPoint {
    std::int64_t batch = 0;
    double intensityFlopsPerByte = 0.0;     ///< decode().intensity() (primary() without decode)
    double attainableFlopsPerSecond = 0.0;  ///< ... attainableFlopsPerSecond
    double tpotSeconds = 0.0;               ///< 0 without a decode step
    double decodeTokensPerSecond = 0.0;     ///< 0 without a decode step
    bool fits = false;                      ///< Footprint at this batch fits the devices' memory.
    double passTimeSeconds = 0.0;  ///< Encoders, CNNs: the pass time (latency of the batch).
    double imagesPerSecond = 0.0;  ///< Encoders, CNNs: B / the pass time.
};

/// The path the decode point takes as batch grows: B = 1, 2, 4, ... up to maxBatch
/// (maxBatch itself is included as the last point when it is not a power of two), plus,
/// where they lie within [1, maxBatch], the engine's decode critical batch
/// (Analysis::criticalBatch) and the largest batch that fits in memory
/// (Analysis::memory.maxBatch), so that views can mark both on the trail. Both depend on
/// the context but not on B. Batches ascend, each once. For an encoder or a CNN it is the
/// trail of its one pass, with the memory limit marked (it has no critical batch).
/// Same preconditions as analyze().
std::vector<TrailPoint> decodeBatchTrail(const Scenario& scenario, std::int64_t maxBatch);

/// The memory roof's name for labels: the memory type without its remark in parentheses
/// ("GDDR6 (ECC)" -> "GDDR6", "HBM3e" -> "HBM3e"), or "memory" when the preset names none.
std::string memoryRoofName(const Analysis& analysis);

/// The model with the scenario's KV-head override applied (n_kv replaced), as analysed.
Model effectiveModel(const Model& model, const Workload& workload);

}  // namespace roofline
