// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file hardware.h
/// One accelerator as the roofline sees it: compute roofs per precision and bandwidth roofs.

#include <array>
#include <string>

#include "roofline/precision.h"

namespace roofline {

/// Spec-sheet numbers of one device (one GPU, one TPU chip), in SI base units.
/// Peaks are DENSE rates (2:4 sparse headline figures are twice these and never used).
struct Hardware {
    std::string id;    ///< Preset id, e.g. "h100-sxm".
    std::string name;  ///< Display name, e.g. "NVIDIA H100 SXM5 80GB".
    std::string vendor;

    /// Dense peak FLOP/s per math precision, indexed by index(Precision). 0 = no such roof.
    std::array<double, kPrecisionCount> peakFlopsPerSecond{};

    double memoryBandwidthBytesPerSecond = 0.0;  ///< HBM (or GDDR) bandwidth, byte/s.
    double memoryCapacityBytes = 0.0;            ///< HBM capacity, bytes (decimal GB × 1e9).

    /// Optional: on-chip cache size in bytes (0 = unknown). Shown, not used in timing.
    double onChipCacheBytes = 0.0;

    /// Optional: device-to-device bandwidth per direction per device, byte/s
    /// (NVLink/ICI/xGMI). 0 = unknown; tensor-parallel communication is then not timed.
    double interconnectBandwidthBytesPerSecond = 0.0;
    /// Latency charged per ring step of a collective, seconds. DOMAIN.md: "a few µs per
    /// hop"; presets may override, the default is 2 µs.
    double interconnectLatencySeconds = 2e-6;

    /// The peak for one precision, 0 when the chip lacks that roof.
    double peak(Precision p) const { return peakFlopsPerSecond[index(p)]; }
    bool hasRoof(Precision p) const { return peak(p) > 0.0; }

    bool operator==(const Hardware&) const = default;
};

}  // namespace roofline
