// SPDX-License-Identifier: GPL-3.0-or-later
// The KV transfer as a point (DOMAIN.md §7); the definition is in kv_transfer.h.
#include "roofline/kv_transfer.h"

namespace roofline {

std::optional<KvTransferPoint> kvTransferPoint(const Analysis& analysis) {
    const std::optional<DisaggregationResult>& d = analysis.disaggregation;
    if (!d || !(d->kvTransferBytesPerDevice > 0.0) || !(d->linkBandwidthBytesPerSecond > 0.0) ||
        !(analysis.ttftSeconds > 0.0)) {
        return std::nullopt;
    }
    const double flops = analysis.prefill().flops;  // per prefill device, as every pass's
    return KvTransferPoint{flops / d->kvTransferBytesPerDevice,
                           flops / analysis.ttftSeconds,
                           d->linkBandwidthBytesPerSecond,
                           d->scaleOut,
                           d->kvTransferBytesPerDevice,
                           d->kvTransferSeconds,
                           d->kvTransferSeconds / analysis.ttftSeconds};
}

}  // namespace roofline
