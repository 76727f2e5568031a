// SPDX-License-Identifier: GPL-3.0-or-later
#include "byte_split_bar.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

#include "plot_tooltip.h"
#include "roofline/format.h"

namespace roofline::ui {

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
        bar.segments = {{tr("weights"), pass->weightBytes, m_palette.weightBytes},
                        {tr("KV cache"), pass->kvBytes, m_palette.kvBytes},
                        {tr("activations"), pass->activationBytes, m_palette.activationBytes},
                        {tr("link"), pass->linkBytes, m_palette.interconnect}};
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
    for (const PassKind kind : {PassKind::Prefill, PassKind::Decode, PassKind::Verify,
                                PassKind::Forward}) {
        widest = std::max(widest, fontMetrics().horizontalAdvance(qs(std::string(toString(kind)))));
    }
    return widest + 8;
}

QRect ByteSplitBar::barRect(std::size_t row) const {
    const int h = rowHeight();
    return {nameWidth(), static_cast<int>(row) * h + 2, std::max(width() - nameWidth(), 1),
            h - 4};
}

QSize ByteSplitBar::sizeHint() const {
    // The bars, then one row for the key.
    return {200, rowHeight() * static_cast<int>(m_bars.size() + 1)};
}

QSize ByteSplitBar::minimumSizeHint() const {
    return {80, rowHeight() * static_cast<int>(m_bars.size() + 1)};
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
    // The key: a swatch and a name per kind of byte.
    const QFontMetrics fm = fontMetrics();
    int x = 0;
    const int y = static_cast<int>(m_bars.size()) * h;
    const std::pair<QString, QColor> keys[] = {{tr("weights"), m_palette.weightBytes},
                                               {tr("KV"), m_palette.kvBytes},
                                               {tr("activations"), m_palette.activationBytes},
                                               {tr("link"), m_palette.interconnect}};
    for (const auto& [name, colour] : keys) {
        const int swatch = fm.height() / 2 + 2;
        painter.fillRect(QRect(x, y + (h - swatch) / 2, swatch, swatch), colour);
        x += swatch + 3;
        painter.setPen(QWidget::palette().color(QPalette::WindowText));
        painter.drawText(QRect(x, y, fm.horizontalAdvance(name) + 2, h),
                         Qt::AlignLeft | Qt::AlignVCenter, name);
        x += fm.horizontalAdvance(name) + 10;
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
