// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file view_csv.h
/// The batch sweep, the regime grid and the frontier as CSV text: what the views' "Export
/// CSV…" writes and `roofline-cli frontier --format csv` prints. Every number is the engine's
/// own (sweep.h, frontier.h), written with writeGeneral at 10 significant figures, '.'
/// decimals in every locale; one header line, then one row per point or cell, "\n" endings.

#include <optional>
#include <string>
#include <vector>

#include "roofline/frontier.h"
#include "roofline/sweep.h"

namespace roofline {

/// batch,tpot_s,decode_tokens_per_s,plain_tpot_s,plain_tokens_per_s,bound,fits
/// One row per BatchSweep::points entry, ascending batch.
std::string batchSweepCsv(const BatchSweep& sweep);

/// batch,context_tokens,bound,tpot_s,decode_tokens_per_s,fits
/// One row per cell, context by context (as RegimeGrid::cells), batch fastest.
std::string regimeGridCsv(const RegimeGrid& grid);

/// The columns a frontier CSV has beside the fixed ones.
struct FrontierCsvColumns {
    std::vector<std::string> hardware;  ///< labels, by index into FrontierRequest::hardware
    bool expertParallel = false;        ///< an expert_parallel column (MoE models)
    /// usd_per_million_output_tokens, and at the end price_per_device_hour_usd and
    /// output_tokens_per_usd; empty cells for hardware without a price.
    bool price = false;
    bool slo = false;       ///< a meets_slo column
    bool pipeline = false;  ///< pipeline_stages and devices columns, at the end
    /// prefill_pool and devices columns after them (devices once, with either)
    bool prefillPool = false;
};

/// hardware,tp,quantization,batch[,expert_parallel],fits,ttft_s,tpot_s,
/// interactivity_tokens_per_s_per_user,throughput_tokens_per_s_per_device
/// [,usd_per_million_output_tokens],on_frontier[,meets_slo],min_devices
/// [,price_per_device_hour_usd,output_tokens_per_usd][,pipeline_stages,devices]
/// One row per point in nesting order. With `selection`, only its shown points, and
/// on_frontier is the selection's (the frontier under the view's filters); else every
/// point, with FrontierPoint::onFrontier.
std::string frontierCsv(const Frontier& frontier, const FrontierRequest& request,
                        const FrontierCsvColumns& columns,
                        const std::optional<FrontierSelection>& selection = std::nullopt);

/// `text` as one CSV field: quoted (its quotes doubled) when it holds a comma, a quote or a
/// line break.
std::string csvField(const std::string& text);

}  // namespace roofline
