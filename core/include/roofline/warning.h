// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file warning.h
/// The engine's warnings are data: a kind, its numbers and the one name it cites (a chip or a
/// model). analyze() runs for every frame and every sweep cell, and a scenario that does not
/// fit warns on each of them, so it only records what happened; the sentence ("Does not fit:
/// 1.62 TB needed per device, …") is written at the edges (explain, the CLI, the window) by
/// text(), when someone reads it.

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

namespace roofline {

/// Every warning analyze() can give; each at most once per analysis, so Analysis::warnings
/// holds kWarningKindCount of them and none is ever dropped.
enum class WarningKind : unsigned char {
    PrecisionFallback,      ///< values: requested, used (Precision indices); name: the chip
    DoesNotFit,             ///< values: needed bytes, usable bytes, largest batch that fits
    KvOverrideIgnored,      ///< value: 0 MLA, 1 no KV-head attention, 2 encoder, 3 CNN; name: model
    SequenceTooLong,        ///< values: tokens, the model's maximum
    NoInterconnect,         ///< name: the chip
    KvHeadsReplicated,      ///< values: KV heads, devices
    BeyondScaleUpDomain,    ///< values: devices, domain, link bytes/s; name: the chip
    AchievableDefaults,     ///< values: compute default?, bandwidth default?, precision index,
                            ///< compute fraction, bandwidth fraction; name: the chip
    ExpertParallelIgnored,  ///< value: 0 needs more than one device, 1 no routed experts
    NoDraftModel,
    NoMtpLayers,
    AttentionParallelIgnored,
    SpeculativeIgnored,  ///< value: 0 encoder, 1 CNN; name: the model
    /// No sourced compute peak at the math precision or a wider one: only the memory roof.
    /// values: the requested precision (index), 1 if the chip has other (narrower) roofs;
    /// name: the chip
    NoComputeRoof,
    /// Disaggregated prefill set for an encoder or a CNN (one pass, no decode): ignored.
    /// value: 0 encoder, 1 CNN; name: the model
    DisaggregationIgnored,
};
inline constexpr std::size_t kWarningKindCount = 15;

class Warning {
public:
    /// Longest name kept (a chip's or a model's display name); an absurd user-given name is
    /// cut at this length.
    static constexpr std::size_t kMaxName = 80;
    static constexpr std::size_t kMaxValues = 5;

    Warning() = default;
    explicit Warning(WarningKind kind, std::initializer_list<double> values = {},
                     std::string_view name = {})
        : m_kind(kind) {
        std::size_t i = 0;
        for (const double v : values) {
            if (i < kMaxValues) {
                m_values[i++] = v;
            }
        }
        m_nameLength = static_cast<unsigned char>(name.size() < kMaxName ? name.size() : kMaxName);
        name.copy(m_name.data(), m_nameLength);
    }

    WarningKind kind() const { return m_kind; }
    double value(std::size_t i) const { return i < kMaxValues ? m_values[i] : 0.0; }
    std::string_view name() const { return {m_name.data(), m_nameLength}; }

    /// The sentence for the user, e.g. "fp4 math requested, but NVIDIA H100 has no fp4 roof:
    /// using fp8, and its activation bytes" (warning.cpp).
    std::string text() const;
    std::string str() const { return text(); }
    bool operator==(std::string_view other) const { return text() == other; }

private:
    WarningKind m_kind = WarningKind::NoDraftModel;
    std::array<double, kMaxValues> m_values{};
    std::array<char, kMaxName> m_name{};
    unsigned char m_nameLength = 0;
    static_assert(kMaxName <= 255, "the length is one byte");
};

}  // namespace roofline
