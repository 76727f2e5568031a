// SPDX-License-Identifier: GPL-3.0-or-later
// RooflinePlot's view: the automatic view that grows to fit the data, and the layout's
// geometry (the roofs cut to the view, the arrows, the labels).

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "model/plot_tooltip.h"
#include "plot/baseline_layer.h"
#include "plot/operator_layer.h"
#include "plot/plot_items.h"
#include "plot/roofline_plot.h"
#include "roofline/format.h"
#include "roofline/kv_transfer.h"

namespace roofline::ui {

namespace {

double floorDecade(double v) { return std::pow(10.0, std::floor(std::log10(v))); }
double ceilDecade(double v) { return std::pow(10.0, std::ceil(std::log10(v))); }

}  // namespace

void RooflinePlot::fitOperators() {
    if (!m_autoRange) {
        return;
    }
    const QCPRange x = m_plot->xAxis->range();
    const QCPRange y = m_plot->yAxis->range();
    applyAutoRange(true);
    if (!(m_plot->xAxis->range() == x) || !(m_plot->yAxis->range() == y)) {
        refresh(false);
    }
}

void RooflinePlot::applyAutoRange(bool includeOperators) {
    const Analysis& a = m_analysis;
    double xMin = std::numeric_limits<double>::infinity();
    double xMax = 0.0;
    double yMin = std::numeric_limits<double>::infinity();
    double yMax = 0.0;
    double peakMax = tflops(a.peakFlopsPerSecond);
    const auto include = [&](double x, double y) {
        if (drawable(x, y)) {
            xMin = std::min(xMin, x);
            xMax = std::max(xMax, x);
            yMin = std::min(yMin, y);
            yMax = std::max(yMax, y);
        }
    };
    include(1.0, tflops(a.memoryBandwidthBytesPerSecond));  // intensity 1 is always in view
    include(a.prefill().intensity(), tflops(a.prefill().attainableFlopsPerSecond));
    include(a.decode().intensity(), tflops(a.decode().attainableFlopsPerSecond));
    for (const PassCost& pass : a.passes) {
        include(pass.intensity(), tflops(pass.attainableFlopsPerSecond));
        if (a.interconnectBandwidthBytesPerSecond > 0.0 && pass.linkBytes > 0.0) {
            include(pass.linkIntensity(), tflops(pass.attainableFlopsPerSecond));
        }
    }
    if (const std::optional<KvTransferPoint> t = kvTransferPoint(a)) {
        include(t->intensityFlopsPerByte, tflops(t->attainableFlopsPerSecond));
    }
    for (const TrailPoint& p : m_trailPoints) {
        include(p.intensityFlopsPerByte, tflops(p.attainableFlopsPerSecond));
    }
    for (const QPointF& p : m_estimate->extent()) {  // the marks and their intervals' ends
        include(p.x(), p.y());
    }
    for (const QPointF& p : m_baselineLayer->extent(peakMax)) {
        include(p.x(), p.y());
    }
    if (m_overlayLayer != nullptr) {
        for (const QPointF& p : m_overlayPoints) {
            include(p.x(), p.y());
        }
    }
    for (const QPointF& p : m_compare->extent(peakMax)) {
        include(p.x(), p.y());
    }
    for (const RoofLayer::Group& g : m_roof->groups()) {
        include(g.ridge, tflops(g.peak));
        peakMax = std::max(peakMax, tflops(g.peak));
    }
    if (includeOperators && m_operatorsVisible) {
        for (const QPointF& p : m_operators->extent()) {
            include(p.x(), p.y());
        }
    }
    if (!a.hasComputeRoof) {
        peakMax = yMax;  // a memory-only chip: the highest point stands in for the ceiling
    }
    if (!(xMax > 0.0) || !(peakMax > 0.0)) {
        return;  // nothing analysed yet
    }
    // Decade-rounded ends, and a view that only grows until resetAutoRange(): the axes stay
    // still while a slider moves the points.
    double left = floorDecade(xMin / 2.0);
    double right = ceilDecade(xMax * 2.0);
    double bottom =
        std::min(floorDecade(std::min(yMin, left * tflops(a.memoryBandwidthBytesPerSecond)) / 2.0),
                 peakMax * 0.3);
    double top = peakMax * 3.0;
    if (m_grownRange) {
        left = std::min(left, m_grownX.lower);
        right = std::max(right, m_grownX.upper);
        bottom = std::min(bottom, m_grownY.lower);
        top = std::max(top, m_grownY.upper);
    }
    m_grownX = QCPRange(left, right);
    m_grownY = QCPRange(bottom, top);
    m_grownRange = true;
    m_settingRange = true;
    m_plot->xAxis->setRange(m_grownX);
    m_plot->yAxis->setRange(m_grownY);
    m_settingRange = false;
}

void RooflinePlot::resetAutoRange() { m_grownRange = false; }

void RooflinePlot::resetView() {
    m_autoRange = true;
    m_grownRange = false;
    applyAutoRange(true);
    replot(m_replotPriority);
}

void RooflinePlot::updateViewGeometry() {
    m_labels->showDropped();  // dropped for want of room: try again
    updateRoofGeometry();
    placeArrows();
    placeLabels();
    // (The compare scenarios' labels are placed with the others: compare_layer.h. A full
    // redraw then draws the roof picture of m_roofPicture: RooflinePlot::renderAll.)
}

}  // namespace roofline::ui
