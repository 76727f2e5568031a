// SPDX-License-Identifier: GPL-3.0-or-later
// RooflinePlot's style: fonts, pens and marks from the palette (plot_palette.h), ×1.5 in
// presentation mode, following the system's palette; and the legend's columns.

#include <algorithm>
#include <numeric>
#include <vector>

#include <QApplication>
#include <QEvent>
#include <QFontMetricsF>

#include "plot/baseline_layer.h"
#include "plot/operator_layer.h"
#include "plot/plot_items.h"
#include "plot/roofline_plot.h"

namespace roofline::ui {

void RooflinePlot::applyStyle() {
    const PlotPalette& p = m_palette;
    m_plot->setBackground(p.background);
    m_plot->axisRect()->setBackground(Qt::NoBrush);

    // In presentation mode the application's font for this widget, not the one inherited
    // from the window: the window scales its own font ×1.5 then, and so does scaled(), which
    // would make the plot's text 2.25× (labels pile on each other at 1280×720).
    QFont base = m_presentation ? QApplication::font(this) : font();
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

    const double dpr = devicePixelRatioF();
    m_roof->setStyle(p, scaled(1.0), base, bold, small);
    m_operators->setStyle(p, scaled(1.0), dpr);
    m_points->setStyle(p, scaled(1.0), dpr, bold, small);
    m_estimate->setStyle(p, scaled(1.0));
    m_labels->setLineWidth(scaled(1.0));
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
    // The legend's entries in one row under the plot while they fit, else in the most
    // columns that do, each column as wide as its widest entry (filled row by row): at
    // 1024×700 one row is cut off ("pref"); every column as wide as the widest entry would
    // leave a lesson with a baseline three rows in presentation mode at 1280×720, a row more
    // than it needs.
    const int available = width() - 20;
    const int spacing = m_plot->legend->columnSpacing();
    std::vector<int> widths;
    for (int i = 0; i < m_plot->legend->elementCount(); ++i) {
        const QCPLayoutElement* item = m_plot->legend->elementAt(i);
        if (item == nullptr) {
            continue;  // a cell left empty by removeFromLegend()
        }
        widths.push_back(item->minimumOuterSizeHint().width() + spacing);
    }
    int columns = std::max<int>(1, static_cast<int>(widths.size()));
    for (; columns > 1; --columns) {
        std::vector<int> columnWidth(static_cast<std::size_t>(columns), 0);
        for (std::size_t i = 0; i < widths.size(); ++i) {
            int& w = columnWidth[i % static_cast<std::size_t>(columns)];
            w = std::max(w, widths[i]);
        }
        if (std::accumulate(columnWidth.begin(), columnWidth.end(), 0) <= available) {
            break;
        }
    }
    m_plot->legend->setWrap(columns);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);  // rearranged, gaps closed
}

bool RooflinePlot::fitAxisTitles() {
    const QString titles[] = {tr("Attainable performance (TFLOP/s)"), tr("Attainable (TFLOP/s)"),
                              tr("TFLOP/s")};
    QCPAxis* y = m_plot->yAxis;
    const QFontMetricsF metrics(y->labelFont());
    const double room = m_plot->axisRect()->height();
    QString fits = titles[std::size(titles) - 1];
    for (const QString& title : titles) {
        if (metrics.horizontalAdvance(title) <= room) {
            fits = title;
            break;
        }
    }
    if (fits == y->label()) {
        return false;
    }
    y->setLabel(fits);
    return true;
}

}  // namespace roofline::ui
