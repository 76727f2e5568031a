// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/breakdown_view.h"

#include <algorithm>
#include <cmath>

#include <QToolTip>
#include <QVBoxLayout>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "roofline/breakdown.h"
#include "roofline/format.h"
#include "views/view_style.h"

namespace roofline::ui {
namespace {

constexpr double kBarWidth = 0.72;

QString passTitle(const PassCost& pass) {
    QString name;
    switch (pass.kind) {
        case PassKind::Prefill:
            name = QObject::tr("Prefill (TTFT)");
            break;
        case PassKind::Decode:
            name = QObject::tr("Decode step");
            break;
        case PassKind::Draft:
            name = QObject::tr("Draft: %1 steps").arg(qs(formatNumber(pass.repeats)));
            break;
        case PassKind::Verify:
            name = QObject::tr("Verify");
            break;
        case PassKind::Encode:
            name = QObject::tr("Encode (one batch)");
            break;
        case PassKind::Forward:
            name = QObject::tr("Forward (one batch)");
            break;
    }
    return QObject::tr("%1: %2, %3")
        .arg(name, qs(formatDuration(pass.timeSeconds)), boundName(pass.bound));
}

/// passTitle() and shorter forms for a narrow column: the time stays.
QStringList passTitles(const PassCost& pass) {
    const QString time = qs(formatDuration(pass.timeSeconds));
    QString name;
    switch (pass.kind) {
        case PassKind::Prefill:
            name = QObject::tr("Prefill");
            break;
        case PassKind::Decode:
            name = QObject::tr("Decode");
            break;
        case PassKind::Draft:
            name = QObject::tr("Draft");
            break;
        case PassKind::Verify:
            name = QObject::tr("Verify");
            break;
        case PassKind::Encode:
            name = QObject::tr("Encode");
            break;
        case PassKind::Forward:
            name = QObject::tr("Forward");
            break;
    }
    return {passTitle(pass), QObject::tr("%1: %2").arg(name, time), time};
}

QCPItemText* newLabel(QCustomPlot* plot, QCPAxisRect* rect) {
    auto* label = new QCPItemText(plot);
    label->setClipToAxisRect(true);
    label->setClipAxisRect(rect);
    label->position->setAxisRect(rect);
    label->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    label->setPadding(QMargins(4, 2, 4, 2));
    label->setSelectable(false);
    return label;
}

QCPItemStraightLine* newVerticalLine(QCustomPlot* plot, QCPAxisRect* rect) {
    auto* line = new QCPItemStraightLine(plot);
    line->setClipAxisRect(rect);
    line->setSelectable(false);
    for (QCPItemPosition* p : {line->point1, line->point2}) {
        p->setAxisRect(rect);
        p->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    }
    return line;
}

QCPBars* newBars(QCPAxisRect* rect, const QString& name) {
    auto* bars = new QCPBars(rect->axis(QCPAxis::atLeft), rect->axis(QCPAxis::atBottom));
    bars->setName(name);
    bars->setWidth(kBarWidth);
    bars->setSelectable(QCP::stNone);
    bars->removeFromLegend();
    return bars;
}

}  // namespace

BreakdownView::BreakdownView(ScenarioDocument& document, QWidget* parent)
    : LiveView(document, parent) {
    setObjectName(QStringLiteral("breakdownView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_plot = new QCustomPlot(this);
    // An explicit minimum: QCustomPlot's own hint is its layout's, wide enough with several
    // axis rects to push the window past the screen when the views sit side by side.
    m_plot->setMinimumSize(240, 160);
    m_plot->setObjectName(QStringLiteral("breakdownPlot"));
    m_plot->setMouseTracking(true);
    layout->addWidget(m_plot);

    connect(m_plot, &QCustomPlot::afterLayout, this, &BreakdownView::thinNames);

    // Rows: the passes side by side; the memory title; the memory bar; the legend.
    QCPLegend* legend = m_plot->legend;
    m_plot->axisRect()->insetLayout()->take(legend);
    m_plot->plotLayout()->clear();  // the default axis rect: each pass gets its own
    m_passGrid = new QCPLayoutGrid;
    m_memoryTitle = new FittedTitle(m_plot);
    m_memoryRect = new QCPAxisRect(m_plot, true);
    auto* legendRow = new QCPLayoutGrid;
    QCPLayoutGrid* main = m_plot->plotLayout();
    main->addElement(0, 0, m_passGrid);
    main->addElement(1, 0, m_memoryTitle);
    main->addElement(2, 0, m_memoryRect);
    main->addElement(3, 0, legendRow);
    main->setRowStretchFactors({4.0, 0.001, 0.9, 0.001});
    main->setRowSpacing(0);
    legendRow->setMargins(QMargins(5, 0, 5, 5));
    legendRow->addElement(0, 0, legend);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setVisible(true);

    QCPAxis* bytes = m_memoryRect->axis(QCPAxis::atBottom);
    QCPAxis* device = m_memoryRect->axis(QCPAxis::atLeft);
    bytes->setTicker(QSharedPointer<QCPAxisTicker>(new FormattedTicker(bytesTick)));
    QSharedPointer<QCPAxisTickerText> deviceTicker(new QCPAxisTickerText);
    deviceTicker->addTick(0.0, tr("one device"));
    device->setTicker(deviceTicker);
    device->setRange(-0.6, 0.6);
    device->grid()->setVisible(false);
    m_weights = newBars(m_memoryRect, tr("weights"));
    m_kv = newBars(m_memoryRect, tr("KV cache"));
    m_workspace = newBars(m_memoryRect, tr("workspace"));
    setShortLegendName(m_kv, tr("KV"));
    setShortLegendName(m_workspace, tr("work"));
    m_kv->moveAbove(m_weights);
    m_workspace->moveAbove(m_kv);
    m_usable = newVerticalLine(m_plot, m_memoryRect);
    m_capacity = newVerticalLine(m_plot, m_memoryRect);
    m_usableLabel = newLabel(m_plot, m_memoryRect);
    m_capacityLabel = newLabel(m_plot, m_memoryRect);
    m_capacityLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_capacityLabel->position->setCoords(0.0, 1.0);

    connect(m_plot, &QCustomPlot::mouseMove, this, &BreakdownView::onMouseMove);
    m_palette = viewPalette(*this);
    applyStyle();
}

void BreakdownView::applyStyle() {
    const PlotPalette& p = m_palette;
    styleAxes(*m_plot, p, font());
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    for (const PassBars& pass : m_passes) {
        pass.memory->setBrush(boundColor(p, Bound::Memory));
        pass.compute->setBrush(boundColor(p, Bound::Compute));
        pass.interconnect->setBrush(boundColor(p, Bound::Interconnect));
        for (QCPBars* bars : {pass.memory, pass.compute, pass.interconnect}) {
            bars->setPen(Qt::NoPen);
        }
        pass.rect->axis(QCPAxis::atLeft)->setTickLabelFont(small);
        pass.title->setFont(small);
        pass.title->setTextColor(p.foreground);
    }
    m_weights->setBrush(p.weightBytes);
    m_kv->setBrush(p.kvBytes);
    m_workspace->setBrush(p.activationBytes);
    for (QCPBars* bars : {m_weights, m_kv, m_workspace}) {
        bars->setPen(Qt::NoPen);
    }
    m_usable->setPen(QPen(p.warning, 2.0));
    m_capacity->setPen(QPen(p.foreground, 1.5, Qt::DashLine));
    for (QCPItemText* label : {m_usableLabel, m_capacityLabel}) {
        label->setFont(small);
    }
    m_usableLabel->setColor(p.warning);
    m_capacityLabel->setColor(p.foreground);
}

void BreakdownView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_palette = viewPalette(*this);
        applyStyle();
        m_plot->replot(m_priority);
    }
}

void BreakdownView::refresh() {
    m_dirty = false;
    m_analysis = controller().analysis();
    layoutPasses(m_analysis);
    fillPasses(m_analysis);
    fillMemory(m_analysis);
    m_plot->replot(m_priority);
}

void BreakdownView::layoutPasses(const Analysis& a) {
    std::vector<std::pair<PassKind, std::vector<std::string_view>>> key;
    for (const PassCost& pass : a.passes) {
        std::vector<std::string_view> names;
        for (const OperatorCost& op : a.operators) {
            if (op.pass == pass.kind) {
                names.push_back(op.name);
            }
        }
        key.emplace_back(pass.kind, std::move(names));
    }
    if (key == m_layoutKey) {
        return;
    }
    m_layoutKey = key;
    for (const PassBars& pass : m_passes) {
        for (QCPBars* bars : {pass.memory, pass.compute, pass.interconnect}) {
            m_plot->removePlottable(bars);
        }
    }
    m_passes.clear();
    m_passGrid->clear();
    for (std::size_t k = 0; k < a.passes.size(); ++k) {
        const PassCost& cost = a.passes[k];
        PassBars pass;
        pass.kind = cost.kind;
        pass.title = new FittedTitle(m_plot);
        pass.rect = new QCPAxisRect(m_plot, true);
        const int column = static_cast<int>(k);
        m_passGrid->addElement(0, column, pass.title);
        m_passGrid->addElement(1, column, pass.rect);
        QCPAxis* names = pass.rect->axis(QCPAxis::atLeft);
        QCPAxis* time = pass.rect->axis(QCPAxis::atBottom);
        time->setTicker(QSharedPointer<QCPAxisTicker>(new FormattedTicker(durationTick)));
        time->ticker()->setTickCount(3);
        QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
        ticker->addTick(0.0, tr("whole pass"));
        double row = 1.0;
        for (std::size_t i = 0; i < a.operators.size(); ++i) {
            if (a.operators[i].pass == cost.kind) {
                pass.operators.push_back(i);
                ticker->addTick(
                    row, QString::fromUtf8(a.operators[i].name.data(),
                                           static_cast<qsizetype>(a.operators[i].name.size())));
                row += 1.0;
            }
        }
        pass.names = ticker->ticks();
        names->setTicker(ticker);
        names->setSubTicks(false);
        names->grid()->setVisible(false);
        names->setRangeReversed(true);  // the whole pass on top, then execution order
        names->setRange(-0.6, row - 0.4);
        pass.memory = newBars(pass.rect, tr("memory-bound"));
        pass.compute = newBars(pass.rect, tr("compute-bound"));
        pass.interconnect = newBars(pass.rect, tr("interconnect-bound"));
        setShortLegendName(pass.memory, tr("memory"));
        setShortLegendName(pass.compute, tr("compute"));
        setShortLegendName(pass.interconnect, tr("link"));
        pass.compute->moveAbove(pass.memory);
        pass.interconnect->moveAbove(pass.compute);
        m_passes.push_back(pass);
    }
    m_passGrid->setRowStretchFactors({0.001, 1.0});
    m_passGrid->setRowSpacing(0);
    // Legend: the bounds (from the first pass), then the memory's parts.
    m_plot->legend->clearItems();
    if (!m_passes.empty()) {
        addElidedToLegend(*m_plot->legend, m_passes.front().memory);
        addElidedToLegend(*m_plot->legend, m_passes.front().compute);
        bool linked = false;
        for (const OperatorCost& op : a.operators) {
            linked = linked || op.kind == OperatorKind::Communication;
        }
        if (linked) {
            addElidedToLegend(*m_plot->legend, m_passes.front().interconnect);
        }
    }
    for (QCPBars* bars : {m_weights, m_kv, m_workspace}) {
        addElidedToLegend(*m_plot->legend, bars);
    }
    applyStyle();
}

void BreakdownView::fillPasses(const Analysis& a) {
    for (const PassBars& pass : m_passes) {
        const PassCost* cost = a.pass(pass.kind);
        if (cost == nullptr) {
            continue;
        }
        pass.title->setTexts(passTitles(*cost));
        const BoundSeconds whole = boundSeconds(a, pass.kind);
        QVector<double> keys{0.0}, memory{whole.memory}, compute{whole.compute},
            link{whole.interconnect};
        double row = 1.0;
        for (const std::size_t i : pass.operators) {
            const OperatorCost& op = a.operators[i];
            keys << row;
            memory << (op.bound == Bound::Memory ? op.timeSeconds : 0.0);
            compute << (op.bound == Bound::Compute ? op.timeSeconds : 0.0);
            link << (op.bound == Bound::Interconnect ? op.timeSeconds : 0.0);
            row += 1.0;
        }
        pass.memory->setData(keys, memory, true);
        pass.compute->setData(keys, compute, true);
        pass.interconnect->setData(keys, link, true);
        pass.rect->axis(QCPAxis::atBottom)->setRange(0.0, cost->timeSeconds * 1.06);
    }
}

void BreakdownView::fillMemory(const Analysis& a) {
    const MemoryFootprint& m = a.memory;
    m_weights->setData({0.0}, {m.weightBytes}, true);
    m_kv->setData({0.0}, {m.kvCacheBytes}, true);
    m_workspace->setData({0.0}, {m.workspaceBytes}, true);
    m_usable->point1->setCoords(m.usableBytes, 0.0);
    m_usable->point2->setCoords(m.usableBytes, 1.0);
    m_capacity->point1->setCoords(m.capacityBytes, 0.0);
    m_capacity->point2->setCoords(m.capacityBytes, 1.0);
    m_usableLabel->position->setCoords(m.usableBytes, 0.0);
    m_usableLabel->setText(tr("usable %1").arg(qs(formatBytes(m.usableBytes))));
    m_capacityLabel->position->setCoords(m.capacityBytes, 1.0);
    m_capacityLabel->setText(tr("capacity %1").arg(qs(formatBytes(m.capacityBytes))));
    m_memoryRect->axis(QCPAxis::atBottom)
        ->setRange(0.0, std::max(m.totalBytes, m.capacityBytes) * 1.12);
    const QString fits =
        m.fits ? tr("fits (up to B = %1)").arg(qs(formatInteger(m.maxBatch)))
               : (m.maxBatch > 0
                      ? tr("DOES NOT FIT (at most B = %1)").arg(qs(formatInteger(m.maxBatch)))
                      : tr("DOES NOT FIT (not even one sequence)"));
    // Shorter forms for a narrow view (`--view all`): the total and the verdict stay.
    m_memoryTitle->setTexts(
        {tr("Memory of one device: weights %1 + KV cache %2 + workspace %3 "
            "= %4 of %5 usable — %6")
             .arg(qs(formatBytes(m.weightBytes)), qs(formatBytes(m.kvCacheBytes)),
                  qs(formatBytes(m.workspaceBytes)), qs(formatBytes(m.totalBytes)),
                  qs(formatBytes(m.usableBytes)), fits),
         tr("Memory per device: %1 of %2 usable — %3")
             .arg(qs(formatBytes(m.totalBytes)), qs(formatBytes(m.usableBytes)), fits),
         tr("Memory: %1 of %2 — %3")
             .arg(qs(formatBytes(m.totalBytes)), qs(formatBytes(m.usableBytes)), fits)});
    m_memoryTitle->setTextColor(m.fits ? m_palette.foreground : m_palette.warning);
}

void BreakdownView::thinNames() {
    bool changed = false;
    for (PassBars& pass : m_passes) {
        // A narrow pass column gets fewer time ticks ("25 ms" "50 ms" "75 ms" ran into
        // each other): one per ten characters of width, three at most.
        QCPAxis* time = pass.rect->axis(QCPAxis::atBottom);
        const int tenChars = 10 * QFontMetrics(time->tickLabelFont()).averageCharWidth();
        const int ticks = std::clamp(pass.rect->width() / std::max(tenChars, 1), 1, 3);
        if (time->ticker()->tickCount() != ticks) {
            time->ticker()->setTickCount(ticks);
            changed = true;
        }
        QCPAxis* names = pass.rect->axis(QCPAxis::atLeft);
        const double rows = names->range().size();
        const double perRow = rows > 0.0 ? pass.rect->height() / rows : 0.0;
        const double line = QFontMetrics(names->tickLabelFont()).height();
        const int step = perRow > 0.0 ? std::max(1, static_cast<int>(std::ceil(line / perRow))) : 1;
        if (step == pass.nameStep) {
            continue;
        }
        pass.nameStep = step;
        changed = true;
        auto ticker = names->ticker().dynamicCast<QCPAxisTickerText>();
        if (ticker.isNull()) {
            continue;
        }
        QMap<double, QString> shown;
        for (auto it = pass.names.constBegin(); it != pass.names.constEnd(); ++it) {
            const auto row = static_cast<int>(it.key());
            if (row == 0 || row % step == 0) {
                shown.insert(it.key(), it.value());
            }
        }
        ticker->setTicks(shown);
    }
    if (changed) {
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

QString BreakdownView::tooltipAt(const QPointF& pixel) const {
    for (const PassBars& pass : m_passes) {
        if (!pass.rect->rect().contains(pixel.toPoint())) {
            continue;
        }
        const double row = std::round(pass.rect->axis(QCPAxis::atLeft)->pixelToCoord(pixel.y()));
        if (row < 0.0 || row > static_cast<double>(pass.operators.size())) {
            return {};
        }
        if (row == 0.0) {
            const PassCost* cost = m_analysis.pass(pass.kind);
            return cost != nullptr ? tooltipText(pass.kind, *cost) : QString();
        }
        return tooltipText(m_analysis.operators[pass.operators[static_cast<std::size_t>(row) - 1]]);
    }
    return {};
}

void BreakdownView::onMouseMove(QMouseEvent* event) {
    const QString text = tooltipAt(event->position());
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
    }
}

}  // namespace roofline::ui
