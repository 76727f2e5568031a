// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file byte_split_bar.h
/// What each pass's bytes are: one stacked bar per pass (prefill, decode, and verify with
/// speculative decoding), its segments weights / KV cache / activations / link sized by
/// their share of the pass's bytes (HBM bytes plus the bytes sent over the interconnect).
/// The tooltip of a bar gives the exact bytes. Like MemoryBar, new numbers only schedule a
/// repaint; the widget asks for a new layout only when the number of bars changes.

#include <vector>

#include <QColor>
#include <QString>
#include <QWidget>

#include "plot/plot_palette.h"
#include "roofline/analysis.h"

namespace roofline::ui {

class ByteSplitBar : public QWidget {
    Q_OBJECT
public:
    struct Segment {
        QString name;  ///< "weights", "KV cache", "activations", "link"
        double bytes = 0.0;
        QColor colour;
    };
    struct Bar {
        PassKind kind = PassKind::Decode;
        QString name;                   ///< "prefill", "decode", "verify"
        QColor colour;                  ///< the phase hue (its name)
        std::vector<Segment> segments;  ///< always four, in the order above
        QString toolTip;
    };

    explicit ByteSplitBar(QWidget* parent = nullptr);

    /// Prefill, decode and (when present) verify of `analysis`.
    void setAnalysis(const Analysis& analysis);
    void setPlotPalette(const PlotPalette& palette);

    const std::vector<Bar>& bars() const { return m_bars; }
    /// The tooltip at a point of the widget: the bar under it, else empty.
    QString toolTipAt(const QPoint& pos) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    /// The bars, then the key in as many rows as `width` needs (it wraps, never cut).
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override;

private:
    int rowHeight() const;
    int nameWidth() const;
    QRect barRect(std::size_t row) const;
    /// Where each key entry (swatch and name) starts within `width`: x and key row.
    std::vector<QPoint> keyPlaces(int width) const;
    int keyRows(int width) const;
    void rebuild();

    PlotPalette m_palette;
    int m_keyRows = 1;  ///< the key's rows at the current width (sizeHint asks for them)
    Analysis m_analysis;
    bool m_hasAnalysis = false;
    std::vector<Bar> m_bars;
};

}  // namespace roofline::ui
