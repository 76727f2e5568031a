// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file hardware.h
/// One accelerator as the roofline sees it: compute roofs per precision and bandwidth roofs.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/precision.h"

namespace roofline {

/// Documented defaults for presets without a source (docs/model.md "Model of the engine").
/// α of a collective inside a scale-up domain: DOMAIN.md §6, "a few µs with one-shot or
/// switch-reduced all-reduce on NVSwitch".
inline constexpr double kDefaultCollectiveLatencySeconds = 5e-6;
/// α across the scale-out network (InfiniBand/RoCE adds NIC and switch hops).
inline constexpr double kDefaultScaleOutLatencySeconds = 15e-6;
/// One 8-device server board (HGX, 8-GPU PCIe servers, 8-way xGMI meshes).
inline constexpr std::int64_t kDefaultScaleUpDomainDevices = 8;
/// 400 Gb/s per device (one ConnectX-7 NIC per GPU) when a preset names no scale-out link.
inline constexpr double kDefaultScaleOutBandwidthBytesPerSecond = 50e9;
/// Collective α: ai-dynamo/aiconfigurator's system specs use p2p_latency 10 µs on every
/// NVIDIA system and 5 µs inter-rack (all marked "nonofficial"): a practitioner's value, not a
/// measurement, so the default above stays (hardware-audit.md L7).
/// Achievable ceilings where a preset has no measurement: DOMAIN.md §6, published runs
/// reach 50–80% of peak matmul rate and 80–92% of HBM bandwidth; the middles are used.
inline constexpr double kDefaultAchievableComputeFraction = 0.70;
inline constexpr double kDefaultAchievableBandwidthFraction = 0.85;

/// A level of the memory hierarchy (DOMAIN.md §10). Main is the memory that holds the model:
/// HBM, GDDR, LPDDR or unified memory, or the SRAM of an SRAM-only chip (Groq, Cerebras); its
/// numbers are Hardware::memoryBandwidthBytesPerSecond and memoryCapacityBytes. The other two
/// are on chip: the last-level cache (L2, AMD's Infinity Cache) and the SRAM the compute units
/// read their tiles from (shared memory per SM, TPU VMEM, Gaudi SRAM, Trainium SBUF).
enum class MemoryLevel : unsigned char { Main, LastLevelCache, OnChipSram };
inline constexpr std::size_t kMemoryLevelCount = 3;
inline constexpr std::array<MemoryLevel, kMemoryLevelCount> kAllMemoryLevels = {
    MemoryLevel::Main, MemoryLevel::LastLevelCache, MemoryLevel::OnChipSram};
/// "main_memory" / "last_level_cache" / "on_chip_sram" (the presets' and the JSON's keys)
std::string_view toString(MemoryLevel level);
constexpr std::size_t index(MemoryLevel level) { return static_cast<std::size_t>(level); }

/// A level's name fits in this many bytes (the reader refuses a longer one).
inline constexpr std::size_t kMaxMemoryLevelNameBytes = 31;

/// One on-chip level of a preset (`memory_levels`), cited.
struct MemoryLevelSpec {
    MemoryLevel level = MemoryLevel::LastLevelCache;
    std::string name;  ///< As the vendor names it: "L2", "Infinity Cache", "VMEM", "SBUF".
    /// byte/s; 0 = no cited bandwidth: the level's bytes are reported, never timed or drawn.
    double bandwidthBytesPerSecond = 0.0;
    double capacityBytes = 0.0;  ///< bytes; 0 = unknown
    /// The bandwidth is a measurement (a microbenchmark), not a spec-sheet peak: the achievable
    /// ceilings then use it as it is, where a peak is scaled by the default fraction.
    bool measured = false;
    std::string source;  ///< The citation: a key of the preset's /sources.

    bool operator==(const MemoryLevelSpec&) const = default;
};

/// Spec-sheet numbers of one device (one GPU, one TPU chip), in SI base units.
/// Peaks are DENSE rates (2:4 sparse headline figures are twice these and never used).
struct Hardware {
    std::string id;    ///< Preset id, e.g. "h100-sxm".
    std::string name;  ///< Display name, e.g. "NVIDIA H100 SXM5 80GB".
    std::string vendor;
    /// The preset's confidence as the reference gives it ("high", "low (compute), medium
    /// (memory)"); shown beside the chip, never used in arithmetic. May be empty.
    std::string confidence;

    /// Dense peak FLOP/s per math precision, indexed by index(Precision). 0 = no such roof.
    std::array<double, kPrecisionCount> peakFlopsPerSecond{};
    /// True when no compute peak is sourced at all (Apple M4 Max, Cerebras WSE-3): every
    /// peak is 0 on purpose, validate() accepts that, and analyze() draws only the memory
    /// roof with a NoComputeRoof warning. False: at least one peak is required.
    bool computePeakUnsourced = false;

    double memoryBandwidthBytesPerSecond = 0.0;  ///< HBM (or GDDR) bandwidth, byte/s.
    /// Memory capacity in bytes. Vendors' "GB" for HBM/GDDR are binary: an "80 GB" H100
    /// holds 80 GiB = 85,899,345,920 bytes (DOMAIN.md §5). Presets say GiB.
    double memoryCapacityBytes = 0.0;
    /// What the driver reports (nvidia-smi), bytes, where a source gives it and it is below
    /// the nominal figure (B300: 275,040 MiB = 268.6 GiB of "288 GB"; L40S with ECC: 46,068
    /// MiB of 48 GiB). 0 = not known. Memory accounting uses servingCapacityBytes().
    double memoryCapacityVisibleBytes = 0.0;
    std::string memoryType;  ///< "HBM3", "GDDR6", ... (labels the memory roof); may be empty.
    double tdpWatts = 0.0;   ///< Board power at full load, W; 0 = unknown.

    /// Optional: on-chip cache size in bytes (0 = unknown). Shown, not used in timing.
    double onChipCacheBytes = 0.0;
    /// The on-chip levels of the memory hierarchy (DOMAIN.md §10), at most one of each
    /// MemoryLevel other than Main; empty for most presets. analyze() reports every operator's
    /// bytes at each listed level, and times (and the plot draws) those with a bandwidth.
    std::vector<MemoryLevelSpec> memoryLevels;
    /// The listed level, or nullptr.
    const MemoryLevelSpec* memoryLevel(MemoryLevel level) const {
        for (const MemoryLevelSpec& l : memoryLevels) {
            if (l.level == level) {
                return &l;
            }
        }
        return nullptr;
    }

    /// Device-to-device bandwidth per direction per device inside one scale-up domain,
    /// byte/s (NVLink through NVSwitch, ICI, xGMI, PCIe). 0 = unknown; tensor-parallel
    /// communication is then not timed, with a warning.
    double interconnectBandwidthBytesPerSecond = 0.0;
    /// α: small-message latency of one collective (all-reduce, all-to-all) inside the
    /// scale-up domain, seconds. It does NOT grow with the device count inside the domain
    /// (one-shot / switch-reduced all-reduce; DOMAIN.md §6). Presets may set it; the
    /// default is kDefaultCollectiveLatencySeconds.
    double collectiveLatencySeconds = kDefaultCollectiveLatencySeconds;
    /// Devices one scale-up domain holds (8 for an HGX board, 72 for NVL72, a TPU slice's
    /// chips). Tensor parallelism beyond it crosses the scale-out network.
    std::int64_t scaleUpDomainDevices = kDefaultScaleUpDomainDevices;
    /// Scale-out (InfiniBand/Ethernet) bandwidth per device per direction, byte/s; 0 =
    /// unknown (collectives beyond the domain then use kDefaultScaleOutBandwidth...).
    double scaleOutBandwidthBytesPerSecond = 0.0;
    /// α of a collective that crosses the scale-out network, seconds.
    double scaleOutLatencySeconds = kDefaultScaleOutLatencySeconds;

    /// Measured achievable rates (the best published dense matmul FLOP/s per precision,
    /// e.g. MAMF; measured HBM bandwidth), each cited in the preset. 0 = no measurement:
    /// achievable ceilings then use kDefaultAchievableComputeFraction /
    /// kDefaultAchievableBandwidthFraction of the peak, with a warning.
    std::array<double, kPrecisionCount> achievableFlopsPerSecond{};
    double achievableMemoryBandwidthBytesPerSecond = 0.0;

    /// The peak for one precision, 0 when the chip lacks that roof.
    double peak(Precision p) const { return peakFlopsPerSecond[index(p)]; }
    bool hasRoof(Precision p) const { return peak(p) > 0.0; }
    /// The capacity serving engines can fill (DOMAIN.md §5): the visible one where known,
    /// else the nominal one.
    double servingCapacityBytes() const {
        return memoryCapacityVisibleBytes > 0.0 ? memoryCapacityVisibleBytes : memoryCapacityBytes;
    }

    bool operator==(const Hardware&) const = default;
};

}  // namespace roofline
