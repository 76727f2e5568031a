// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file quantization.h
/// The named quantization schemes (W16A16, W8A8, W4A16, ...) and how each maps to the
/// engine's weight and activation precisions: the window's "Quantization" slider and
/// `roofline-cli frontier --quantization` share them.
///
/// Mapping (the math format decides the compute roof, DOMAIN.md §4):
///   W16A16 = bf16 weights, bf16 activations  (bf16 roof)
///   W8A16  = fp8 weights,  bf16 activations  (weight-only fp8, dequantized: bf16 roof)
///   W8A8   = fp8 weights,  fp8 activations   (fp8 roof)
///   W4A16  = int4 weights, bf16 activations  (weight-only int4, e.g. AWQ/GPTQ: bf16 roof)
///   W4A8   = int4 weights, fp8 activations   (fp8 roof)
///   W4A4   = fp4 weights,  fp4 activations   (fp4 roof where the chip has one, else the
///                                             engine falls back and warns)
/// The KV-cache precision is a separate knob. A checkpoint's own mix (mxfp4 experts with
/// bf16 attention, fp8 layers with bf16 embeddings) is withCheckpointWeights().

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "roofline/precision.h"
#include "roofline/scenario.h"

namespace roofline {

enum class Quantization : unsigned char { W16A16, W8A16, W8A8, W4A16, W4A8, W4A4 };

struct QuantizationScheme {
    Quantization id;
    std::string_view label;  ///< "W4A16"
    Precision weights;
    Precision activations;
};

/// Every scheme, most bytes first (the window's slider order).
inline constexpr std::array<QuantizationScheme, 6> kQuantizationSchemes = {{
    {Quantization::W16A16, "W16A16", Precision::Bf16, Precision::Bf16},
    {Quantization::W8A16, "W8A16", Precision::Fp8, Precision::Bf16},
    {Quantization::W8A8, "W8A8", Precision::Fp8, Precision::Fp8},
    {Quantization::W4A16, "W4A16", Precision::Int4, Precision::Bf16},
    {Quantization::W4A8, "W4A8", Precision::Int4, Precision::Fp8},
    {Quantization::W4A4, "W4A4", Precision::Fp4, Precision::Fp4},
}};

const QuantizationScheme& scheme(Quantization quantization);

/// The scheme's label, "W4A16".
std::string_view toString(Quantization quantization);

/// A label ("W8A8", case-insensitive: "w8a8" too) to its scheme; nullopt for anything else.
std::optional<Quantization> parseQuantization(std::string_view label);

/// The scheme whose weight and activation precisions are exactly the workload's; nullopt
/// for other combinations (e.g. int8/int8 from a scenario file or the command line).
std::optional<Quantization> quantizationOf(const Workload& workload);

/// The workload with the scheme's weight and activation precisions (every weight matrix at
/// the scheme's: the per-part weight precisions are cleared).
Workload withQuantization(Workload workload, Quantization quantization);

/// The workload with the weights as the model's checkpoint stores them, part by part
/// (Model::checkpoint: linear layers, experts, tables and routers); a part at the linear
/// layers' precision is left unset. Activations and KV are not changed. Check
/// model.checkpoint.known first: an unknown scheme maps to its dtype here.
Workload withCheckpointWeights(Workload workload, const Model& model);

/// The weights' precisions in words: "bf16", or with per-part ones "bf16 (experts mxfp4)",
/// "fp8 (embedding, lm_head and routers bf16)", "fp8 (experts nvfp4; embedding, lm_head
/// and routers bf16)".
std::string weightsText(const Workload& workload);

}  // namespace roofline
