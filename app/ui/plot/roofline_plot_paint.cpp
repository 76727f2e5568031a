// SPDX-License-Identifier: GPL-3.0-or-later
// RooflinePlot's painting: the full redraw (the static picture, plot_picture.h), a step's
// partial repaint, the paint itself (the picture, then the moving items: direct_items.h),
// export through the QCustomPlot's public toPainter/toPixmap, and the mouse.

#include <algorithm>

#include <QMouseEvent>
#include <QWheelEvent>

#include "plot/direct_items.h"
#include "plot/plot_hover.h"
#include "plot/plot_interactions.h"
#include "plot/plot_picture.h"
#include "plot/roofline_plot.h"

namespace roofline::ui {

void RooflinePlot::replot(RefreshPriority priority) {
    m_fullPending = true;
    if (priority == QCustomPlot::rpQueuedReplot) {
        m_queuedReplot.start();
        return;
    }
    renderAll();
    if (priority == QCustomPlot::rpImmediateRefresh) {
        repaint();
    } else {
        update();
    }
}

void RooflinePlot::renderAll() {
    emit beforeReplot();
    m_queuedReplot.stop();
    m_fullPending = false;
    // The QCustomPlot lays out at this widget's size (eventFilter()).
    m_plot->setViewport(rect());
    // Whatever asked for it (a step, a resize, the user's zoom), the picture will show this
    // view and these roofs: refresh() redraws less until the view changes again.
    m_replottedView = viewKey();
    m_picture->drawBackdrop(size(), devicePixelRatioF(), m_palette.background);  // lays out
    if (fitAxisTitles()) {
        // A title's length does not change the layout (its thickness does): drawn again.
        m_picture->drawBackdrop(size(), devicePixelRatioF(), m_palette.background);
    }
    if (!m_picture->switchTo(m_roofPicture)) {
        m_picture->drawRoofs();
    }
    m_drawnRoofBase = roofBase();
    m_drawnLabelShapes = m_roofLabelShapes;
    updateAccessibleDescription();
}

void RooflinePlot::toPainter(QCPPainter* painter, int width, int height) {
    m_plot->toPainter(painter, width, height);  // lays out at that size
    drawDirectItems(painter);
    afterExport();
}

QPixmap RooflinePlot::toPixmap(int width, int height) {
    QPixmap pixmap = m_plot->toPixmap(width, height);  // lays out at that size
    {
        QCPPainter painter(&pixmap);
        drawDirectItems(&painter);
    }
    afterExport();
    return pixmap;
}

void RooflinePlot::afterExport() {
    // The items were laid out at the export's size: lay them out at the widget's again.
    replot(QCustomPlot::rpQueuedReplot);
}

void RooflinePlot::refresh(bool roofsChanged) {
    // The full redraw (layout, backdrop, roofs) only when the view itself changed: ranges,
    // legend, size. Otherwise the roof picture is redrawn (or a kept one taken) if the roofs
    // changed, and the data needs no picture (direct_items.h).
    const bool partial = viewKey() == m_replottedView && !m_fullPending && m_picture->valid();
    if (!partial) {
        replot(m_replotPriority);
        return;
    }
    // The data's marks need repainting where they were and where they are now.
    QRegion dirty = m_shown.united(directFootprint());
    if (roofsChanged) {
        updateViewGeometry();
        dirty += redrawRoofPicture();
    }
    if (m_replotPriority == QCustomPlot::rpImmediateRefresh) {
        repaint(dirty);
    } else {
        update(dirty);
    }
    updateAccessibleDescription();
}

namespace {

/// Where shapes of `before` and `after` differ: each item's old and new shape, where it
/// changed, came or went.
QRegion changedShapes(const std::vector<std::pair<const PlotLabel*, QRegion>>& before,
                      const std::vector<std::pair<const PlotLabel*, QRegion>>& after) {
    QRegion changed;
    const auto find = [](const auto& shapes, const PlotLabel* label) {
        return std::find_if(shapes.begin(), shapes.end(),
                            [label](const auto& shape) { return shape.first == label; });
    };
    for (const auto& [label, shape] : after) {
        const auto old = find(before, label);
        if (old == before.end()) {
            changed += shape;
        } else if (old->second != shape) {
            changed += old->second;
            changed += shape;
        }
    }
    for (const auto& [label, shape] : before) {
        if (find(after, label) == after.end()) {
            changed += shape;
        }
    }
    return changed;
}

}  // namespace

QRegion RooflinePlot::redrawRoofPicture() {
    // Only the roof layer's labels moved (a point came onto one and it stepped aside, or
    // the point left): the picture is mended where they were and where they are (a play's
    // batch sweep passes several roof labels). The plot is laid out again (0.3 ms), but no
    // fresh pixmap is touched and only the labels' places are drawn and repainted.
    const std::vector<double> base = roofBase();
    if (base == m_drawnRoofBase) {
        QRegion moved = changedShapes(m_drawnLabelShapes, m_roofLabelShapes);
        if (m_picture->patch(m_roofPicture, moved)) {
            m_drawnLabelShapes = m_roofLabelShapes;
            ++m_roofPictureMends;
            return moved;
        }
    }
    if (!m_picture->switchTo(m_roofPicture)) {
        m_picture->drawRoofs();
    }
    m_drawnRoofBase = base;
    m_drawnLabelShapes = m_roofLabelShapes;
    // New roofs change the axis rect, which every roof-layer item is clipped to.
    return m_plot->axisRect()->rect().adjusted(-1, -1, 1, 1);
}

void RooflinePlot::paintEvent(QPaintEvent* event) {
    // The static picture is opaque (plot_picture.h): one copy, then the data drawn over it.
    const bool whole = m_fullPending || !m_picture->valid();
    if (whole) {
        renderAll();
    }
    QCPPainter painter(this);
    if (!painter.isActive()) {
        return;
    }
    painter.setCompositionMode(QPainter::CompositionMode_Source);
    painter.drawPixmap(0, 0, m_picture->pixmap());
    painter.setCompositionMode(QPainter::CompositionMode_SourceOver);
    drawDirectItems(&painter);
    painter.end();
    // Inside the painted region the screen now shows the current marks; outside it, what it
    // showed before.
    const QRegion& exposed = event->region();
    m_shown = m_shown.subtracted(exposed).united(directFootprint().intersected(exposed));
    if (whole && !exposed.contains(rect())) {
        update();  // the rest of the widget shows the old picture
    }
    emit painted();
}

bool RooflinePlot::eventFilter(QObject* watched, QEvent* event) {
    // The QCustomPlot draws only when this widget asks it to (StaticPicture, export). Its
    // viewport is this widget's rect, set before each full redraw: the resize event Qt sends
    // it when this widget is rendered (grab(), render()) would lay it out at its own size
    // and replot it in full into paint buffers nobody shows, and so would the queued
    // replot its constructor posts (a queued call: QCustomPlot has no other).
    if (watched == m_plot &&
        (event->type() == QEvent::Resize || event->type() == QEvent::MetaCall)) {
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void RooflinePlot::mousePressEvent(QMouseEvent* event) {
    if (!m_view->press(*event)) {
        QWidget::mousePressEvent(event);
    }
}

void RooflinePlot::mouseMoveEvent(QMouseEvent* event) {
    if (!m_view->move(*event)) {
        m_hover->hover(this, *event);
    }
}

void RooflinePlot::mouseReleaseEvent(QMouseEvent* event) {
    if (!m_view->release(*event)) {
        QWidget::mouseReleaseEvent(event);
    }
}

void RooflinePlot::wheelEvent(QWheelEvent* event) {
    if (m_view->wheel(*event)) {
        event->accept();
    } else {
        QWidget::wheelEvent(event);
    }
}

QString RooflinePlot::tooltipAt(const QPointF& pixel, double maxDistance) const {
    return m_hover->textAt(pixel, maxDistance);
}

void RooflinePlot::drawDirectItems(QCPPainter* painter) const {
    for (DirectItem* item : m_direct) {
        item->drawDirect(painter);
    }
}

QRegion RooflinePlot::directFootprint() const {
    QRegion region;
    for (const DirectItem* item : m_direct) {
        region += item->footprint();
    }
    return region;
}

}  // namespace roofline::ui
