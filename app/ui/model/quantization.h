// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file quantization.h
/// The steps of the window's "Quantization" slider and its picker, and the names the
/// quantization levers are shown with (lever_actions.h): one vocabulary. "W8A16"
/// alone meant two things: the w8a16 lever stores int8 weights, the slider's W8A16 step fp8
/// weights. Every name here says the weights' number format, "W8A16 (int8)" and
/// "W8A16 (fp8)", and both are steps, so that a lever moves the slider to its own step.
///
/// The schemes of roofline/quantization.h (the CLI's `--quantization W8A16`, the frontier)
/// keep their labels: they are a command-line contract. The slider's steps with a scheme
/// set it through ScenarioController::setQuantization; W8A16 (int8) has none (the frontier
/// does not sweep it) and is set by its precisions.

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "roofline/precision.h"
#include "roofline/quantization.h"
#include "roofline/scenario.h"

namespace roofline::ui {

using roofline::kQuantizationSchemes;
using roofline::Quantization;
using roofline::quantizationOf;
using roofline::QuantizationScheme;
using roofline::scheme;

/// One step of the slider: its name, the precisions it sets (every weight matrix at
/// `weights`), and the core scheme it is, when there is one.
struct QuantizationStep {
    std::string_view label;  ///< "W8A16 (int8)": the bits, then the weights' format
    Precision weights;
    Precision activations;
    std::optional<Quantization> scheme;
};

/// Every step, most bytes first. At 8-bit weights int8 comes before fp8: the same bytes,
/// and fp8 leads on to W8A8, whose weights are fp8 too.
inline constexpr std::array<QuantizationStep, 7> kQuantizationSteps = {{
    {"W16A16 (bf16)", Precision::Bf16, Precision::Bf16, Quantization::W16A16},
    {"W8A16 (int8)", Precision::Int8, Precision::Bf16, std::nullopt},
    {"W8A16 (fp8)", Precision::Fp8, Precision::Bf16, Quantization::W8A16},
    {"W8A8 (fp8)", Precision::Fp8, Precision::Fp8, Quantization::W8A8},
    {"W4A16 (int4)", Precision::Int4, Precision::Bf16, Quantization::W4A16},
    {"W4A8 (int4, fp8)", Precision::Int4, Precision::Fp8, Quantization::W4A8},
    {"W4A4 (fp4)", Precision::Fp4, Precision::Fp4, Quantization::W4A4},
}};

/// The step with these precisions; nullopt when none has them.
constexpr std::optional<std::size_t> quantizationStep(Precision weights, Precision activations) {
    for (std::size_t i = 0; i < kQuantizationSteps.size(); ++i) {
        if (kQuantizationSteps[i].weights == weights &&
            kQuantizationSteps[i].activations == activations) {
            return i;
        }
    }
    return std::nullopt;
}

/// The step of a core scheme (every scheme has one).
constexpr std::size_t quantizationStep(Quantization quantization) {
    for (std::size_t i = 0; i < kQuantizationSteps.size(); ++i) {
        if (kQuantizationSteps[i].scheme == quantization) {
            return i;
        }
    }
    return 0;
}

/// The step the workload is at: its weights (every matrix alike, no per-part precision)
/// and activations are a step's; nullopt for another mix (the checkpoint's own, fp16).
inline std::optional<std::size_t> quantizationStep(const Workload& workload) {
    if (workload.expertWeightPrecision || workload.embeddingWeightPrecision) {
        return std::nullopt;
    }
    return quantizationStep(workload.weightPrecision, workload.activationPrecision);
}

}  // namespace roofline::ui
