// SPDX-License-Identifier: GPL-3.0-or-later
// The newer model types (EXAONE 4.0, OLMo 3, the Qwen vision-language wrappers, ...): each is
// read from a real config.json (tests/data/models/, sources in its README.md); its layers come
// out as its transformers modelling code builds them, its parameters are within 2% of the model
// card's and equal a hand count, and its KV bytes per token (and per sequence, with the window
// caps) equal a hand count (DOMAIN.md §3, §5, §6).

#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <tuple>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "roofline/analysis.h"
#include "roofline/io/presets.h"
#include "roofline/model.h"

namespace {

using nlohmann::json;
using roofline::AttentionSpan;
using roofline::Issue;
using roofline::LayerGroup;
using roofline::MixerKind;
using roofline::MlpKind;
using roofline::Model;
using roofline::Severity;
using roofline::io::Loaded;
using roofline::io::parseModelConfig;

const std::string kDir = std::string(ROOFLINE_TEST_DATA_DIR) + "/models/";

Loaded<Model> load(const std::string& folder) {
    return roofline::io::loadModelFile(kDir + folder + "/config.json");
}

json fixture(const std::string& folder) {
    std::ifstream in(kDir + folder + "/config.json");
    return json::parse(in);
}

Model parseOk(const std::string& text) {
    const Loaded<Model> m = parseModelConfig(text, "configs/test/config.json", "test");
    EXPECT_TRUE(m.ok()) << roofline::describe(m.issues);
    return m.ok() ? *m.value : Model{};
}

bool hasWarning(const Loaded<Model>& m) {
    for (const Issue& i : m.issues) {
        if (i.severity == Severity::Warning) {
            return true;
        }
    }
    return false;
}

using GroupKey = std::tuple<MixerKind, AttentionSpan, std::int64_t, MlpKind>;
using Groups = std::map<GroupKey, std::int64_t>;
Groups groupsOf(const Model& m) {
    Groups out;
    for (const LayerGroup& g : m.layerGroups) {
        out[{g.mixer, g.span, g.window, g.mlp}] += g.count;
    }
    return out;
}
constexpr auto kAttention = MixerKind::Attention;
constexpr auto kFull = AttentionSpan::Full;
constexpr auto kSliding = AttentionSpan::Sliding;

double relativeError(double actual, double expected) {
    return std::abs(actual - expected) / expected;
}

// EXAONE 4.0 32B: three local layers of window 4096, then one global (layer_types; the same as
// its sliding_window_pattern "LLLG"); post-norms only and a per-head q/k RMSNorm.
TEST(NewerFamilies, Exaone4LocalGlobalLayersAndPostNorms) {
    const Loaded<Model> loaded = load("exaone-4.0-32b");
    ASSERT_TRUE(loaded.ok()) << roofline::describe(loaded.issues);
    EXPECT_FALSE(hasWarning(loaded)) << roofline::describe(loaded.issues);
    const Model& m = *loaded.value;
    EXPECT_EQ(m.architecture, "exaone4");
    EXPECT_TRUE(m.qkNorm);
    EXPECT_FALSE(m.qkNormWhole);
    EXPECT_FALSE(m.qkvBias);
    EXPECT_EQ(m.normsPerLayer, 2);
    EXPECT_EQ(groupsOf(m), (Groups{{{kAttention, kSliding, 4096, MlpKind::Dense}, 48},
                                   {{kAttention, kFull, 0, MlpKind::Dense}, 16}}));
    // By hand (h 5120, 40 heads and 8 KV heads of 128, I 27392, V 102400, untied):
    //   q 5120·5120 = 26,214,400; k, v 2·5120·1024 = 10,485,760; o 26,214,400; q/k norms 2·128
    //   = 256; MLP 3·5120·27392 = 420,741,120; post-attention and post-feedforward norms 10,240
    //   -> 483,666,176 per layer, × 64 = 30,954,635,264; final norm 5,120: 30,954,640,384
    //   without embeddings, the card's "30.95B" (LGAI-EXAONE/EXAONE-4.0-32B, "Number of
    //   Parameters (without embeddings): 30.95B"). Embeddings 2·102400·5120 = 1,048,576,000.
    //   Total 32,003,216,384: the card's 32B.
    const roofline::ParameterCount c = roofline::countParameters(m);
    EXPECT_EQ(c.total, 32003216384.0);
    EXPECT_LE(relativeError(c.total, 32e9), 0.02);
    // KV per token, bf16, no caps: 64 · 2 · 8 · 128 · 2 = 262,144 bytes. One sequence of
    // 32,768 tokens: 48 local layers keep 4,096 tokens of 4,096 bytes (805,306,368), 16 global
    // layers all 32,768 (2,147,483,648): 2,952,790,016 bytes.
    EXPECT_EQ(roofline::kvCacheBytesPerToken(m, 2.0), 262144.0);
    EXPECT_EQ(roofline::kvCacheBytesPerSequence(m, 32768.0, 2.0), 2952790016.0);
}

// Without layer_types, Exaone4Config's sliding_window_pattern decides: the integer default 4
// (layer i global when (i + 1) % 4 == 0), or a string naming each layer's kind in turn, whose
// last layer is always global; a null sliding_window makes every layer global.
TEST(NewerFamilies, Exaone4PatternWithoutLayerTypes) {
    json config = json::parse(R"({"architectures": ["Exaone4ForCausalLM"],
        "model_type": "exaone4", "hidden_size": 2048, "intermediate_size": 4096,
        "num_hidden_layers": 30, "num_attention_heads": 32, "num_key_value_heads": 8,
        "head_dim": 64, "vocab_size": 102400, "sliding_window": 4096})");
    EXPECT_EQ(groupsOf(parseOk(config.dump())),
              (Groups{{{kAttention, kSliding, 4096, MlpKind::Dense}, 23},
                      {{kAttention, kFull, 0, MlpKind::Dense}, 7}}));
    config["sliding_window_pattern"] = "LLG";  // global: 2, 5, ..., 29 (10), and the last
    EXPECT_EQ(groupsOf(parseOk(config.dump())),
              (Groups{{{kAttention, kSliding, 4096, MlpKind::Dense}, 20},
                      {{kAttention, kFull, 0, MlpKind::Dense}, 10}}));
    config["sliding_window_pattern"] = "LLLL";  // only the last layer is global
    EXPECT_EQ(groupsOf(parseOk(config.dump())),
              (Groups{{{kAttention, kSliding, 4096, MlpKind::Dense}, 29},
                      {{kAttention, kFull, 0, MlpKind::Dense}, 1}}));
    config["sliding_window"] = nullptr;
    EXPECT_EQ(groupsOf(parseOk(config.dump())),
              (Groups{{{kAttention, kFull, 0, MlpKind::Dense}, 30}}));
    config["sliding_window"] = 4096;
    config["sliding_window_pattern"] = "LXG";
    const Loaded<Model> bad = parseModelConfig(config.dump(), "config.json", "bad");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.issues[0].pointer, "/sliding_window_pattern");
}

// OLMo 3.1 32B: OLMo 2's layer (post-norms, q_norm and k_norm over the whole projections) with
// three sliding layers of 4096 then one full.
TEST(NewerFamilies, Olmo3SlidingWindowPatternAndWholeQkNorms) {
    const Loaded<Model> loaded = load("olmo-3.1-32b-instruct");
    ASSERT_TRUE(loaded.ok()) << roofline::describe(loaded.issues);
    EXPECT_FALSE(hasWarning(loaded)) << roofline::describe(loaded.issues);
    const Model& m = *loaded.value;
    EXPECT_TRUE(m.qkNorm);
    EXPECT_TRUE(m.qkNormWhole);
    EXPECT_EQ(groupsOf(m), (Groups{{{kAttention, kSliding, 4096, MlpKind::Dense}, 48},
                                   {{kAttention, kFull, 0, MlpKind::Dense}, 16}}));
    // By hand (h 5120, 40 heads and 8 KV heads of 128, I 27648, V 100278, untied):
    //   q 26,214,400; k, v 10,485,760; o 26,214,400; q_norm 40·128 = 5,120 and k_norm 8·128 =
    //   1,024; MLP 3·5120·27648 = 424,673,280; two norms 10,240 -> 487,604,224 per layer, × 64
    //   = 31,206,670,336; embeddings 2·100278·5120 = 1,026,846,720; final norm 5,120.
    //   Total 32,233,522,176: the card's 32B (allenai/Olmo-3.1-32B-Instruct, "Olmo 3.1 32B").
    const roofline::ParameterCount c = roofline::countParameters(m);
    EXPECT_EQ(c.total, 32233522176.0);
    EXPECT_LE(relativeError(c.total, 32e9), 0.02);
    // KV: 64 · 2 · 8 · 128 · 2 = 262,144 bytes per token; 32,768 tokens with the caps as for
    // EXAONE 4.0 (the same heads and window): 2,952,790,016 bytes.
    EXPECT_EQ(roofline::kvCacheBytesPerToken(m, 2.0), 262144.0);
    EXPECT_EQ(roofline::kvCacheBytesPerSequence(m, 32768.0, 2.0), 2952790016.0);

    // Without layer_types, Olmo3Config's own pattern gives the same layers; without
    // sliding_window its default 4096.
    json config = fixture("olmo-3.1-32b-instruct");
    config.erase("layer_types");
    config.erase("sliding_window");
    EXPECT_EQ(groupsOf(parseOk(config.dump())), groupsOf(m));
}

// Qwen2.5-VL-7B, its text keys at the top (an older config): Qwen2's decoder (biased q, k, v)
// and the 32-block window-attention vision tower beside it.
TEST(NewerFamilies, Qwen25VlReadsTheTopLevelDecoderAndCountsItsTower) {
    const Loaded<Model> loaded = load("qwen2.5-vl-7b-instruct");
    ASSERT_TRUE(loaded.ok()) << roofline::describe(loaded.issues);
    EXPECT_FALSE(hasWarning(loaded)) << roofline::describe(loaded.issues);
    const Model& m = *loaded.value;
    EXPECT_EQ(m.architecture, "qwen2_5_vl");
    EXPECT_TRUE(m.qkvBias);
    EXPECT_FALSE(m.oBias);
    EXPECT_FALSE(m.qkNorm);
    EXPECT_EQ(groupsOf(m), (Groups{{{kAttention, kFull, 0, MlpKind::Dense}, 28}}));
    // Decoder by hand (h 3584, 28 heads and 4 KV heads of 128, I 18944, V 152064, untied):
    //   q 3584² + 3,584 = 12,848,640; k, v 2·(3584·512 + 512) = 3,671,040; o 12,845,056; MLP
    //   3·3584·18944 = 203,685,888; norms 7,168 -> 233,057,792 per layer, × 28 =
    //   6,525,618,176; embeddings 2·152064·3584 = 1,089,994,752; final norm 3,584.
    //   Decoder 7,615,616,512 (Qwen2.5-7B's 7.61B).
    // Vision tower by hand (h 1280, I 3420, 32 blocks, patch 14, t 2, merge 2, out 3584):
    //   patch Conv3d 3·2·14²·1280 = 1,505,280 (no bias); a block: 2 RMSNorms 2,560, qkv 3·1280²
    //   + 3,840 = 4,919,040, proj 1280² + 1,280 = 1,639,680, gated MLP 3·1280·3420 + 2·3420 +
    //   1,280 = 13,140,920 -> 19,702,200, × 32 = 630,470,400; merger: ln_q 1,280, fc1 5120² +
    //   5,120 = 26,219,520, fc2 5120·3584 + 3,584 = 18,353,664. Vision 676,550,144 (the
    //   technical report's 675M ViT, arXiv:2502.13923 Table 1).
    //   Total 8,292,166,656: the 8.29B of Qwen/Qwen2.5-VL-7B-Instruct's weights.
    const roofline::ParameterCount c = roofline::countParameters(m);
    EXPECT_EQ(c.total, 7615616512.0);
    EXPECT_EQ(c.vision, 676550144.0);
    EXPECT_LE(relativeError(c.total + c.vision, 8.29e9), 0.02);
    // KV: 28 · 2 · 4 · 128 · 2 = 57,344 bytes per token (no sliding: use_sliding_window false).
    EXPECT_EQ(roofline::kvCacheBytesPerToken(m, 2.0), 57344.0);

    // The same decoder in text_config (newer configs, model_type qwen2_5_vl_text).
    json flat = json::parse(R"({"hidden_size": 3584, "intermediate_size": 18944,
        "num_hidden_layers": 28, "num_attention_heads": 28, "num_key_value_heads": 4,
        "vocab_size": 152064, "tie_word_embeddings": false, "model_type": "qwen2_5_vl_text"})");
    json wrapped = {{"model_type", "qwen2_5_vl"}, {"text_config", flat}};
    const Model w = parseOk(wrapped.dump());
    EXPECT_EQ(roofline::countParameters(w).total, 7615616512.0);
    EXPECT_EQ(roofline::countParameters(w).vision, 0.0);  // no vision_config here
}

// Qwen3-VL-4B: Qwen3-4B's decoder (per-head q/k norms, tied embeddings) in text_config, and a
// vision tower with three deepstack mergers.
TEST(NewerFamilies, Qwen3VlReadsTextConfigAndCountsDeepstackMergers) {
    const Loaded<Model> loaded = load("qwen3-vl-4b-instruct");
    ASSERT_TRUE(loaded.ok()) << roofline::describe(loaded.issues);
    EXPECT_FALSE(hasWarning(loaded)) << roofline::describe(loaded.issues);
    const Model& m = *loaded.value;
    EXPECT_EQ(m.architecture, "qwen3_vl");
    EXPECT_TRUE(m.qkNorm);
    EXPECT_FALSE(m.qkvBias);
    EXPECT_TRUE(m.tieWordEmbeddings);
    EXPECT_EQ(groupsOf(m), (Groups{{{kAttention, kFull, 0, MlpKind::Dense}, 36}}));
    // Decoder by hand (h 2560, 32 heads and 8 KV heads of 128, I 9728, V 151936, tied):
    //   q 2560·4096 = 10,485,760; k, v 2·2560·1024 = 5,242,880; o 10,485,760; q/k norms 256;
    //   MLP 3·2560·9728 = 74,711,040; norms 5,120 -> 100,930,816 per layer, × 36 =
    //   3,633,509,376; one embedding 151936·2560 = 388,956,160; final norm 2,560.
    //   Decoder 4,022,468,096: Qwen3-4B's card, "Number of Parameters: 4.0B, Non-Embedding:
    //   3.6B" (3,633,511,936 here).
    // Vision tower by hand (h 1024, I 4096, 24 blocks, patch 16, t 2, merge 2, out 2560,
    // 2304 positions, deepstack at blocks 5, 11, 17):
    //   patch Conv3d 3·2·16²·1024 + 1,024 = 1,573,888; positions 2304·1024 = 2,359,296; a
    //   block: 2 LayerNorms 4,096, qkv 3·1024² + 3,072 = 3,148,800, proj 1024² + 1,024 =
    //   1,049,600, MLP 2·1024·4096 + 4,096 + 1,024 = 8,393,728 -> 12,596,224, × 24 =
    //   302,309,376; merger over 2 × 2 patches (4,096): LayerNorm 2,048, fc1 4096² + 4,096 =
    //   16,781,312, fc2 4096·2560 + 2,560 = 10,488,320 -> 27,271,680; three deepstack mergers,
    //   each LayerNorm 2·4096 = 8,192 + fc1 + fc2 = 27,277,824 -> 81,833,472.
    //   Vision 415,347,712. Total 4,437,815,808.
    const roofline::ParameterCount c = roofline::countParameters(m);
    EXPECT_EQ(c.total, 4022468096.0);
    EXPECT_LE(relativeError(c.total, 4.0e9), 0.02);
    EXPECT_EQ(c.vision, 415347712.0);
    // KV: 36 · 2 · 8 · 128 · 2 = 147,456 bytes per token.
    EXPECT_EQ(roofline::kvCacheBytesPerToken(m, 2.0), 147456.0);
}

// Qwen3-VL-235B-A22B: Qwen3-235B-A22B's MoE decoder in text_config; the copy leaves the vision
// config's deepstack_visual_indexes and num_position_embeddings out, so Qwen3VLMoeVisionConfig's
// defaults ([8, 16, 24], 2304) apply.
TEST(NewerFamilies, Qwen3VlMoeReadsTheMoeDecoderAndTheDefaultDeepstack) {
    const Loaded<Model> loaded = load("qwen3-vl-235b-a22b-thinking");
    ASSERT_TRUE(loaded.ok()) << roofline::describe(loaded.issues);
    EXPECT_FALSE(hasWarning(loaded)) << roofline::describe(loaded.issues);
    const Model& m = *loaded.value;
    EXPECT_EQ(m.architecture, "qwen3_vl_moe");
    EXPECT_EQ(m.moe.numExperts, 128);
    EXPECT_EQ(m.moe.expertsPerToken, 8);
    EXPECT_EQ(m.moe.expertIntermediateSize, 1536);
    EXPECT_EQ(m.moe.sharedIntermediateSize, 0);
    EXPECT_FALSE(m.tieWordEmbeddings);
    EXPECT_EQ(groupsOf(m), (Groups{{{kAttention, kFull, 0, MlpKind::Moe}, 94}}));
    // Decoder by hand (h 4096, 64 heads and 4 KV heads of 128, 128 experts of 1536, top 8,
    // V 151936, untied): q 4096·8192 = 33,554,432; k, v 2·4096·512 = 4,194,304; o 33,554,432;
    //   q/k norms 256 -> 71,303,424; router 128·4096 = 524,288; experts 128·3·4096·1536 =
    //   2,415,919,104; norms 8,192 -> 2,487,755,008 per layer, × 94 = 233,848,970,752;
    //   embeddings 2·151936·4096 = 1,244,659,712; final norm 4,096. Total 235,093,634,560.
    //   Active: 94 · (71,303,424 + 524,288 + 8·18,874,368 + 8,192) = 20,946,099,712, plus the
    //   embeddings and final norm: 22,190,763,520. The card's "235B-A22B".
    // Vision tower by hand (h 1152, I 4304, 27 blocks, patch 14 as this copy has it, t 2,
    // merge 2, out 4096): patch 3·2·14²·1152 + 1,152 = 1,355,904; positions 2304·1152 =
    //   2,654,208; 27 blocks of 15,239,504 = 411,466,608; merger LayerNorm 2,304, fc1 4608² +
    //   4,608 = 21,238,272, fc2 4608·4096 + 4,096 = 18,878,464 -> 40,119,040; three deepstack
    //   mergers of 2·4608 + 21,238,272 + 18,878,464 = 40,125,952 -> 120,377,856.
    //   Vision 575,973,616.
    const roofline::ParameterCount c = roofline::countParameters(m);
    EXPECT_EQ(c.total, 235093634560.0);
    EXPECT_EQ(c.activePerToken, 22190763520.0);
    EXPECT_LE(relativeError(c.total + c.vision, 235e9), 0.02);
    EXPECT_LE(relativeError(c.activePerToken, 22e9), 0.02);
    EXPECT_EQ(c.vision, 575973616.0);
    // KV: 94 · 2 · 4 · 128 · 2 = 192,512 bytes per token.
    EXPECT_EQ(roofline::kvCacheBytesPerToken(m, 2.0), 192512.0);
}

// MiMo-7B: Qwen2's decoder (biased q, k, v) and one MTP layer beside it.
TEST(NewerFamilies, MimoIsQwen2WithAnMtpLayer) {
    const Loaded<Model> loaded = load("mimo-7b");
    ASSERT_TRUE(loaded.ok()) << roofline::describe(loaded.issues);
    EXPECT_FALSE(hasWarning(loaded)) << roofline::describe(loaded.issues);
    const Model& m = *loaded.value;
    EXPECT_EQ(m.architecture, "mimo");
    EXPECT_TRUE(m.qkvBias);
    EXPECT_FALSE(m.oBias);
    EXPECT_EQ(groupsOf(m), (Groups{{{kAttention, kFull, 0, MlpKind::Dense}, 36}}));
    EXPECT_EQ(m.mtp.count, 1);
    EXPECT_EQ(m.mtp.mixer, kAttention);
    EXPECT_EQ(m.mtp.mlp, MlpKind::Dense);
    // By hand (h 4096, 32 heads and 8 KV heads of 128, I 11008, V 151680, untied):
    //   q 4096² + 4,096 = 16,781,312; k, v 2·(4096·1024 + 1,024) = 8,390,656; o 16,777,216;
    //   MLP 3·4096·11008 = 135,266,304; norms 8,192 -> 177,223,680 per layer, × 36 =
    //   6,380,052,480; embeddings 2·151680·4096 = 1,242,562,560; final norm 4,096.
    //   Total 7,622,619,136.
    //   The MTP layer (MiMoMTPLayers): a decoder layer 177,223,680, token_layernorm and
    //   hidden_layernorm 8,192, input_proj 2·4096·4096 = 33,554,432, final_layernorm 4,096:
    //   210,790,400. With it 7,833,409,536: the 7.83B the checkpoint holds (the Hub's count of
    //   XiaomiMiMo/MiMo-7B-Base's weights; the card's "MiMo-7B").
    const roofline::ParameterCount c = roofline::countParameters(m);
    EXPECT_EQ(c.total, 7622619136.0);
    EXPECT_EQ(c.mtp, 210790400.0);
    EXPECT_LE(relativeError(c.total + c.mtp, 7.83e9), 0.02);
    // KV: 36 · 2 · 8 · 128 · 2 = 147,456 bytes per token (the MTP layer's own cache is the
    // draft's, not the model's).
    EXPECT_EQ(roofline::kvCacheBytesPerToken(m, 2.0), 147456.0);
}

}  // namespace
