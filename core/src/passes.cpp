// SPDX-License-Identifier: GPL-3.0-or-later
// The operator-level cost model of one pass: the embedding, each layer group's token mixer
// and MLP (layer kinds, core/src/layers/), the collectives, the final norm and the lm_head.
// Formulas follow DOMAIN.md §3–6; choices it leaves open are commented where they are made
// and listed in the README ("Model of the engine").

#include "passes.h"

#include <algorithm>
#include <cmath>

#include "layers/layer_kind.h"
#include "memory_levels.h"
#include "parameters.h"

namespace roofline::detail {

PassBuilder::PassBuilder(PassKind kind, Analysis::Operators& out, PassTotals& totals)
    : m_kind(kind), m_out(out), m_totals(totals), m_first(out.size()) {
    m_index.fill(kNone);  // kOperatorCount bytes: cheap enough to set on every pass
}

void PassBuilder::collective(OperatorId id, OperatorCost& op, const Context& x, double count,
                             double bytes, double transferSeconds) {
    op.linkBytes += count * bytes;
    if (x.linkBandwidth > 0.0) {
        op.linkTimeSeconds += count * (x.linkLatency + transferSeconds);
        scaling(id).fixedLinkSeconds += count * x.linkLatency;
    }
}

void addNorms(PassBuilder& pass, const Context& x, OperatorId id, double count, double rows,
              double rowsMoved) {
    OperatorCost& op = pass.add(id, count);
    op.flops += count * kNormFlopsPerElement * rows * x.h;
    pass.weights(id, op, count * x.h * x.a);
    op.traffic[ByteCategory::Activations] += count * rowsMoved * rows * x.h * x.a;
}

// α + 2·(D−1)/D · n / β each, α independent of D inside the scale-up domain (one-shot or
// switch-reduced all-reduce; a ring's 2·(D−1) latency hops would make batch-1 decode slower
// with more devices, against every measurement).
void addAllReduce(PassBuilder& pass, const Context& x, double count, double N) {
    if (x.devices <= 1.0 || count <= 0.0) {
        return;
    }
    OperatorCost& op = pass.add(OperatorId::TpAllreduce, count);
    const double bytes = N * x.h * x.a;
    pass.collective(OperatorId::TpAllreduce, op, x, count, bytes,
                    x.linkBandwidth > 0.0
                        ? 2.0 * (x.devices - 1.0) / x.devices * bytes / x.linkBandwidth
                        : 0.0);
}

void finishPass(Analysis::Operators& ops, std::size_t first, const Context& x, double repeats,
                PassTotals& totals) {
    PassCost& p = totals.cost;
    // Time by bound in three sums, not an array indexed by each operator's bound: the indexed
    // add went through memory and chained every operator to the one before it.
    static_assert(kBoundCount == 3, "a new bound needs its sum here");
    double memoryBound = 0.0, computeBound = 0.0, linkBound = 0.0;
    // Summed in locals, not through `p`: the compiler cannot keep p's members in registers
    // across the writes to `ops` (they may alias), and the reloads were a sixth of analyze().
    double flops = 0.0, linkBytes = 0.0, linkTime = 0.0, time = 0.0;
    ByteCounts traffic;
    for (std::size_t i = first; i < ops.size(); ++i) {
        OperatorCost& op = ops[i];
        op.name = toString(op.id);
        op.kind = operatorKind(op.id);
        op.kernel = kernelClass(op.id);
        if (repeats != 1.0) {
            op.count *= repeats;
            op.flops *= repeats;
            op.traffic *= repeats;
            op.linkBytes *= repeats;
            op.linkTimeSeconds *= repeats;
            op.scoreBytes *= repeats;
            OpScaling& s = totals.scaling[i - first];
            s.fixedBytes *= repeats;
            s.expertFullBytes *= repeats;
            s.expertTouchedBytes *= repeats;
            s.fixedLinkSeconds *= repeats;
        }
        op.computeTimeSeconds = op.flops * x.secondsPerFlop;
        op.memoryTimeSeconds = op.bytes() * x.secondsPerByte;
        double memory = op.memoryTimeSeconds;
        if (x.levelsTimed) {  // the same for every operator of the pass: predicted
            op.onChipTimeSeconds = levelBytes(op, x, p.newTokens, false, memory);
            memory = std::max(memory, op.onChipTimeSeconds);
        }
        const double onChip = std::max(op.computeTimeSeconds, memory);
        op.timeSeconds = std::max(onChip, op.linkTimeSeconds);
        // Without branches: which roof bounds an operator differs from one to the next, and
        // mispredicted branches here were most of this walk's time.
        const int link = op.linkTimeSeconds > onChip ? 1 : 0;
        const int compute = (op.computeTimeSeconds > memory ? 1 : 0) & (1 - link);
        static_assert(static_cast<int>(Bound::Memory) == 0 &&
                      static_cast<int>(Bound::Compute) == 1 &&
                      static_cast<int>(Bound::Interconnect) == 2);
        op.bound = static_cast<Bound>(compute + 2 * link);
        linkBound += op.timeSeconds * link;
        computeBound += op.timeSeconds * compute;
        memoryBound += op.timeSeconds * (1 - link - compute);
        flops += op.flops;
        traffic += op.traffic;
        linkBytes += op.linkBytes;
        linkTime += op.linkTimeSeconds;
        time += op.timeSeconds;
    }
    // Levels listed but none timed (H100 SXM: no cited L2 or SRAM bandwidth): their bytes,
    // in a walk of their own that leaves the times' walk as it was.
    if (x.levels && !x.levelsTimed) {
        for (std::size_t i = first; i < ops.size(); ++i) {
            (void)levelBytes(ops[i], x, p.newTokens, false, 0.0);
            ops[i].boundLevel = MemoryLevel::Main;
        }
    }
    if (x.levels) {
        for (std::size_t i = first; i < ops.size(); ++i) {
            for (std::size_t l = 0; l < kMemoryLevelCount; ++l) {
                p.levelBytes[l] += ops[i].levelBytes[l];
            }
        }
    }
    p.flops += flops;
    p.traffic += traffic;
    p.linkBytes += linkBytes;
    p.linkTimeSeconds += linkTime;
    p.timeSeconds += time;
    p.computeTimeSeconds = p.flops * x.secondsPerFlop;
    p.memoryTimeSeconds = p.bytes() * x.secondsPerByte;
    p.stepBoundSeconds = std::max({p.computeTimeSeconds, p.memoryTimeSeconds, p.linkTimeSeconds});
    p.attainableFlopsPerSecond = p.timeSeconds > 0.0 ? p.flops / p.timeSeconds : 0.0;
    // DOMAIN.md §5: the bound is the largest share of the time the pass reports, never
    // the aggregate max(ΣFLOPs/peak, Σbytes/BW). Ties go to memory, then compute, then the
    // link (the enum's order).
    std::array<double, kBoundCount> bound{};
    bound[static_cast<std::size_t>(Bound::Memory)] = memoryBound;
    bound[static_cast<std::size_t>(Bound::Compute)] = computeBound;
    bound[static_cast<std::size_t>(Bound::Interconnect)] = linkBound;
    const double total = p.timeSeconds > 0.0 ? p.timeSeconds : 1.0;
    std::size_t largest = 0;
    for (std::size_t b = 0; b < kBoundCount; ++b) {
        p.shares.shares[b] = bound[b] / total;
        if (bound[b] > bound[largest]) {
            largest = b;
        }
    }
    p.bound = static_cast<Bound>(largest);
    totals.first = first;
    totals.size = ops.size() - first;
}

namespace {

// Two groups share a mixer (or an MLP) when they cost the same: their layers are summed and
// the kind's formulas run once for them (DeepSeek-V3: one attention block, not two), in
// the order the groups first use them.
bool sameMixer(const LayerGroup& a, const LayerGroup& b) {
    return a.mixer == b.mixer && a.span == b.span && a.window == b.window &&
           a.numQueryHeads == b.numQueryHeads && a.numKvHeads == b.numKvHeads &&
           a.headDim == b.headDim && a.sharedKv == b.sharedKv && a.sharedIndex == b.sharedIndex &&
           a.kvShared == b.kvShared;
}
bool sameMlp(const LayerGroup& a, const LayerGroup& b) {
    return a.mlp == b.mlp && a.intermediateSize == b.intermediateSize;
}

// Each distinct mixer (or MLP) of the groups, with the layers that have it.
template <class Same, class Emit>
void forEachDistinct(const std::vector<LayerGroup>& groups, Same same, Emit emit) {
    for (auto g = groups.begin(); g != groups.end(); ++g) {
        const auto sameAsG = [&](const LayerGroup& o) { return same(o, *g); };
        if (std::any_of(groups.begin(), g, sameAsG)) {
            continue;  // counted with the first group of this kind
        }
        double layers = 0.0;
        for (auto o = g; o != groups.end(); ++o) {
            layers += sameAsG(*o) ? d(o->count) : 0.0;
        }
        emit(*g, layers);
    }
}

// The layers of `groups`: norms, token mixers, the all-reduce after them, MLPs, the
// all-reduce after those.
void addLayers(PassBuilder& pass, const Context& x, const std::vector<LayerGroup>& groups,
               const PassShape& shape) {
    double norms = 0.0;
    double mixed = 0.0;  // layers whose mixer ends with a tensor-parallel all-reduce
    for (const LayerGroup& g : groups) {
        norms += d(g.count) * groupShape(x, g).norms;
        // A parallel mixer's output joins its layer's before the one all-reduce.
        mixed += g.mixer != MixerKind::None && !g.parallel ? d(g.count) : 0.0;
    }
    // Fused residual add + RMSNorm: read x and residual, write both.
    addNorms(pass, x, OperatorId::Norms, norms, shape.N, 4.0);
    forEachDistinct(groups, sameMixer, [&](const LayerGroup& g, double layers) {
        mixerKind(g.mixer).emit(pass, x, g, layers, shape);
    });
    // After attention's o_proj; data-parallel attention has nothing to reduce.
    addAllReduce(pass, x, x.dataParallelAttention ? 0.0 : mixed, shape.N);
    double reduced = 0.0;
    forEachDistinct(groups, sameMlp, [&](const LayerGroup& g, double layers) {
        const MlpKindInfo& kind = mlpKind(g.mlp);
        kind.emit(pass, x, g, layers, shape);
        reduced += kind.allReduces(x) ? layers : 0.0;
    });
    addAllReduce(pass, x, reduced, shape.N);  // after the MLP's down projection
}

// Gemma 4's per-layer inputs (Model::perLayerInputSize), one operator: a gather of N rows of
// their table (vocab-parallel, its bytes grow with N as the embedding's), the projection of the
// embedded tokens to the same L·w width and its norm, and in each of the L layers a gate
// h → w, its activation and product with the layer's input, a projection w → h and a norm.
void addPerLayerInputs(PassBuilder& pass, const Context& x, double N) {
    const Model& m = x.m;
    if (m.perLayerInputSize <= 0) {
        return;
    }
    const double L = d(m.numLayers), w = d(m.perLayerInputSize), packed = L * w / x.devices;
    OperatorCost& op = pass.add(OperatorId::PerLayerInput, 1.0);
    PassBuilder::gemm(op, N, packed);
    op.traffic[ByteCategory::Weights] += N * packed * x.wt;  // the gather
    op.flops += 2.0 * N * x.h * packed + kNormFlopsPerElement * N * packed;
    pass.weights(OperatorId::PerLayerInput, op, x.h * packed * x.w + w * x.a);
    op.flops += L * (2.0 * 2.0 * N * x.h * w / x.devices + kActFlopsPerElement * N * w / x.devices +
                     kNormFlopsPerElement * N * x.h);
    pass.weights(OperatorId::PerLayerInput, op, L * (2.0 * x.h * w / x.devices * x.w + x.h * x.a));
    // In and out: the embedded tokens and both L·w inputs; per layer h in, w twice (the gate
    // and the layer's input), h out.
    op.traffic[ByteCategory::Activations] +=
        (N * x.h + 3.0 * N * packed) * x.a + L * N * (2.0 * x.h + 2.0 * w / x.devices) * x.a;
}

void describe(PassCost& cost, PassKind kind, double B, double T, double C, double rows,
              double repeats) {
    cost.kind = kind;
    cost.batch = B;
    cost.newTokens = T;
    cost.cachedTokens = C;
    cost.logitsRows = rows;
    cost.repeats = repeats;
}

void addLmHead(PassBuilder& pass, const Context& x, double rows, double N) {
    addNorms(pass, x, OperatorId::FinalNorm, 1.0, N, 3.0);  // read x and residual, write
    OperatorCost& head = pass.add(OperatorId::LmHead, 1.0);
    PassBuilder::gemm(head, rows, x.vocab);
    head.flops += 2.0 * rows * x.h * x.vocab;
    pass.weights(OperatorId::LmHead, head, x.h * x.vocab * x.wt);
    head.traffic[ByteCategory::Activations] += rows * (x.h + x.vocab) * x.a;
}

// Which levels the analysis lists, and 1/bandwidth of the on-chip ones with a bandwidth.
std::array<bool, kMemoryLevelCount> listedLevels(const Analysis& roofs) {
    std::array<bool, kMemoryLevelCount> listed{};
    for (const LevelRoof& l : roofs.memoryLevels) {
        listed[index(l.level)] = true;
    }
    return listed;
}
bool anyLevelTimed(const Analysis& roofs) {
    for (const LevelRoof& l : roofs.memoryLevels) {
        if (l.level != MemoryLevel::Main && l.drawn()) {
            return true;
        }
    }
    return false;
}
std::array<double, kMemoryLevelCount> secondsPerLevelByte(const Analysis& roofs) {
    std::array<double, kMemoryLevelCount> seconds{};
    for (const LevelRoof& l : roofs.memoryLevels) {
        if (l.level != MemoryLevel::Main && l.drawn()) {
            seconds[index(l.level)] = 1.0 / l.bandwidthBytesPerSecond;
        }
    }
    return seconds;
}

}  // namespace

Context makeContext(const Model& m, const Workload& wl, const Analysis& roofs, double linkBandwidth,
                    double linkLatency) {
    const double devices = d(wl.tensorParallel);
    const bool moe = m.moe.enabled();
    const bool expertParallel = wl.expertParallel && moe && devices > 1.0;
    const bool dpAttention = wl.attentionParallel == AttentionParallel::Data && expertParallel;
    const double split = dpAttention ? 1.0 : devices;
    return Context{
        .m = m,
        .w = bytesPerElement(wl.weightPrecision),
        .we = bytesPerElement(wl.expertWeightPrecision.value_or(wl.weightPrecision)),
        .wt = bytesPerElement(wl.embeddingWeightPrecision.value_or(wl.weightPrecision)),
        .a = roofs.activationBytesPerElement,
        .c = bytesPerElement(wl.kvPrecision),
        .s = bytesPerElement(m.statePrecision),
        .sc = bytesPerElement(m.convStatePrecision),
        .devices = devices,
        .attentionSplit = split,
        .sequenceShare = 1.0 / (devices / split),
        .h = d(m.hiddenSize),
        .nq = d(m.numQueryHeads) / split,
        .nkv = kvHeadsPerDevice(m, split),
        .dh = d(m.headDim),
        .inter = d(m.intermediateSize) / devices,
        .vocab = d(m.vocabSize) / devices,
        .peak = roofs.peakFlopsPerSecond,
        .bandwidth = roofs.memoryBandwidthBytesPerSecond,
        // No compute roof (no sourced peak): compute time is not counted, never 1/0.
        .secondsPerFlop = roofs.peakFlopsPerSecond > 0.0 ? 1.0 / roofs.peakFlopsPerSecond : 0.0,
        .secondsPerByte = 1.0 / roofs.memoryBandwidthBytesPerSecond,
        .logUntouched = moe ? std::log1p(-d(m.moe.expertsPerToken) / d(m.moe.numExperts)) : 0.0,
        .linkBandwidth = linkBandwidth,
        .linkLatency = linkLatency,
        .expertParallel = expertParallel,
        .dataParallelAttention = dpAttention,
        .flashAttention = wl.flashAttention,
        .levels = roofs.memoryLevels.size() > 1,
        .levelsTimed = anyLevelTimed(roofs),
        .levelListed = listedLevels(roofs),
        .secondsPerLevelByte = secondsPerLevelByte(roofs),
    };
}

void buildPass(const Context& x, const Workload& wl, PassKind kind, double B, double T, double C,
               double rows, double repeats, Analysis::Operators& out, PassTotals& totals) {
    totals.reset();
    PassBuilder pass(kind, out, totals);
    const double N = B * T;
    describe(totals.cost, kind, B, T, C, rows, repeats);

    // Embedding: a gather of N rows of the (vocab-parallel) table, not a read of all of it;
    // its bytes grow with the batch (not pass.weights()).
    OperatorCost& emb = pass.add(OperatorId::Embedding, 1.0);
    emb.traffic[ByteCategory::Weights] += N * x.h * x.wt / x.devices;
    emb.traffic[ByteCategory::Activations] += N * x.h * x.a;
    addPerLayerInputs(pass, x, N);

    addLayers(pass, x, x.m.layerGroups, {kind, B, T, C, N, wl.flashAttention});
    addLmHead(pass, x, rows, N);
    finishPass(out, pass.first(), x, repeats, totals);
}

void buildMtpDraftPass(const Context& x, const Workload& wl, double B, double C, double repeats,
                       Analysis::Operators& out, PassTotals& totals) {
    totals.reset();
    PassBuilder pass(PassKind::Draft, out, totals);
    const double N = B;
    describe(totals.cost, PassKind::Draft, B, 1.0, C, B, repeats);

    // The MTP module's own inputs: the next token's embedding row and the previous hidden
    // state, each normed (enorm, hnorm), concatenated and projected 2h → h (eh_proj).
    OperatorCost& emb = pass.add(OperatorId::Embedding, 1.0);
    emb.traffic[ByteCategory::Weights] += N * x.h * x.wt / x.devices;
    emb.traffic[ByteCategory::Activations] += N * x.h * x.a;
    const double layers = d(x.m.mtp.count);
    addNorms(pass, x, OperatorId::Norms, 2.0 * layers, N, 2.0);
    OperatorCost& proj = pass.add(OperatorId::LinearMixer, layers);
    PassBuilder::gemm(proj, N, x.h / x.devices);
    proj.flops += layers * 2.0 * N * 2.0 * x.h * x.h / x.devices;
    pass.weights(OperatorId::LinearMixer, proj, layers * 2.0 * x.h * x.h / x.devices * x.w);
    proj.traffic[ByteCategory::Activations] += layers * N * (2.0 * x.h + x.h / x.devices) * x.a;

    const std::vector<LayerGroup> mtp{x.m.mtp};
    addLayers(pass, x, mtp, {PassKind::Draft, B, 1.0, C, N, wl.flashAttention});
    addLmHead(pass, x, B, N);
    finishPass(out, pass.first(), x, repeats, totals);
}

}  // namespace roofline::detail
