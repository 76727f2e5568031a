// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot_interactions.h"

#include <cmath>
#include <utility>

#include <QMouseEvent>
#include <QToolTip>
#include <qcustomplot.h>

namespace roofline::ui {

ViewInteraction::ViewInteraction(QCustomPlot* plot, std::function<QCPRange(const QCPAxis*)> limits,
                                 std::function<void()> userMoved)
    : QObject(plot), m_limits(std::move(limits)), m_userMoved(std::move(userMoved)) {
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot->setNoAntialiasingOnDrag(true);
    for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
        connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this, axis] {
            if (!m_plotMoving) {
                m_userMoved();
                keepInLimits(axis);
            }
        });
    }
}

void ViewInteraction::keepInLimits(QCPAxis* axis) {
    // Wheel zoom and drag stay within the limits (three decades of the data's view either
    // way), and zoom in no closer than a factor of 2 across (issue 12 reached 1e+200
    // FLOP/byte).
    const QCPRange limits = m_limits(axis);
    if (!(limits.lower > 0.0) || !(limits.upper > limits.lower)) {
        return;
    }
    QCPRange r = axis->range();
    const double span = std::log10(r.upper / r.lower);
    const double maxSpan = std::log10(limits.upper / limits.lower);
    const double minSpan = std::log10(2.0);
    const double centre = std::sqrt(r.lower * r.upper);
    if (!std::isfinite(span) || span > maxSpan) {
        r = limits;
    } else if (span < minSpan) {
        r = QCPRange(centre / std::sqrt(2.0), centre * std::sqrt(2.0));
    }
    if (r.lower < limits.lower) {
        r = QCPRange(limits.lower, limits.lower * (r.upper / r.lower));
    } else if (r.upper > limits.upper) {
        r = QCPRange(limits.upper / (r.upper / r.lower), limits.upper);
    }
    if (!(r == axis->range())) {
        const PlotMoving moving(*this);
        axis->setRange(r);
    }
}

HoverTooltip::HoverTooltip(QCustomPlot* plot, std::function<QString(const QPointF&)> textAt)
    : QObject(plot), m_plot(plot), m_textAt(std::move(textAt)) {
    connect(plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        const QString text = m_textAt(event->position());
        if (text.isEmpty()) {
            QToolTip::hideText();
        } else {
            QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
        }
    });
}

}  // namespace roofline::ui
