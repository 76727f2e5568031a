// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_tooltip.h
/// The text of the plot's hover tooltips: exact numbers from the engine, formatted by
/// roofline/format.h. Kept apart from the widget so tests can check it.

#include <QString>

#include "roofline/analysis.h"
#include "roofline/io/measured.h"

namespace roofline::ui {

/// Lines: name, FLOPs, bytes, intensity, time, bound.
QString tooltipText(const QString& name, double flops, double bytes, double intensity,
                    double seconds, Bound bound);
QString tooltipText(PassKind phase, const PassCost& cost);  ///< "prefill" / "decode step"
QString tooltipText(const OperatorCost& op);                ///< "decode: qkv_proj ×32"
QString tooltipText(const TrailPoint& point);               ///< "decode at B = 64" + tok/s

/// An estimate mark (the estimate ceiling, roofline/estimate.h): the pass's estimated time
/// and its interval, the bound it sits under, the FLOP/s it attains as estimated, the
/// profile ("not fitted" when it was fitted on no record) and the largest cost it adds.
QString tooltipText(const PassEstimate& pass, const EstimateResult& estimate);

/// "estimate 9.33 ms, measured 10.6 ms: residual +13.6%": a measured value of `metric` against
/// the estimate's value of the same metric (both in the metric's unit); the residual is
/// measured / estimate − 1.
QString residualText(MeasuredMetric metric, double estimateValue, double measuredValue);

/// A measured row against the model: what it is (label, file line), its scenario, the
/// measured and predicted values, the efficiency (predicted / measured time) under
/// `ceilings`, where it is drawn, and its source. `currentHardwareName` non-empty: the
/// current scenario runs on other hardware than the row, and a last line says that the
/// row is drawn at its own scenario's intensity.
QString tooltipText(const io::MeasuredRow& row, bool countedByRow,
                    const MeasuredPlacement& placement, Ceilings ceilings,
                    const QString& currentHardwareName);
/// The same with the estimate's line (residualText) and the profile it came from after the
/// model's, under the estimate ceiling.
QString tooltipText(const io::MeasuredRow& row, bool countedByRow,
                    const MeasuredPlacement& placement, Ceilings ceilings,
                    const QString& currentHardwareName, const QString& estimateLine);

/// "prefill" / "decode", for labels.
QString phaseName(PassKind phase);
QString boundName(Bound bound);
QString qs(const std::string& text);  ///< std::string -> QString (UTF-8)

}  // namespace roofline::ui
