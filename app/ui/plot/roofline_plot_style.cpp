// SPDX-License-Identifier: GPL-3.0-or-later
// RooflinePlot's style: fonts, pens and marks from the palette (plot_palette.h), ×1.5 in
// presentation mode, following the system's palette; and the legend's columns.

#include <QEvent>

#include "plot/baseline_layer.h"
#include "plot/operator_layer.h"
#include "plot/plot_items.h"
#include "plot/roofline_plot.h"

namespace roofline::ui {

void RooflinePlot::applyStyle() {
    const PlotPalette& p = m_palette;
    m_plot->setBackground(p.background);
    m_plot->axisRect()->setBackground(Qt::NoBrush);

    QFont base = font();
    base.setPointSizeF(scaled(base.pointSizeF()));
    QFont bold = base;
    bold.setBold(true);
    QFont small = base;
    small.setPointSizeF(base.pointSizeF() * 0.9);

    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        const QPen axisPen(p.foreground, scaled(1.0));
        axis->setBasePen(axisPen);
        axis->setTickPen(axisPen);
        axis->setSubTickPen(axisPen);
        axis->setTickLabelColor(p.foreground);
        axis->setLabelColor(p.foreground);
        axis->setTickLabelFont(base);
        axis->setLabelFont(bold);
        // Grid lines stay 1 px in presentation mode: only the data gets bolder.
        axis->grid()->setPen(QPen(p.grid, 1.0, Qt::SolidLine));
        axis->grid()->setSubGridPen(QPen(p.subGrid, 1.0, Qt::SolidLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }

    m_memoryRegion->setPen(Qt::NoPen);
    m_memoryRegion->setBrush(p.memoryRegion);
    m_computeRegion->setPen(Qt::NoPen);
    m_computeRegion->setBrush(p.computeRegion);
    for (PlotLabel* label : {m_memoryRegionLabel, m_computeRegionLabel}) {
        label->setColor(p.regionText);
        label->setFont(base);
    }

    m_roofInUse->setPen(QPen(p.roof, scaled(2.5)));
    // Width 1 lines take Qt's fast cosmetic stroker, dashes included.
    m_slopeExtension->setPen(QPen(p.otherRoof, scaled(1.0), Qt::DashLine));
    for (QCPGraph* roof : m_otherRoofGraphs) {
        roof->setPen(QPen(p.otherRoof, scaled(1.0), Qt::DashLine));
    }
    for (std::size_t i = 0; i < m_roofLabelItems.size(); ++i) {
        m_roofLabelItems[i]->setFont(i == 0 ? bold : small);
        m_roofLabelItems[i]->setColor(i == 0 ? p.roof : p.otherRoof);
    }
    m_hbmLabel->setFont(bold);
    m_hbmLabel->setColor(p.roof);
    m_interconnectRoof->setPen(QPen(p.interconnect, scaled(2.0), Qt::DashDotLine));
    m_interconnectLabel->setFont(small);
    m_interconnectLabel->setColor(p.interconnect);

    m_ridgeMarker->setLineStyle(QCPGraph::lsNone);
    m_ridgeMarker->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, p.roof, p.background, scaled(9.0)));
    m_ridgeLabel->setFont(small);
    m_ridgeLabel->setColor(p.foreground);
    m_ridgeDrop->setPen(QPen(p.otherRoof, scaled(1.0), Qt::DotLine));

    const double dpr = devicePixelRatioF();
    m_operators->setStyle(p, scaled(1.0), dpr);

    QColor trailColour = p.decode;
    m_trail->setPen(QPen(trailColour, scaled(1.8)));
    m_trail->setScatterStyle(
        pixmapScatter(QCPScatterStyle::ssDisc, QPen(trailColour), trailColour, scaled(5.0), dpr));
    trailColour.setAlphaF(0.55F);
    m_trailBeyond->setPen(QPen(trailColour, scaled(1.5), Qt::DashLine));
    m_trailBeyond->setScatterStyle(pixmapScatter(
        QCPScatterStyle::ssCircle, QPen(trailColour, scaled(1.0)), Qt::NoBrush, scaled(5.0), dpr));
    for (PlotLabel* label : {m_trailStartLabel, m_trailEndLabel}) {
        label->setFont(small);
        label->setColor(p.decode);
    }

    m_prefillPoint->setPen(QPen(p.prefill, scaled(1.5)));
    m_prefillPoint->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssDiamond, QPen(p.foreground, scaled(1.5)), p.prefill, scaled(16.0)));
    m_decodePoint->setPen(QPen(p.decode, scaled(1.5)));
    m_decodePoint->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(p.foreground, scaled(1.5)), p.decode, scaled(14.0)));
    m_prefillLabel->setFont(bold);
    m_prefillLabel->setColor(p.prefill);
    m_decodeLabel->setFont(bold);
    m_decodeLabel->setColor(p.decode);
    m_specPoints->setPen(QPen(p.decode, scaled(1.5)));
    m_specPoints->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssTriangle, QPen(p.decode, scaled(2.0)), p.background, scaled(13.0)));
    m_verifyLabel->setFont(bold);
    m_verifyLabel->setColor(p.decode);
    m_prefillLink->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssSquare, QPen(p.prefill, scaled(2.0)), Qt::NoBrush, scaled(10.0)));
    m_decodeLink->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssSquare, QPen(p.decode, scaled(2.0)), Qt::NoBrush, scaled(10.0)));
    m_criticalMark->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssPlus, QPen(p.decode, scaled(2.5)), Qt::NoBrush, scaled(14.0)));
    m_memoryWallMark->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCross, QPen(p.warning, scaled(2.5)), Qt::NoBrush, scaled(12.0)));
    m_criticalLabel->setFont(small);
    m_criticalLabel->setColor(p.decode);
    m_memoryWallLabel->setFont(small);
    m_memoryWallLabel->setColor(p.warning);
    m_draftLabel->setFont(bold);
    m_draftLabel->setColor(p.decode);

    m_baselineLayer->setStyle(p, scaled(1.0), dpr, bold);

    m_plot->legend->setFont(base);
    m_plot->legend->setTextColor(p.foreground);
    m_plot->legend->setBrush(p.background);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setIconSize(static_cast<int>(scaled(22.0)), static_cast<int>(scaled(14.0)));
    emit styleChanged();
    fitLegend();
    m_compare->setStyle(p, scaled(1.0), small);  // its legend copies the legend's style
}

void RooflinePlot::setPresentationMode(bool on) {
    if (on == m_presentation) {
        return;
    }
    m_presentation = on;
    m_palette =
        on ? PlotPalette::highContrastVariant(m_palette.dark) : PlotPalette::forSystem(palette());
    applyStyle();
    replot(m_replotPriority);
}

void RooflinePlot::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        const bool dark = PlotPalette::forSystem(palette()).dark;
        m_palette = m_presentation ? PlotPalette::highContrastVariant(dark)
                                   : PlotPalette::forSystem(palette());
        applyStyle();
        replot(m_replotPriority);
    }
}

void RooflinePlot::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitLegend();
    m_fullPending = true;  // the next paint lays out at the new size
}

void RooflinePlot::fitLegend() {
    // The legend's entries in one row under the plot while they fit, else in as many
    // columns as do: at 1024×700 one row was cut off ("pref", issue 12).
    const int available = width() - 20;
    int total = 0;
    int widest = 1;
    int items = 0;
    for (int i = 0; i < m_plot->legend->elementCount(); ++i) {
        const QCPLayoutElement* item = m_plot->legend->elementAt(i);
        if (item == nullptr) {
            continue;  // a cell left empty by removeFromLegend()
        }
        ++items;
        const int w = item->minimumOuterSizeHint().width() + m_plot->legend->columnSpacing();
        total += w;
        widest = std::max(widest, w);
    }
    const int columns = total <= available ? std::max(1, items) : std::max(1, available / widest);
    m_plot->legend->setWrap(columns);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);  // rearranged, gaps closed
}

}  // namespace roofline::ui
