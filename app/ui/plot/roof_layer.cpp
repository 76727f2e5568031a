// SPDX-License-Identifier: GPL-3.0-or-later
#include "roof_layer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include <QHash>
#include <QObject>

#include "model/plot_tooltip.h"
#include "plot/plot_items.h"
#include "plot/plot_scene.h"
#include "plot/plot_units.h"
#include "roofline/format.h"
#include "roofline/kv_transfer.h"

namespace roofline::ui {
namespace {

/// Between a roof line and its label, and from the axis rect's edge.
constexpr double kRoofGap = 3.0;
constexpr double kEdgeGap = 8.0;

QString tr(const char* text) { return QObject::tr(text); }

}  // namespace

RoofLayer::RoofLayer(QCustomPlot* plot, QCPLayer* roofLayer) : m_plot(plot) {
    QCPLayer* previous = plot->currentLayer();
    plot->setCurrentLayer(roofLayer);

    m_memoryRegion = new TintRect(plot);
    m_computeRegion = new TintRect(plot);
    for (TintRect* rect : {m_memoryRegion, m_computeRegion}) {
        rect->setSelectable(false);
        rect->setClipToAxisRect(true);
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        // Horizontal and vertical edges look the same without antialiasing, and cost less.
        rect->setAntialiased(false);
    }
    // Types first, then coordinates: changing a type converts the current coordinates.
    m_memoryRegion->topLeft->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_computeRegion->bottomRight->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_memoryRegion->topLeft->setCoords(0, 0);
    m_computeRegion->bottomRight->setCoords(1, 1);

    m_memoryRegionLabel = plotLabel(new PlotLabel(plot), Qt::AlignRight | Qt::AlignTop);
    m_computeRegionLabel = plotLabel(new PlotLabel(plot), Qt::AlignLeft | Qt::AlignTop);
    m_memoryRegionLabel->setText(tr("◀ memory-bound"));
    m_computeRegionLabel->setText(tr("compute-bound ▶"));
    for (PlotLabel* label : {m_memoryRegionLabel, m_computeRegionLabel}) {
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->setPadding(QMargins(6, 4, 6, 4));
    }

    m_interconnectRoof = plot->addGraph();
    m_interconnectLabel = plotLabel(new PlotLabel(plot), Qt::AlignHCenter | Qt::AlignBottom);
    m_interconnectLabel->setPadding(QMargins(0, 0, 0, 6));
    m_poolLinkRoof = plot->addGraph();
    m_poolLinkLabel = plotLabel(new PlotLabel(plot), Qt::AlignHCenter | Qt::AlignBottom);
    m_poolLinkLabel->setPadding(QMargins(0, 0, 0, 6));
    m_slopeExtension = plot->addGraph();
    for (std::size_t i = 0; i < kPrecisionCount; ++i) {
        m_otherRoofGraphs.push_back(plot->addGraph());
        m_roofLabelItems.push_back(
            plotLabel(new PlotLabel(plot), Qt::AlignRight | Qt::AlignBottom));
    }
    for (LevelLine& level : m_levels) {
        level.graph = plot->addGraph();
        level.graph->setSelectable(QCP::stNone);
        level.graph->setVisible(false);
        level.label = plotLabel(new PlotLabel(plot), Qt::AlignHCenter | Qt::AlignBottom);
        level.label->setPadding(QMargins(0, 0, 0, 6));
        level.label->setVisible(false);
    }
    m_roofInUse = plot->addGraph();
    m_hbmLabel = plotLabel(new PlotLabel(plot), Qt::AlignHCenter | Qt::AlignBottom);
    m_hbmLabel->setPadding(QMargins(0, 0, 0, 6));

    // The ridge: a marker on the corner, a dotted drop line to the x axis, and its value at
    // the foot of that line, where no point or roof label ever sits.
    m_ridgeDrop = new QCPItemLine(plot);
    m_ridgeDrop->setSelectable(false);
    m_ridgeDrop->setClipToAxisRect(true);
    m_ridgeDrop->end->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_ridgeDrop->setAntialiased(false);
    m_ridgeMarker = plot->addGraph();
    m_ridgeMarker->setLineStyle(QCPGraph::lsNone);
    m_ridgeLabel = plotLabel(new PlotLabel(plot), Qt::AlignLeft | Qt::AlignBottom);
    m_ridgeLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_ridgeLabel->setPadding(QMargins(6, 0, 0, 4));

    for (QCPGraph* roof :
         {m_interconnectRoof, m_poolLinkRoof, m_slopeExtension, m_roofInUse, m_ridgeMarker}) {
        roof->setSelectable(QCP::stNone);
    }
    for (QCPGraph* roof : m_otherRoofGraphs) {
        roof->setAntialiased(false);
    }
    plot->setCurrentLayer(previous);
}

bool RoofLayer::setRoofs(const Analysis& a) {
    // The pools' link gets a roof of its own only where the interconnect roof is not it.
    const std::optional<KvTransferPoint> transfer = kvTransferPoint(a);
    const double poolLink =
        transfer && transfer->linkBandwidthBytesPerSecond != a.interconnectBandwidthBytesPerSecond
            ? transfer->linkBandwidthBytesPerSecond
            : 0.0;
    std::vector<double> key = {a.peakFlopsPerSecond,
                               a.memoryBandwidthBytesPerSecond,
                               a.ridgePointFlopsPerByte,
                               a.interconnectBandwidthBytesPerSecond,
                               poolLink,
                               transfer ? 1.0 : 0.0,
                               a.hasComputeRoof ? 1.0 : 0.0,
                               static_cast<double>(a.ceilings),
                               static_cast<double>(qHash(QString::fromStdString(a.memoryType)))};
    for (const Roof& roof : a.roofs) {
        key.insert(key.end(), {static_cast<double>(roof.precision), roof.peakFlopsPerSecond,
                               roof.ridgePointFlopsPerByte, roof.inUse ? 1.0 : 0.0});
    }
    for (const LevelRoof& level : a.memoryLevels) {
        key.insert(key.end(),
                   {static_cast<double>(level.level), level.bandwidthBytesPerSecond,
                    static_cast<double>(qHash(QString::fromUtf8(level.nameText().data())))});
    }
    if (key == m_key && m_rebuilds > 0) {
        return false;
    }
    m_key = std::move(key);
    ++m_rebuilds;
    const double bandwidth = a.memoryBandwidthBytesPerSecond;
    m_bandwidth = bandwidth;
    m_peak = a.peakFlopsPerSecond;
    m_ridge = a.ridgePointFlopsPerByte;
    m_link = a.interconnectBandwidthBytesPerSecond;
    m_poolLink = poolLink;
    m_hasComputeRoof = a.hasComputeRoof;

    // Roofs with the same peak (bf16 = fp16, fp8 = int8 on most chips) are one line.
    m_groups.clear();
    for (const Roof& roof : a.roofs) {
        if (!(roof.peakFlopsPerSecond > 0.0)) {
            continue;
        }
        const QString name = QString::fromUtf8(toString(roof.precision));
        auto same = std::find_if(m_groups.begin(), m_groups.end(),
                                 [&](const auto& g) { return g.peak == roof.peakFlopsPerSecond; });
        if (same == m_groups.end()) {
            m_groups.push_back(
                {name, roof.peakFlopsPerSecond, roof.ridgePointFlopsPerByte, roof.inUse});
        } else {
            same->names += QLatin1Char('/') + name;
            same->inUse = same->inUse || roof.inUse;
        }
    }
    std::stable_partition(m_groups.begin(), m_groups.end(), [](const Group& g) { return g.inUse; });

    const double peak = m_peak;
    const double ridge = m_ridge;
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
        label->setVisible(i < m_groups.size());
        if (i < m_groups.size()) {
            const Group& g = m_groups[i];
            // The roof in use says which ceilings these are; the others stay short.
            label->setText(g.names + QLatin1Char(' ') + qs(formatSi(g.peak, "FLOP/s")) +
                           (g.inUse ? ceiling : QString()));
        }
    }
    // The on-chip levels with a cited bandwidth, each named as its preset names it.
    for (std::size_t i = 0; i < m_levels.size(); ++i) {
        LevelLine& line = m_levels[i];
        const MemoryLevel which = i == 0 ? MemoryLevel::LastLevelCache : MemoryLevel::OnChipSram;
        line.bandwidth = 0.0;
        for (const LevelRoof& level : a.memoryLevels) {
            if (level.level == which && level.drawn()) {
                line.bandwidth = level.bandwidthBytesPerSecond;
                const QString how = level.measured                 ? tr(" measured")
                                    : a.ceilings == Ceilings::Peak ? QString()
                                                                   : tr(" achievable");
                line.label->setText(tr("%1 %2").arg(QString::fromUtf8(level.nameText().data()),
                                                    qs(formatSi(line.bandwidth, "B/s"))) +
                                    how);
            }
        }
        line.graph->setVisible(line.bandwidth > 0.0);
        line.label->setVisible(line.bandwidth > 0.0);
    }

    const double link = m_link;
    m_interconnectRoof->setVisible(link > 0.0);
    m_interconnectLabel->setVisible(link > 0.0);
    // Disaggregated over the same link, the one roof reads for the KV transfer too.
    m_interconnectLabel->setText((transfer && poolLink == 0.0
                                      ? tr("interconnect %1 (TP and KV transfer; x = FLOP per "
                                           "link byte)")
                                      : tr("interconnect %1 (x = FLOP per link byte)"))
                                     .arg(qs(formatSi(link, "B/s"))));
    m_poolLinkRoof->setVisible(poolLink > 0.0);
    m_poolLinkLabel->setVisible(poolLink > 0.0);
    m_poolLinkLabel->setText(tr("%1 between the pools %2 (KV transfer; x = FLOP per byte sent)")
                                 .arg(transfer && transfer->scaleOut ? tr("scale-out") : tr("link"),
                                      qs(formatSi(poolLink, "B/s"))));

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
    return true;
}

bool RoofLayer::fitToView(const QCPRange& xr, const QCPRange& yr) {
    if (m_fitted == m_rebuilds && xr == m_viewX && yr == m_viewY) {
        return false;
    }
    m_fitted = m_rebuilds;
    m_viewX = xr;
    m_viewY = yr;
    ++m_fits;
    // Every roof is drawn from exact vertices: the ridge corners are data points, and the
    // lines end at the edges of the current view (strokes far outside it, antialiased or
    // dashed, would cost time on every replot).
    const double bandwidth = m_bandwidth;
    const double peak = m_peak;
    const double ridge = m_ridge;
    if (!m_hasComputeRoof) {
        // A memory-only preset: the memory slope alone, across the view.
        m_left = xr.lower / 1.01;
        m_right = xr.upper * 1.01;
        m_roofInUse->setData(vec({m_left, m_right}),
                             vec({tflops(m_left * bandwidth), tflops(m_right * bandwidth)}), true);
        m_slopeExtension->data()->clear();
        m_interconnectRoof->data()->clear();
        m_poolLinkRoof->data()->clear();
        for (QCPGraph* g : m_otherRoofGraphs) {
            g->setVisible(false);
            g->data()->clear();
        }
        clipToView(m_roofInUse, xr, yr);
        fitLevels(xr, yr);
        return true;
    }
    const double left = std::min(xr.lower, ridge) / 1.01;
    const double right = std::max(xr.upper, ridge) * 1.01;
    m_left = left;
    m_right = right;

    m_roofInUse->setData(vec({left, ridge, right}),
                         vec({tflops(left * bandwidth), tflops(peak), tflops(peak)}), true);

    double highestRidge = ridge;
    double highestPeak = peak;
    std::size_t other = 0;
    for (const Group& g : m_groups) {
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

    // A link's slope, from the view's left edge up to the compute roof (none without one).
    const auto linkRoof = [left, peak](QCPGraph* graph, double link) {
        if (link > 0.0) {
            const double linkLeft = std::min(left, peak / link / 1.01);
            graph->setData(vec({linkLeft, peak / link}),
                           vec({tflops(linkLeft * link), tflops(peak)}), true);
        } else {
            graph->data()->clear();
        }
    };
    linkRoof(m_interconnectRoof, m_link);
    linkRoof(m_poolLinkRoof, m_poolLink);
    for (QCPGraph* roof : {m_roofInUse, m_slopeExtension, m_interconnectRoof, m_poolLinkRoof}) {
        clipToView(roof, xr, yr);
    }
    for (QCPGraph* roof : m_otherRoofGraphs) {
        clipToView(roof, xr, yr);
    }
    fitLevels(xr, yr);
    return true;
}

void RoofLayer::fitLevels(const QCPRange& xr, const QCPRange& yr) {
    // Each level's slope meets the compute roof at its own ridge (peak / its bandwidth), as
    // in the hierarchical roofline; without a compute roof it runs across the view.
    for (LevelLine& line : m_levels) {
        const double bw = line.bandwidth;
        if (!(bw > 0.0)) {
            line.graph->data()->clear();
            continue;
        }
        const double end = m_hasComputeRoof ? m_peak / bw : m_right;
        const double start = std::min(m_left, end / 1.01);
        line.graph->setData(vec({start, end}),
                            vec({tflops(start * bw), tflops(m_hasComputeRoof ? m_peak : end * bw)}),
                            true);
        clipToView(line.graph, xr, yr);
    }
}

void RoofLayer::setStyle(const PlotPalette& p, double scale, const QFont& base, const QFont& bold,
                         const QFont& small) {
    m_memoryRegion->setPen(Qt::NoPen);
    m_memoryRegion->setBrush(p.memoryRegion);
    m_computeRegion->setPen(Qt::NoPen);
    m_computeRegion->setBrush(p.computeRegion);
    for (PlotLabel* label : {m_memoryRegionLabel, m_computeRegionLabel}) {
        label->setColor(p.regionText);
        label->setFont(base);
    }

    m_roofInUse->setPen(QPen(p.roof, 2.5 * scale));
    // Width 1 lines take Qt's fast cosmetic stroker, dashes included.
    m_slopeExtension->setPen(QPen(p.otherRoof, scale, Qt::DashLine));
    for (QCPGraph* roof : m_otherRoofGraphs) {
        roof->setPen(QPen(p.otherRoof, scale, Qt::DashLine));
    }
    for (std::size_t i = 0; i < m_roofLabelItems.size(); ++i) {
        m_roofLabelItems[i]->setFont(i == 0 ? bold : small);
        m_roofLabelItems[i]->setColor(i == 0 ? p.roof : p.otherRoof);
    }
    m_hbmLabel->setFont(bold);
    m_hbmLabel->setColor(p.roof);
    for (std::size_t i = 0; i < m_levels.size(); ++i) {
        const QColor& colour = p.level[i + 1];  // [0] is the main memory's
        m_levels[i].graph->setPen(QPen(colour, 2.0 * scale));
        m_levels[i].label->setFont(small);
        m_levels[i].label->setColor(colour);
    }
    m_interconnectRoof->setPen(QPen(p.interconnect, 2.0 * scale, Qt::DashDotLine));
    m_interconnectLabel->setFont(small);
    m_interconnectLabel->setColor(p.interconnect);
    m_poolLinkRoof->setPen(QPen(p.interconnect, 2.0 * scale, Qt::DotLine));
    m_poolLinkLabel->setFont(small);
    m_poolLinkLabel->setColor(p.interconnect);

    m_ridgeMarker->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, p.roof, p.background, 9.0 * scale));
    m_ridgeLabel->setFont(small);
    m_ridgeLabel->setColor(p.foreground);
    m_ridgeDrop->setPen(QPen(p.otherRoof, scale, Qt::DotLine));
}

void RoofLayer::describe(SceneWriter& w) const {
    w.setLayer(QStringLiteral("regions"));
    w.rect(m_memoryRegion, QStringLiteral("region"), QStringLiteral("memory-bound"));
    w.rect(m_computeRegion, QStringLiteral("region"), QStringLiteral("compute-bound"));
    w.label(m_memoryRegionLabel);
    w.label(m_computeRegionLabel);

    w.setLayer(layerName());
    // Roof labels are in m_groups' order: the one in use first, then the others in the
    // order the other roofs' graphs took them (fitToView()).
    const bool firstInUse = !m_groups.empty() && m_groups.front().inUse;
    w.polyline(m_roofInUse, QStringLiteral("roof"),
               firstInUse ? m_roofLabelItems.front()->text() : QString());
    w.polyline(m_slopeExtension, QStringLiteral("roof"), tr("memory slope, extended"));
    std::size_t label = firstInUse ? 1 : 0;
    for (const QCPGraph* roof : m_otherRoofGraphs) {
        const QString text = label < m_roofLabelItems.size() && m_roofLabelItems[label]->visible()
                                 ? m_roofLabelItems[label]->text()
                                 : QString();
        if (roof->visible()) {
            w.polyline(roof, QStringLiteral("roof"), text);
            ++label;
        }
    }
    w.polyline(m_interconnectRoof, QStringLiteral("roof"), m_interconnectLabel->text());
    if (m_poolLinkRoof->visible()) {
        w.polyline(m_poolLinkRoof, QStringLiteral("roof"), m_poolLinkLabel->text());
    }
    for (const LevelLine& line : m_levels) {
        if (line.graph->visible()) {
            w.polyline(line.graph, QStringLiteral("level roof"), line.label->text());
            w.label(line.label);
        }
    }
    for (const PlotLabel* roofLabel : m_roofLabelItems) {
        w.label(roofLabel);
    }
    w.label(m_hbmLabel);
    w.label(m_interconnectLabel);
    w.label(m_poolLinkLabel);
    w.points(m_ridgeMarker, QStringLiteral("ridge"), m_ridgeLabel->text());
    w.line(m_ridgeDrop, QStringLiteral("drop"), m_ridgeLabel->text());
    w.label(m_ridgeLabel);
}

void RoofLayer::labelRequests(std::vector<LabelEntry>& entries) {
    const QCPAxis* xAxis = m_plot->xAxis;
    const QCPAxis* yAxis = m_plot->yAxis;
    const QRectF view(m_plot->axisRect()->rect());
    const auto px = [&](double x, double y) {
        return QPointF(xAxis->coordToPixel(x), yAxis->coordToPixel(y));
    };
    const auto add = [&](PlotLabel* label, LabelRequest request,
                         std::vector<SlopeSpot> spots = {}) {
        LabelEntry entry;
        entry.label = label;
        entry.roofLayer = true;
        entry.request = std::move(request);
        entry.spots = std::move(spots);
        entries.push_back(std::move(entry));
    };

    for (std::size_t i = 0; i < m_groups.size() && i < m_roofLabelItems.size(); ++i) {
        const Group& g = m_groups[i];
        PlotLabel* label = m_roofLabelItems[i];
        if (!label->visible()) {
            continue;
        }
        const QSizeF size = labelBoxSize(label);
        const double y = yAxis->coordToPixel(tflops(g.peak));
        const double x0 = std::max(xAxis->coordToPixel(g.ridge), view.left()) + kEdgeGap;
        const double x1 = view.right() - kEdgeGap - size.width();
        const double above = y - kRoofGap - size.height();
        const double below = y + kRoofGap;
        // The roof in use at its right end (UI.md); the others by their own ridge, away from
        // the prefill point under the right end. Then anywhere along their line, and on over
        // the slope left of the ridge (the ceiling may be shorter than its label).
        std::vector<double> lefts = g.inUse ? std::vector<double>{x1} : std::vector<double>{x0, x1};
        const double step = std::max(16.0, size.width() / 4.0);
        for (double left = x1 - step; left > x0 - size.width(); left -= step) {
            lefts.push_back(left);
        }
        lefts.push_back(x0 - size.width());
        const double above2 = above - size.height();
        const std::array<double, 3> tops = g.inUse ? std::array<double, 3>{above, below, above2}
                                                   : std::array<double, 3>{below, above, above2};
        LabelRequest r;
        for (const double top : tops) {
            for (const double left : lefts) {
                const QRectF box(QPointF(left, top), size);
                r.candidates.push_back({box, box.center(), 0.0});
            }
        }
        // Last, wholly left of the ridge at the roof's height, clear of the ridge's marker:
        // where the ridge and a point under the roof's right end leave no room for the name
        // along the line (fp4 on a B200 at 1280×720 in presentation mode).
        for (int k = 1; k <= 3; ++k) {
            const double left = x0 - size.width() - k * step;
            for (const double top : {above, below}) {
                const QRectF box(QPointF(left, top), size);
                r.candidates.push_back({box, box.center(), 0.0});
            }
        }
        r.anchor = QPointF(x1 + size.width(), y);
        r.priority = g.inUse ? 0 : 3;
        r.droppable = !g.inUse;  // never the binding roof's name; another's, where crowded
        add(label, std::move(r));
    }

    // A slope's label lies along it, turned to its angle, above the line or below it; it
    // slides along the visible part of the slope to stay clear of the points.
    const auto slope = [&](PlotLabel* label, double bandwidth, double ridge, int priority) {
        const QCPRange xr = xAxis->range();
        const QCPRange yr = yAxis->range();
        // The name shows wherever its line does: it comes back with the line into the view.
        label->setVisible(bandwidth > 0.0);
        if (!(bandwidth > 0.0)) {
            return;
        }
        const double enter = std::max(xr.lower, yr.lower * kFlopsPerTflop / bandwidth);
        const double leave = std::min({ridge, xr.upper, yr.upper * kFlopsPerTflop / bandwidth});
        if (!(leave > enter)) {
            label->setVisible(false);
            return;
        }
        const QPointF a = px(enter, tflops(enter * bandwidth));
        const QPointF b = px(leave, tflops(leave * bandwidth));
        const double angle = std::atan2(b.y() - a.y(), b.x() - a.x()) * 180.0 / M_PI;
        const QRect text = label->textRect();
        const double w = text.width();
        LabelRequest r;
        std::vector<SlopeSpot> spots;
        // On the line first; further off it where points crowd it (memory-bound operators
        // all lie on the memory slope).
        const double h = text.height();
        for (const int offset : {6, 16, 28}) {  // between the line and the text
            for (const bool above : {true, false}) {
                for (const double t : {0.5, 0.38, 0.62, 0.26, 0.74, 0.15, 0.85}) {
                    const double x = enter * std::pow(leave / enter, t);
                    const double y = tflops(x * bandwidth);
                    const QPointF p = px(x, y);
                    const QRectF box(
                        QPointF(p.x() - w / 2.0, above ? p.y() - offset - h : p.y() + offset),
                        QSizeF(w, h));
                    r.candidates.push_back({box, p, angle});
                    spots.push_back({x, y, above, offset});
                }
            }
        }
        r.anchor = px(std::sqrt(enter * leave), tflops(std::sqrt(enter * leave) * bandwidth));
        r.priority = priority;
        add(label, std::move(r), std::move(spots));
    };
    // A chip without a sourced compute peak has no ridge: its slope runs across the view.
    slope(m_hbmLabel, m_bandwidth, m_hasComputeRoof ? m_ridge : xAxis->range().upper, 1);
    if (m_link > 0.0) {
        slope(m_interconnectLabel, m_link, m_peak / m_link, 2);
    }
    if (m_poolLink > 0.0) {
        slope(m_poolLinkLabel, m_poolLink, m_peak / m_poolLink, 2);
    }
    for (const LevelLine& line : m_levels) {
        if (line.bandwidth > 0.0) {
            slope(line.label, line.bandwidth,
                  m_hasComputeRoof ? m_peak / line.bandwidth : xAxis->range().upper, 2);
        }
    }

    // The ridge's value at the foot of its drop line, on either side, higher when the foot
    // is taken; the regions' names at the top, on either side of the ridge.
    const double ridgeX = xAxis->coordToPixel(m_ridge);
    if (m_ridgeLabel->visible() && std::isfinite(ridgeX)) {
        const QSizeF size = labelBoxSize(m_ridgeLabel);
        LabelRequest r;
        for (int row = 0; row < 6; ++row) {
            const double top = view.bottom() - 4.0 - size.height() * (row + 1);
            for (const double left : {ridgeX + 4.0, ridgeX - 4.0 - size.width()}) {
                const QRectF box(QPointF(left, top), size);
                r.candidates.push_back({box, box.center(), 0.0});
            }
        }
        r.anchor = QPointF(ridgeX, view.bottom());
        r.priority = 4;
        add(m_ridgeLabel, std::move(r));
    }
    for (PlotLabel* label : {m_memoryRegionLabel, m_computeRegionLabel}) {
        if (!label->visible() || !std::isfinite(ridgeX)) {
            continue;
        }
        const QSizeF size = labelBoxSize(label);
        const bool left = label == m_memoryRegionLabel;
        LabelRequest r;
        for (int row = 0; row < 3; ++row) {
            const QRectF box(QPointF(left ? ridgeX - 6.0 - size.width() : ridgeX + 6.0,
                                     view.top() + 4.0 + row * size.height()),
                             size);
            r.candidates.push_back({box, box.center(), 0.0});
        }
        r.anchor = QPointF(ridgeX, view.top());
        r.priority = 30;  // after the points' names: they give way, not the points
        r.droppable = true;
        add(label, std::move(r));
    }
}

std::vector<const QCPGraph*> RoofLayer::lines() const {
    std::vector<const QCPGraph*> roofLines = {m_roofInUse, m_interconnectRoof, m_poolLinkRoof,
                                              m_slopeExtension};
    roofLines.insert(roofLines.end(), m_otherRoofGraphs.begin(), m_otherRoofGraphs.end());
    for (const LevelLine& line : m_levels) {
        roofLines.push_back(line.graph);
    }
    return roofLines;
}

std::vector<QCPGraph*> RoofLayer::otherRoofs() const {
    std::vector<QCPGraph*> shown;
    for (QCPGraph* graph : m_otherRoofGraphs) {
        if (graph->visible()) {
            shown.push_back(graph);
        }
    }
    return shown;
}

QStringList RoofLayer::roofLabels() const {
    QStringList labels;
    for (const PlotLabel* label : m_roofLabelItems) {
        if (label->visible()) {
            labels << label->text();
        }
    }
    return labels;
}

QString RoofLayer::ridgeLabel() const { return m_ridgeLabel->text(); }

}  // namespace roofline::ui
