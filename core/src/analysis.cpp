// SPDX-License-Identifier: GPL-3.0-or-later
// analyze(): the roofs a scenario runs against, its passes (passes.cpp), the thresholds of
// its decode step (critical_batch.cpp), its memory, and the warnings. DOMAIN.md is the
// authority; choices it leaves open are listed in the README ("Model of the engine").

#include "roofline/analysis.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <limits>

#include "critical_batch.h"
#include "layers/layer_kind.h"
#include "parameters.h"
#include "passes.h"
#include "roofline/estimate.h"
#include "roofline/format.h"
#include "roofline/requests.h"

namespace roofline {

using detail::d;

std::string_view toString(PassKind kind) {
    switch (kind) {
        case PassKind::Prefill:
            return "prefill";
        case PassKind::Decode:
            return "decode";
        case PassKind::Draft:
            return "draft";
        case PassKind::Verify:
            return "verify";
        case PassKind::Encode:
            return "encode";
        case PassKind::Forward:
            return "forward";
    }
    return "decode";
}

const PassCost& emptyPass(PassKind kind) {
    // One zero pass per kind, built once (the table is indexed by the enum).
    static const std::array<PassCost, 6> kEmpty = [] {
        std::array<PassCost, 6> passes{};
        for (std::size_t i = 0; i < passes.size(); ++i) {
            passes[i].kind = static_cast<PassKind>(i);
        }
        return passes;
    }();
    const auto i = static_cast<std::size_t>(kind);
    return kEmpty[i < kEmpty.size() ? i : 0];  // a kind added later: an empty pass all the same
}

std::string_view toString(AttentionForm form) {
    switch (form) {
        case AttentionForm::Causal:
            return "causal";
        case AttentionForm::Bidirectional:
            return "bidirectional";
        case AttentionForm::None:
            return "none";
    }
    return "causal";
}

std::string_view toString(Bound bound) {
    switch (bound) {
        case Bound::Memory:
            return "memory";
        case Bound::Compute:
            return "compute";
        case Bound::Interconnect:
            return "interconnect";
    }
    return "memory";
}

std::string_view toString(Ceilings ceilings) {
    switch (ceilings) {
        case Ceilings::Peak:
            return "peak";
        case Ceilings::Achievable:
            return "achievable";
        case Ceilings::Estimate:
            return "estimate";
    }
    return "peak";
}

std::optional<Ceilings> parseCeilings(std::string_view name) {
    for (const Ceilings c : {Ceilings::Peak, Ceilings::Achievable, Ceilings::Estimate}) {
        if (name == toString(c)) {
            return c;
        }
    }
    return std::nullopt;
}

std::string_view toString(ByteCategory category) {
    switch (category) {
        case ByteCategory::Weights:
            return "weights";
        case ByteCategory::KvCache:
            return "kv_cache";
        case ByteCategory::State:
            return "state";
        case ByteCategory::Activations:
            return "activations";
    }
    return "weights";
}

namespace {

std::string_view roofName(const Hardware& hw) { return hw.name.empty() ? hw.id : hw.name; }

// Which ceilings the roofs are. With achievable ceilings, a measured rate where the preset
// has one, else the stated default fraction of the peak (and a warning says so). A
// precision with the same spec-sheet peak as a measured one (fp16 beside bf16, int8 beside
// fp8 on NVIDIA tensor cores) runs on the same units and takes that measurement.
struct Ceiling {
    const Hardware& hw;
    bool achievable = false;
    double measurement(Precision p) const {
        if (hw.achievableFlopsPerSecond[index(p)] > 0.0) {
            return hw.achievableFlopsPerSecond[index(p)];
        }
        for (Precision q : kAllPrecisions) {
            if (hw.achievableFlopsPerSecond[index(q)] > 0.0 && hw.peak(q) == hw.peak(p)) {
                return hw.achievableFlopsPerSecond[index(q)];
            }
        }
        return 0.0;
    }
    double flops(Precision p) const {
        if (!achievable) {
            return hw.peak(p);
        }
        const double measured = measurement(p);
        return measured > 0 ? measured : hw.peak(p) * kDefaultAchievableComputeFraction;
    }
    bool measured(Precision p) const { return measurement(p) > 0.0; }
    // An on-chip level (DOMAIN.md §10): its cited bandwidth; achievable, a measured one as it
    // is and a spec peak scaled as HBM's default is.
    double levelBandwidth(const MemoryLevelSpec& level) const {
        return achievable && !level.measured
                   ? level.bandwidthBytesPerSecond * kDefaultAchievableBandwidthFraction
                   : level.bandwidthBytesPerSecond;
    }
    double bandwidth() const {
        const double measured = hw.achievableMemoryBandwidthBytesPerSecond;
        return !achievable ? hw.memoryBandwidthBytesPerSecond
               : measured > 0
                   ? measured
                   : hw.memoryBandwidthBytesPerSecond * kDefaultAchievableBandwidthFraction;
    }
};

// Memory one device holds for one model (DOMAIN.md §5): weights, KV cache and recurrent
// state per sequence (of the sequences this device attends for), and the activation
// workspace of one forward pass. Every figure comes from the layer kinds.
struct ModelMemory {
    double weightBytes = 0.0;
    double kvPerSequence = 0.0;
    double statePerSequence = 0.0;
    double workspaceFixed = 0.0;        // the widest moment of a pass of maxBatchedTokens
    double workspacePerSequence = 0.0;  // one logits row per sequence
};

// What the walk over the layer groups' caches gives besides the memory, so that analyze()
// walks them once: the streams a decode step reads (the Goldilocks context), and the cache
// and state of one sequence per token of the model's heads on this device.
struct CacheWalk {
    detail::KvReadStreams reads;
    double kvBytesPerToken = 0.0;  // Σ count × bytes per token, every stream
    double stateBytes = 0.0;       // Σ count × state bytes of one sequence
};

// The bytes of held parameters, each part at its precision (Workload's per-part weights).
double heldWeightBytes(const detail::ParameterSplit& held, const detail::Context& x) {
    return held.matrices * x.w + held.expertMatrices * x.we + held.tableMatrices * x.wt +
           held.vectors * x.a;
}

ModelMemory modelMemory(const detail::Context& x, const Workload& wl,
                        const detail::ParameterSplit& held, double P, double C,
                        CacheWalk* walk = nullptr) {
    const Model& m = x.m;
    ModelMemory mem;
    // The MTP layers and a vision tower are held too (at the weight precision), split D ways.
    const double extra =
        detail::mtpParameters(m, x.devices, x.attentionSplit) + m.visionParameters / x.devices;
    mem.weightBytes = heldWeightBytes(held, x) + extra * x.w;
    const double tokensPerSeq = std::max(P, C + 1.0);
    double widest = x.h;
    for (const LayerGroup& g : m.layerGroups) {
        const detail::MixerKindInfo& mixer = detail::mixerKind(g.mixer);
        const detail::CacheStreams cache = mixer.cache(m, g, x.attentionSplit, x.c);
        for (std::size_t i = 0; i < cache.size; ++i) {
            const detail::CacheStream& s = cache.streams[i];
            mem.kvPerSequence += d(g.count) * std::min(tokensPerSeq, s.keepCap) * s.bytesPerToken;
            if (walk != nullptr) {
                // A stream that keeps nothing (a KV-shared layer's) is read, never cached.
                walk->kvBytesPerToken += s.keepCap > 0.0 ? d(g.count) * s.bytesPerToken : 0.0;
                detail::KvReadStreams& reads = walk->reads;
                if (reads.size == reads.streams.size()) {
                    ++reads.dropped;
                } else {
                    reads.streams[reads.size++] = {s.readCap, d(g.count) * s.bytesPerToken};
                }
            }
        }
        const double state = d(g.count) * mixer.stateBytes(m, g, x.attentionSplit);
        mem.statePerSequence += state;
        if (walk != nullptr) {
            walk->stateBytes += state;
        }
        widest = std::max(
            {widest, mixer.workspaceWidth(x, g), detail::mlpKind(g.mlp).workspaceWidth(x, g)});
    }
    // With data-parallel attention a device holds only its own sequences' cache and state.
    mem.kvPerSequence *= x.sequenceShare;
    mem.statePerSequence *= x.sequenceShare;
    // Workspace: chunked prefill holds at most maxBatchedTokens tokens in one forward pass
    // (servers reserve it whatever B is): the residual stream, the normed input and the
    // widest intermediate of those tokens, plus one score matrix of the chunk against the
    // whole sequence when FlashAttention is off; and one logits row per sequence.
    const double tokens = d(wl.maxBatchedTokens);
    mem.workspaceFixed = tokens * (2.0 * x.h + widest) * x.a;
    if (!wl.flashAttention) {
        mem.workspaceFixed += x.nq * tokens * tokensPerSeq * x.a;
    }
    mem.workspacePerSequence = x.vocab * x.a;
    return mem;
}

// Weights + KV cache + state + workspace of B sequences: the footprint, and (on one device)
// what the fewest devices must hold.
double footprintBytes(const ModelMemory& one, double B) {
    return one.weightBytes + B * one.kvPerSequence + B * one.statePerSequence +
           (one.workspaceFixed + B * one.workspacePerSequence);
}

// One device's byte split and total for B sequences.
void setFootprint(MemoryFootprint& mem, const ModelMemory& one, double B) {
    mem.weightBytes = one.weightBytes;
    mem.kvCacheBytes = B * one.kvPerSequence;
    mem.stateBytes = B * one.statePerSequence;
    mem.workspaceBytes = one.workspaceFixed + B * one.workspacePerSequence;
    mem.totalBytes = footprintBytes(one, B);
}

// The workload on one device: the same scenario without tensor, expert or data-parallel
// splitting, for the fewest devices that hold it.
Workload onOneDevice(Workload wl) {
    wl.tensorParallel = 1;
    wl.expertParallel = false;
    wl.attentionParallel = AttentionParallel::Tensor;
    return wl;
}

// ⌈bytes on one device / usable bytes per device⌉ (MemoryFootprint::minDevices), at least 1,
// capped where a double no longer counts devices one by one.
std::optional<std::int64_t> fewestDevices(double bytesOnOne, double usablePerDevice) {
    if (!(usablePerDevice > 0.0)) {
        return std::nullopt;
    }
    const double n = std::ceil(bytesOnOne / usablePerDevice);
    return static_cast<std::int64_t>(std::clamp(n, 1.0, 9.0e15));
}

// "No measured ... : achievable ceilings use ...", when a default fraction stands in.
void achievableWarning(Analysis& result, const Hardware& hw, const Ceiling& ceiling) {
    const bool computeDefault = result.hasComputeRoof && !ceiling.measured(result.computePrecision);
    const bool bandwidthDefault = hw.achievableMemoryBandwidthBytesPerSecond <= 0.0;
    if (!computeDefault && !bandwidthDefault) {
        return;
    }
    result.warnings.push_back(
        Warning(WarningKind::AchievableDefaults,
                {computeDefault ? 1.0 : 0.0, bandwidthDefault ? 1.0 : 0.0,
                 static_cast<double>(index(result.computePrecision)),
                 kDefaultAchievableComputeFraction, kDefaultAchievableBandwidthFraction},
                roofName(hw)));
}

// The link collectives of `devices` devices run on: the scale-up link inside the domain, the
// scale-out network (with its own α) beyond it (DOMAIN.md §6).
struct Link {
    double bandwidth = 0.0;
    double latency = 0.0;
    bool scaleOut = false;
};
Link linkFor(const Hardware& hw, std::int64_t devices) {
    if (devices > 1 && devices > hw.scaleUpDomainDevices) {
        return {hw.scaleOutBandwidthBytesPerSecond > 0.0 ? hw.scaleOutBandwidthBytesPerSecond
                                                         : kDefaultScaleOutBandwidthBytesPerSecond,
                hw.scaleOutLatencySeconds, true};
    }
    return {hw.interconnectBandwidthBytesPerSecond, hw.collectiveLatencySeconds, false};
}

// Every device's memory together: one device's footprint times the devices (tensor and
// expert parallelism hold the same bytes on each device, and no device holds another's).
MemoryFootprint allDevices(const MemoryFootprint& one, double devices) {
    MemoryFootprint all = one;
    all.weightBytes *= devices;
    all.kvCacheBytes *= devices;
    all.stateBytes *= devices;
    all.workspaceBytes *= devices;
    all.totalBytes *= devices;
    all.capacityBytes *= devices;
    all.nominalCapacityBytes *= devices;
    all.usableBytes *= devices;
    return all;
}

// Disaggregated serving (DOMAIN.md §7): the KV cache (and recurrent state) of the batch after
// its prompts moves once from the prefill pool to the decode pool, every prefill device
// sending its own shard over its own link at once: α + bytes per device / β, on the
// scale-up link when both pools fit in one domain, else on the scale-out network. TTFT
// gains the transfer; the prefill pool's devices join the memory of all devices.
void disaggregate(const Scenario& scenario, const detail::Context& pool, double P,
                  Analysis& result) {
    const Hardware& hw = scenario.hardware;
    const Workload& wl = scenario.workload;
    const Model& m = pool.m;
    const double B = d(wl.batch);
    DisaggregationResult& dis = result.disaggregation.emplace();
    dis.prefillDevices = wl.prefillDevices;
    dis.decodeDevices = wl.tensorParallel;
    // One prefill device after the prompts: C = P − 1 makes modelMemory hold P tokens.
    const detail::ParameterSplit held =
        detail::deviceParameters(m, pool.devices, pool.attentionSplit).held;
    const ModelMemory mm = modelMemory(pool, wl, held, P, P - 1.0);
    dis.kvTransferBytesPerDevice = B * (mm.kvPerSequence + mm.statePerSequence);
    dis.kvTransferBytes = B * (kvCacheBytesPerSequence(m, P, pool.c) + stateBytesPerSequence(m));
    const Link between = linkFor(hw, wl.prefillDevices + wl.tensorParallel);
    dis.scaleOut = between.scaleOut;
    dis.linkBandwidthBytesPerSecond = between.bandwidth;
    dis.kvTransferSeconds = between.bandwidth > 0.0
                                ? between.latency + dis.kvTransferBytesPerDevice / between.bandwidth
                                : 0.0;
    dis.prefillSeconds = result.prefill().timeSeconds;
    result.ttftSeconds = dis.prefillSeconds + dis.kvTransferSeconds;

    MemoryFootprint one = result.memory;  // capacity and usable bytes: the same devices
    setFootprint(one, mm, B);
    one.fits = one.totalBytes <= one.usableBytes;
    dis.prefillMemoryBytes = one.totalBytes;
    dis.prefillFits = one.fits;
    const MemoryFootprint pools = allDevices(one, pool.devices);
    MemoryFootprint& all = result.memoryAllDevices;
    all.weightBytes += pools.weightBytes;
    all.kvCacheBytes += pools.kvCacheBytes;
    all.stateBytes += pools.stateBytes;
    all.workspaceBytes += pools.workspaceBytes;
    all.totalBytes += pools.totalBytes;
    all.capacityBytes += pools.capacityBytes;
    all.nominalCapacityBytes += pools.nominalCapacityBytes;
    all.usableBytes += pools.usableBytes;
}

// The two warnings every model kind can earn, first and in this order: math in a precision
// the chip has no roof for, and a footprint past the usable memory.
void warnPrecisionAndMemory(const Hardware& hw, const Workload& wl, const MemoryFootprint& mem,
                            Analysis& result) {
    if (!result.hasComputeRoof) {
        bool anyRoof = false;
        for (Precision p : kAllPrecisions) {
            anyRoof = anyRoof || hw.hasRoof(p);
        }
        result.warnings.push_back(
            Warning(WarningKind::NoComputeRoof,
                    {static_cast<double>(index(wl.activationPrecision)), anyRoof ? 1.0 : 0.0},
                    roofName(hw)));
    } else if (result.computePrecision != mathPrecision(wl.activationPrecision)) {
        result.warnings.push_back(Warning(WarningKind::PrecisionFallback,
                                          {static_cast<double>(index(wl.activationPrecision)),
                                           static_cast<double>(index(result.computePrecision))},
                                          roofName(hw)));
    }
    if (!mem.fits) {
        result.warnings.push_back(
            Warning(WarningKind::DoesNotFit, {mem.totalBytes, mem.usableBytes, d(mem.maxBatch)}));
    }
}

// The collectives' warnings both model kinds can earn: no link bandwidth, or devices past the
// scale-up domain.
void warnLinks(const Hardware& hw, double devices, double linkBandwidth, Analysis& result) {
    if (devices > 1.0 && linkBandwidth <= 0.0) {
        result.warnings.push_back(Warning(WarningKind::NoInterconnect, {}, roofName(hw)));
    }
    if (result.beyondScaleUpDomain) {
        result.warnings.push_back(Warning(WarningKind::BeyondScaleUpDomain,
                                          {devices, d(hw.scaleUpDomainDevices), linkBandwidth},
                                          roofName(hw)));
    }
}

// An encoder or a CNN (DOMAIN.md §6): one pass over B images, no KV cache, no decode, so no
// TTFT, TPOT, critical batch or Goldilocks context; images/s instead. Memory = weights + B
// images' activation workspace. Decoder-only knobs (speculative decoding, the KV-head
// override, expert parallelism) do not apply: each set one is named in a warning, ignored.
void analyzeImages(const Scenario& scenario, const detail::Context& x, const Ceiling& ceiling,
                   double linkBandwidth, Analysis& result) {
    const Hardware& hw = scenario.hardware;
    const Workload& wl = scenario.workload;
    const Model& m = scenario.model;
    const double B = d(wl.batch);
    result.modelKind = m.kind;

    detail::PassTotals totals;
    const bool encoder = m.kind == ModelKind::Encoder;
    // Activation workspace per image: a CNN's comes from its pass's walk over the
    // convolutions, and does not depend on the devices (a CNN is never split).
    double perImage = 0.0;
    if (encoder) {
        detail::buildEncoderPass(x, wl, B, result.operators, totals);
        perImage = detail::encoderWorkspacePerImage(x, wl.flashAttention);
    } else {
        perImage = detail::buildCnnPass(x, B, result.operators, totals);
    }
    result.passes.push_back(totals.cost);
    result.imagesPerSecond = totals.cost.timeSeconds > 0.0 ? B / totals.cost.timeSeconds : 0.0;
    // Cost and energy per image, as per output token for a decoder (DOMAIN.md §7): the same
    // formulas with images/s for tokens/s; a cost only with a price, energy an upper bound.
    if (result.imagesPerSecond > 0.0) {
        if (wl.pricePerDeviceHourUsd) {
            CostResult cost;
            cost.pricePerDeviceHourUsd = *wl.pricePerDeviceHourUsd;
            cost.usdPerMillionImages = usdPerMillionOutputTokens(
                *wl.pricePerDeviceHourUsd, static_cast<std::int64_t>(x.devices),
                result.imagesPerSecond);
            result.cost = cost;
        }
        if (hw.tdpWatts > 0.0) {
            EnergyResult energy;
            energy.joulesPerImageMax = joulesPerOutputTokenMax(
                hw.tdpWatts, static_cast<std::int64_t>(x.devices), result.imagesPerSecond);
            result.energy = energy;
        }
    }

    const detail::DeviceParameters device = detail::deviceParameters(m, x.devices, x.devices);
    const detail::DeviceParameters whole =
        x.devices == 1.0 ? device : detail::deviceParameters(m, 1.0, 1.0);
    result.totalParameters = whole.held.total();
    result.activeParametersPerToken = whole.active.total();

    MemoryFootprint& mem = result.memory;
    mem.weightBytes = heldWeightBytes(device.held, x);
    mem.workspaceBytes = B * perImage;
    mem.totalBytes = mem.weightBytes + mem.workspaceBytes;
    mem.capacityBytes = hw.servingCapacityBytes();
    mem.nominalCapacityBytes = hw.memoryCapacityBytes;
    mem.usableBytes = mem.capacityBytes * wl.memoryUtilization;
    mem.fits = mem.totalBytes <= mem.usableBytes;
    const double room = mem.usableBytes - mem.weightBytes;
    mem.maxBatch =
        room > 0.0 ? static_cast<std::int64_t>(std::min(std::floor(room / perImage), d(kMaxBatch)))
                   : 0;
    if (x.devices == 1.0) {
        mem.minDevices = fewestDevices(mem.totalBytes, mem.usableBytes);
    } else {
        const detail::Context one =
            detail::makeContext(m, onOneDevice(wl), result, linkBandwidth, x.linkLatency);
        const double oneImage =
            encoder ? detail::encoderWorkspacePerImage(one, wl.flashAttention) : perImage;
        mem.minDevices =
            fewestDevices(heldWeightBytes(whole.held, one) + B * oneImage, mem.usableBytes);
    }
    result.memoryAllDevices = allDevices(mem, x.devices);

    warnPrecisionAndMemory(hw, wl, mem, result);
    const std::string_view name = m.name.empty() ? std::string_view(m.id) : m.name;
    if (wl.speculativeTokens > 0) {
        result.warnings.push_back(
            Warning(WarningKind::SpeculativeIgnored, {encoder ? 0.0 : 1.0}, name));
    }
    if (wl.kvHeadsOverride > 0) {
        result.warnings.push_back(
            Warning(WarningKind::KvOverrideIgnored, {encoder ? 2.0 : 3.0}, name));
    }
    if (wl.expertParallel) {
        result.warnings.push_back(Warning(WarningKind::ExpertParallelIgnored, {1.0}));
    }
    if (wl.prefillDevices > 0) {
        result.warnings.push_back(
            Warning(WarningKind::DisaggregationIgnored, {encoder ? 0.0 : 1.0}, name));
    }
    warnLinks(hw, x.devices, linkBandwidth, result);
    if (ceiling.achievable) {
        achievableWarning(result, hw, ceiling);
    }
}

}  // namespace

Precision computePrecisionFor(const Hardware& hardware, Precision activation) {
    using P = Precision;
    std::array<P, 6> chain{};
    std::size_t length = 0;
    const auto push = [&](std::initializer_list<P> list) {
        for (P p : list) {
            chain[length++] = p;
        }
    };
    switch (activation) {
        case P::Fp4:
        case P::Mxfp4:
        case P::Nvfp4:
            push({P::Fp4, P::Fp6, P::Fp8, P::Bf16, P::Fp16, P::Fp32});
            break;
        case P::Fp6:
            push({P::Fp6, P::Fp8, P::Bf16, P::Fp16, P::Fp32});
            break;
        case P::Int4:
            push({P::Int4, P::Int8, P::Bf16, P::Fp16, P::Fp32});
            break;
        case P::Fp8:
            push({P::Fp8, P::Bf16, P::Fp16, P::Fp32});
            break;
        case P::Int8:
            push({P::Int8, P::Bf16, P::Fp16, P::Fp32});
            break;
        case P::Bf16:
            push({P::Bf16, P::Fp16, P::Fp32});
            break;
        case P::Fp16:
            push({P::Fp16, P::Bf16, P::Fp32});
            break;
        case P::Fp32:
            push({P::Fp32, P::Tf32, P::Bf16});
            break;
        case P::Tf32:
            push({P::Tf32, P::Fp32, P::Bf16});
            break;
    }
    for (std::size_t i = 0; i < length; ++i) {
        if (hardware.hasRoof(chain[i])) {
            return chain[i];
        }
    }
    // No sourced roof at this precision or a wider one (a memory-only preset, or DGX Spark's
    // lone fp4 roof for bf16 math): a narrower roof would overstate the compute rate, so
    // none is used (hasComputeRoof() is false, and analyze() warns).
    return activation;
}

Model effectiveModel(const Model& model, const Workload& workload) {
    Model m = model;
    if (workload.kvHeadsOverride > 0 && usesKvHeads(m)) {
        m.numKvHeads = workload.kvHeadsOverride;
    }
    return m;
}

namespace {

// analyze() of `m`: the scenario's model, or its copy with the GQA override applied.
Analysis analyzeModel(const Scenario& scenario, const Model& m) {
    const Hardware& hw = scenario.hardware;
    const Workload& wl = scenario.workload;
    Analysis result;
    result.devices = wl.tensorParallel;
    result.ceilings = wl.ceilings;
    result.computePrecision = computePrecisionFor(hw, mathPrecision(wl.activationPrecision));
    // No sourced peak at this precision or a wider one (presets/README "compute_peak_unsourced"):
    // only the memory roof; compute time is not counted (secondsPerFlop 0, passes.cpp).
    result.hasComputeRoof = hw.hasRoof(result.computePrecision);
    // DOMAIN.md §5: with a fallback the activations are read and written in the precision
    // the math actually runs in (nvfp4 activations on the fp4 roof keep their own bytes).
    result.activationBytesPerElement =
        bytesPerElement(result.computePrecision != mathPrecision(wl.activationPrecision) &&
                                isStoragePrecision(result.computePrecision)
                            ? result.computePrecision
                            : wl.activationPrecision);
    const Ceiling ceiling{hw, wl.ceilings != Ceilings::Peak};
    result.peakFlopsPerSecond = ceiling.flops(result.computePrecision);
    result.memoryBandwidthBytesPerSecond = ceiling.bandwidth();
    result.memoryType = hw.memoryType;
    result.memoryLevels.push_back(
        {MemoryLevel::Main,
         {},
         result.memoryBandwidthBytesPerSecond,
         hw.servingCapacityBytes(),
         ceiling.achievable && hw.achievableMemoryBandwidthBytesPerSecond > 0.0});
    for (const MemoryLevelSpec& level : hw.memoryLevels) {
        LevelRoof& roof = result.memoryLevels.emplace_back();
        roof.level = level.level;
        level.name.copy(roof.name.data(), std::min(level.name.size(), kMaxMemoryLevelNameBytes));
        roof.bandwidthBytesPerSecond = ceiling.levelBandwidth(level);
        roof.capacityBytes = level.capacityBytes;
        roof.measured = level.measured;
    }
    result.ridgePointFlopsPerByte =
        result.peakFlopsPerSecond / result.memoryBandwidthBytesPerSecond;
    for (Precision p : kAllPrecisions) {
        if (hw.hasRoof(p)) {
            const double peak = ceiling.flops(p);
            result.roofs.push_back({p, peak, peak / result.memoryBandwidthBytesPerSecond,
                                    p == result.computePrecision,
                                    ceiling.achievable && ceiling.measured(p)});
        }
    }

    // Collectives run on the scale-up link inside the domain, and on the scale-out network
    // (with its own α) when the devices do not fit in one domain (DOMAIN.md §6).
    const std::int64_t D = wl.tensorParallel;
    const Link link = linkFor(hw, D);
    result.beyondScaleUpDomain = link.scaleOut;
    const double linkBandwidth = link.bandwidth;
    const double linkLatency = link.latency;
    if (D > 1) {
        result.interconnectBandwidthBytesPerSecond = linkBandwidth;
    }
    const detail::Context x = detail::makeContext(m, wl, result, linkBandwidth, linkLatency);
    if (m.kind != ModelKind::Decoder) {
        analyzeImages(scenario, x, ceiling, linkBandwidth, result);
        return result;
    }

    const double B = d(wl.batch);
    const double P = d(wl.promptTokens);
    const double C = d(wl.contextTokens);

    // Disaggregated (DOMAIN.md §7): the prefill on a pool of its own, tensor-parallel over
    // its D_p devices (prefillPoolDevices), on their own link (scale-up unless D_p exceeds
    // the domain).
    const std::int64_t prefillPoolDevices = wl.prefillDevices;
    std::optional<detail::Context> prefillPool;
    if (prefillPoolDevices > 0) {
        Workload pool = wl;
        pool.tensorParallel = prefillPoolDevices;
        const Link poolLink = linkFor(hw, prefillPoolDevices);
        result.beyondScaleUpDomain = result.beyondScaleUpDomain || poolLink.scaleOut;
        prefillPool.emplace(
            detail::makeContext(m, pool, result, poolLink.bandwidth, poolLink.latency));
    }
    const detail::Context& xp = prefillPool ? *prefillPool : x;

    detail::PassTotals totals;
    // Prefill: B prompts of P tokens, nothing cached, logits for each prompt's last token.
    detail::buildPass(xp, wl, PassKind::Prefill, B, P, 0.0, B, 1.0, result.operators, totals);
    result.passes.push_back(totals.cost);
    // Decode: one new token for each of B sequences with C cached; logits for each.
    detail::PassTotals decode;
    detail::buildPass(x, wl, PassKind::Decode, B, 1.0, C, B, 1.0, result.operators, decode);
    result.passes.push_back(decode.cost);

    result.ttftSeconds = result.prefill().timeSeconds;
    result.tpotSeconds = result.decode().timeSeconds;
    result.decodeTokensPerSecond = B / result.tpotSeconds;

    // Speculative decoding (DOMAIN.md §6): k draft steps (free for an n-gram draft) and one
    // verify pass of the target over k+1 tokens per sequence; τ tokens accepted per step.
    const bool modelDraft = wl.draftKind == DraftKind::Model && scenario.draft.has_value();
    const bool mtpDraft = wl.draftKind == DraftKind::Mtp && m.mtp.count > 0;
    std::optional<detail::Context> draftContext;
    if (wl.speculativeTokens > 0) {
        const double k = d(wl.speculativeTokens);
        const double alpha = wl.acceptanceRate;
        SpeculativeResult& spec = result.speculative.emplace();
        spec.k = wl.speculativeTokens;
        spec.acceptance = alpha;
        spec.draft = modelDraft ? DraftKind::Model : mtpDraft ? DraftKind::Mtp : DraftKind::Ngram;
        spec.tokensPerStep =
            alpha < 1.0 ? -std::expm1((k + 1.0) * std::log(alpha)) / (1.0 - alpha) : k + 1.0;
        if (alpha <= 0.0) {
            spec.tokensPerStep = 1.0;  // log(0): only the verify pass's own token
        }
        double step = 0.0;
        if (modelDraft) {
            draftContext.emplace(
                detail::makeContext(*scenario.draft, wl, result, linkBandwidth, linkLatency));
            detail::buildPass(*draftContext, wl, PassKind::Draft, B, 1.0, C, B, k, result.operators,
                              totals);
            totals.cost.draftModel = true;
            result.passes.push_back(totals.cost);
            step += totals.cost.timeSeconds;
        } else if (mtpDraft) {
            // The target's own MTP layers draft the k tokens (DOMAIN.md §6), on its devices.
            detail::buildMtpDraftPass(x, wl, B, C, k, result.operators, totals);
            result.passes.push_back(totals.cost);
            step += totals.cost.timeSeconds;
        }
        detail::buildPass(x, wl, PassKind::Verify, B, k + 1.0, C, B * (k + 1.0), 1.0,
                          result.operators, totals);
        result.passes.push_back(totals.cost);
        step += totals.cost.timeSeconds;
        spec.stepTimeSeconds = step;
        spec.plainTpotSeconds = result.decode().timeSeconds;
        result.tpotSeconds = step / spec.tokensPerStep;
        result.decodeTokensPerSecond = B * spec.tokensPerStep / step;
    }

    // Disaggregated, both pools serve the tokens (InferenceX normalises so).
    const std::int64_t servingDevices = D + prefillPoolDevices;
    result.decodeTokensPerSecondPerDevice = result.decodeTokensPerSecond / d(servingDevices);

    // Without a compute roof nothing is compute-bound: no critical batch (null).
    if (result.hasComputeRoof) {
        const detail::CriticalBatches critical =
            detail::criticalBatches(result.operators, decode, x);
        result.criticalBatch = critical.step;
        result.matmulCriticalBatch = critical.matmul;
    }

    // Parameters one device holds; with one device that is the whole model, so the total is
    // not counted a second time (this runs every frame).
    const detail::DeviceParameters device =
        detail::deviceParameters(m, x.devices, x.attentionSplit);
    const detail::DeviceParameters whole = D == 1 ? device : detail::deviceParameters(m, 1.0, 1.0);
    result.totalParameters = whole.held.total();
    result.activeParametersPerToken = whole.active.total();
    result.mtpParameters = detail::mtpParameters(m, 1.0, 1.0);
    result.visionParameters = m.visionParameters;
    result.effectiveKvHeads = usesKvHeads(m) ? m.numKvHeads : 0;

    // Memory footprint of one device: the target, and a draft model beside it.
    const auto scenarioMemory = [&](const detail::Context& target,
                                    const detail::ParameterSplit& held,
                                    const detail::Context* draft, CacheWalk* walk) {
        ModelMemory mm = modelMemory(target, wl, held, P, C, walk);
        if (draft != nullptr) {
            const ModelMemory dm = modelMemory(
                *draft, wl,
                detail::deviceParameters(*scenario.draft, draft->devices, draft->attentionSplit)
                    .held,
                P, C);
            mm.weightBytes += dm.weightBytes;
            mm.kvPerSequence += dm.kvPerSequence;
            mm.statePerSequence += dm.statePerSequence;
            mm.workspaceFixed = std::max(mm.workspaceFixed, dm.workspaceFixed);
            mm.workspacePerSequence = std::max(mm.workspacePerSequence, dm.workspacePerSequence);
        }
        return mm;
    };
    CacheWalk walk;
    const ModelMemory mm =
        scenarioMemory(x, device.held, draftContext ? &*draftContext : nullptr, &walk);
    // Per token of the whole model: the walk's figures when the heads are not split.
    result.kvCacheBytesPerToken =
        x.attentionSplit == 1.0 ? walk.kvBytesPerToken : kvCacheBytesPerToken(m, x.c);
    result.stateBytesPerSequence =
        x.attentionSplit == 1.0 ? walk.stateBytes : stateBytesPerSequence(m);
    // Goldilocks on the KV cache of the attention layers (a recurrent state does not grow
    // with C), per device: the sequences it attends for against its weight bytes.
    result.goldilocksContextTokens = detail::goldilocksContext(
        walk.reads, B * x.sequenceShare, result.decode().traffic[ByteCategory::Weights],
        d(m.maxPositionEmbeddings));
    MemoryFootprint& mem = result.memory;
    setFootprint(mem, mm, B);
    mem.capacityBytes = hw.servingCapacityBytes();
    mem.nominalCapacityBytes = hw.memoryCapacityBytes;
    mem.usableBytes = mem.capacityBytes * wl.memoryUtilization;
    mem.fits = mem.totalBytes <= mem.usableBytes;
    const double room = mem.usableBytes - mem.weightBytes - mm.workspaceFixed;
    mem.maxBatch = room > 0.0 ? static_cast<std::int64_t>(std::min(
                                    std::floor(room / (mm.kvPerSequence + mm.statePerSequence +
                                                       mm.workspacePerSequence)),
                                    d(kMaxBatch)))
                              : 0;
    if (D == 1) {
        mem.minDevices = fewestDevices(mem.totalBytes, mem.usableBytes);
    } else {
        // The whole scenario on one device (only when it is split: analyze() runs per frame).
        const Workload one = onOneDevice(wl);
        const detail::Context target =
            detail::makeContext(m, one, result, linkBandwidth, linkLatency);
        std::optional<detail::Context> draft;
        if (draftContext) {
            draft.emplace(
                detail::makeContext(*scenario.draft, one, result, linkBandwidth, linkLatency));
        }
        mem.minDevices = fewestDevices(
            footprintBytes(scenarioMemory(target, whole.held, draft ? &*draft : nullptr, nullptr),
                           B),
            mem.usableBytes);
    }
    result.memoryAllDevices = allDevices(mem, x.devices);
    if (prefillPool) {
        disaggregate(scenario, xp, P, result);
    }

    // Cost and energy per output token (DOMAIN.md §7) at the steady decode rate of all
    // devices together (speculative decoding included; both pools when disaggregated); a
    // cost only with a price.
    if (wl.pricePerDeviceHourUsd) {
        result.cost =
            CostResult{*wl.pricePerDeviceHourUsd,
                       usdPerMillionOutputTokens(*wl.pricePerDeviceHourUsd, servingDevices,
                                                 result.decodeTokensPerSecond)};
    }
    if (hw.tdpWatts > 0.0) {
        result.energy = EnergyResult{
            joulesPerOutputTokenMax(hw.tdpWatts, servingDevices, result.decodeTokensPerSecond)};
    }

    // Warnings: data (see warning.h), each kind at most once, in this order.
    warnPrecisionAndMemory(hw, wl, mem, result);
    const auto warn = [&result](WarningKind kind, std::initializer_list<double> values = {}) {
        result.warnings.push_back(Warning(kind, values));
    };
    if (wl.kvHeadsOverride > 0 && !usesKvHeads(scenario.model)) {
        warn(WarningKind::KvOverrideIgnored, {scenario.model.mla.enabled() ? 0.0 : 1.0});
    }
    // The cache holds C tokens and the step writes one more: C + 1 ≤ max is fine.
    if (m.maxPositionEmbeddings > 0 && std::max(P, C + 1.0) > d(m.maxPositionEmbeddings)) {
        warn(WarningKind::SequenceTooLong, {std::max(P, C + 1.0), d(m.maxPositionEmbeddings)});
    }
    if ((D > 1 || prefillPoolDevices > 0) && linkBandwidth <= 0.0) {
        result.warnings.push_back(Warning(WarningKind::NoInterconnect, {}, roofName(hw)));
    }
    if (D > 1 && usesKvHeads(m) && !x.dataParallelAttention && m.numKvHeads < D) {
        warn(WarningKind::KvHeadsReplicated, {d(m.numKvHeads), d(D)});
    }
    if (result.beyondScaleUpDomain) {
        // The pool past the domain (the decode pool when both are).
        const bool decodeBeyond = link.scaleOut;
        result.warnings.push_back(
            Warning(WarningKind::BeyondScaleUpDomain,
                    {d(decodeBeyond ? D : prefillPoolDevices), d(hw.scaleUpDomainDevices),
                     decodeBeyond ? linkBandwidth : prefillPool->linkBandwidth},
                    roofName(hw)));
    }
    if (ceiling.achievable) {
        achievableWarning(result, hw, ceiling);
    }
    if (wl.expertParallel && !x.expertParallel) {
        warn(WarningKind::ExpertParallelIgnored, {m.moe.enabled() ? 0.0 : 1.0});
    }
    if (wl.speculativeTokens > 0 && wl.draftKind == DraftKind::Model && !modelDraft) {
        warn(WarningKind::NoDraftModel);
    }
    if (wl.speculativeTokens > 0 && wl.draftKind == DraftKind::Mtp && !mtpDraft) {
        warn(WarningKind::NoMtpLayers);
    }
    if (wl.attentionParallel == AttentionParallel::Data && !x.dataParallelAttention) {
        warn(WarningKind::AttentionParallelIgnored);
    }
    return result;
}

}  // namespace

Analysis analyze(const Scenario& scenario) {
    const Workload& wl = scenario.workload;
    // Copy the model only when the GQA override changes it (analyze() runs every frame; an
    // optional<Model> on the stack cost a 720-byte memset per call even when empty).
    Analysis result = wl.kvHeadsOverride > 0 && usesKvHeads(scenario.model) &&
                              wl.kvHeadsOverride != scenario.model.numKvHeads
                          ? analyzeModel(scenario, effectiveModel(scenario.model, wl))
                          : analyzeModel(scenario, scenario.model);
    // The estimate ceiling (DOMAIN.md §11): the achievable analysis above, plus the costs of
    // the scenario's calibration profile, beside the bound figures.
    if (wl.ceilings == Ceilings::Estimate && scenario.calibration != nullptr) {
        result.estimate = estimate(result, scenario, scenario.calibration);
    }
    return result;
}

double rooflineFlopsPerSecond(const Analysis& analysis, double intensity) {
    if (!(intensity > 0.0)) {
        return 0.0;
    }
    const double memory = intensity * analysis.memoryBandwidthBytesPerSecond;
    // Without a compute roof the memory slope is the whole roof.
    return analysis.hasComputeRoof ? std::min(analysis.peakFlopsPerSecond, memory) : memory;
}

double fractionOfRoof(const Analysis& analysis, const PassCost& pass) {
    const double roof = rooflineFlopsPerSecond(analysis, pass.intensity());
    return roof > 0.0 ? pass.attainableFlopsPerSecond / roof : 0.0;
}

std::vector<TrailPoint> decodeBatchTrail(const Scenario& scenario, std::int64_t maxBatch) {
    std::vector<TrailPoint> trail;
    if (maxBatch < 1) {
        return trail;
    }
    Scenario s = scenario;
    // Encoders and CNNs: the trail of their one pass (decode() would be all zeros).
    const auto point = [](std::int64_t b, const Analysis& a) {
        const PassCost& p = a.hasDecode() ? a.decode() : a.primary();
        return TrailPoint{b,
                          p.intensity(),
                          p.attainableFlopsPerSecond,
                          a.tpotSeconds,
                          a.decodeTokensPerSecond,
                          a.memory.fits,
                          a.hasDecode() ? 0.0 : p.timeSeconds,
                          a.imagesPerSecond};
    };
    std::vector<std::int64_t> batches;
    for (std::int64_t b = 2; b <= maxBatch; b *= 2) {
        batches.push_back(b);
        if (b > std::numeric_limits<std::int64_t>::max() / 2) {
            break;
        }
    }
    batches.push_back(maxBatch);
    // B = 1 first: its analysis gives the critical batch and the memory limit, neither of
    // which depends on B.
    s.workload.batch = 1;
    const Analysis first = analyze(s);
    trail.push_back(point(1, first));
    for (const std::optional<std::int64_t> mark :
         {first.criticalBatch, std::optional<std::int64_t>(first.memory.maxBatch)}) {
        if (mark && *mark >= 1 && *mark <= maxBatch) {
            batches.push_back(*mark);
        }
    }
    std::sort(batches.begin(), batches.end());
    batches.erase(std::unique(batches.begin(), batches.end()), batches.end());
    for (const std::int64_t b : batches) {
        if (b <= 1) {
            continue;
        }
        s.workload.batch = b;
        trail.push_back(point(b, analyze(s)));
    }
    return trail;
}

}  // namespace roofline

namespace roofline {

std::string memoryRoofName(const Analysis& analysis) {
    std::string name = analysis.memoryType.substr(0, analysis.memoryType.find(" ("));
    while (!name.empty() && name.back() == ' ') {
        name.pop_back();
    }
    return name.empty() ? std::string("memory") : name;
}

}  // namespace roofline
