// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot_interactions.h"

#include <cmath>
#include <utility>

#include <QMouseEvent>
#include <QWheelEvent>
#include <qcustomplot.h>

namespace roofline::ui {
namespace {

/// QCustomPlot's default zoom per wheel step (QCPAxisRect::rangeZoomFactor).
constexpr double kZoomPerStep = 0.85;

/// `axis` moved by the mouse going from pixel `from` to pixel `to` along it.
void drag(QCPAxis* axis, double from, double to) {
    if (axis->scaleType() == QCPAxis::stLogarithmic) {
        const double factor = axis->pixelToCoord(from) / axis->pixelToCoord(to);
        if (std::isfinite(factor) && factor > 0.0) {
            axis->setRange(axis->range().lower * factor, axis->range().upper * factor);
        }
    } else {
        const double shift = axis->pixelToCoord(from) - axis->pixelToCoord(to);
        axis->setRange(axis->range().lower + shift, axis->range().upper + shift);
    }
}

}  // namespace

ViewInteraction::ViewInteraction(QCustomPlot* plot, std::function<void()> changed)
    : m_plot(plot), m_changed(std::move(changed)) {}

bool ViewInteraction::press(const QMouseEvent& event) {
    if (event.button() != Qt::LeftButton ||
        !m_plot->axisRect()->outerRect().contains(event.position().toPoint())) {
        return false;
    }
    m_dragging = true;
    m_last = event.position();
    if (m_plot->noAntialiasingOnDrag()) {
        m_plot->setNotAntialiasedElements(QCP::aeAll);
    }
    return true;
}

bool ViewInteraction::move(const QMouseEvent& event) {
    if (!m_dragging) {
        return false;
    }
    const QPointF at = event.position();
    drag(m_plot->xAxis, m_last.x(), at.x());
    drag(m_plot->yAxis, m_last.y(), at.y());
    m_last = at;
    m_changed();
    return true;
}

bool ViewInteraction::release(const QMouseEvent& event) {
    if (!m_dragging || event.button() != Qt::LeftButton) {
        return false;
    }
    m_dragging = false;
    if (m_plot->noAntialiasingOnDrag()) {
        m_plot->setNotAntialiasedElements(QCP::aeNone);
        m_changed();  // antialiased again
    }
    return true;
}

bool ViewInteraction::wheel(const QWheelEvent& event) {
    const QPointF at = event.position();
    if (!m_plot->axisRect()->outerRect().contains(at.toPoint())) {
        return false;
    }
    const double steps = event.angleDelta().y() / 120.0;
    const double factor = std::pow(kZoomPerStep, steps);
    m_plot->xAxis->scaleRange(factor, m_plot->xAxis->pixelToCoord(at.x()));
    m_plot->yAxis->scaleRange(factor, m_plot->yAxis->pixelToCoord(at.y()));
    m_changed();
    return true;
}

}  // namespace roofline::ui
