// SPDX-License-Identifier: GPL-3.0-or-later
// Encoders (ViT, CLIP vision tower) and CNNs (ResNet): parameter counts and FLOPs derived by
// hand from the published configs (DOMAIN.md §6), and how batching moves them.

#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/validate.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::h100Sxm;
using test::scenario;

// google/vit-large-patch16-224: hidden 1024, 24 layers, 16 heads, intermediate 4096,
// image 224, patch 16, qkv_bias, ViTForImageClassification with 1000 labels.
Model vitLarge16() {
    Model m;
    m.kind = ModelKind::Encoder;
    m.id = "vit-large-patch16-224";
    m.architecture = "vit";
    m.numLayers = 24;
    m.hiddenSize = 1024;
    m.numQueryHeads = 16;
    m.numKvHeads = 16;
    m.headDim = 64;
    m.intermediateSize = 4096;
    m.gatedMlp = false;
    m.normsPerLayer = 2;
    m.qkvBias = m.oBias = m.mlpBias = true;
    m.layerGroups = {LayerGroup{.count = 24}};
    m.encoder = EncoderShape{.imageSize = 224,
                             .patchSize = 16,
                             .numChannels = 3,
                             .classToken = true,
                             .patchBias = true,
                             .preNorm = false,
                             .finalNormAllTokens = true,
                             .pooler = false,
                             .numLabels = 1000,
                             .projectionDim = 0};
    return m;
}

// openai/clip-vit-large-patch14, vision tower: the same layers at patch 14, a bias-free
// patch convolution, pre_layrnorm, post_layernorm on [CLS], visual projection to 768.
Model clipLarge14() {
    Model m = vitLarge16();
    m.id = "clip-vit-large-patch14";
    m.architecture = "clip";
    m.encoder = EncoderShape{.imageSize = 224,
                             .patchSize = 14,
                             .numChannels = 3,
                             .classToken = true,
                             .patchBias = false,
                             .preNorm = true,
                             .finalNormAllTokens = false,
                             .pooler = false,
                             .numLabels = 0,
                             .projectionDim = 768};
    return m;
}

// microsoft/resnet-50: embedding 64, hidden sizes 256/512/1024/2048, depths 3/4/6/3,
// bottleneck, stride on the 3×3, 1000 labels, 224 px.
Model resnet50() {
    Model m;
    m.kind = ModelKind::Cnn;
    m.id = "resnet-50";
    m.architecture = "resnet";
    m.cnn.hiddenSizes = {256, 512, 1024, 2048};
    m.cnn.depths = {3, 4, 6, 3};
    return m;
}

Analysis analyzeAt(const Model& m, std::int64_t batch) {
    Workload w;
    w.batch = batch;
    return analyze(scenario(h100Sxm(), m, w));
}

TEST(VisionModels, TheHandBuiltModelsValidate) {
    for (const Model& m : {vitLarge16(), clipLarge14(), resnet50()}) {
        EXPECT_TRUE(validate(m).empty()) << m.id << ": " << describe(validate(m));
    }
}

TEST(VisionParameters, VitLarge16IsExactly304326632) {
    // Patch embedding 16·16·3·1024 = 786,432 + bias 1,024; [CLS] 1,024; position
    // embeddings 197·1024 = 201,728 (196 patches + CLS).
    // One layer: 2 LayerNorms 2·2,048; q, k, v, o with bias 4·(1024² + 1024) = 4,198,400;
    // MLP 1024·4096 + 4096 + 4096·1024 + 1024 = 8,393,728; sum 12,596,224; ×24 = 302,309,376.
    // Final LayerNorm 2,048; classifier 1024·1000 + 1000 = 1,025,000 (no pooler).
    // Total 787,456 + 1,024 + 201,728 + 302,309,376 + 2,048 + 1,025,000 = 304,326,632
    // (timm vit_large_patch16_224: 304.3 M).
    EXPECT_EQ(countParameters(vitLarge16()).total, 304'326'632.0);
}

TEST(VisionParameters, ClipLarge14VisionTowerAndProjection) {
    // Patch embedding 14·14·3·1024 = 602,112 (no bias); [CLS] 1,024; position embeddings
    // 257·1024 = 263,168 (16² patches + CLS); pre_layrnorm 2,048; 24 layers 302,309,376 (as
    // ViT-L); post_layernorm 2,048: vision tower 303,179,776 (≈ 303.2 M). Visual projection
    // 1024·768 = 786,432 (no bias). Total 303,966,208.
    EXPECT_EQ(countParameters(clipLarge14()).total, 303'966'208.0);
    Model tower = clipLarge14();
    tower.encoder.projectionDim = 0;
    EXPECT_EQ(countParameters(tower).total, 303'179'776.0);
}

TEST(VisionParameters, Resnet50IsExactly25557032) {
    // Stem 7·7·3·64 = 9,408 + BN 128. Bottleneck (in, mid, out): in·mid + 9·mid² + mid·out
    // convolutions, BN 2·(2·mid + out), and a projection shortcut in·out + 2·out in each
    // stage's first block. Stage 1 (64→256, mid 64): 3 blocks 215,808 + shortcut 16,896
    // … summed over the stages with the fc 2048·1000 + 1000: 25,557,032, torchvision's
    // resnet50 figure.
    EXPECT_EQ(countParameters(resnet50()).total, 25'557'032.0);
    EXPECT_EQ(kvCacheBytesPerToken(resnet50(), 1.0), 0.0);
}

TEST(VisionFlops, VitLarge16PerImageIs123Point35Gflop) {
    // One image: P = 197 tokens, 196 patches, h 1024, I 4096, d 64, 16 heads; 2 FLOPs per
    // multiply-add.
    //   patch_embed 2·196·768·1024 + 196·1024 (bias) + 197·1024 (position add) = 308,683,776
    //   norms       48·5·197·1024 = 48,414,720
    //   qkv_proj    24·(2·197·1024·3072 + 197·3072) = 29,760,528,384
    //   attention   24·16·197²·(4·64 + 5) = 3,889,593,216 (P² pairs: bidirectional)
    //   o_proj      24·(2·197·1024² + 197·1024) = 9,920,176,128
    //   mlp_up      24·(2·197·1024·4096 + 197·4096) = 39,680,704,512
    //   mlp_act     24·4·197·4096 = 77,463,552
    //   mlp_down    24·(2·197·4096·1024 + 197·1024) = 39,666,180,096
    //   final_norm  5·197·1024 = 1,008,640;  classifier 2·1024·1000 + 1000 = 2,049,000
    // Sum 123,354,802,024 FLOP. Its matmul multiply-adds alone are 61,554,712,576 = 61.6 G,
    // the "61.6 GFLOPs" timm publishes: those are MACs, so ≈ 123 GFLOP.
    const Analysis a = analyzeAt(vitLarge16(), 1);
    ASSERT_EQ(a.passes.size(), 1u);
    EXPECT_EQ(a.primary().kind, PassKind::Encode);
    EXPECT_DOUBLE_EQ(a.primary().flops, 123'354'802'024.0);
    EXPECT_NEAR(a.primary().flops / 2.0 / 61.6e9, 1.0, 0.005);
    const OperatorCost* att = test::findOp(a, PassKind::Encode, "attention");
    ASSERT_NE(att, nullptr);
    EXPECT_DOUBLE_EQ(att->flops, 3'889'593'216.0);
    EXPECT_EQ(att->traffic[ByteCategory::KvCache], 0.0);  // no KV cache
    // Eight images: every FLOP count scales with B.
    EXPECT_DOUBLE_EQ(analyzeAt(vitLarge16(), 8).primary().flops, 8.0 * 123'354'802'024.0);
}

TEST(VisionFlops, Resnet50PerImageIs8Point18Gflop) {
    // Convolutions: 4,087,136,256 multiply-adds (stem 118,013,952; each conv
    // H_out·W_out·C_out·C_in·k²), ×2 = 8,174,272,512; max pool 8 comparisons × 56·56·64 =
    // 1,605,632; average pool 7·7·2048 = 100,352; fc 2·2048·1000 + 1000 = 4,097,000.
    // Total 8,180,075,496. Published "4.1 GFLOPs" (torchvision 4.09) are multiply-adds:
    // 4,087,136,256 + 2,048,000 (fc) = 4.09 G.
    const Analysis a = analyzeAt(resnet50(), 1);
    ASSERT_EQ(a.passes.size(), 1u);
    EXPECT_EQ(a.primary().kind, PassKind::Forward);
    EXPECT_DOUBLE_EQ(a.primary().flops, 8'180'075'496.0);
    const OperatorCost* stem = test::findOp(a, PassKind::Forward, "stem_conv");
    ASSERT_NE(stem, nullptr);
    EXPECT_DOUBLE_EQ(stem->flops, 2.0 * 112 * 112 * 64 * 3 * 49);
    EXPECT_NEAR((a.primary().flops - 1'605'632.0 - 100'352.0 - 1000.0) / 2.0 / 4.09e9, 1.0, 0.001);
}

TEST(VisionBytes, Resnet50StemMovesItsWeightsAndBothFeatureMaps) {
    // Stem at B = 2, bf16: weights 9,408·2 + folded BN bias 64·2 = 18,944 bytes; input
    // 2·3·224²·2 = 602,112; output 2·64·112²·2 = 3,211,264 (BN and ReLU fused: no extra
    // round trip).
    const Analysis a = analyzeAt(resnet50(), 2);
    const OperatorCost* stem = test::findOp(a, PassKind::Forward, "stem_conv");
    ASSERT_NE(stem, nullptr);
    EXPECT_DOUBLE_EQ(stem->traffic[ByteCategory::Weights], 18'944.0);
    EXPECT_DOUBLE_EQ(stem->traffic[ByteCategory::Activations], 602'112.0 + 3'211'264.0);
}

TEST(VisionAnalysis, OnePassNoDecodeNoKvCacheImagesPerSecond) {
    for (const Model& m : {vitLarge16(), clipLarge14(), resnet50()}) {
        const Analysis a = analyzeAt(m, 4);
        EXPECT_FALSE(a.hasDecode()) << m.id;
        EXPECT_EQ(a.passes.size(), 1u);
        EXPECT_EQ(a.ttftSeconds, 0.0);
        EXPECT_EQ(a.tpotSeconds, 0.0);
        EXPECT_FALSE(a.criticalBatch.has_value());
        EXPECT_FALSE(a.goldilocksContextTokens.has_value());
        EXPECT_DOUBLE_EQ(a.imagesPerSecond, 4.0 / a.primary().timeSeconds);
        EXPECT_EQ(a.memory.kvCacheBytes, 0.0);
        EXPECT_DOUBLE_EQ(a.memory.totalBytes, a.memory.weightBytes + a.memory.workspaceBytes);
        // decode() of an analysis without one reads an empty pass, never past the list.
        EXPECT_EQ(a.decode().flops, 0.0);
        EXPECT_EQ(a.prefill().flops, 0.0);
        EXPECT_EQ(a.primary().traffic[ByteCategory::KvCache], 0.0);
    }
}

TEST(VisionAnalysis, CostAndEnergyArePerImage) {
    // DOMAIN §7 with images for output tokens. ResNet-50 at B = 8 on one H100 (TDP 700 W):
    // energy <= 700 W × 1 device / images/s; at $2.50 per device-hour the cost per million
    // images is 2.50 × 1 × 1e6 / (3600 × images/s). With the engine's 50,212 images/s
    // (8 / 159 µs) these are 13.9 mJ and $0.0138.
    Workload w;
    w.batch = 8;
    w.pricePerDeviceHourUsd = 2.5;
    Hardware hw = h100Sxm();
    hw.tdpWatts = 700.0;
    const Analysis a = analyze(scenario(hw, resnet50(), w));
    ASSERT_TRUE(a.cost.has_value());
    ASSERT_TRUE(a.energy.has_value());
    EXPECT_DOUBLE_EQ(a.energy->joulesPerImageMax, 700.0 / a.imagesPerSecond);
    EXPECT_DOUBLE_EQ(a.cost->usdPerMillionImages, 2.5 * 1e6 / (3600.0 * a.imagesPerSecond));
    EXPECT_NEAR(a.energy->joulesPerImageMax, 0.0139, 0.0002);
    EXPECT_NEAR(a.cost->usdPerMillionImages, 0.0138, 0.0002);
    // No output tokens: the per-token figures stay 0, and no price means no cost.
    EXPECT_EQ(a.energy->joulesPerOutputTokenMax, 0.0);
    EXPECT_EQ(a.cost->usdPerMillionOutputTokens, 0.0);
    w.pricePerDeviceHourUsd.reset();
    EXPECT_FALSE(analyze(scenario(hw, resnet50(), w)).cost.has_value());
}

TEST(VisionAnalysis, DecoderOnlyKnobsAreIgnoredWithAWarning) {
    Workload w;
    w.speculativeTokens = 4;
    w.kvHeadsOverride = 8;
    const Analysis a = analyze(scenario(h100Sxm(), vitLarge16(), w));
    ASSERT_EQ(a.passes.size(), 1u);
    bool spec = false, kv = false;
    for (const Warning& warning : a.warnings) {
        spec = spec || warning.str().find("Speculative decoding ignored") != std::string::npos;
        kv = kv || warning.str().find("KV-head override ignored") != std::string::npos;
    }
    EXPECT_TRUE(spec);
    EXPECT_TRUE(kv);
}

TEST(VisionAnalysis, CnnRefusesTensorParallelism) {
    Workload w;
    w.tensorParallel = 2;
    const std::vector<Issue> issues = validate(w, resnet50());
    ASSERT_FALSE(issues.empty());
    EXPECT_EQ(issues[0].field, "tensorParallel");
}

TEST(VisionAnalysis, EncoderTensorParallelHalvesLayerFlopsAndAllReduces) {
    // D = 2: each device does half of every layer's matmuls; two all-reduces per layer.
    Workload w;
    w.tensorParallel = 2;
    const Analysis a = analyze(scenario(h100Sxm(), vitLarge16(), w));
    const Analysis one = analyzeAt(vitLarge16(), 1);
    const OperatorCost* up2 = test::findOp(a, PassKind::Encode, "mlp_up");
    const OperatorCost* up1 = test::findOp(one, PassKind::Encode, "mlp_up");
    ASSERT_TRUE(up2 != nullptr && up1 != nullptr);
    EXPECT_DOUBLE_EQ(up2->flops, up1->flops / 2.0);
    const OperatorCost* ar = test::findOp(a, PassKind::Encode, "tp_allreduce");
    ASSERT_NE(ar, nullptr);
    EXPECT_EQ(ar->count, 48.0);
    EXPECT_DOUBLE_EQ(ar->linkBytes, 48.0 * 197 * 1024 * 2);
}

// Question 14: a CNN reuses each weight over H_out·W_out positions of every image, so its
// intensity at B = 1 is already far above decode's ≈ 1 FLOP/byte and rises little with B;
// decode's rises about in proportion to B.
TEST(VisionInvariants, CnnIntensityRisesFarLessWithBatchThanDecode) {
    const double cnn1 = analyzeAt(resnet50(), 1).primary().intensity();
    const double cnn256 = analyzeAt(resnet50(), 256).primary().intensity();
    Workload w;
    w.contextTokens = 512;
    const auto decodeAt = [&](std::int64_t b) {
        w.batch = b;
        return analyze(scenario(h100Sxm(), test::llama31_8b(), w)).decode().intensity();
    };
    const double dec1 = decodeAt(1), dec256 = decodeAt(256);
    EXPECT_LT(dec1, 2.0);
    EXPECT_GT(cnn1, 30.0 * dec1);
    EXPECT_LT(cnn256 / cnn1, 4.0);
    EXPECT_GT(dec256 / dec1, 50.0);
}

// Over many batches, precisions and devices: a vision pass is finite, its FLOPs scale with
// B exactly, its intensity never falls as B grows, its time is the sum of its operators'
// and never below the whole-pass bound, and it has no decode step.
TEST(VisionInvariants, OnePassScalesWithBatchOverGeneratedScenarios) {
    std::mt19937 rng(14);
    const Model models[] = {vitLarge16(), clipLarge14(), resnet50()};
    const Precision precisions[] = {Precision::Bf16, Precision::Fp8, Precision::Int4,
                                    Precision::Fp32};
    for (int i = 0; i < 3000; ++i) {
        const Model& m = models[rng() % 3];
        Workload w;
        w.batch = 1 + static_cast<std::int64_t>(rng() % 2048);
        w.weightPrecision = precisions[rng() % 4];
        w.flashAttention = rng() % 2 == 0;
        w.tensorParallel = m.kind == ModelKind::Cnn ? 1 : std::int64_t{1} << (rng() % 3);
        ASSERT_FALSE(hasErrors(validate(scenario(h100Sxm(), m, w))));
        const Analysis a = analyze(scenario(h100Sxm(), m, w));
        Workload w2 = w;
        w2.batch = w.batch * 2;
        const Analysis b = analyze(scenario(h100Sxm(), m, w2));
        const PassCost& p = a.primary();
        ASSERT_TRUE(std::isfinite(p.timeSeconds) && p.timeSeconds > 0.0);
        EXPECT_FALSE(a.hasDecode());
        EXPECT_NEAR(b.primary().flops / p.flops, 2.0, 1e-12);
        EXPECT_GE(b.primary().intensity(), p.intensity() * (1.0 - 1e-12));
        EXPECT_GE(p.timeSeconds, p.stepBoundSeconds * (1.0 - 1e-12));
        double sum = 0.0;
        for (const OperatorCost& op : a.operators) {
            sum += op.timeSeconds;
            EXPECT_GE(op.timeSeconds,
                      std::max(op.computeTimeSeconds, op.memoryTimeSeconds) * (1.0 - 1e-12));
        }
        EXPECT_NEAR(sum / p.timeSeconds, 1.0, 1e-12);
        EXPECT_NEAR(
            p.shares[Bound::Compute] + p.shares[Bound::Memory] + p.shares[Bound::Interconnect], 1.0,
            1e-12);
    }
}

TEST(VisionTrail, TrailOfTheOnePassCarriesImagesPerSecond) {
    const std::vector<TrailPoint> trail =
        decodeBatchTrail(scenario(h100Sxm(), resnet50(), Workload{}), 64);
    ASSERT_GE(trail.size(), 7u);
    for (const TrailPoint& p : trail) {
        EXPECT_GT(p.imagesPerSecond, 0.0);
        EXPECT_GT(p.passTimeSeconds, 0.0);
        EXPECT_EQ(p.tpotSeconds, 0.0);
    }
    EXPECT_GT(trail.back().intensityFlopsPerByte, trail.front().intensityFlopsPerByte);
}

}  // namespace
}  // namespace roofline
