// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file precision.h
/// Numeric formats: how many bytes an element takes in memory, and which compute roof a
/// matrix multiply in that format runs on.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace roofline {

/// Every format the engine knows. Storage formats (weights, activations, KV cache) are all
/// of these except tf32, which is a math mode only. Compute roofs exist for all of them
/// except int4 on the chips we ship (a roof of 0 means "the chip has no such roof").
/// mxfp4 and nvfp4 are fp4 with block scales (OCP MX: one e8m0 scale per 32 values; NVIDIA
/// NVFP4: one e4m3 scale per 16 values, plus one fp32 scale per tensor, not counted): their
/// bytes include the scales, and their math runs on the fp4 roof (mathPrecision()).
enum class Precision : unsigned char {
    Fp32,
    Tf32,
    Bf16,
    Fp16,
    Fp8,
    Int8,
    Int4,
    Fp4,
    /// 6-bit float (e2m3/e3m2), 0.75 byte. Chips without fp6 math run it on fp8 (DOMAIN.md §4).
    Fp6,
    Mxfp4,
    Nvfp4,
};

inline constexpr std::size_t kPrecisionCount = 11;

/// All precisions in enum order, for loops over roofs.
inline constexpr std::array<Precision, kPrecisionCount> kAllPrecisions = {
    Precision::Fp32, Precision::Tf32,  Precision::Bf16,  Precision::Fp16,
    Precision::Fp8,  Precision::Int8,  Precision::Int4,  Precision::Fp4,
    Precision::Fp6,  Precision::Mxfp4, Precision::Nvfp4,
};

/// Index into per-precision arrays.
constexpr std::size_t index(Precision p) { return static_cast<std::size_t>(p); }

/// Bytes per stored element: fp32 4, bf16/fp16 2, fp8/int8 1, fp6 0.75, int4/fp4 0.5; mxfp4
/// 0.5 + 1/32 = 0.53125 (4.25 bits), nvfp4 0.5 + 1/16 = 0.5625 (4.5 bits), their block
/// scales included. Other quantization group scales are not modelled (an int4 weight costs
/// exactly 0.5 byte; an fp8 checkpoint's fp32 scale per 128×128 block adds 0.02%). tf32 is
/// stored as fp32 (4 bytes).
constexpr double bytesPerElement(Precision p) {
    switch (p) {
        case Precision::Fp32:
        case Precision::Tf32:
            return 4.0;
        case Precision::Bf16:
        case Precision::Fp16:
            return 2.0;
        case Precision::Fp8:
        case Precision::Int8:
            return 1.0;
        case Precision::Fp6:
            return 0.75;
        case Precision::Int4:
        case Precision::Fp4:
            return 0.5;
        case Precision::Mxfp4:
            return 0.5 + 1.0 / 32.0;  // one 8-bit (e8m0) scale per 32 values
        case Precision::Nvfp4:
            return 0.5 + 1.0 / 16.0;  // one 8-bit (e4m3) scale per 16 values
    }
    return 2.0;
}

/// The roof a matrix multiply in this format runs on: fp4 for the block-scaled fp4 formats
/// (the same tensor-core instructions; spec sheets quote one fp4 rate), itself otherwise.
constexpr Precision mathPrecision(Precision p) {
    return p == Precision::Mxfp4 || p == Precision::Nvfp4 ? Precision::Fp4 : p;
}

/// Whether a hardware preset may give a roof for it: every format but the block-scaled ones,
/// whose math is the fp4 roof.
constexpr bool isRoofPrecision(Precision p) { return mathPrecision(p) == p; }

/// Lower-case name as used in presets, the CLI and JSON: "fp32", "tf32", "bf16", "fp16",
/// "fp8", "int8", "int4", "fp4", "fp6", "mxfp4", "nvfp4".
std::string_view toString(Precision p);

/// The storage formats' names in enum order, comma-separated ("fp32, bf16, ..."): the
/// "expected" of every message about a precision.
std::string storagePrecisionNames();

/// Parses the names above (case-sensitive); nullopt for anything else.
std::optional<Precision> parsePrecision(std::string_view name);

/// Whether the format can hold weights, activations or KV (all but tf32).
constexpr bool isStoragePrecision(Precision p) { return p != Precision::Tf32; }

}  // namespace roofline
