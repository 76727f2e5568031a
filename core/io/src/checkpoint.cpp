// SPDX-License-Identifier: GPL-3.0-or-later
// How a checkpoint stores its weights (Model::checkpoint), from config.json's torch_dtype and
// quantization_config, as transformers' quantizers load them:
//   - none: every matrix in torch_dtype (transformers ≥ 4.56 writes `dtype`);
//   - "fp8" (FineGrainedFP8, DeepSeek-V3/V3.2, Qwen3-FP8): every linear layer and expert in
//     fp8 (e4m3) with one scale per weight_block_size block; the embedding, lm_head and the
//     MoE routers (nn.Linear modules the quantizer leaves alone) in torch_dtype;
//   - "mxfp4" (gpt-oss): only the experts, mxfp4; modules_to_not_convert names the rest;
//   - NVFP4 (ModelOpt, quant_method "modelopt" with quant_algo "NVFP4"): linear layers and
//     experts in nvfp4, the modules of exclude_modules / ignore in torch_dtype.
// A list of modules left out (modules_to_not_convert, exclude_modules, ignore) that names the
// attention ("self_attn", "attn") keeps the linear layers in torch_dtype; one that names the
// experts keeps those. Other schemes (compressed-tensors, GPTQ, AWQ, bitsandbytes) quantize
// module by module in ways this tool does not map: `known` is false and the notice says so.

#include "checkpoint.h"

#include <optional>
#include <string>

namespace roofline::io::detail {

namespace {

std::optional<Precision> torchDtype(const Json& object) {
    for (const char* key : {"torch_dtype", "dtype"}) {
        const auto it = object.find(key);
        if (it == object.end() || !it->is_string()) {
            continue;
        }
        const std::string name = it->get<std::string>();
        if (name == "float32") {
            return Precision::Fp32;
        }
        if (name == "float16") {
            return Precision::Fp16;
        }
        if (name == "bfloat16") {
            return Precision::Bf16;
        }
    }
    return std::nullopt;
}

std::string text(const Json& q, const char* key) {
    const auto it = q.find(key);
    return it != q.end() && it->is_string() ? it->get<std::string>() : "";
}

// Whether a list of modules left out (any of `keys`) has an entry containing `part`.
bool leftOut(const Json& q, std::string_view part) {
    for (const char* key : {"modules_to_not_convert", "exclude_modules", "ignore"}) {
        const auto it = q.find(key);
        if (it == q.end() || !it->is_array()) {
            continue;
        }
        for (const Json& entry : *it) {
            if (entry.is_string() && entry.get<std::string>().find(part) != std::string::npos) {
                return true;
            }
        }
    }
    return false;
}

bool nvfp4(const Json& q) {
    if (text(q, "quant_algo") == "NVFP4") {
        return true;
    }
    const auto inner = q.find("quantization");  // ModelOpt's hf_quant_config layout
    return inner != q.end() && inner->is_object() && text(*inner, "quant_algo") == "NVFP4";
}

std::string dtypeName(Precision p) { return std::string(toString(p)); }

}  // namespace

void readCheckpoint(const Json& root, const Json& decoder, ObjectReader& r,
                    std::vector<Issue>& issues, const std::string& file, Model& m) {
    const Precision dtype =
        torchDtype(decoder).value_or(torchDtype(root).value_or(Precision::Bf16));
    CheckpointWeights c{
        .known = true, .quantized = false, .linear = dtype, .experts = dtype, .tables = dtype};
    const Json* q = r.find("quantization_config");
    if (q == nullptr || !q->is_object()) {
        m.checkpoint = c;
        return;
    }
    c.quantized = true;
    const std::string method = text(*q, "quant_method");
    const std::string rest = " (the embedding, lm_head and routers " + dtypeName(dtype) + ")";
    std::string what;
    if (method == "fp8") {
        c.linear = leftOut(*q, "attn") ? dtype : Precision::Fp8;
        c.experts = leftOut(*q, "experts") ? dtype : Precision::Fp8;
        what = "fp8 weights";
        if (!text(*q, "fmt").empty()) {
            what += " (" + text(*q, "fmt") + ")";
        }
        if (const auto b = q->find("weight_block_size");
            b != q->end() && b->is_array() && b->size() == 2 && (*b)[0].is_number_integer() &&
            (*b)[1].is_number_integer()) {
            what += " in " + std::to_string((*b)[0].get<std::int64_t>()) + "×" +
                    std::to_string((*b)[1].get<std::int64_t>()) + " blocks, one scale each";
        }
        if (!text(*q, "scale_fmt").empty()) {
            what += " (" + text(*q, "scale_fmt") + " scales)";
        }
        what += rest;
    } else if (method == "mxfp4") {
        c.experts = Precision::Mxfp4;
        what =
            "mxfp4 experts (4-bit values with one 8-bit scale per 32, 4.25 bits a weight), "
            "the other weights " +
            dtypeName(dtype);
    } else if (nvfp4(*q)) {
        c.linear = leftOut(*q, "attn") ? dtype : Precision::Nvfp4;
        c.experts = leftOut(*q, "experts") ? dtype : Precision::Nvfp4;
        what = "nvfp4 weights (4-bit values with one fp8 scale per 16, 4.5 bits a weight)" + rest;
    } else {
        c.known = false;
        what = (method.empty() ? std::string("a quantization_config") : method) +
               " quantization (" + foundText(*q) +
               "), which this tool does not map to the layers: choose --weights to match";
    }
    if (c.known) {
        what += "; --weights checkpoint analyses at these precisions";
    }
    m.checkpoint = c;
    issues.push_back({Severity::Notice, file, r.pointerTo("quantization_config"),
                      "says how the checkpoint is stored", what});
}

}  // namespace roofline::io::detail
