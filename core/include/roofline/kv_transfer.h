// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file kv_transfer.h
/// Disaggregated serving's KV transfer (DOMAIN.md §7) as a point on the roofline, read
/// against the link between the pools as a pass's link square is read against the
/// interconnect roof:
///   x = F / b     F: the prefill pass's FLOPs per prefill device; b: the bytes each prefill
///                 device sends (DisaggregationResult::kvTransferBytesPerDevice)
///   y = F / TTFT  TTFT = the prefill on its pool + the transfer
/// At x the pools' link roof is x·β, so y / (x·β) = (b/β) / TTFT: the point touches that
/// roof when moving the cache is all of TTFT, and sits a decade under it when the transfer
/// is a tenth of TTFT.

#include <optional>

#include "roofline/analysis.h"

namespace roofline {

struct KvTransferPoint {
    double intensityFlopsPerByte = 0.0;        ///< x = F / b
    double attainableFlopsPerSecond = 0.0;     ///< y = F / TTFT
    double linkBandwidthBytesPerSecond = 0.0;  ///< β of the link between the pools
    bool scaleOut = false;                     ///< that link is the scale-out network
    double bytesPerDevice = 0.0;               ///< b
    double seconds = 0.0;                      ///< α + b/β (DisaggregationResult)
    double ttftShare = 0.0;                    ///< seconds / TTFT, in [0, 1]
};

/// The point, when `analysis` is disaggregated, sends bytes and knows the link's β; else
/// empty.
std::optional<KvTransferPoint> kvTransferPoint(const Analysis& analysis);

}  // namespace roofline
