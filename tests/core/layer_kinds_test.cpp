// SPDX-License-Identifier: GPL-3.0-or-later
// The layer kinds of engine round 3 (DOMAIN.md §6): recurrent-state layers (Gated DeltaNet,
// Mamba-2), DeepSeek Sparse Attention over MLA, chunked local attention, MTP layers and
// data-parallel attention. Every expected value is derived by hand in the comment from the
// configs in ../shared/reference/configs and DOMAIN.md's formulas.

#include <set>
#include <string>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/explain.h"
#include "roofline/validate.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::findOp;

Scenario scenarioOf(const Model& m, Workload w = {}) {
    Scenario s;
    s.hardware = test::h100Sxm();
    s.model = m;
    s.workload = w;
    return s;
}

TEST(LayerKinds, OperatorCapacityFollowsTheOperatorTable) {
    static_assert(kMaxOperatorsPerPass == kOperatorCount);
    std::set<std::string_view> names;
    for (std::size_t i = 0; i < kOperatorCount; ++i) {
        names.insert(toString(static_cast<OperatorId>(i)));
    }
    EXPECT_EQ(names.size(), kOperatorCount);  // every row named, no name twice
    EXPECT_EQ(toString(OperatorId::StateUpdate), "state_update");
    EXPECT_EQ(toString(ByteCategory::State), "state");
}

TEST(LayerKinds, Qwen3NextParametersStateAndKv) {
    // Per attention layer (gated: q_proj is h → 2·n_q·d): 2048·8192 + 2·2048·512 +
    // 4096·2048 + 2·256 (q/k norms) = 27,263,488.
    // Per DeltaNet layer: in_proj_qkvz 2048·(2·2048 + 2·4096) = 25,165,824, in_proj_ba
    // 2048·64 = 131,072, conv1d 8192·4 = 32,768, dt_bias + A_log 64, norm 128, out_proj
    // 4096·2048 = 8,388,608: 33,718,464.
    // Per MoE layer: router 2048·512 = 1,048,576, 512 experts × 3·2048·512 = 1,610,612,736,
    // shared 3·2048·512 = 3,145,728, its gate 2048: 1,614,809,088 (active: 10 experts,
    // 35,653,632). Norms 2·2048 per layer; embeddings 2·151,936·2048 = 622,329,856; final norm.
    // Total 622,331,904 + 12·27,263,488 + 36·33,718,464 + 48·(1,614,809,088 + 4,096)
    //     = 79,674,391,296 (the card's "80B", −0.4%).
    const Model m = test::qwen3Next80b();
    ASSERT_TRUE(validate(m).empty());
    const ParameterCount p = countParameters(m);
    EXPECT_DOUBLE_EQ(p.total, 79'674'391'296.0);
    EXPECT_DOUBLE_EQ(p.activePerToken, 3'874'929'408.0);
    // State per DeltaNet layer: conv (4 − 1)·(2·16·128 + 32·128) = 24,576 + recurrent
    // 32·128·128 = 524,288 elements, bf16: 1,097,728 bytes; × 36 layers = 39,518,208.
    EXPECT_DOUBLE_EQ(stateBytesPerSequence(m), 39'518'208.0);
    // KV only on the 12 attention layers: 2·2·256 elements · 2 bytes = 2,048 per layer.
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(m, 2.0), 24'576.0);
    // Relabelled as Qwen3-MoE (every layer attention) it would cache 4× as much: the trap.
    Model wrong = m;
    wrong.layerGroups = {LayerGroup{.count = 48, .mlp = MlpKind::Moe}};
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(wrong, 2.0), 4.0 * 24'576.0);
}

TEST(LayerKinds, StateIsReadAndWrittenOncePerStepWhateverTheContext) {
    // B = 4: every decode step reads and writes 4 × 39,518,208 bytes of state = 316,145,664,
    // at C = 1,000 as at C = 100,000; memory holds 4 × 39,518,208 = 158,072,832 bytes of it.
    // The KV cache grows only on the 12 attention layers: at C = 1,000 a step reads
    // 4 · 1,001 · 24,576 = 98,402,304 bytes and writes 4 · 24,576 = 98,304.
    Workload w;
    w.batch = 4;
    for (const std::int64_t C : {1'000, 100'000}) {
        w.contextTokens = C;
        const Analysis a = analyze(scenarioOf(test::qwen3Next80b(), w));
        SCOPED_TRACE(C);
        EXPECT_DOUBLE_EQ(a.decode().traffic[ByteCategory::State], 316'145'664.0);
        EXPECT_DOUBLE_EQ(a.memory.stateBytes, 158'072'832.0);
        EXPECT_DOUBLE_EQ(a.stateBytesPerSequence, 39'518'208.0);
        if (C == 1'000) {
            EXPECT_DOUBLE_EQ(a.decode().traffic[ByteCategory::KvCache], 98'402'304.0 + 98'304.0);
        }
        ASSERT_NE(findOp(a, PassKind::Decode, "state_update"), nullptr);
        EXPECT_FALSE(a.memory.fits);  // 80B parameters in bf16 on one H100: analysed anyway
    }
}

TEST(LayerKinds, StatePrefillIsLinearInThePrompt) {
    // A chunked scan: the recurrence's FLOPs and bytes per token do not depend on P.
    Workload w;
    w.promptTokens = 2'000;
    const Analysis a = analyze(scenarioOf(test::qwen3Next80b(), w));
    w.promptTokens = 4'000;
    const Analysis b = analyze(scenarioOf(test::qwen3Next80b(), w));
    const OperatorCost* scanA = findOp(a, PassKind::Prefill, "state_update");
    const OperatorCost* scanB = findOp(b, PassKind::Prefill, "state_update");
    ASSERT_NE(scanA, nullptr);
    ASSERT_NE(scanB, nullptr);
    EXPECT_DOUBLE_EQ(scanB->flops, 2.0 * scanA->flops);
    // The prefill writes the final state once (nothing to read before it): B·state bytes.
    EXPECT_DOUBLE_EQ(a.prefill().traffic[ByteCategory::State], 39'518'208.0);
}

TEST(LayerKinds, Mamba2HybridStateAndKv) {
    // Nemotron-3-Nano, per Mamba-2 layer: inner 64·64 = 4,096, conv channels 4,096 + 2·8·128
    // = 6,144, conv state 3·6,144 = 18,432 elements in the model's bf16 = 36,864 bytes, SSM
    // state 64·64·128 = 524,288 elements in fp32 (mamba_ssm_cache_dtype) = 2,097,152 bytes:
    // 2,134,016 bytes; × 23 layers = 49,082,368.
    // KV on the 6 attention blocks: 2·2·128 elements · 2 bytes = 1,024 per layer: 6,144.
    const Model m = test::nemotron3Nano();
    ASSERT_TRUE(validate(m).empty());
    EXPECT_DOUBLE_EQ(stateBytesPerSequence(m), 49'082'368.0);
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(m, 2.0), 6'144.0);
    Workload w;
    w.batch = 2;
    w.contextTokens = 131'072;
    const Analysis a = analyze(scenarioOf(m, w));
    EXPECT_DOUBLE_EQ(a.decode().traffic[ByteCategory::State], 2.0 * 2.0 * 49'082'368.0);
    // 2 · (131,072 + 1) · 6,144 read + 2 · 6,144 written.
    EXPECT_DOUBLE_EQ(a.decode().traffic[ByteCategory::KvCache],
                     2.0 * 131'073.0 * 6'144.0 + 2.0 * 6'144.0);
    EXPECT_DOUBLE_EQ(a.memory.kvCacheBytes, 2.0 * 131'073.0 * 6'144.0);
}

TEST(LayerKinds, SparseAttentionReadsTopKLatentsAndEveryIndexerKey) {
    // DeepSeek-V3.2 caches per token and layer the latent (512 + 64)·2 = 1,152 bytes and the
    // indexer key 128 (fp8) + 4 (fp32 scale) = 132: 61 · 1,284 = 78,324 bytes per token.
    const Model m = test::deepseekV32();
    ASSERT_TRUE(validate(m).empty());
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(m, 2.0), 78'324.0);
    // The indexer adds per layer wq_b 1536·64·128 + wk 7168·128 + weights_proj 7168·64 +
    // k_norm 2·128 = 13,959,424 parameters: 61 · 13,959,424 = 851,524,864.
    EXPECT_DOUBLE_EQ(countParameters(m).total - countParameters(test::deepseekV3()).total,
                     851'524'864.0);
    // A decode step at 128k (B = 1, C = 131,072), per layer: MLA reads min(C + 1, 2048)
    // latents = 2,048 · 1,152 = 2,359,296 bytes; the indexer reads all 131,073 keys · 132 =
    // 17,301,636; the step writes 1,284. × 61 = 1,199,395,176. DeepSeek-V3 reads every
    // latent: 61 · (131,073 + 1) · 1,152 = 9,210,832,128, 7.7× more.
    Workload w;
    w.contextTokens = 131'072;
    const Analysis a = analyze(scenarioOf(m, w));
    EXPECT_DOUBLE_EQ(a.decode().traffic[ByteCategory::KvCache], 1'199'395'176.0);
    const Analysis v3 = analyze(scenarioOf(test::deepseekV3(), w));
    EXPECT_DOUBLE_EQ(v3.decode().traffic[ByteCategory::KvCache], 9'210'832'128.0);
    // MLA attention FLOPs over 2,048 latents per head: 61 · 128 · 2,048 · (2·576 + 2·512 + 5).
    const OperatorCost* att = findOp(a, PassKind::Decode, "attention");
    ASSERT_NE(att, nullptr);
    EXPECT_DOUBLE_EQ(att->flops, 61.0 * 128.0 * 2048.0 * 2181.0);
    // The indexer scores every cached key: 2 · 64 · 128 FLOPs per key, plus its projections
    // of the one new token.
    const OperatorCost* ix = findOp(a, PassKind::Decode, "indexer");
    ASSERT_NE(ix, nullptr);
    EXPECT_DOUBLE_EQ(ix->flops, 61.0 * (2.0 * (1536.0 * 64 * 128 + 7168.0 * 128 + 7168.0 * 64) +
                                        131'073.0 * 2.0 * 64 * 128));
    // Below topK it reads every latent, like MLA.
    w.contextTokens = 1'000;
    const Analysis shortContext = analyze(scenarioOf(m, w));
    EXPECT_DOUBLE_EQ(findOp(shortContext, PassKind::Decode, "attention")->flops,
                     61.0 * 128.0 * 1001.0 * 2181.0);
}

TEST(LayerKinds, ChunkedAttentionReadsThePositionInItsChunk) {
    // Llama-3.1-8B's shapes with Llama 4's pattern: 24 chunked layers (chunk 8,192) and 8
    // global. KV per token and layer 2·8·128·2 = 4,096 bytes. A decode step at C = 10,000
    // reads (10,000 mod 8,192) + 1 = 1,809 keys on chunked layers and 10,001 on global ones:
    // 24·1,809·4,096 + 8·10,001·4,096 = 505,544,704, and writes 32·4,096 = 131,072.
    Model m = test::llama31_8b();
    m.layerGroups = {LayerGroup{.count = 24, .span = AttentionSpan::Chunked, .window = 8192},
                     LayerGroup{.count = 8}};
    ASSERT_TRUE(validate(m).empty());
    Workload w;
    w.contextTokens = 10'000;
    w.promptTokens = 20'000;
    const Analysis a = analyze(scenarioOf(m, w));
    EXPECT_DOUBLE_EQ(a.decode().traffic[ByteCategory::KvCache], 505'544'704.0 + 131'072.0);
    // The cache keeps at most one chunk: per sequence at max(P, C + 1) = 20,000 tokens,
    // 24·8,192·4,096 + 8·20,000·4,096 = 1,460,142,080 bytes.
    EXPECT_DOUBLE_EQ(a.memory.kvCacheBytes, 24.0 * 8192 * 4096 + 8.0 * 20'000 * 4096);
    EXPECT_DOUBLE_EQ(kvCacheBytesPerSequence(m, 20'000.0, 2.0), a.memory.kvCacheBytes);
    // Prefill of 20,000 tokens: pairs within chunks 2·(8,192·8,193/2) + 3,616·3,617/2 =
    // 73,656,592 per head; FLOPs 24 · 32 heads · pairs · (4·128 + 5).
    const OperatorCost* chunked = findOp(a, PassKind::Prefill, "attention_chunked");
    ASSERT_NE(chunked, nullptr);
    EXPECT_DOUBLE_EQ(chunked->flops, 24.0 * 32.0 * 73'656'592.0 * 517.0);
}

TEST(LayerKinds, DataParallelAttentionHoldsOnlyItsOwnSequencesCache) {
    // DeepSeek-V3, B = 64, C = 32,768 (so 32,769 tokens held), fp8 weights, bf16 KV, 8
    // devices with expert parallelism. Tensor-parallel attention replicates the latent:
    // each device holds 64 · 32,769 · 61 · 1,152 = 147,375,562,752 bytes of KV. Data-parallel
    // attention: each device attends for 8 sequences, 8 · 32,769 · 61 · 1,152 =
    // 18,421,945,344, an eighth.
    Workload w;
    w.batch = 64;
    w.contextTokens = 32'768;
    w.promptTokens = 2'048;
    w.weightPrecision = Precision::Fp8;
    w.tensorParallel = 8;
    w.expertParallel = true;
    const Analysis tp = analyze(scenarioOf(test::deepseekV3(), w));
    w.attentionParallel = AttentionParallel::Data;
    const Analysis dp = analyze(scenarioOf(test::deepseekV3(), w));
    EXPECT_DOUBLE_EQ(tp.memory.kvCacheBytes, 147'375'562'752.0);
    EXPECT_DOUBLE_EQ(dp.memory.kvCacheBytes, 18'421'945'344.0);
    // Attention weights are replicated under DP: more weight bytes per device.
    EXPECT_GT(dp.memory.weightBytes, tp.memory.weightBytes);
    // The same attention FLOPs per device (8 sequences × 128 heads = 64 × 16), an eighth of
    // the latent bytes read.
    const OperatorCost* attTp = findOp(tp, PassKind::Decode, "attention");
    const OperatorCost* attDp = findOp(dp, PassKind::Decode, "attention");
    ASSERT_NE(attTp, nullptr);
    ASSERT_NE(attDp, nullptr);
    EXPECT_DOUBLE_EQ(attDp->flops, attTp->flops);
    EXPECT_DOUBLE_EQ(attDp->traffic[ByteCategory::KvCache],
                     attTp->traffic[ByteCategory::KvCache] / 8.0);
    EXPECT_EQ(dp.warnings.size(), tp.warnings.size());

    // Without expert parallelism it is ignored, and a warning says why.
    w.expertParallel = false;
    const Analysis ignored = analyze(scenarioOf(test::deepseekV3(), w));
    ASSERT_GE(ignored.warnings.size(), 1u);
    EXPECT_EQ(ignored.warnings[ignored.warnings.size() - 1],
              "Data-parallel attention needs expert parallelism (an MoE model on more than one "
              "device): attention stays tensor-parallel");
    EXPECT_DOUBLE_EQ(ignored.memory.kvCacheBytes, 147'375'562'752.0);
}

TEST(LayerKinds, MtpLayersAreHeldAndDraft) {
    // DeepSeek-V3 with its one MTP layer: an MLA + MoE layer of 11,507,286,272 parameters
    // (MLA 187,107,328; norms 14,336; router 1,835,008 + 256 bias; 256 experts
    // 11,274,289,152; shared 44,040,192), plus enorm, hnorm and the head's norm 3·7,168 and
    // eh_proj 2·7,168² = 102,760,448: 11,610,068,224, beside the official count.
    Model m = test::deepseekV3();
    m.mtp = LayerGroup{.count = 1, .mixer = MixerKind::Mla, .mlp = MlpKind::Moe};
    ASSERT_TRUE(validate(m).empty());
    EXPECT_DOUBLE_EQ(countParameters(m).mtp, 11'610'068'224.0);
    EXPECT_DOUBLE_EQ(countParameters(m).total, countParameters(test::deepseekV3()).total);
    Workload w;
    w.speculativeTokens = 2;
    w.draftKind = DraftKind::Mtp;
    const Analysis a = analyze(scenarioOf(m, w));
    const PassCost* draft = a.pass(PassKind::Draft);
    ASSERT_NE(draft, nullptr);
    EXPECT_EQ(draft->repeats, 2.0);
    ASSERT_TRUE(a.speculative.has_value());
    EXPECT_EQ(a.speculative->draft, DraftKind::Mtp);
    // Its weights are in memory: one fp16 byte pair per parameter more than without.
    const Analysis plain = analyze(scenarioOf(test::deepseekV3(), w));
    EXPECT_NEAR(a.memory.weightBytes - plain.memory.weightBytes, 2.0 * 11'610'068'224.0, 1e6);
    // A model without MTP layers drafts with the free n-gram draft, and says so.
    EXPECT_EQ(plain.speculative->draft, DraftKind::Ngram);
    EXPECT_EQ(plain.warnings[plain.warnings.size() - 1],
              "The model has no MTP layers: speculative decoding uses a free n-gram draft");
}

bool says(const std::vector<std::string>& sentences, const std::string& text) {
    for (const std::string& s : sentences) {
        if (s.find(text) != std::string::npos) {
            return true;
        }
    }
    return false;
}

TEST(LayerKinds, ExplainSaysTheStateDoesNotGrowAndSparseAttentionReadsTopK) {
    // Qwen3-Next at B = 1: 36 of 48 layers keep 39,518,208 bytes = 39.5 MB of state per
    // sequence; the KV cache grows by 24,576 B = 24.6 kB per token. At C = 2,048 the KV cache
    // (2,049 · 24,576 = 50.4 MB) outweighs the state, so no "outweighs" clause.
    const Scenario hybrid = scenarioOf(test::qwen3Next80b());
    const std::vector<std::string> h = explain(hybrid, analyze(hybrid), {});
    EXPECT_TRUE(says(h,
                     "36 of its 48 layers keep a recurrent state instead of a KV cache: "
                     "39.5 MB per sequence, the same at every context, read and written once "
                     "per decode step; only the attention layers' KV cache grows, by 24.6 kB "
                     "per token. The Goldilocks context counts that KV cache alone."));
    // DeepSeek-V3.2 at C = 131,072: attention reads min(131,073, 2,048) = 2,048 latents.
    Workload w;
    w.contextTokens = 131'072;
    const Scenario sparse = scenarioOf(test::deepseekV32(), w);
    const std::vector<std::string> d = explain(sparse, analyze(sparse), {});
    EXPECT_TRUE(says(d,
                     "each query attends to at most 2,048 latents, so at C = 131,072 the "
                     "decode step's attention reads 2,048 latents per layer, whatever the "
                     "context beyond that; the indexer still reads all 131,073 of its small "
                     "keys."));
    // A dense model says neither.
    const Scenario dense = scenarioOf(test::llama31_8b());
    const std::vector<std::string> n = explain(dense, analyze(dense), {});
    EXPECT_FALSE(says(n, "recurrent state"));
    EXPECT_FALSE(says(n, "Sparse attention"));
}

}  // namespace
}  // namespace roofline
