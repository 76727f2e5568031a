// SPDX-License-Identifier: GPL-3.0-or-later
// parseModelConfig on Hugging Face config.json files of architectures we do not ship:
// shapes and parameter counts come from the fields alone (reference/README.md: "must handle
// configs of other models in the same conventions too"), and bad configs give one issue that
// names the file, the JSON Pointer, what was expected and what was found.

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "roofline/io/presets.h"
#include "roofline/model.h"
#include "roofline/validate.h"

namespace {

using nlohmann::json;
using roofline::Issue;
using roofline::LayerGroup;
using roofline::Model;
using roofline::Severity;
using roofline::io::Loaded;
using roofline::io::parseModelConfig;

const std::string kFile = "configs/test/config.json";

Model parseOk(const std::string& text, const std::string& id = "test-model") {
    const Loaded<Model> m = parseModelConfig(text, kFile, id);
    EXPECT_TRUE(m.ok()) << roofline::describe(m.issues);
    EXPECT_FALSE(roofline::hasErrors(m.issues));
    return m.ok() ? *m.value : Model{};
}

std::map<std::pair<std::int64_t, bool>, std::int64_t> groupsOf(const Model& m) {
    std::map<std::pair<std::int64_t, bool>, std::int64_t> out;
    for (const LayerGroup& g : m.layerGroups) {
        const std::int64_t window = g.span == roofline::AttentionSpan::Sliding ? g.window : 0;
        out[{window, g.mlp == roofline::MlpKind::Moe}] += g.count;
    }
    return out;
}

using Groups = std::map<std::pair<std::int64_t, bool>, std::int64_t>;

// The first error of a failed parse: no value, and an Error that names kFile, `pointer`, and
// whose message contains `fragment` and the file name.
void expectError(const std::string& text, const std::string& pointer, const std::string& fragment) {
    const Loaded<Model> m = parseModelConfig(text, kFile, "bad");
    EXPECT_FALSE(m.ok());
    const Issue* first = nullptr;
    for (const Issue& i : m.issues) {
        if (i.severity == Severity::Error) {
            first = &i;
            break;
        }
    }
    ASSERT_NE(first, nullptr) << "no error for:\n" << text;
    EXPECT_EQ(first->file, kFile);
    EXPECT_EQ(first->pointer, pointer) << first->message();
    const std::string message = first->message();
    EXPECT_EQ(message.rfind(kFile + ": ", 0), 0u) << message;
    EXPECT_NE(message.find(pointer.empty() ? "the file" : pointer + " must be "), std::string::npos)
        << message;
    EXPECT_NE(message.find(fragment), std::string::npos)
        << "fragment '" << fragment << "' not in: " << message;
}

// Qwen3-8B, fields as in its published config.json (Qwen/Qwen3-8B).
constexpr const char* kQwen3_8B = R"({
  "architectures": ["Qwen3ForCausalLM"],
  "attention_bias": false,
  "attention_dropout": 0.0,
  "bos_token_id": 151643,
  "eos_token_id": 151645,
  "head_dim": 128,
  "hidden_act": "silu",
  "hidden_size": 4096,
  "initializer_range": 0.02,
  "intermediate_size": 12288,
  "max_position_embeddings": 40960,
  "max_window_layers": 36,
  "model_type": "qwen3",
  "num_attention_heads": 32,
  "num_hidden_layers": 36,
  "num_key_value_heads": 8,
  "rms_norm_eps": 1e-06,
  "rope_scaling": null,
  "rope_theta": 1000000,
  "sliding_window": null,
  "tie_word_embeddings": false,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.51.0",
  "use_cache": true,
  "use_sliding_window": false,
  "vocab_size": 151936
})";

// Qwen3-30B-A3B (Qwen/Qwen3-30B-A3B config.json).
constexpr const char* kQwen3_30B_A3B = R"({
  "architectures": ["Qwen3MoeForCausalLM"],
  "attention_bias": false,
  "decoder_sparse_step": 1,
  "head_dim": 128,
  "hidden_act": "silu",
  "hidden_size": 2048,
  "intermediate_size": 6144,
  "max_position_embeddings": 40960,
  "max_window_layers": 48,
  "mlp_only_layers": [],
  "model_type": "qwen3_moe",
  "moe_intermediate_size": 768,
  "norm_topk_prob": true,
  "num_attention_heads": 32,
  "num_experts": 128,
  "num_experts_per_tok": 8,
  "num_hidden_layers": 48,
  "num_key_value_heads": 4,
  "output_router_logits": false,
  "rms_norm_eps": 1e-06,
  "rope_theta": 1000000.0,
  "router_aux_loss_coef": 0.001,
  "sliding_window": null,
  "tie_word_embeddings": false,
  "use_sliding_window": false,
  "vocab_size": 151936
})";

// DeepSeek-V2-Lite (deepseek-ai/DeepSeek-V2-Lite config.json): MLA without a q LoRA, one
// dense layer first, 64 routed + 2 shared experts.
constexpr const char* kDeepSeekV2Lite = R"({
  "architectures": ["DeepseekV2ForCausalLM"],
  "model_type": "deepseek_v2",
  "first_k_dense_replace": 1,
  "hidden_size": 2048,
  "intermediate_size": 10944,
  "kv_lora_rank": 512,
  "moe_intermediate_size": 1408,
  "moe_layer_freq": 1,
  "n_group": 1,
  "n_routed_experts": 64,
  "n_shared_experts": 2,
  "num_attention_heads": 16,
  "num_experts_per_tok": 6,
  "num_hidden_layers": 27,
  "num_key_value_heads": 16,
  "q_lora_rank": null,
  "qk_nope_head_dim": 128,
  "qk_rope_head_dim": 64,
  "v_head_dim": 128,
  "topk_method": "greedy",
  "tie_word_embeddings": false,
  "vocab_size": 102400
})";

// A small Llama used as the base of variants below.
constexpr const char* kSmallLlama = R"({
  "architectures": ["LlamaForCausalLM"],
  "model_type": "llama",
  "hidden_size": 2048,
  "intermediate_size": 5632,
  "num_hidden_layers": 4,
  "num_attention_heads": 32,
  "num_key_value_heads": 4,
  "head_dim": 64,
  "vocab_size": 32000,
  "tie_word_embeddings": false
})";

std::string variant(const char* base, const json& patch) {
    json j = json::parse(base);
    j.merge_patch(patch);  // a null in the patch removes the key
    return j.dump(2);
}

// ---------------------------------------------------------------------------------------
// Architectures we do not ship.

TEST(ModelConfig, Qwen3DenseHasQkNormAndCountsToOfficialTotal) {
    const Model m = parseOk(kQwen3_8B, "qwen3-8b");
    EXPECT_EQ(m.architecture, "qwen3");
    EXPECT_TRUE(m.qkNorm);
    EXPECT_FALSE(m.qkvBias);
    EXPECT_FALSE(m.oBias);
    EXPECT_FALSE(m.tieWordEmbeddings);
    EXPECT_FALSE(m.moe.enabled());
    EXPECT_EQ(m.headDim, 128);
    EXPECT_EQ(m.numKvHeads, 8);
    EXPECT_EQ(groupsOf(m), (Groups{{{0, false}, 36}}));  // use_sliding_window false
    // By hand, per layer: q 4096·32·128 = 16,777,216; k,v 2·4096·8·128 = 8,388,608;
    // o 16,777,216; MLP 3·4096·12288 = 150,994,944; norms 2·4096 = 8,192; q/k norms
    // 2·128 = 256 -> 192,946,432; × 36 = 6,946,071,552. Embeddings untied
    // 2·151936·4096 = 1,244,659,712; final norm 4,096. Total 8,190,735,360.
    const roofline::ParameterCount c = roofline::countParameters(m);
    EXPECT_EQ(c.total, 8190735360.0);
    EXPECT_EQ(c.activePerToken, 8190735360.0);
    // Official (Qwen3-8B model card): 8.2B; the Qwen3 tech report table lists 8.19B.
    EXPECT_LE(std::abs(c.total - 8.19e9) / 8.19e9, 0.005);
    // KV: 2·36·8·128 = 73,728 elements per token.
    EXPECT_EQ(roofline::kvCacheBytesPerToken(m, 1.0), 73728.0);
}

TEST(ModelConfig, Qwen3MoeCountsToOfficialTotalAndActive) {
    const Model m = parseOk(kQwen3_30B_A3B, "qwen3-30b-a3b");
    EXPECT_EQ(m.architecture, "qwen3_moe");
    EXPECT_TRUE(m.qkNorm);
    ASSERT_TRUE(m.moe.enabled());
    EXPECT_EQ(m.moe.numExperts, 128);
    EXPECT_EQ(m.moe.expertsPerToken, 8);
    EXPECT_EQ(m.moe.expertIntermediateSize, 768);
    EXPECT_EQ(m.moe.sharedIntermediateSize, 0);
    EXPECT_FALSE(m.moe.routerBias);
    EXPECT_FALSE(m.moe.expertBias);
    // decoder_sparse_step 1 and no mlp_only_layers: all 48 layers are MoE.
    EXPECT_EQ(groupsOf(m), (Groups{{{0, true}, 48}}));
    // By hand, per layer: attention q 2048·32·128 = 8,388,608, k,v 2·2048·4·128 = 2,097,152,
    // o 8,388,608 -> 18,874,368; q/k norms 256; norms 2·2048 = 4,096; router 2048·128 =
    // 262,144; one expert 3·2048·768 = 4,718,592.
    //   all experts: 128 · 4,718,592 = 603,979,776 -> layer 623,120,640; × 48 = 29,909,790,720
    //   k = 8 experts: 37,748,736 -> layer 56,889,600; × 48 = 2,730,700,800
    // Embeddings 2·151936·2048 = 622,329,856; final norm 2,048.
    // Total 30,532,122,624; active 3,353,032,704.
    const roofline::ParameterCount c = roofline::countParameters(m);
    EXPECT_EQ(c.total, 30532122624.0);
    EXPECT_EQ(c.activePerToken, 3353032704.0);
    // Official (model card): "30.5B in total and 3.3B activated". The total is within 0.1%.
    EXPECT_LE(std::abs(c.total - 30.5e9) / 30.5e9, 0.005);
    // The active label is 1.6% below our 3.353B: Qwen truncates to one decimal (3.35 ->
    // "3.3"; excluding the input embedding would give 3.04B, further away). So the honest
    // check is that the count reads "3.3B" when truncated, and is within 2% of it.
    EXPECT_EQ(std::floor(c.activePerToken / 1e8), 33.0);
    EXPECT_LE(std::abs(c.activePerToken - 3.3e9) / 3.3e9, 0.02);
    EXPECT_EQ(roofline::kvCacheBytesPerToken(m, 1.0), 2.0 * 48 * 4 * 128);
}

TEST(ModelConfig, GemmaOneTiesEmbeddingsByDefault) {
    // Gemma-7B (google/gemma-7b config.json; tie_word_embeddings absent = Gemma's default).
    const Model m = parseOk(R"({
      "architectures": ["GemmaForCausalLM"], "model_type": "gemma",
      "hidden_size": 3072, "intermediate_size": 24576, "num_hidden_layers": 28,
      "num_attention_heads": 16, "num_key_value_heads": 16, "head_dim": 256,
      "vocab_size": 256000, "max_position_embeddings": 8192, "hidden_act": "gelu"
    })");
    EXPECT_TRUE(m.tieWordEmbeddings);
    EXPECT_EQ(m.normsPerLayer, 2);
    EXPECT_EQ(m.headDim, 256);  // 16 · 256 = 4096 ≠ 3072
    // By hand, per layer: q, k, v, o each 3072·16·256 = 12,582,912 -> 50,331,648; MLP
    // 3·3072·24576 = 226,492,416; norms 6,144 -> 276,830,208; × 28 = 7,751,245,824.
    // One embedding table 256000·3072 = 786,432,000; final norm 3,072.
    // Total 8,537,680,896: Google's "8.54B" for Gemma 7B.
    const roofline::ParameterCount c = roofline::countParameters(m);
    EXPECT_EQ(c.total, 8537680896.0);
    EXPECT_LE(std::abs(c.total - 8.54e9) / 8.54e9, 0.005);
}

TEST(ModelConfig, Qwen2MoeSharedExpertWithGate) {
    // Qwen1.5-MoE-A2.7B (Qwen/Qwen1.5-MoE-A2.7B config.json).
    const Model m = parseOk(R"({
      "architectures": ["Qwen2MoeForCausalLM"], "model_type": "qwen2_moe",
      "hidden_size": 2048, "intermediate_size": 5632, "moe_intermediate_size": 1408,
      "shared_expert_intermediate_size": 5632, "num_experts": 60, "num_experts_per_tok": 4,
      "decoder_sparse_step": 1, "num_hidden_layers": 24, "num_attention_heads": 16,
      "num_key_value_heads": 16, "vocab_size": 151936, "tie_word_embeddings": false,
      "use_sliding_window": false, "sliding_window": 32768, "max_window_layers": 21
    })");
    EXPECT_TRUE(m.qkvBias);
    EXPECT_FALSE(m.qkNorm);
    EXPECT_EQ(m.moe.sharedIntermediateSize, 5632);
    EXPECT_TRUE(m.moe.sharedExpertGate);
    EXPECT_EQ(groupsOf(m), (Groups{{{0, true}, 24}}));
    // By hand, per layer: q, k, v, o each 2048² -> 16,777,216; qkv bias 6,144; norms 4,096;
    // router 2048·60 = 122,880; shared expert 3·2048·5632 = 34,603,008 + gate 2,048; routed
    // expert 3·2048·1408 = 8,650,752 each.
    //   all 60: 519,045,120 -> layer 570,560,512; × 24 = 13,693,452,288
    //   k = 4: 34,603,008 -> layer 86,118,400; × 24 = 2,066,841,600
    // + embeddings 2·151936·2048 = 622,329,856 + final norm 2,048.
    // Total 14,315,784,192 ("14.3B"); active 2,689,173,504 ("2.7B activated").
    const roofline::ParameterCount c = roofline::countParameters(m);
    EXPECT_EQ(c.total, 14315784192.0);
    EXPECT_EQ(c.activePerToken, 2689173504.0);
    EXPECT_LE(std::abs(c.total - 14.3e9) / 14.3e9, 0.005);
    EXPECT_LE(std::abs(c.activePerToken - 2.7e9) / 2.7e9, 0.005);
}

TEST(ModelConfig, MlpOnlyLayersAreDense) {
    const Model m = parseOk(variant(kQwen3_30B_A3B, {{"mlp_only_layers", {0, 47}}}));
    EXPECT_EQ(groupsOf(m), (Groups{{{0, true}, 46}, {{0, false}, 2}}));
    // Two MoE layers (623,120,640 each) become dense: attention + norms 18,878,720 + MLP
    // 3·2048·6144 = 37,748,736 -> 56,627,456 each. 46·623,120,640 + 2·56,627,456 +
    // 622,331,904 (embeddings + final norm) = 29,399,136,256.
    EXPECT_EQ(roofline::countParameters(m).total, 29399136256.0);
}

TEST(ModelConfig, DecoderSparseStepMakesEveryOtherLayerDense) {
    // transformers Qwen3Moe: layer i is sparse when (i + 1) % decoder_sparse_step == 0.
    const Model two = parseOk(variant(kQwen3_30B_A3B, {{"decoder_sparse_step", 2}}));
    EXPECT_EQ(groupsOf(two), (Groups{{{0, true}, 24}, {{0, false}, 24}}));
    const Model three = parseOk(variant(kQwen3_30B_A3B, {{"decoder_sparse_step", 3}}));
    EXPECT_EQ(groupsOf(three), (Groups{{{0, true}, 16}, {{0, false}, 32}}));
    // Both rules at once: step 2 makes layers 1, 3, ..., 47 sparse; mlp_only_layers removes
    // 1 and 3 (and 0, which is dense anyway).
    const Model both = parseOk(
        variant(kQwen3_30B_A3B, {{"decoder_sparse_step", 2}, {"mlp_only_layers", {0, 1, 3}}}));
    EXPECT_EQ(groupsOf(both), (Groups{{{0, true}, 22}, {{0, false}, 26}}));
}

TEST(ModelConfig, DeepSeekFirstKDenseReplace) {
    const Model m = parseOk(kDeepSeekV2Lite, "deepseek-v2-lite");
    EXPECT_EQ(m.architecture, "deepseek_v2");
    ASSERT_TRUE(m.mla.enabled());
    EXPECT_EQ(m.mla.qLoraRank, 0);  // q_lora_rank null: queries projected directly
    EXPECT_EQ(m.mla.kvLoraRank, 512);
    EXPECT_EQ(groupsOf(m), (Groups{{{0, false}, 1}, {{0, true}, 26}}));
    EXPECT_EQ(m.moe.sharedIntermediateSize, 2 * 1408);
    EXPECT_FALSE(m.moe.routerBias);  // greedy routing, no correction bias
    // By hand: attention q 2048·16·192 = 6,291,456, kv_a 2048·576 = 1,179,648, kv_a norm
    // 512, kv_b 512·16·256 = 2,097,152, o 16·128·2048 = 4,194,304 -> 13,763,072; + norms
    // 4,096 = 13,767,168 per layer.
    //   dense layer: + 3·2048·10944 = 67,239,936 -> 81,007,104
    //   MoE layer: + router 131,072 + shared 3·2048·2816 = 17,301,504 + routed experts of
    //   3·2048·1408 = 8,650,752 each: all 64 -> 584,847,872; 6 -> 83,104,256
    // + embeddings 2·102400·2048 = 419,430,400 + final norm 2,048.
    // Total 81,007,104 + 26·584,847,872 + 419,432,448 = 15,706,484,224 ("15.7B" official).
    // Active 81,007,104 + 26·83,104,256 + 419,432,448 = 2,661,150,208.
    const roofline::ParameterCount c = roofline::countParameters(m);
    EXPECT_EQ(c.total, 15706484224.0);
    EXPECT_EQ(c.activePerToken, 2661150208.0);
    EXPECT_LE(std::abs(c.total - 15.7e9) / 15.7e9, 0.005);
    EXPECT_EQ(roofline::kvCacheBytesPerToken(m, 1.0), 27.0 * (512 + 64));

    // Three dense layers first instead of one.
    const Model three = parseOk(variant(kDeepSeekV2Lite, {{"first_k_dense_replace", 3}}));
    EXPECT_EQ(groupsOf(three), (Groups{{{0, false}, 3}, {{0, true}, 24}}));
    // moe_layer_freq 2: layer i ≥ 1 is MoE when i % 2 == 0 -> 2, 4, ..., 26 = 13 layers.
    const Model everyOther = parseOk(variant(kDeepSeekV2Lite, {{"moe_layer_freq", 2}}));
    EXPECT_EQ(groupsOf(everyOther), (Groups{{{0, false}, 14}, {{0, true}, 13}}));
}

TEST(ModelConfig, ArchitecturesAloneIdentifyTheType) {
    // Old Mistral configs carry "architectures" but no "model_type".
    const Model m = parseOk(R"({
      "architectures": ["MistralForCausalLM"],
      "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
      "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 32000,
      "sliding_window": 4096
    })",
                            "mistral-no-type");
    EXPECT_EQ(m.architecture, "mistral");
    EXPECT_EQ(m.headDim, 128);  // no head_dim: 4096 / 32
    EXPECT_EQ(groupsOf(m), (Groups{{{4096, false}, 32}}));
    EXPECT_EQ(m.name, "mistral-no-type");  // no _roofline, no _name_or_path: the id
}

TEST(ModelConfig, HeadDimAbsentIsHiddenOverHeads) {
    const Model m = parseOk(variant(kSmallLlama, {{"head_dim", nullptr}}));
    EXPECT_EQ(m.headDim, 2048 / 32);
    // With head_dim given it wins even when it differs from hidden / heads.
    const Model given = parseOk(variant(kSmallLlama, {{"head_dim", 128}}));
    EXPECT_EQ(given.headDim, 128);
}

TEST(ModelConfig, NumKeyValueHeadsAbsentMeansMha) {
    const Model m = parseOk(variant(kSmallLlama, {{"num_key_value_heads", nullptr}}));
    EXPECT_EQ(m.numKvHeads, 32);
}

TEST(ModelConfig, IntegralFloatsAreAccepted) {
    const Model m = parseOk(variant(kSmallLlama, {{"hidden_size", 2048.0}}));
    EXPECT_EQ(m.hiddenSize, 2048);
}

TEST(ModelConfig, LayerTypesOverrideTheArchitecturePattern) {
    // Gemma-2 alone alternates (even layers slide); explicit layer_types win.
    const char* gemma = R"({
      "model_type": "gemma2", "hidden_size": 2304, "intermediate_size": 9216,
      "num_hidden_layers": 4, "num_attention_heads": 8, "num_key_value_heads": 4,
      "head_dim": 256, "vocab_size": 256000, "sliding_window": 4096
    })";
    EXPECT_EQ(groupsOf(parseOk(gemma)), (Groups{{{4096, false}, 2}, {{0, false}, 2}}));
    const Model overridden = parseOk(variant(
        gemma, {{"layer_types",
                 {"full_attention", "full_attention", "full_attention", "sliding_attention"}}}));
    EXPECT_EQ(groupsOf(overridden), (Groups{{{0, false}, 3}, {{4096, false}, 1}}));
    EXPECT_TRUE(overridden.tieWordEmbeddings) << "gemma ties embeddings by default";

    // Mistral slides everywhere unless layer_types says otherwise.
    const Model mistral = parseOk(variant(kSmallLlama, {{"model_type", "mistral"},
                                                        {"sliding_window", 1024},
                                                        {"layer_types",
                                                         {"sliding_attention", "full_attention",
                                                          "full_attention", "full_attention"}}}));
    EXPECT_EQ(groupsOf(mistral), (Groups{{{1024, false}, 1}, {{0, false}, 3}}));
}

TEST(ModelConfig, QwenSlidesOnlyWithUseSlidingWindowFromMaxWindowLayers) {
    const char* qwen2 = R"({
      "model_type": "qwen2", "hidden_size": 896, "intermediate_size": 4864,
      "num_hidden_layers": 24, "num_attention_heads": 14, "num_key_value_heads": 2,
      "vocab_size": 151936, "tie_word_embeddings": true, "sliding_window": 32768,
      "max_window_layers": 21, "use_sliding_window": false
    })";
    const Model off = parseOk(qwen2);
    EXPECT_EQ(groupsOf(off), (Groups{{{0, false}, 24}}));
    EXPECT_TRUE(off.qkvBias);
    EXPECT_EQ(off.headDim, 64);  // 896 / 14
    // These are Qwen2.5-0.5B's shapes. By hand, per layer: q 896², k,v 2·896·128, o 896²
    // -> 1,835,008; q,k,v bias 896 + 128 + 128 = 1,152; MLP 3·896·4864 = 13,074,432; norms
    // 1,792 -> 14,912,384; × 24 = 357,897,216. One (tied) embedding 151936·896 =
    // 136,134,656; final norm 896. Total 494,032,768, the parameter count of the published
    // Qwen2.5-0.5B safetensors.
    EXPECT_EQ(roofline::countParameters(off).total, 494032768.0);
    const Model on = parseOk(variant(qwen2, {{"use_sliding_window", true}}));
    EXPECT_EQ(groupsOf(on), (Groups{{{0, false}, 21}, {{32768, false}, 3}}));
}

TEST(ModelConfig, DisplayNameFromNameOrPath) {
    const Model m = parseOk(variant(kSmallLlama, {{"_name_or_path", "TinyLlama/TinyLlama-1.1B"}}));
    EXPECT_EQ(m.name, "TinyLlama-1.1B");
    const Model sidecar =
        parseOk(variant(kSmallLlama, {{"_name_or_path", "TinyLlama/TinyLlama-1.1B"},
                                      {"_roofline", {{"name", "Tiny"}}}}));
    EXPECT_EQ(sidecar.name, "Tiny");
}

TEST(ModelConfig, DisplayNameOfALocalCheckpointPathIsNotEmpty) {
    // Trainers save local paths with a trailing slash: "./out/checkpoint-500/".
    const Model m =
        parseOk(variant(kSmallLlama, {{"_name_or_path", "./out/checkpoint-500/"}}), "config");
    EXPECT_FALSE(m.name.empty()) << "expected a usable display name (checkpoint-500 or the id)";
}

TEST(ModelConfig, AFileNamedConfigTakesItsFolderName) {
    // A checkpoint folder always holds "config.json": the id (and, with no _name_or_path
    // and no sidecar, the display name) is the folder's name, not "config" (issue 12).
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / "roofline-test-my-finetune";
    std::filesystem::create_directories(dir);
    const std::filesystem::path file = dir / "config.json";
    {
        std::ofstream out(file);
        out << kSmallLlama;
    }
    const Loaded<Model> loaded = roofline::io::loadModelFile(file.string());
    std::filesystem::remove_all(dir);
    ASSERT_TRUE(loaded.ok());
    EXPECT_EQ(loaded.value->id, "roofline-test-my-finetune");
    EXPECT_EQ(loaded.value->name, "roofline-test-my-finetune");
}

TEST(ModelConfig, UnknownKeysAreNotErrors) {
    // config.json carries dozens of keys the roofline does not need.
    const Loaded<Model> m = parseModelConfig(
        variant(kSmallLlama, {{"rope_scaling", {{"type", "linear"}, {"factor", 2.0}}},
                              {"torch_dtype", "bfloat16"},
                              {"quantization_config", {{"quant_method", "awq"}}}}),
        kFile, "x");
    EXPECT_TRUE(m.ok());
    EXPECT_FALSE(roofline::hasErrors(m.issues));
}

// ---------------------------------------------------------------------------------------
// Errors: each names the file, the pointer, what was expected and what was found.

TEST(ModelConfigErrors, EncoderDecoderT5IsUnsupportedAtModelType) {
    expectError(R"({
      "architectures": ["T5ForConditionalGeneration"],
      "model_type": "t5", "is_encoder_decoder": true,
      "d_model": 512, "d_ff": 2048, "num_layers": 6, "num_heads": 8, "vocab_size": 32128
    })",
                "/model_type", "\"t5\"");
    const Loaded<Model> m =
        parseModelConfig(R"({"model_type": "t5", "is_encoder_decoder": true})", kFile, "t5");
    ASSERT_EQ(m.issues.size(), 1u);
    EXPECT_NE(m.issues[0].expected.find("supported decoder-only"), std::string::npos);
    EXPECT_NE(m.issues[0].found.find("encoder-decoder"), std::string::npos);
    EXPECT_NE(m.issues[0].expected.find("qwen3_moe"), std::string::npos)
        << "lists the supported types";
}

TEST(ModelConfigErrors, BertArchitecturesWithoutModelType) {
    expectError(R"({"architectures": ["BertModel"], "hidden_size": 768,
                    "num_hidden_layers": 12, "num_attention_heads": 12, "vocab_size": 30522,
                    "intermediate_size": 3072})",
                "/architectures", "\"BertModel\"");
}

TEST(ModelConfigErrors, NeitherModelTypeNorArchitectures) {
    expectError(variant(kSmallLlama, {{"model_type", nullptr}, {"architectures", nullptr}}),
                "/model_type", "missing");
    expectError(variant(kSmallLlama, {{"model_type", nullptr}, {"architectures", json::array()}}),
                "/model_type", "missing");
}

TEST(ModelConfigErrors, MissingHiddenSize) {
    expectError(variant(kSmallLlama, {{"hidden_size", nullptr}}), "/hidden_size", "missing");
}

TEST(ModelConfigErrors, HiddenSizeAsStringShowsTheJsonText) {
    expectError(variant(kSmallLlama, {{"hidden_size", "4096"}}), "/hidden_size", "got \"4096\"");
}

TEST(ModelConfigErrors, KvHeadsMustDivideQueryHeads) {
    // 32 query heads cannot be shared by 5 KV heads.
    expectError(variant(kSmallLlama, {{"num_key_value_heads", 5}}), "/num_key_value_heads",
                "a divisor of num_attention_heads (32), got 5");
}

TEST(ModelConfigErrors, NegativeZeroAndHugeSizes) {
    expectError(variant(kSmallLlama, {{"num_hidden_layers", -2}}), "/num_hidden_layers", "got -2");
    expectError(variant(kSmallLlama, {{"vocab_size", 0}}), "/vocab_size", "got 0");
    expectError(variant(kSmallLlama, {{"num_attention_heads", 0}}), "/num_attention_heads",
                "got 0");
    expectError(variant(kSmallLlama, {{"hidden_size", 1e30}}), "/hidden_size", "got 1e+30");
    expectError(variant(kSmallLlama, {{"intermediate_size", 4096.5}}), "/intermediate_size",
                "got 4096.5");
    // 2^63 does not fit an int64: still an orderly error, not a wrap-around.
    expectError(R"({"model_type": "llama", "hidden_size": 9223372036854775808,
                    "intermediate_size": 5632, "num_hidden_layers": 4,
                    "num_attention_heads": 32, "vocab_size": 32000})",
                "/hidden_size", "9223372036854775808");
}

TEST(ModelConfigErrors, NaNIsAcceptedAsPythonWritesItButIsNoSize) {
    // Python's json writes NaN and Infinity into config.json; they parse (DOMAIN.md §6
    // "Config hygiene"), and a size that holds one is refused under its key.
    expectError(
        variant(kSmallLlama, {{"hidden_size", nullptr}}).replace(1, 0, "\"hidden_size\": NaN, "),
        "/hidden_size", "got NaN");
}

TEST(ModelConfigErrors, HeadDimNeededWhenHiddenIsNotAMultipleOfHeads) {
    expectError(variant(kSmallLlama, {{"head_dim", nullptr}, {"hidden_size", 3000}}), "/head_dim",
                "missing");
}

TEST(ModelConfigErrors, LayerTypesOfWrongLength) {
    expectError(variant(kSmallLlama,
                        {{"layer_types", {"full_attention", "full_attention", "full_attention"}}}),
                "/layer_types", "a list of 4 attention kinds");
}

TEST(ModelConfigErrors, LayerTypesWithAnUnknownKind) {
    expectError(
        variant(kSmallLlama,
                {{"sliding_window", 512},
                 {"layer_types",
                  {"full_attention", "sliding_attention", "chunked_attention", "full_attention"}}}),
        "/layer_types/2", "\"chunked_attention\"");
}

TEST(ModelConfigErrors, SlidingLayersNeedAWindow) {
    expectError(
        variant(kSmallLlama,
                {{"layer_types",
                  {"sliding_attention", "full_attention", "full_attention", "full_attention"}}}),
        "/sliding_window", "missing");
}

TEST(ModelConfigErrors, MoeFields) {
    expectError(variant(kQwen3_30B_A3B, {{"num_experts_per_tok", 129}}), "/num_experts_per_tok",
                "an integer from 1 to 128");
    expectError(variant(kQwen3_30B_A3B, {{"moe_intermediate_size", nullptr}}),
                "/moe_intermediate_size", "missing");
    expectError(variant(kQwen3_30B_A3B, {{"mlp_only_layers", "0,1"}}), "/mlp_only_layers",
                "a list of layer indices");
    expectError(variant(kDeepSeekV2Lite, {{"kv_lora_rank", nullptr}}), "/kv_lora_rank", "missing");
    expectError(variant(kDeepSeekV2Lite, {{"first_k_dense_replace", 28}}), "/first_k_dense_replace",
                "an integer from 0 to 27");
}

// Mixtral-8x7B's MoE keys (mistralai/Mixtral-8x7B-v0.1 config.json): the experts are
// num_local_experts, not num_experts as in Qwen-MoE or n_routed_experts as in DeepSeek.
constexpr const char* kMixtral = R"({
  "architectures": ["MixtralForCausalLM"],
  "model_type": "mixtral",
  "hidden_size": 4096,
  "intermediate_size": 14336,
  "num_attention_heads": 32,
  "num_hidden_layers": 32,
  "num_key_value_heads": 8,
  "num_local_experts": 8,
  "num_experts_per_tok": 2,
  "vocab_size": 32000
})";

TEST(ModelConfigErrors, ExpertCountIsReportedUnderTheKeyThisFileUsed) {
    // The range is validate()'s (field moe.numExperts); the message names THIS file's key.
    EXPECT_TRUE(parseModelConfig(kMixtral, kFile, "mixtral").ok());
    expectError(variant(kMixtral, {{"num_local_experts", 2000000}}), "/num_local_experts",
                "an integer from 1 to 1000000, got 2000000");
    expectError(variant(kQwen3_30B_A3B, {{"num_experts", 2000000}}), "/num_experts",
                "an integer from 1 to 1000000, got 2000000");
    expectError(variant(kDeepSeekV2Lite, {{"n_routed_experts", 2000000}}), "/n_routed_experts",
                "an integer from 1 to 1000000, got 2000000");
    // The parser still refuses what is no integer, under the same key.
    expectError(variant(kMixtral, {{"num_local_experts", "8"}}), "/num_local_experts", "got \"8\"");
    expectError(variant(kMixtral, {{"num_experts_per_tok", 9}}), "/num_experts_per_tok",
                "an integer from 1 to 8, got 9");
    // No message of a parsed config names a C++ member.
    const Loaded<Model> m =
        parseModelConfig(variant(kMixtral, {{"num_local_experts", 2000000}}), kFile, "bad");
    for (const Issue& i : m.issues) {
        EXPECT_EQ(i.message().find("moe."), std::string::npos) << i.message();
        EXPECT_EQ(i.message().find("/num_experts "), std::string::npos) << i.message();
    }
}

TEST(ModelConfigErrors, WrongTypes) {
    expectError(variant(kSmallLlama, {{"tie_word_embeddings", "false"}}), "/tie_word_embeddings",
                "true or false, got \"false\"");
    expectError(variant(kSmallLlama, {{"model_type", 5}}), "/model_type", "a string, got 5");
    expectError(R"([{"model_type": "llama"}])", "", "a JSON object");
}

TEST(ModelConfigErrors, EveryIssueOfABadConfigNamesTheFile) {
    // Several problems at once: all are reported, each with the file.
    const Loaded<Model> m = parseModelConfig(
        variant(kSmallLlama,
                {{"hidden_size", "big"}, {"vocab_size", -1}, {"num_hidden_layers", 0}}),
        kFile, "bad");
    EXPECT_FALSE(m.ok());
    ASSERT_GE(m.issues.size(), 3u);
    for (const Issue& i : m.issues) {
        EXPECT_EQ(i.file, kFile);
        EXPECT_EQ(i.message().rfind(kFile + ": /", 0), 0u) << i.message();
    }
}

}  // namespace
