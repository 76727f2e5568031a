// SPDX-License-Identifier: GPL-3.0-or-later
// Properties that must hold for every valid scenario, checked over generated inputs:
// extreme batches (to 1e6), contexts (to 1e8), tiny and huge hardware numbers, every
// architecture feature (GQA, MLA, MoE, sliding windows, TP, precisions, FlashAttention off).

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/validate.h"
#include "test_models.h"

namespace roofline {
namespace {

constexpr double kRel = 1e-9;  // slack for floating-point summation order

class Generator {
public:
    explicit Generator(std::uint64_t seed) : m_rng(seed) {}

    double logUniform(double lo, double hi) {
        std::uniform_real_distribution<double> u(std::log(lo), std::log(hi));
        return std::exp(u(m_rng));
    }
    std::int64_t logInt(std::int64_t lo, std::int64_t hi) {
        return std::clamp(static_cast<std::int64_t>(std::llround(
                              logUniform(static_cast<double>(lo), static_cast<double>(hi)))),
                          lo, hi);
    }
    bool coin(double p = 0.5) { return std::bernoulli_distribution(p)(m_rng); }
    template <class T>
    const T& pick(const std::vector<T>& v) {
        return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(m_rng)];
    }

    Hardware hardware() {
        Hardware hw;
        hw.name = "generated";
        for (Precision p : kAllPrecisions) {
            if (isRoofPrecision(p) && coin(0.6)) {
                hw.peakFlopsPerSecond[index(p)] = logUniform(1e6, 1e20);
            }
        }
        if (!hw.hasRoof(Precision::Bf16) && coin()) {
            hw.peakFlopsPerSecond[index(Precision::Bf16)] = logUniform(1e6, 1e20);
        }
        if (!hw.hasRoof(Precision::Fp32)) {
            hw.peakFlopsPerSecond[index(Precision::Fp32)] = logUniform(1e6, 1e20);
        }
        hw.memoryBandwidthBytesPerSecond = logUniform(1e6, 1e16);
        hw.memoryCapacityBytes = logUniform(1e6, 1e15);
        hw.interconnectBandwidthBytesPerSecond = coin(0.8) ? logUniform(1e6, 1e14) : 0.0;
        hw.collectiveLatencySeconds = coin() ? logUniform(1e-9, 1e-4) : 0.0;
        hw.scaleUpDomainDevices = pick(std::vector<std::int64_t>{1, 2, 4, 8, 72, 256});
        hw.scaleOutBandwidthBytesPerSecond = coin() ? logUniform(1e6, 1e13) : 0.0;
        hw.scaleOutLatencySeconds = coin() ? logUniform(1e-9, 1e-3) : 0.0;
        for (Precision p : kAllPrecisions) {
            if (hw.hasRoof(p) && coin(0.3)) {
                hw.achievableFlopsPerSecond[index(p)] = hw.peak(p) * logUniform(0.01, 1.0);
            }
        }
        if (coin(0.3)) {
            hw.achievableMemoryBandwidthBytesPerSecond =
                hw.memoryBandwidthBytesPerSecond * logUniform(0.01, 1.0);
        }
        return hw;
    }

    Model model() {
        Model m;
        m.name = "generated";
        const std::int64_t heads = pick(std::vector<std::int64_t>{1, 2, 8, 16, 32, 64, 128});
        m.numQueryHeads = heads;
        std::vector<std::int64_t> divisors;
        for (std::int64_t d = 1; d <= heads; ++d) {
            if (heads % d == 0) {
                divisors.push_back(d);
            }
        }
        m.numKvHeads = pick(divisors);
        m.headDim = pick(std::vector<std::int64_t>{32, 64, 96, 128, 256});
        m.hiddenSize = logInt(64, 32768);
        m.intermediateSize = logInt(64, 131072);
        m.vocabSize = logInt(100, 1'000'000);
        m.numLayers = logInt(1, 200);
        m.tieWordEmbeddings = coin();
        m.gatedMlp = coin(0.8);
        m.normsPerLayer = coin(0.8) ? 2 : 4;
        m.qkNorm = coin(0.2);
        m.qkvBias = coin(0.3);
        m.oBias = coin(0.2);
        m.mlpBias = coin(0.1);
        m.attentionSinks = coin(0.1);
        m.maxPositionEmbeddings = coin() ? logInt(512, 1'000'000) : 0;
        if (coin(0.2)) {
            m.mla = {coin() ? logInt(64, 4096) : 0, logInt(32, 2048), logInt(16, 256),
                     coin() ? logInt(1, 128) : 0, logInt(16, 256)};
        }
        const bool moe = coin(0.35);
        if (moe) {
            m.moe.numExperts = logInt(1, 512);
            m.moe.expertsPerToken = logInt(1, m.moe.numExperts);
            m.moe.expertIntermediateSize = logInt(64, 32768);
            m.moe.sharedIntermediateSize = coin(0.3) ? logInt(64, 32768) : 0;
            m.moe.routerBias = coin(0.3);
            m.moe.expertBias = coin(0.2);
            m.moe.sharedExpertGate = m.moe.sharedIntermediateSize > 0 && coin();
        }
        // The layer kinds the engine has, for some of the models (the rest stay dense GQA).
        const bool hybrid = coin(0.25);
        if (hybrid) {
            m.deltaNet = {logInt(1, 64), logInt(1, 64), logInt(16, 256), logInt(16, 256),
                          logInt(1, 8)};
            m.mamba = {logInt(1, 128), logInt(16, 128), logInt(16, 256), logInt(1, 8),
                       logInt(1, 8),   coin(0.2),       coin()};
            m.statePrecision = coin() ? Precision::Fp32 : Precision::Bf16;
        }
        const bool sparse = m.mla.enabled() && coin(0.4);
        if (sparse) {
            m.sparse = {logInt(1, 64), logInt(16, 256), logInt(1, 100'000)};
        }
        const MixerKind attention = !m.mla.enabled() ? MixerKind::Attention
                                    : sparse         ? MixerKind::SparseMla
                                                     : MixerKind::Mla;
        // Split the layers into groups of a mixer (attention in its spans, a state layer,
        // none) and an MLP (dense of the model's or its own width, MoE, none).
        std::int64_t left = m.numLayers;
        while (left > 0) {
            const std::int64_t n = std::uniform_int_distribution<std::int64_t>(1, left)(m_rng);
            LayerGroup g{.count = n, .mixer = attention};
            if (hybrid && coin(0.6)) {
                g.mixer = pick(std::vector<MixerKind>{MixerKind::GatedDeltaNet, MixerKind::Mamba2,
                                                      MixerKind::None, MixerKind::Linear});
            } else if (attention == MixerKind::Attention && coin(0.4)) {
                g.span = coin() ? AttentionSpan::Sliding : AttentionSpan::Chunked;
                g.window = logInt(1, 100'000);
            }
            // Per-layer variants: attention reading an earlier layer's KV (Gemma 4), sparse MLA
            // reusing an earlier layer's top-k (GLM-5.2's IndexShare).
            g.kvShared = g.mixer == MixerKind::Attention && coin(0.15);
            g.sharedIndex = g.mixer == MixerKind::SparseMla && coin(0.3);
            g.mlp = moe && coin(0.8) ? MlpKind::Moe : MlpKind::Dense;
            if (hybrid && coin(0.2)) {
                g.mlp = coin() ? MlpKind::None : MlpKind::Linear;
            }
            if (g.mlp == MlpKind::Dense && coin(0.2)) {
                g.intermediateSize = logInt(64, 131072);
            }
            m.layerGroups.push_back(g);
            left -= n;
        }
        if (coin(0.1)) {
            m.mtp = m.layerGroups.front();
            m.mtp.count = logInt(1, 3);
        }
        m.visionParameters = coin(0.1) ? logUniform(1e6, 1e10) : 0.0;
        if (coin(0.1)) {  // Gemma 4's per-layer input embeddings
            m.perLayerInputSize = logInt(1, 4096);
            m.perLayerInputVocab = logInt(1, 300'000);
        }
        return m;
    }

    Workload workload(const Model& m) {
        Workload w;
        w.batch = logInt(1, 1'000'000);
        w.promptTokens = logInt(1, 100'000'000);
        w.contextTokens = coin(0.05) ? 0 : logInt(1, 100'000'000);
        const std::vector<Precision> storage = {
            Precision::Fp32, Precision::Bf16, Precision::Fp16,  Precision::Fp8,  Precision::Int8,
            Precision::Int4, Precision::Fp4,  Precision::Mxfp4, Precision::Nvfp4};
        w.weightPrecision = pick(storage);
        w.activationPrecision = pick(storage);
        w.kvPrecision = pick(storage);
        if (coin(0.3)) {  // a checkpoint's own mix (quantization.h)
            w.expertWeightPrecision = pick(storage);
        }
        if (coin(0.3)) {
            w.embeddingWeightPrecision = pick(storage);
        }
        w.flashAttention = coin(0.8);
        std::vector<std::int64_t> kvChoices = {0};
        for (std::int64_t d = 1; d <= m.numQueryHeads; ++d) {
            if (m.numQueryHeads % d == 0) {
                kvChoices.push_back(d);
            }
        }
        w.kvHeadsOverride = coin(0.3) ? pick(kvChoices) : 0;
        const std::int64_t nkv = w.kvHeadsOverride > 0 ? w.kvHeadsOverride : m.numKvHeads;
        std::vector<std::int64_t> tps = {1};
        for (std::int64_t d : {2, 4, 8, 16, 32, 64}) {
            if (m.numQueryHeads % d == 0 && (m.mla.enabled() || nkv % d == 0 || d % nkv == 0)) {
                tps.push_back(d);
            }
        }
        w.tensorParallel = coin(0.3) ? pick(tps) : 1;
        // Expert parallelism spreads whole experts: D must divide E.
        w.expertParallel = m.moe.enabled() && m.moe.numExperts % w.tensorParallel == 0 && coin();
        w.speculativeTokens = coin(0.3) ? logInt(1, kMaxSpeculativeTokens) : 0;
        w.acceptanceRate = coin(0.1) ? pick(std::vector<double>{0.0, 1.0})
                                     : std::uniform_real_distribution<double>(0.0, 1.0)(m_rng);
        w.draftKind =
            pick(std::vector<DraftKind>{DraftKind::Model, DraftKind::Ngram, DraftKind::Mtp});
        w.attentionParallel = coin(0.3) ? AttentionParallel::Data : AttentionParallel::Tensor;
        w.memoryUtilization = coin(0.7) ? 0.9 : logUniform(0.01, 1.0);
        w.maxBatchedTokens = coin(0.7) ? 8192 : logInt(1, 10'000'000);
        w.ceilings = coin() ? Ceilings::Achievable : Ceilings::Peak;
        return w;
    }

    // A draft for `target`: a smaller model sharing its vocabulary (its tokenizer).
    Model draftFor(const Model& target) {
        Model d = model();
        d.vocabSize = target.vocabSize;
        return d;
    }

private:
    std::mt19937_64 m_rng;
};

bool finite(double v) { return std::isfinite(v); }

void checkPhase(const PassCost& p, const Analysis& a, const char* name) {
    SCOPED_TRACE(name);
    for (const ByteCategory c : kAllByteCategories) {
        ASSERT_TRUE(finite(p.traffic[c]) && p.traffic[c] >= 0.0) << toString(c);
    }
    for (double v :
         {p.flops, p.linkBytes, p.computeTimeSeconds, p.memoryTimeSeconds, p.linkTimeSeconds,
          p.timeSeconds, p.stepBoundSeconds, p.attainableFlopsPerSecond, p.intensity()}) {
        ASSERT_TRUE(finite(v) && v >= 0.0) << v;
    }
    ASSERT_GT(p.timeSeconds, 0.0);
    // Attainable ≤ every roof it is measured against.
    EXPECT_LE(p.attainableFlopsPerSecond, a.peakFlopsPerSecond * (1 + kRel));
    EXPECT_LE(p.attainableFlopsPerSecond,
              p.intensity() * a.memoryBandwidthBytesPerSecond * (1 + kRel));
    // The sum of per-operator maxima is never below the whole-step bound.
    EXPECT_GE(p.timeSeconds, p.stepBoundSeconds * (1 - kRel));
    EXPECT_LE(p.stepBoundSeconds, p.timeSeconds * (1 + kRel));
}

void checkAnalysis(const Scenario& s, const Analysis& a) {
    ASSERT_GE(a.passes.size(), 2u);
    // Nothing is ever dropped: every operator and every warning found room.
    EXPECT_EQ(a.operators.dropped(), 0u);
    EXPECT_EQ(a.warnings.dropped(), 0u);
    EXPECT_EQ(a.passes.dropped(), 0u);
    for (const PassCost& p : a.passes) {
        checkPhase(p, a, std::string(toString(p.kind)).c_str());
        // The bound is the largest share of the pass's time; the shares add up to 1.
        double sum = 0.0, largest = 0.0;
        for (const double share : p.shares.shares) {
            sum += share;
            largest = std::max(largest, share);
        }
        EXPECT_NEAR(sum, 1.0, 1e-9);
        EXPECT_EQ(p.shares[p.bound], largest) << toString(p.kind);
    }
    if (s.workload.speculativeTokens > 0) {
        ASSERT_TRUE(a.speculative.has_value());
        const SpeculativeResult& sp = *a.speculative;
        // 1 ≤ τ ≤ k + 1, and TPOT is the step over τ.
        EXPECT_GE(sp.tokensPerStep, 1.0 - kRel);
        EXPECT_LE(sp.tokensPerStep, static_cast<double>(sp.k) + 1.0 + kRel);
        EXPECT_NEAR(a.tpotSeconds, sp.stepTimeSeconds / sp.tokensPerStep, a.tpotSeconds * kRel);
        EXPECT_NE(a.pass(PassKind::Verify), nullptr);
    } else {
        EXPECT_EQ(a.passes.size(), 2u);
        EXPECT_DOUBLE_EQ(a.tpotSeconds, a.decode().timeSeconds);
    }
    // Usable memory is the utilised share of the capacity; fits compares with it.
    EXPECT_NEAR(a.memory.usableBytes, a.memory.capacityBytes * s.workload.memoryUtilization,
                a.memory.usableBytes * kRel);
    EXPECT_EQ(a.memory.fits, a.memory.totalBytes <= a.memory.usableBytes);
    // Achievable ceilings never exceed the spec sheet.
    EXPECT_LE(a.peakFlopsPerSecond, s.hardware.peak(a.computePrecision) * (1 + kRel));
    EXPECT_LE(a.memoryBandwidthBytesPerSecond,
              s.hardware.memoryBandwidthBytesPerSecond * (1 + kRel));
    for (double v : {a.ttftSeconds, a.tpotSeconds, a.decodeTokensPerSecond,
                     a.goldilocksContextTokens.value_or(0.0), a.ridgePointFlopsPerByte,
                     a.totalParameters, a.activeParametersPerToken, a.kvCacheBytesPerToken,
                     a.memory.weightBytes, a.memory.kvCacheBytes, a.memory.stateBytes,
                     a.memory.workspaceBytes, a.memory.totalBytes, a.stateBytesPerSequence}) {
        ASSERT_TRUE(finite(v) && v >= 0.0) << v;
    }
    // Per device is the whole over D (the compare table's column).
    EXPECT_NEAR(a.decodeTokensPerSecondPerDevice * static_cast<double>(a.devices),
                a.decodeTokensPerSecond, a.decodeTokensPerSecond * kRel);
    EXPECT_GE(a.memory.maxBatch, 0);
    EXPECT_LE(a.memory.maxBatch, kMaxBatch);
    EXPECT_LE(a.activeParametersPerToken, a.totalParameters * (1 + kRel));
    EXPECT_TRUE(s.hardware.hasRoof(a.computePrecision));
    for (const OperatorCost& op : a.operators) {
        ASSERT_TRUE(finite(op.flops) && finite(op.bytes()) && finite(op.timeSeconds)) << op.name;
        EXPECT_GE(op.timeSeconds, op.flops / a.peakFlopsPerSecond * (1 - kRel)) << op.name;
        EXPECT_GE(op.timeSeconds, op.bytes() / a.memoryBandwidthBytesPerSecond * (1 - kRel))
            << op.name;
        EXPECT_GE(op.count, 0.0);
    }
}

TEST(Invariants, HoldOverGeneratedScenarios) {
    // 100,000 scenarios: random models × random chips × random workloads, plus the same
    // scenario at twice the batch for the monotonicity checks.
    Generator gen(20261129);
    const std::vector<Model> shipped = {test::llama31_8b(), test::llama2_70b(), test::mistral7b(),
                                        test::mixtral8x7b(), test::deepseekV3()};
    int checked = 0;
    for (int i = 0; i < 100'000; ++i) {
        Scenario s;
        s.hardware = gen.coin(0.2) ? test::h100Sxm() : gen.hardware();
        s.model = gen.coin(0.3) ? gen.pick(shipped) : gen.model();
        s.workload = gen.workload(s.model);
        if (s.workload.draftKind == DraftKind::Model && s.workload.speculativeTokens > 0) {
            s.draft = gen.draftFor(s.model);  // validate() asks for one (speculative_test
                                              // covers analyze() without it)
        }
        const std::vector<Issue> issues = validate(s);
        ASSERT_FALSE(hasErrors(issues)) << describe(issues);
        const Analysis a = analyze(s);
        SCOPED_TRACE("scenario " + std::to_string(i));
        checkAnalysis(s, a);

        // Monotonic in batch: decode intensity and throughput never fall as B doubles.
        if (s.workload.batch * 2 <= kMaxBatch) {
            Scenario twice = s;
            twice.workload.batch *= 2;
            const Analysis b = analyze(twice);
            EXPECT_GE(b.decode().intensity(), a.decode().intensity() * (1 - kRel));
            EXPECT_GE(b.decodeTokensPerSecond, a.decodeTokensPerSecond * (1 - kRel));
            EXPECT_GE(b.memory.totalBytes, a.memory.totalBytes);
        }
        if (::testing::Test::HasFailure()) {
            break;  // one readable failure, not thousands
        }
        ++checked;
    }
    EXPECT_EQ(checked, 100'000);
}

TEST(Invariants, CriticalBatchIsTheCrossingForGeneratedDenseAndMoeModels) {
    Generator gen(7);
    int found = 0;
    for (int i = 0; i < 2'000 && found < 200; ++i) {
        Scenario s;
        s.hardware = gen.hardware();
        s.model = gen.model();
        s.workload = gen.workload(s.model);
        s.workload.contextTokens = gen.logInt(1, 4096);
        s.workload.batch = 1;
        const Analysis a = analyze(s);
        if (!a.criticalBatch || *a.criticalBatch > 1'000'000'000) {
            continue;
        }
        ++found;
        const std::int64_t b = *a.criticalBatch;
        s.workload.batch = b;  // may exceed kMaxBatch: analyze's arithmetic still holds
        // DOMAIN.md §5: at B* compute-bound operators take at least half the step's time,
        // at B* − 1 less than half; computed from the batch scaling of one analysis, checked
        // against full analyses at those batches.
        const Analysis at = analyze(s);
        EXPECT_GE(at.decode().shares[Bound::Compute], 0.5 - 1e-9) << b;
        if (b > 1) {
            s.workload.batch = b - 1;
            const Analysis below = analyze(s);
            EXPECT_LE(below.decode().shares[Bound::Compute], 0.5 + 1e-9) << b;
        }
        // The same answer from any batch the scenario starts at.
        s.workload.batch = std::max<std::int64_t>(1, b / 3);
        EXPECT_EQ(analyze(s).criticalBatch, a.criticalBatch);
    }
    EXPECT_GT(found, 50);
}

}  // namespace
}  // namespace roofline
