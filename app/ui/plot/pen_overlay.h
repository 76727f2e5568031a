// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file pen_overlay.h
/// A presenter's pen over the plot: freehand strokes drawn with the mouse, on a
/// transparent child widget that covers its parent and follows its size. Active, it takes
/// the mouse (the plot's drag, zoom and tooltips wait under it); inactive, the mouse goes
/// through to the plot and the strokes stay until clear(). It draws nothing of the data and
/// knows nothing of it: the strokes are the presenter's, in widget pixels.

#include <QColor>
#include <QList>
#include <QPolygonF>
#include <QWidget>

namespace roofline::ui {

class PenOverlay : public QWidget {
    Q_OBJECT
public:
    /// Covers `target` (as its child) and follows its size.
    explicit PenOverlay(QWidget* target);

    /// Active: the mouse draws. Inactive: the mouse reaches the plot.
    void setActive(bool active);
    bool isActive() const { return m_active; }
    /// The ink (PlotPalette::pen) and the stroke width in pixels.
    void setInk(const QColor& colour, double width);

    /// Removes every stroke.
    void clear();
    /// The strokes drawn, each a polyline in this widget's pixels (tests).
    const QList<QPolygonF>& strokes() const { return m_strokes; }

signals:
    /// The strokes changed (one drawn, or cleared).
    void strokesChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    /// Shown while active or while there are strokes; hidden, it costs the plot's repaints
    /// nothing.
    void updateVisibility();

    QList<QPolygonF> m_strokes;
    bool m_active = false;
    bool m_drawing = false;
    QColor m_ink{215, 0, 130};
    double m_width = 4.0;
};

}  // namespace roofline::ui
