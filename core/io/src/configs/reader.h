// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The pieces every config.json family reader shares (configs/<family>.cpp). A family reader
// reads one model_type as its transformers modelling file builds the model: which
// projections exist, their biases, the norms of a layer, and which layers are which. It
// fills Reading::m (the shapes) and Reading::layers (one LayerGroup of count 1 per decoder
// layer, in order); parseModelConfig() groups the layers and validates.

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "json_util.h"
#include "roofline/model.h"

namespace roofline::io::detail::configs {

inline constexpr std::int64_t kMaxDim = 10'000'000;
inline constexpr std::int64_t kMaxLayers = 100'000;
// For counts whose range validate() checks: here only "an integer" that fits.
inline constexpr std::int64_t kAnyCount = std::int64_t{1} << 53;

/// What one family reader reads from and writes to.
struct Reading {
    const Json& root;   ///< The whole file.
    const Json& text;   ///< The decoder's keys: the root, or its text_config (Llama 4, Gemma 3).
    ObjectReader& r;    ///< Over `text`; its pointers start with "/text_config" when wrapped.
    ObjectReader& top;  ///< Over `root`.
    std::string type;   ///< The model_type read (after an architectures fallback).
    FieldKeys& keys;
    std::vector<Issue>& issues;
    Model& m;
    /// One entry per decoder layer, count 1 each, set up by readCommon() as full attention
    /// with a dense MLP; the family changes what differs.
    std::vector<LayerGroup> layers;

    /// An issue at a key of the decoder object.
    void error(const std::string& key, std::string expected, std::string found) {
        r.error(key, std::move(expected), std::move(found));
    }
    void warning(const std::string& key, std::string expected, std::string found) {
        r.warning(key, std::move(expected), std::move(found));
    }
    /// Names keys of the decoder object that the family does not read because they change
    /// nothing this program counts; any other key the reader never looked up gets a warning
    /// (warnUnreadKeys()). Give each a reason where it is not obvious.
    void harmless(std::initializer_list<std::string_view> names) { r.allow(names); }
    /// Records that the field id `field` came from `key` of the decoder object.
    void key(const std::string& field, const std::string& key) {
        keys.add(field, r.pointerTo(key));
    }
    bool failed() const;
};

/// transformers' defaults for keys a family's configs may leave out (its configuration
/// file's __init__ arguments); unset = the key is required.
struct CommonDefaults {
    std::optional<std::int64_t> vocabSize{};
    std::optional<std::int64_t> hiddenSize{};
    std::optional<std::int64_t> intermediateSize{};
    std::optional<std::int64_t> numLayers{};
    std::optional<std::int64_t> numQueryHeads{};
    std::optional<std::int64_t> numKvHeads{};  ///< unset: num_attention_heads (MHA)
    std::optional<std::int64_t> headDim{};     ///< unset: hidden_size / num_attention_heads
    bool tieWordEmbeddings = false;
    bool intermediateRequired = true;  ///< false: a missing intermediate_size reads 0
    /// MLA models have no head_dim of their own: no error when h is not a multiple of n_q.
    bool headDimFromHidden = true;
};

/// Reads hidden_size, num_hidden_layers, num_attention_heads, num_key_value_heads,
/// vocab_size, max_position_embeddings, intermediate_size, head_dim and tie_word_embeddings,
/// records their keys, and sets up `layers`.
void readCommon(Reading& x, const CommonDefaults& defaults = {});

/// An integer key with a default when absent (nullopt default = required).
std::int64_t integerOr(Reading& x, const std::string& key, std::optional<std::int64_t> dflt,
                       std::int64_t lo, std::int64_t hi);
bool booleanOr(Reading& x, const std::string& key, bool dflt);

/// A list of integers (mlp_only_layers, no_rope_layers); empty on error (recorded).
std::vector<std::int64_t> integerList(Reading& x, const std::string& key);

/// layer_types as strings, checked against `allowed` and the layer count; empty when absent
/// (or wrong: the error is recorded). `what` names the list in the message ("attention
/// kinds").
std::vector<std::string> layerTypes(Reading& x, std::initializer_list<std::string_view> allowed,
                                    std::string_view what = "attention kinds");

/// sliding_window (0 when absent or null).
std::int64_t slidingWindow(Reading& x);

/// Applies layer_types of "full_attention" / "sliding_attention" (`window` on the sliding
/// ones; an error when there are sliding layers and no window). Returns whether the config
/// has layer_types (then it decides, whatever the family's own pattern).
bool windowsFromLayerTypes(Reading& x, std::int64_t window);

/// Attention biases as most families spell them: attention_bias on q, k, v and o
/// (`dflt` when absent), mlp_bias on the dense MLP.
void readBiases(Reading& x, bool dflt = false);

/// Routed experts under `expertsKey` (num_local_experts, num_experts, n_routed_experts),
/// num_experts_per_tok (or `topKKey`) and the expert width under `widthKey`; records the
/// keys. Returns the number of experts (0 when absent and not required).
std::int64_t readExperts(Reading& x, const std::string& expertsKey, bool required,
                         const std::string& widthKey,
                         const std::string& topKKey = "num_experts_per_tok");

/// GLM's experts (glm4_moe, glm_moe_dsa): n_routed_experts of moe_intermediate_size, always
/// n_shared_experts (default 1) of that width beside them, and a per-expert correction bias
/// in the router. Returns the number of experts.
std::int64_t readGlmExperts(Reading& x);

/// Qwen's MoE schedule (qwen2_moe, qwen3_moe, qwen3_next, qwen3_5_moe): every
/// decoder_sparse_step-th layer is MoE, but those in mlp_only_layers.
void readQwenSparseLayers(Reading& x);

/// MLA shapes (q_lora_rank, kv_lora_rank, qk_nope_head_dim, qk_rope_head_dim, v_head_dim),
/// with the DeepSeek conventions: headDim = nope + rope, numKvHeads = numQueryHeads.
void readMla(Reading& x);

/// The storage of a recurrent state: a torch dtype name ("float32", "bfloat16") at one of
/// `keys`, else the family's config-class default where it has one (`absent`), else the
/// config's torch_dtype, else bf16.
Precision stateDtype(Reading& x, std::initializer_list<std::string_view> keys,
                     std::optional<Precision> absent = std::nullopt);

/// The model's dtype (torch_dtype / dtype of the decoder or the file, else bf16): where
/// engines keep a state layer's conv state (Model::convStatePrecision).
Precision modelDtype(Reading& x);

/// The multi-token-prediction layers under `key` (num_nextn_predict_layers,
/// mtp_num_hidden_layers): `shape` with the count read, else `absent` of them (0: none).
void readMtp(Reading& x, const std::string& key, const LayerGroup& shape, std::int64_t absent = 0);

/// After the family reader: one warning for each key of the decoder object that the reader
/// never looked up and that is neither in the family's harmless() list nor in the list of
/// keys every Hugging Face config carries without changing the architecture (common.cpp).
/// A new architecture option is then never silently ignored.
void warnUnreadKeys(Reading& x);

/// The layers grouped by kind (order dropped), counts summed.
std::vector<LayerGroup> groupLayers(const std::vector<LayerGroup>& layers);

/// Parameters of a vision tower and projector, where the family's vision_config can be
/// counted (DOMAIN.md §6 "Multimodal wrappers"). Each returns 0 and warns when it cannot.
double llama4VisionParameters(Reading& x);
double siglipGemma3VisionParameters(Reading& x);
double pixtralMistral3VisionParameters(Reading& x);
double qwen35VisionParameters(Reading& x);
double qwen3VlVisionParameters(Reading& x);
double qwen25VlVisionParameters(Reading& x);
double kimiK25VisionParameters(Reading& x);

// The family readers, one per file under configs/ (see kFamilies in model_config.cpp).
void readLlama(Reading& x);          // llama, mistral, mixtral
void readPhi3(Reading& x);           // phi3
void readQwen(Reading& x);           // qwen2, qwen2_moe, qwen3, qwen3_moe, mimo
void readQwenVl(Reading& x);         // qwen2_5_vl, qwen3_vl, qwen3_vl_moe
void readGemma(Reading& x);          // gemma, gemma2
void readGemma3(Reading& x);         // gemma3_text, gemma3
void readGemma4(Reading& x);         // gemma4_text, gemma4
void readDeepseek(Reading& x);       // deepseek_v2, deepseek_v3, deepseek_v32, kimi_k2
void readGlmMoeDsa(Reading& x);      // glm_moe_dsa
void readGlm4Moe(Reading& x);        // glm4_moe
void readGptOss(Reading& x);         // gpt_oss
void readLlama4(Reading& x);         // llama4, llama4_text
void readQwen3Next(Reading& x);      // qwen3_next, qwen3_5(_text), qwen3_5_moe(_text)
void readNemotronH(Reading& x);      // nemotron_h
void readNemotronNas(Reading& x);    // nemotron-nas (DeciLM)
void readMistral3(Reading& x);       // mistral3 (its text_config: mistral, ministral3)
void readOlmo2(Reading& x);          // olmo2
void readOlmo3(Reading& x);          // olmo3
void readExaone4(Reading& x);        // exaone4
void readCohere2(Reading& x);        // cohere2
void readGraniteHybrid(Reading& x);  // granitemoehybrid
void readFalconH1(Reading& x);       // falcon_h1
void readMinimaxM2(Reading& x);      // minimax_m2

}  // namespace roofline::io::detail::configs
