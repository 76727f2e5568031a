// SPDX-License-Identifier: GPL-3.0-or-later
#include "byte_split_bar.h"

#include <algorithm>
#include <array>

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include "model/plot_tooltip.h"
#include "roofline/format.h"

namespace roofline::ui {

namespace {

// What a byte category is called in a bar's tooltip (or, short, in the key).
QString categoryName(ByteCategory c, bool shortName) {
    switch (c) {
        case ByteCategory::Weights:
            return ByteSplitBar::tr("weights");
        case ByteCategory::KvCache:
            return shortName ? ByteSplitBar::tr("KV") : ByteSplitBar::tr("KV cache");
        case ByteCategory::State:
            return ByteSplitBar::tr("state");
        case ByteCategory::Activations:
            return ByteSplitBar::tr("activations");
    }
    return {};
}

QColor categoryColour(const PlotPalette& p, ByteCategory c) {
    switch (c) {
        case ByteCategory::Weights:
            return p.weightBytes;
        case ByteCategory::KvCache:
            return p.kvBytes;
        case ByteCategory::State:
            return p.stateBytes;
        case ByteCategory::Activations:
            return p.activationBytes;
    }
    return p.activationBytes;
}

// Whether the model keeps a recurrent state (then the bars and the key show it).
bool hasState(const Analysis& a) { return a.stateBytesPerSequence > 0.0; }

}  // namespace

ByteSplitBar::ByteSplitBar(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleName(tr("Bytes per pass"));
    m_palette = PlotPalette::forSystem(QWidget::palette());
}

void ByteSplitBar::setPlotPalette(const PlotPalette& palette) {
    m_palette = palette;
    rebuild();
    update();
}

void ByteSplitBar::setAnalysis(const Analysis& analysis) {
    m_analysis = analysis;
    m_hasAnalysis = true;
    const std::size_t before = m_bars.size();
    rebuild();
    if (m_bars.size() != before) {
        updateGeometry();  // one more (or one fewer) bar: the only time it needs new room
    }
    update();
}

void ByteSplitBar::rebuild() {
    m_bars.clear();
    if (!m_hasAnalysis) {
        return;
    }
    // An encoder's or a CNN's one pass takes prefill's row and colour.
    for (const PassKind kind : {PassKind::Prefill, PassKind::Encode, PassKind::Forward,
                                PassKind::Decode, PassKind::Verify}) {
        const PassCost* pass = m_analysis.pass(kind);
        if (pass == nullptr) {
            continue;
        }
        Bar bar;
        bar.kind = kind;
        bar.name = qs(std::string(toString(kind)));
        bar.colour = kind == PassKind::Decode || kind == PassKind::Verify ? m_palette.decode
                                                                          : m_palette.prefill;
        for (const ByteCategory c : kAllByteCategories) {
            // A model without state layers moves no state bytes: no empty segment for it.
            if (c != ByteCategory::State || hasState(m_analysis)) {
                bar.segments.push_back(
                    {categoryName(c, false), pass->traffic[c], categoryColour(m_palette, c)});
            }
        }
        bar.segments.push_back({tr("link"), pass->linkBytes, m_palette.interconnect});
        QStringList parts;
        for (const Segment& s : bar.segments) {
            parts << s.name + QLatin1Char(' ') + qs(formatBytes(s.bytes));
        }
        bar.toolTip = tr("%1 bytes per device: %2").arg(bar.name, parts.join(QStringLiteral(", ")));
        m_bars.push_back(std::move(bar));
    }
}

int ByteSplitBar::rowHeight() const { return fontMetrics().height() + 4; }

int ByteSplitBar::nameWidth() const {
    int widest = 0;
    for (const PassKind kind :
         {PassKind::Prefill, PassKind::Decode, PassKind::Verify, PassKind::Forward}) {
        widest = std::max(widest, fontMetrics().horizontalAdvance(qs(std::string(toString(kind)))));
    }
    return widest + 8;
}

QRect ByteSplitBar::barRect(std::size_t row) const {
    const int h = rowHeight();
    return {nameWidth(), static_cast<int>(row) * h + 2, std::max(width() - nameWidth(), 1), h - 4};
}

namespace {

/// The key's entries, in the order of the bars' segments.
std::vector<std::pair<QString, QColor>> keyEntries(const PlotPalette& palette, bool state) {
    std::vector<std::pair<QString, QColor>> entries;
    for (const ByteCategory c : kAllByteCategories) {
        if (c != ByteCategory::State || state) {
            entries.emplace_back(categoryName(c, true), categoryColour(palette, c));
        }
    }
    entries.emplace_back(ByteSplitBar::tr("link"), palette.interconnect);
    return entries;
}

}  // namespace

std::vector<QPoint> ByteSplitBar::keyPlaces(int width) const {
    const QFontMetrics fm = fontMetrics();
    const int swatch = fm.height() / 2 + 2;
    std::vector<QPoint> places;
    int x = 0;
    int row = 0;
    for (const auto& [name, colour] :
         keyEntries(m_palette, m_hasAnalysis && hasState(m_analysis))) {
        const int entry = swatch + 3 + fm.horizontalAdvance(name) + 2;
        if (x > 0 && x + entry > width) {
            x = 0;
            ++row;
        }
        places.emplace_back(x, row);
        x += entry + 8;
    }
    return places;
}

int ByteSplitBar::keyRows(int width) const { return keyPlaces(width).back().y() + 1; }

int ByteSplitBar::heightForWidth(int width) const {
    return rowHeight() * static_cast<int>(m_bars.size() + static_cast<std::size_t>(keyRows(width)));
}

QSize ByteSplitBar::sizeHint() const {
    // The bars, then the key in the rows it took at the current width.
    return {200,
            rowHeight() * static_cast<int>(m_bars.size() + static_cast<std::size_t>(m_keyRows))};
}

QSize ByteSplitBar::minimumSizeHint() const { return {80, sizeHint().height()}; }

void ByteSplitBar::resizeEvent(QResizeEvent* /*event*/) {
    // The key wraps in a narrow dock (else "link" is cut to "li"): a width that
    // changes its rows asks the layout for the height they need. Only the width decides
    // the rows, so the new height cannot change them again.
    const int rows = keyRows(width());
    if (rows != m_keyRows) {
        m_keyRows = rows;
        updateGeometry();
    }
}

void ByteSplitBar::paintEvent(QPaintEvent* /*event*/) {
    QPainter painter(this);
    const int h = rowHeight();
    for (std::size_t row = 0; row < m_bars.size(); ++row) {
        const Bar& bar = m_bars[row];
        painter.setPen(bar.colour);
        painter.drawText(QRect(0, static_cast<int>(row) * h, nameWidth(), h),
                         Qt::AlignLeft | Qt::AlignVCenter, bar.name);
        const QRect area = barRect(row);
        painter.fillRect(area, QWidget::palette().color(QPalette::Base));
        double total = 0.0;
        for (const Segment& s : bar.segments) {
            total += s.bytes;
        }
        if (total > 0.0) {
            double left = area.left();
            for (const Segment& s : bar.segments) {
                const double w = area.width() * (s.bytes / total);
                painter.fillRect(QRectF(left, area.top(), w, area.height()), s.colour);
                left += w;
            }
        }
        painter.setPen(QWidget::palette().color(QPalette::Mid));
        painter.drawRect(QRectF(area).adjusted(0.5, 0.5, -0.5, -0.5));
    }
    // The key: a swatch and a name per kind of byte, wrapped to the width.
    const QFontMetrics fm = fontMetrics();
    const int swatch = fm.height() / 2 + 2;
    const int top = static_cast<int>(m_bars.size()) * h;
    const std::vector<QPoint> places = keyPlaces(width());
    std::size_t i = 0;
    for (const auto& [name, colour] :
         keyEntries(m_palette, m_hasAnalysis && hasState(m_analysis))) {
        const int x = places[i].x();
        const int y = top + places[i].y() * h;
        ++i;
        painter.fillRect(QRect(x, y + (h - swatch) / 2, swatch, swatch), colour);
        painter.setPen(QWidget::palette().color(QPalette::WindowText));
        painter.drawText(QRect(x + swatch + 3, y, fm.horizontalAdvance(name) + 2, h),
                         Qt::AlignLeft | Qt::AlignVCenter, name);
    }
}

QString ByteSplitBar::toolTipAt(const QPoint& pos) const {
    const int h = rowHeight();
    const int row = pos.y() / h;
    if (pos.y() >= 0 && row >= 0 && static_cast<std::size_t>(row) < m_bars.size()) {
        return m_bars[static_cast<std::size_t>(row)].toolTip;
    }
    return {};
}

bool ByteSplitBar::event(QEvent* event) {
    if (event->type() == QEvent::FontChange) {  // presentation mode: wider names, same width
        m_keyRows = keyRows(width());
        updateGeometry();
    }
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

}  // namespace roofline::ui
