// SPDX-License-Identifier: GPL-3.0-or-later
// The vision towers and projectors of the multimodal wrappers, counted from vision_config
// (DOMAIN.md §6): parameters only; images are not part of the scenario. A key the config
// leaves out takes the default of the tower's configuration class.

#include "reader.h"

namespace roofline::io::detail::configs {

namespace {

double d(std::int64_t v) { return static_cast<double>(v); }

// An integer of vision_config, with its class's default; 0 (and an error) when broken.
std::int64_t vint(ObjectReader& v, const std::string& key, std::int64_t dflt) {
    if (!v.has(key)) {
        return dflt;
    }
    return v.integer(key, true, 1, kMaxDim).value_or(0);
}

const Json* visionConfig(Reading& x) {
    const Json* v = x.top.find("vision_config");
    return v != nullptr && v->is_object() ? v : nullptr;
}

}  // namespace

// transformers/models/llama4/modeling_llama4.py: Llama4VisionModel. Unfold patch embedding
// (C·p² → h, no bias), class embedding h, positional embedding (patches + 1) × h, LayerNorm
// pre and post (2h each); num_hidden_layers encoder layers of biased q, k, v, o (4·(h² + h)),
// two LayerNorms (4h) and fc1/fc2 with biases (2·h·I + I + h); the pixel-shuffle adapter MLP
// (fc1 intermediate_size → projector_input_dim, fc2 projector_output_dim →
// projector_output_dim, no biases); the projector vision_output_dim → text hidden_size (no
// bias).
double llama4VisionParameters(Reading& x) {
    const Json* vc = visionConfig(x);
    if (vc == nullptr) {
        return 0.0;
    }
    ObjectReader v(*vc, x.top.file(), "/vision_config", x.issues);
    const double h = d(vint(v, "hidden_size", 768));
    const double inter = d(vint(v, "intermediate_size", 5632));
    const double layers = d(vint(v, "num_hidden_layers", 34));
    const double channels = d(vint(v, "num_channels", 3));
    const std::int64_t patch = vint(v, "patch_size", 14);
    const std::int64_t image = vint(v, "image_size", 448);
    const double projIn = d(vint(v, "projector_input_dim", 4096));
    const double projOut = d(vint(v, "projector_output_dim", 4096));
    const double out = d(vint(v, "vision_output_dim", 7680));
    if (patch <= 0 || image <= 0) {
        return 0.0;
    }
    const double patches = d((image / patch) * (image / patch));
    double p = channels * d(patch * patch) * h + h + (patches + 1.0) * h + 4.0 * h;
    p += layers * (4.0 * (h * h + h) + 4.0 * h + 2.0 * h * inter + inter + h);
    p += inter * projIn + projOut * projOut;
    p += out * d(x.m.hiddenSize);
    return p;
}

// transformers/models/siglip/modeling_siglip.py (SiglipVisionModel) and
// transformers/models/gemma3/modeling_gemma3.py (Gemma3MultiModalProjector). Patch
// convolution with bias (C·p²·h + h), position embeddings patches × h, num_hidden_layers layers
// of biased q, k, v, o, two LayerNorms and biased fc1/fc2, post LayerNorm (2h), the attention
// pooling head when vision_use_head (probe h, in/out projections 4h² + 4h, LayerNorm 2h, MLP);
// the projector: an RMSNorm of h and an h → text hidden matrix.
double siglipGemma3VisionParameters(Reading& x) {
    const Json* vc = visionConfig(x);
    if (vc == nullptr) {
        return 0.0;
    }
    ObjectReader v(*vc, x.top.file(), "/vision_config", x.issues);
    const double h = d(vint(v, "hidden_size", 768));
    const double inter = d(vint(v, "intermediate_size", 3072));
    const double layers = d(vint(v, "num_hidden_layers", 12));
    const double channels = d(vint(v, "num_channels", 3));
    const std::int64_t patch = vint(v, "patch_size", 16);
    const std::int64_t image = vint(v, "image_size", 224);
    if (patch <= 0 || image <= 0) {
        return 0.0;
    }
    const double patches = d((image / patch) * (image / patch));
    const double mlp = 2.0 * h * inter + inter + h;
    double p = channels * d(patch * patch) * h + h + patches * h;
    p += layers * (4.0 * (h * h + h) + 4.0 * h + mlp);
    p += 2.0 * h;
    if (v.boolean("vision_use_head", false).value_or(true)) {
        p += h + 4.0 * h * h + 4.0 * h + 2.0 * h + mlp;
    }
    p += h + h * d(x.m.hiddenSize);
    return p;
}

// transformers/models/pixtral/modeling_pixtral.py (PixtralVisionModel) and
// transformers/models/mistral3/modeling_mistral3.py (Mistral3MultiModalProjector). Patch
// convolution without bias (C·p²·h), ln_pre RMSNorm h; layers of q, k, v, o without biases
// (4·h·heads·head_dim), two RMSNorms (2h) and a gated MLP (3·h·I); the projector: RMSNorm h,
// the patch merger (h·s² → h, no bias), linear_1 h → text h and linear_2 text h → text h
// (biased by multimodal_projector_bias).
double pixtralMistral3VisionParameters(Reading& x) {
    const Json* vc = visionConfig(x);
    if (vc == nullptr) {
        return 0.0;
    }
    ObjectReader v(*vc, x.top.file(), "/vision_config", x.issues);
    const double h = d(vint(v, "hidden_size", 1024));
    const double inter = d(vint(v, "intermediate_size", 4096));
    const double layers = d(vint(v, "num_hidden_layers", 24));
    const double channels = d(vint(v, "num_channels", 3));
    const double patch = d(vint(v, "patch_size", 16));
    const std::int64_t heads = vint(v, "num_attention_heads", 16);
    const double headDim =
        v.has("head_dim") ? d(vint(v, "head_dim", 64)) : (heads > 0 ? h / d(heads) : 0.0);
    const double merge = d(x.top.integer("spatial_merge_size", false, 1, 64).value_or(2));
    const bool bias = x.top.boolean("multimodal_projector_bias", false).value_or(false);
    const double text = d(x.m.hiddenSize);
    double p = channels * patch * patch * h + h;
    p += layers * (4.0 * h * d(heads) * headDim + 2.0 * h + 3.0 * h * inter);
    p += h + h * merge * merge * h + h * text + text * text + (bias ? 2.0 * text : 0.0);
    return p;
}

// transformers/models/qwen3_vl/modeling_qwen3_vl.py (Qwen3VLVisionModel; Qwen3-VL-MoE's is the
// same) and transformers/models/qwen3_5/modeling_qwen3_5.py (Qwen3_5VisionModel, Qwen3-VL's
// without the deepstack mergers). Patch embedding Conv3d with bias (C·t·p²·h + h), position
// embeddings num_position_embeddings × h; depth blocks of two LayerNorms (4h), a fused biased
// qkv (3h² + 3h), a biased proj (h² + h) and a biased MLP (2·h·I + I + h); the merger:
// LayerNorm (2h), fc1 (h·m² → h·m², biased) and fc2 (h·m² → out_hidden_size, biased). Qwen3-VL
// adds one merger per deepstack_visual_indexes entry (default [8, 16, 24]), each with its
// LayerNorm after the shuffle (2·h·m²) instead of before it.
double qwen3VisionParameters(Reading& x, bool deepstack) {
    const Json* vc = visionConfig(x);
    if (vc == nullptr) {
        return 0.0;
    }
    ObjectReader v(*vc, x.top.file(), "/vision_config", x.issues);
    const double h = d(vint(v, "hidden_size", 1152));
    const double inter = d(vint(v, "intermediate_size", 4304));
    const double depth = d(vint(v, "depth", 27));
    const double channels = d(vint(v, "in_channels", 3));
    const double patch = d(vint(v, "patch_size", 16));
    const double temporal = d(vint(v, "temporal_patch_size", 2));
    const double merge = d(vint(v, "spatial_merge_size", 2));
    const double out = d(vint(v, "out_hidden_size", 3584));
    const double positions = d(vint(v, "num_position_embeddings", 2304));
    const double merged = h * merge * merge;
    double p = channels * temporal * patch * patch * h + h + positions * h;
    p += depth * (4.0 * h + 3.0 * h * h + 3.0 * h + h * h + h + 2.0 * h * inter + inter + h);
    const double merger = merged * merged + merged + merged * out + out;
    p += 2.0 * h + merger;
    if (deepstack) {
        double mergers = 3.0;  // Qwen3VLVisionConfig's deepstack_visual_indexes [8, 16, 24]
        if (const Json* list = v.find("deepstack_visual_indexes"); list != nullptr) {
            if (!list->is_array()) {
                v.error("deepstack_visual_indexes", "a list of block indices", foundText(*list));
                return 0.0;
            }
            mergers = d(static_cast<std::int64_t>(list->size()));
        }
        p += mergers * (2.0 * merged + merger);
    }
    return p;
}

double qwen35VisionParameters(Reading& x) { return qwen3VisionParameters(x, false); }

double qwen3VlVisionParameters(Reading& x) { return qwen3VisionParameters(x, true); }

// transformers/models/qwen2_5_vl/modeling_qwen2_5_vl.py (Qwen2_5_VisionTransformerPretrainedModel),
// with Qwen2_5_VLVisionConfig's defaults. Patch embedding Conv3d without bias (C·t·p²·h); depth
// blocks of two RMSNorms (2h), a fused biased qkv (3h² + 3h), a biased proj (h² + h) and a gated
// MLP with biases (gate and up h → I, down I → h: 3·h·I + 2I + h); the merger: RMSNorm ln_q (h),
// fc1 (h·m² → h·m², biased) and fc2 (h·m² → out_hidden_size, biased). Its window attention
// (window_size, fullatt_block_indexes) changes which patches attend to which, not the weights;
// the rotary position embedding has none.
double qwen25VlVisionParameters(Reading& x) {
    const Json* vc = visionConfig(x);
    if (vc == nullptr) {
        return 0.0;
    }
    ObjectReader v(*vc, x.top.file(), "/vision_config", x.issues);
    const double h = d(vint(v, "hidden_size", 3584));
    const double inter = d(vint(v, "intermediate_size", 3420));
    const double depth = d(vint(v, "depth", 32));
    const double channels = d(vint(v, "in_channels", vint(v, "in_chans", 3)));
    const double patch = d(vint(v, "patch_size", 14));
    const double temporal = d(vint(v, "temporal_patch_size", 2));
    const double merge = d(vint(v, "spatial_merge_size", 2));
    const double out = d(vint(v, "out_hidden_size", 3584));
    const double merged = h * merge * merge;
    double p = channels * temporal * patch * patch * h;
    p += depth * (2.0 * h + 3.0 * h * h + 3.0 * h + h * h + h + 3.0 * h * inter + 2.0 * inter + h);
    p += h + merged * merged + merged + merged * out + out;
    return p;
}

// Kimi K2.5 (KimiK25ForConditionalGeneration, its remote code: MoonViT3dPretrainedModel and
// the patch-merger projector; vLLM's kimi_k25_vit.py builds the same). Its vision_config names
// the tower vt_* (hidden_size and the rest where a copy renamed them), with
// KimiK25VisionConfig's defaults. Patch embedding Conv2d with bias (3·p²·h + h), a learnable
// init_pos_emb_height × init_pos_emb_width × h position grid (the temporal one is sin-cos, no
// parameters); layers of two LayerNorms (4h), a fused biased wqkv (3h² + 3h), a biased wo
// (h² + h) and a biased two-layer MLP (2·h·I + I + h); a final LayerNorm (2h); the projector:
// LayerNorm over mm_hidden_size (default h), linear_1 (m·k² → m·k², biased) and linear_2
// (m·k² → text_hidden_size, the text model's h by default, biased), k² = merge_kernel_size's
// product.
double kimiK25VisionParameters(Reading& x) {
    const Json* vc = visionConfig(x);
    if (vc == nullptr) {
        return 0.0;
    }
    ObjectReader v(*vc, x.top.file(), "/vision_config", x.issues);
    const auto either = [&](const char* key, const char* alias, std::int64_t dflt) {
        return d(vint(v, v.has(key) ? key : alias, dflt));
    };
    const double h = either("vt_hidden_size", "hidden_size", 1152);
    const double inter = either("vt_intermediate_size", "intermediate_size", 4304);
    const double layers = either("vt_num_hidden_layers", "num_hidden_layers", 27);
    const double patch = d(vint(v, "patch_size", 14));
    const double grid =
        d(vint(v, "init_pos_emb_height", 64)) * d(vint(v, "init_pos_emb_width", 64));
    const double mm = v.has("mm_hidden_size") ? d(vint(v, "mm_hidden_size", 0)) : h;
    const double text = d(vint(v, "text_hidden_size", x.m.hiddenSize > 0 ? x.m.hiddenSize : 7168));
    double merge = 4.0;  // 2 × 2
    if (const Json* k = v.find("merge_kernel_size"); k != nullptr) {
        if (k->is_array() && k->size() == 2 && (*k)[0].is_number_integer() &&
            (*k)[1].is_number_integer() && (*k)[0].get<std::int64_t>() > 0 &&
            (*k)[1].get<std::int64_t>() > 0 && (*k)[0].get<std::int64_t>() <= 64 &&
            (*k)[1].get<std::int64_t>() <= 64) {
            merge = d((*k)[0].get<std::int64_t>() * (*k)[1].get<std::int64_t>());
        } else {
            v.error("merge_kernel_size", "two positive integers", foundText(*k));
            return 0.0;
        }
    }
    const double merged = mm * merge;
    double p = 3.0 * patch * patch * h + h + grid * h;
    p += layers * (4.0 * h + 3.0 * h * h + 3.0 * h + h * h + h + 2.0 * h * inter + inter + h);
    p += 2.0 * h;
    p += 2.0 * mm + merged * merged + merged + merged * text + text;
    return p;
}

}  // namespace roofline::io::detail::configs
