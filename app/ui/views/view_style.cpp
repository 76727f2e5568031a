// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/view_style.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "model/plot_tooltip.h"
#include "roofline/format.h"

namespace roofline::ui {

QColor boundColor(const PlotPalette& palette, Bound bound) {
    QColor c;
    switch (bound) {
        case Bound::Memory:
            c = palette.memoryRegion;
            break;
        case Bound::Compute:
            c = palette.computeRegion;
            break;
        case Bound::Interconnect:
            c = palette.interconnect;
            break;
    }
    c.setAlpha(255);  // the region tints are translucent hues: the views use them opaque
    return c;
}

QColor mixColor(const QColor& color, const QColor& other, double towardOther) {
    const auto mix = [towardOther](float a, float b) {
        return a + (b - a) * static_cast<float>(towardOther);
    };
    return QColor::fromRgbF(mix(color.redF(), other.redF()), mix(color.greenF(), other.greenF()),
                            mix(color.blueF(), other.blueF()), mix(color.alphaF(), other.alphaF()));
}

FormattedLogTicker::FormattedLogTicker(std::function<QString(double)> label)
    : m_label(std::move(label)) {}

QString FormattedLogTicker::getTickLabel(double tick, const QLocale& /*locale*/,
                                         QChar /*formatChar*/, int /*precision*/) {
    return m_label(tick);
}

FormattedTicker::FormattedTicker(std::function<QString(double)> label)
    : m_label(std::move(label)) {}

QString FormattedTicker::getTickLabel(double tick, const QLocale& /*locale*/, QChar /*formatChar*/,
                                      int /*precision*/) {
    return m_label(tick);
}

namespace {

/// The fewest significant figures (1 to 3) that write `value` exactly: tick values are
/// round numbers, and "10 ms" reads better than "10.0 ms".
int tickFigures(double value) {
    if (!(value != 0.0) || !std::isfinite(value)) {
        return 1;
    }
    const double exponent = std::floor(std::log10(std::fabs(value)));
    for (int figures = 1; figures < 3; ++figures) {
        const double unit = std::pow(10.0, exponent - figures + 1);
        if (std::fabs(std::round(value / unit) * unit - value) <= 1e-9 * std::fabs(value)) {
            return figures;
        }
    }
    return 3;
}

}  // namespace

QString numberTick(double value) { return qs(formatNumber(value, tickFigures(value))); }
QString durationTick(double seconds) {
    return seconds == 0.0 ? QStringLiteral("0") : qs(formatSi(seconds, "s", tickFigures(seconds)));
}
QString bytesTick(double bytes) {
    return bytes == 0.0 ? QStringLiteral("0") : qs(formatSi(bytes, "B", tickFigures(bytes)));
}

void makeLogAxis(QCPAxis* axis, std::function<QString(double)> label) {
    axis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<FormattedLogTicker> ticker(new FormattedLogTicker(std::move(label)));
    ticker->setLogBase(10);
    ticker->setSubTickCount(8);
    axis->setTicker(ticker);
    axis->grid()->setSubGridVisible(true);
}

void styleAxes(QCustomPlot& plot, const PlotPalette& p, const QFont& font) {
    plot.setBackground(p.background);
    QFont bold = font;
    bold.setBold(true);
    for (QCPAxisRect* rect : plot.axisRects()) {
        rect->setBackground(Qt::NoBrush);
        for (QCPAxis* axis : rect->axes()) {
            const QPen axisPen(p.foreground, 1.0);
            axis->setBasePen(axisPen);
            axis->setTickPen(axisPen);
            axis->setSubTickPen(axisPen);
            axis->setTickLabelColor(p.foreground);
            axis->setLabelColor(p.foreground);
            axis->setTickLabelFont(font);
            axis->setLabelFont(bold);
            axis->grid()->setPen(QPen(p.grid, 1.0, Qt::SolidLine));
            axis->grid()->setSubGridPen(QPen(p.subGrid, 1.0, Qt::SolidLine));
            axis->grid()->setZeroLinePen(Qt::NoPen);
        }
    }
    for (int i = 0; i < plot.plotLayout()->elementCount(); ++i) {
        if (auto* title = qobject_cast<QCPTextElement*>(plot.plotLayout()->elementAt(i))) {
            title->setTextColor(p.foreground);
            title->setFont(bold);
        }
    }
    if (plot.legend != nullptr) {
        plot.legend->setFont(font);
        plot.legend->setTextColor(p.foreground);
        plot.legend->setBrush(Qt::NoBrush);
        plot.legend->setBorderPen(Qt::NoPen);
        // A swatch narrower than the stock 32 px (its height kept): side by side
        // (--view all) a view's legend shares some 450 px among up to seven entries, and the
        // room is for words.
        const QFontMetrics metrics(font);
        plot.legend->setIconSize(metrics.height() * 3 / 2, plot.legend->iconSize().height());
        plot.legend->setIconTextPadding(metrics.height() / 4);
    }
}

FittedTitle::FittedTitle(QCustomPlot* plot) : QCPTextElement(plot) {}

void FittedTitle::setTexts(const QStringList& texts) {
    m_texts = texts;
    setText(texts.isEmpty() ? QString() : texts.front());
}

QString FittedTitle::shownText() const {
    const QFontMetrics metrics(mainFont());
    const int width = mRect.width();
    for (const QString& text : m_texts) {
        if (metrics.horizontalAdvance(text) <= width) {
            return text;
        }
    }
    return m_texts.isEmpty() ? mText : metrics.elidedText(m_texts.back(), Qt::ElideRight, width);
}

QSize FittedTitle::minimumOuterSizeHint() const {
    QSize size = QCPTextElement::minimumOuterSizeHint();
    size.setWidth(mMargins.left() + mMargins.right());
    return size;
}

void FittedTitle::draw(QCPPainter* painter) {
    painter->setFont(mainFont());
    painter->setPen(QPen(mainTextColor()));
    painter->drawText(mRect, mTextFlags, shownText(), &mTextBoundingRect);
}

int ElidedLegendItem::textRoom() const {
    return mRect.width() - mParentLegend->iconSize().width() - mParentLegend->iconTextPadding();
}

namespace {

constexpr const char* kShortName = "shortLegendName";

QString shortLegendName(const QCPAbstractPlottable& plottable) {
    const QString shortName = plottable.property(kShortName).toString();
    return shortName.isEmpty() ? plottable.name() : shortName;
}

}  // namespace

QString ElidedLegendItem::shownText() const {
    QString name = mPlottable->name();
    const QFontMetrics metrics(getFont());
    const int room = std::max(textRoom(), 0);
    if (metrics.horizontalAdvance(name) <= room) {
        return name;
    }
    return metrics.elidedText(shortLegendName(*mPlottable), Qt::ElideRight, room);
}

QSize ElidedLegendItem::minimumOuterSizeHint() const {
    QSize size = QCPPlottableLegendItem::minimumOuterSizeHint();
    const QFontMetrics metrics(getFont());
    const int full = metrics.horizontalAdvance(mPlottable->name());
    const int shortest = std::min(metrics.horizontalAdvance(shortLegendName(*mPlottable)),
                                  metrics.horizontalAdvance(QStringLiteral("mem…")));
    size.setWidth(size.width() - full + std::min(full, shortest));
    return size;
}

QSize ElidedLegendItem::maximumOuterSizeHint() const {
    QSize size = QCPPlottableLegendItem::minimumOuterSizeHint();
    size.setWidth(size.width() + 2);  // rounding: the whole name, never elided
    return size;
}

void ElidedLegendItem::draw(QCPPainter* painter) {
    // The stock item draws the plottable's name: lend it the elided one while it draws.
    QCPAbstractPlottable* shown = plottable();
    const QString name = shown->name();
    const QString text = shownText();
    if (text != name) {
        shown->setName(text);
    }
    QCPPlottableLegendItem::draw(painter);
    if (text != name) {
        shown->setName(name);
    }
}

void setShortLegendName(QCPAbstractPlottable* plottable, const QString& shortName) {
    plottable->setProperty(kShortName, shortName);
}

void addElidedToLegend(QCPLegend& legend, QCPAbstractPlottable* plottable) {
    if (!legend.hasItemWithPlottable(plottable)) {
        legend.addItem(new ElidedLegendItem(&legend, plottable));
    }
}

PlotPalette viewPalette(const QWidget& widget) { return PlotPalette::forSystem(widget.palette()); }

}  // namespace roofline::ui
