// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file precision.h
/// Numeric formats: how many bytes an element takes in memory, and which compute roof a
/// matrix multiply in that format runs on.

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace roofline {

/// Every format the engine knows. Storage formats (weights, activations, KV cache) are all
/// of these except tf32, which is a math mode only. Compute roofs exist for all of them
/// except int4 on the chips we ship (a roof of 0 means "the chip has no such roof").
enum class Precision : unsigned char {
    Fp32,
    Tf32,
    Bf16,
    Fp16,
    Fp8,
    Int8,
    Int4,
    Fp4,
    /// 6-bit float (e2m3/e3m2), 0.75 byte. Appended last so that the indices of the older
    /// formats stay as they were. Chips without fp6 math run it on fp8 (DOMAIN.md §4).
    Fp6,
};

inline constexpr std::size_t kPrecisionCount = 9;

/// All precisions in enum order, for loops over roofs.
inline constexpr std::array<Precision, kPrecisionCount> kAllPrecisions = {
    Precision::Fp32, Precision::Tf32, Precision::Bf16, Precision::Fp16, Precision::Fp8,
    Precision::Int8, Precision::Int4, Precision::Fp4,  Precision::Fp6,
};

/// Index into per-precision arrays.
constexpr std::size_t index(Precision p) { return static_cast<std::size_t>(p); }

/// Bytes per stored element: fp32 4, bf16/fp16 2, fp8/int8 1, fp6 0.75, int4/fp4 0.5.
/// Quantization group scales are not modelled (an int4 weight costs exactly 0.5 byte). tf32 is
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
    }
    return 2.0;
}

/// Lower-case name as used in presets, the CLI and JSON: "fp32", "tf32", "bf16", "fp16",
/// "fp8", "int8", "int4", "fp4", "fp6".
std::string_view toString(Precision p);

/// Parses the names above (case-sensitive); nullopt for anything else.
std::optional<Precision> parsePrecision(std::string_view name);

/// Whether the format can hold weights, activations or KV (all but tf32).
constexpr bool isStoragePrecision(Precision p) { return p != Precision::Tf32; }

}  // namespace roofline
