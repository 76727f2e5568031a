// SPDX-License-Identifier: GPL-3.0-or-later
// RooflinePlot's view: the roofs, ridge and regions for the chip and precision, their
// vertices clipped to the view, and the automatic view that grows to fit the data.

#include <algorithm>
#include <cmath>
#include <limits>

#include "plot/baseline_layer.h"
#include "plot/operator_layer.h"
#include "plot/plot_items.h"
#include "plot/plot_tooltip.h"
#include "plot/roofline_plot.h"
#include "roofline/format.h"

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

void RooflinePlot::updateRoofs() {
    const Analysis& a = m_analysis;
    const double bandwidth = a.memoryBandwidthBytesPerSecond;

    // Roofs with the same peak (bf16 = fp16, fp8 = int8 on most chips) are one line.
    m_roofGroups.clear();
    for (const Roof& roof : a.roofs) {
        if (!(roof.peakFlopsPerSecond > 0.0)) {
            continue;
        }
        const QString name = QString::fromUtf8(toString(roof.precision));
        auto same = std::find_if(m_roofGroups.begin(), m_roofGroups.end(),
                                 [&](const auto& g) { return g.peak == roof.peakFlopsPerSecond; });
        if (same == m_roofGroups.end()) {
            m_roofGroups.push_back(
                {name, roof.peakFlopsPerSecond, roof.ridgePointFlopsPerByte, roof.inUse});
        } else {
            same->names += QLatin1Char('/') + name;
            same->inUse = same->inUse || roof.inUse;
        }
    }
    std::stable_partition(m_roofGroups.begin(), m_roofGroups.end(),
                          [](const RoofGroup& g) { return g.inUse; });

    const double peak = a.peakFlopsPerSecond;
    const double ridge = a.ridgePointFlopsPerByte;
    m_ridgeMarker->setData(vec({ridge}), vec({tflops(peak)}), true);
    m_ridgeLabel->position->setCoords(ridge, 1.0);
    m_ridgeLabel->setText(tr("ridge %1 FLOP/byte").arg(qs(formatNumber(ridge))));
    // No sourced compute peak (a memory-only preset): no ridge, no compute-bound region.
    const bool ridged = a.hasComputeRoof;
    m_ridgeLabel->setVisible(ridged);
    m_ridgeMarker->setVisible(ridged);
    m_ridgeDrop->setVisible(ridged);
    m_ridgeDrop->start->setCoords(ridge, tflops(peak));
    m_ridgeDrop->end->setCoords(ridge, 1.0);
    // Achievable ceilings are marked as such: "bf16 795 TFLOP/s achievable".
    const QString ceiling = a.ceilings == Ceilings::Achievable ? tr(" achievable") : QString();
    // The preset's memory type ("HBM3e", "GDDR6"), not "HBM" for every chip.
    m_hbmLabel->setText(tr("%1 %2").arg(qs(memoryRoofName(a)), qs(formatSi(bandwidth, "B/s"))) +
                        ceiling);

    for (std::size_t i = 0; i < m_roofLabelItems.size(); ++i) {
        PlotLabel* label = m_roofLabelItems[i];
        label->setVisible(i < m_roofGroups.size());
        if (i < m_roofGroups.size()) {
            const RoofGroup& g = m_roofGroups[i];
            // The roof in use says which ceilings these are; the others stay short.
            label->setText(g.names + QLatin1Char(' ') + qs(formatSi(g.peak, "FLOP/s")) +
                           (g.inUse ? ceiling : QString()));
        }
    }
    const double link = a.interconnectBandwidthBytesPerSecond;
    m_interconnectRoof->setVisible(link > 0.0);
    m_interconnectLabel->setVisible(link > 0.0);
    m_interconnectLabel->setText(
        tr("interconnect %1 (x = FLOP per link byte)").arg(qs(formatSi(link, "B/s"))));
    updateRoofGeometry();

    // Without a ridge the memory-bound region is the whole plot.
    m_memoryRegion->bottomRight->setTypeX(ridged ? QCPItemPosition::ptPlotCoords
                                                 : QCPItemPosition::ptAxisRectRatio);
    m_memoryRegion->bottomRight->setCoords(ridged ? ridge : 1.0, 1.0);
    m_computeRegion->setVisible(ridged);
    m_computeRegionLabel->setVisible(ridged);
    m_memoryRegionLabel->setVisible(ridged);
    m_computeRegion->topLeft->setCoords(ridge, 0.0);
    m_memoryRegionLabel->position->setCoords(ridge, 0.0);
    m_computeRegionLabel->position->setCoords(ridge, 0.0);
    updateBaseline();
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
    for (const TrailPoint& p : m_trailPoints) {
        include(p.intensityFlopsPerByte, tflops(p.attainableFlopsPerSecond));
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
    for (const RoofGroup& g : m_roofGroups) {
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

void RooflinePlot::updateRoofGeometry() {
    // Every roof is drawn from exact vertices: the ridge corners are data points, and the
    // lines end at the edges of the current view (strokes far outside it, antialiased or
    // dashed, would cost time on every replot).
    const Analysis& a = m_analysis;
    const double bandwidth = a.memoryBandwidthBytesPerSecond;
    const double peak = a.peakFlopsPerSecond;
    const double ridge = a.ridgePointFlopsPerByte;
    const QCPRange view = m_plot->xAxis->range();
    if (!a.hasComputeRoof) {
        // A memory-only preset: the memory slope alone, across the view.
        const double l = view.lower / 1.01;
        const double r = view.upper * 1.01;
        m_roofInUse->setData(vec({l, r}), vec({tflops(l * bandwidth), tflops(r * bandwidth)}),
                             true);
        m_slopeExtension->data()->clear();
        m_interconnectRoof->data()->clear();
        for (QCPGraph* g : m_otherRoofGraphs) {
            g->setVisible(false);
            g->data()->clear();
        }
        m_compare->updateRoofs(a, l, r);
        m_baselineLayer->updateRoof(l, r, view, m_plot->yAxis->range());
        clipToView(m_roofInUse, view, m_plot->yAxis->range());
        return;
    }
    const double left = std::min(view.lower, ridge) / 1.01;
    const double right = std::max(view.upper, ridge) * 1.01;

    m_roofInUse->setData(vec({left, ridge, right}),
                         vec({tflops(left * bandwidth), tflops(peak), tflops(peak)}), true);

    double highestRidge = ridge;
    double highestPeak = peak;
    std::size_t other = 0;
    for (const RoofGroup& g : m_roofGroups) {
        if (g.inUse || other >= m_otherRoofGraphs.size()) {
            continue;
        }
        QCPGraph* graph = m_otherRoofGraphs[other++];
        graph->setVisible(true);
        graph->setData(vec({g.ridge, std::max(right, g.ridge)}),
                       vec({tflops(g.peak), tflops(g.peak)}), true);
        if (g.peak > highestPeak) {
            highestPeak = g.peak;
            highestRidge = g.ridge;
        }
    }
    for (std::size_t i = other; i < m_otherRoofGraphs.size(); ++i) {
        m_otherRoofGraphs[i]->setVisible(false);
        m_otherRoofGraphs[i]->data()->clear();
    }
    // The HBM slope continues, faint, up to the highest roof's ridge.
    if (highestRidge > ridge) {
        m_slopeExtension->setData(vec({ridge, highestRidge}),
                                  vec({tflops(peak), tflops(highestPeak)}), true);
    } else {
        m_slopeExtension->data()->clear();
    }

    m_compare->updateRoofs(a, left, right);

    const double link = a.interconnectBandwidthBytesPerSecond;
    if (link > 0.0) {
        const double linkLeft = std::min(left, peak / link / 1.01);
        m_interconnectRoof->setData(vec({linkLeft, peak / link}),
                                    vec({tflops(linkLeft * link), tflops(peak)}), true);
    } else {
        m_interconnectRoof->data()->clear();
    }
    const QCPRange xr = m_plot->xAxis->range();
    const QCPRange yr = m_plot->yAxis->range();
    m_baselineLayer->updateRoof(left, right, xr, yr);
    for (QCPGraph* roof : {m_roofInUse, m_slopeExtension, m_interconnectRoof}) {
        clipToView(roof, xr, yr);
    }
    for (QCPGraph* roof : m_otherRoofGraphs) {
        clipToView(roof, xr, yr);
    }
}

void RooflinePlot::updateViewGeometry() {
    for (PlotLabel* label : m_dropped) {  // dropped for want of room: try again
        label->setVisible(true);
    }
    m_dropped.clear();
    updateRoofGeometry();
    placeArrows();
    placeLabels();
    // (The compare scenarios' labels are placed with the others: compare_layer.h. A full
    // redraw then draws the roof picture of m_roofs: RooflinePlot::renderAll.)
}

}  // namespace roofline::ui
