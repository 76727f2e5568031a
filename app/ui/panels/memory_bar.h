// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file memory_bar.h
/// Memory use against capacity as a bar with its text, red when it does not fit. Unlike
/// QProgressBar (whose setValue() repaints at once), it only schedules a repaint, so it
/// costs nothing while a slider is being dragged.

#include <QColor>
#include <QString>
#include <QWidget>

namespace roofline::ui {

class MemoryBar : public QWidget {
    Q_OBJECT
public:
    explicit MemoryBar(QWidget* parent = nullptr);

    /// `fraction` of the capacity in use (drawn clamped to [0, 1]), the text written on the
    /// bar, and whether it fits (the bar is `fitColour` if so, else `overflowColour`).
    void setUsage(double fraction, const QString& text, bool fits);
    void setColours(const QColor& fitColour, const QColor& overflowColour);

    double fraction() const { return m_fraction; }
    QString text() const { return m_text; }
    bool fits() const { return m_fits; }
    QColor barColour() const { return m_fits ? m_fitColour : m_overflowColour; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    double m_fraction = 0.0;
    QString m_text;
    bool m_fits = true;
    QColor m_fitColour = Qt::darkBlue;
    QColor m_overflowColour = Qt::red;
};

}  // namespace roofline::ui
