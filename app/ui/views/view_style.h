// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file view_style.h
/// What the docked views (batch sweep, regime map, breakdown) share: the roofline plot's
/// visual language (UI.md) applied to their axes, tick labels written by the shared
/// formatter, and the one colour per bound.

#include <functional>

#include <QColor>
#include <QString>
#include <QStringList>
#include <qcustomplot.h>

#include "plot/plot_palette.h"
#include "roofline/analysis.h"

namespace roofline::ui {

/// The colour of operators and cells bound by `bound`: the memory and compute region hues
/// of the roofline (opaque) and the interconnect roof's.
QColor boundColor(const PlotPalette& palette, Bound bound);

/// `color` mixed with `other`: 0 gives `color`, 1 gives `other`.
QColor mixColor(const QColor& color, const QColor& other, double towardOther);

/// Log ticks at the decades (and 2, 5 between them when a decade is wide on screen),
/// labelled by `label` (the shared formatter: "1,000", "5 ms").
class FormattedLogTicker : public QCPAxisTickerLog {
public:
    explicit FormattedLogTicker(std::function<QString(double)> label);

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

private:
    std::function<QString(double)> m_label;
};

/// Linear ticks labelled by `label`.
class FormattedTicker : public QCPAxisTicker {
public:
    explicit FormattedTicker(std::function<QString(double)> label);

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

private:
    std::function<QString(double)> m_label;
};

/// A view's title that never runs past the width its column gives it (`--view all` would
/// cut them): it draws the first of its texts, most telling first, that fits on one
/// line, else the last one elided with "…". It asks its layout for one line's height and
/// no width of its own, so the plots under it set the columns' widths.
class FittedTitle : public QCPTextElement {
public:
    explicit FittedTitle(QCustomPlot* plot);
    /// The texts to choose from, longest (most telling) first; the first is also text().
    void setTexts(const QStringList& texts);
    const QStringList& texts() const { return m_texts; }
    /// The text drawn at the current layout (what fits rect()).
    QString shownText() const;

    QSize minimumOuterSizeHint() const override;

protected:
    void draw(QCPPainter* painter) override;

private:
    QStringList m_texts;
};

/// A legend entry that, in a column narrower than its text (a view side by side with
/// others, `--view all`), writes its short name (setShortLegendName) where that fits, else
/// elides with "…" instead of cutting mid-letter. It asks for its icon and its short name
/// (or a few letters) at least, its whole text at most, so that the legend's row shares its
/// width between the entries.
class ElidedLegendItem : public QCPPlottableLegendItem {
public:
    using QCPPlottableLegendItem::QCPPlottableLegendItem;
    /// The name as drawn at the current layout.
    QString shownText() const;

    QSize minimumOuterSizeHint() const override;
    QSize maximumOuterSizeHint() const override;

protected:
    void draw(QCPPainter* painter) override;

private:
    int textRoom() const;
};

/// Adds `plottable` to `legend` as an ElidedLegendItem (as addToLegend(), once).
void addElidedToLegend(QCPLegend& legend, QCPAbstractPlottable* plottable);

/// A shorter name for `plottable`'s legend entry ("tok/s" for "decode tok/s (left axis)"),
/// written where its column is too narrow for the whole name, before any eliding.
void setShortLegendName(QCPAbstractPlottable* plottable, const QString& shortName);

/// Labels for ticks: a plain number ("1,000"), a duration ("5 ms"), bytes ("80 GB").
QString numberTick(double value);
QString durationTick(double seconds);
QString bytesTick(double bytes);

/// A log axis with formatted ticks and a light minor grid.
void makeLogAxis(QCPAxis* axis, std::function<QString(double)> label);

/// Background, axis pens, fonts (from `font`, the widget's, so presentation mode's larger
/// window font carries over) and grid pens of every axis of `plot`.
void styleAxes(QCustomPlot& plot, const PlotPalette& palette, const QFont& font);

/// The palette the views draw with: the system's, light or dark.
PlotPalette viewPalette(const QWidget& widget);

}  // namespace roofline::ui
