// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare_table.h"

#include <algorithm>

#include <QDir>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QScrollBar>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "plot/plot_tooltip.h"
#include "roofline/format.h"

namespace roofline::ui {
namespace {

QString sv(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

constexpr int kSwatchSize = 12;

}  // namespace

CompareTable::CompareTable(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("compareTable"));
    m_palette = PlotPalette::forSystem(palette());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setHorizontalHeaderLabels(
        {QString(), tr("Scenario"), tr("Hardware × devices"), tr("Weights / act. / KV"),
         tr("Batch"), tr("Prompt / context"), tr("TTFT"), tr("TPOT"), tr("Decode tok/s per device"),
         tr("Cost"), tr("Energy (max)"), tr("Decode bound"), tr("Fits (memory per device)")});
    m_table->horizontalHeaderItem(TokensPerDevice)
        ->setToolTip(tr("Decode tokens per second over all devices, divided by the devices"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setIconSize(QSize(kSwatchSize, kSwatchSize));
    m_table->setToolTip(tr("Select a row to edit that scenario with the sliders"));
    layout->addWidget(m_table, 1);

    auto* buttons = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add…"), this);
    add->setObjectName(QStringLiteral("compareAdd"));
    m_removeAll = new QPushButton(tr("Remove all"), this);
    m_removeAll->setObjectName(QStringLiteral("compareRemoveAll"));
    buttons->addWidget(add);
    buttons->addWidget(m_removeAll);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    m_removeAll->setEnabled(false);

    connect(add, &QPushButton::clicked, this, &CompareTable::addRequested);
    connect(m_removeAll, &QPushButton::clicked, this, [this] { emit removeRequested(-1); });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &CompareTable::onSelectionChanged);
}

void CompareTable::onSelectionChanged() {
    const int row = m_table->currentRow();
    if (m_filling || row < 1) {
        return;
    }
    emit rowActivated(row - 1);
}

QIcon CompareTable::swatch(std::size_t colour, bool current) const {
    QPixmap pixmap(kSwatchSize, kSwatchSize);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    if (current) {
        // The current scenario is drawn in the phase hues: half prefill, half decode.
        painter.fillRect(0, 0, kSwatchSize / 2, kSwatchSize, m_palette.prefill);
        painter.fillRect(kSwatchSize / 2, 0, kSwatchSize - kSwatchSize / 2, kSwatchSize,
                         m_palette.decode);
    } else {
        painter.fillRect(0, 0, kSwatchSize, kSwatchSize,
                         m_palette.compare[colour % kCompareColourCount]);
    }
    painter.end();
    return QIcon(pixmap);
}

namespace {

// The engine's cost and energy (DOMAIN §7), per output token for a decoder and per image
// for an encoder or CNN; no price, no cost (never a default).
QString costText(const Analysis& a) {
    if (!a.cost) {
        return QObject::tr("no price set");
    }
    const bool images = a.modelKind != ModelKind::Decoder;
    return QObject::tr("$%1 / M %2")
        .arg(qs(formatNumber(images ? a.cost->usdPerMillionImages
                                    : a.cost->usdPerMillionOutputTokens)),
             images ? QObject::tr("images") : QObject::tr("tokens"));
}

QString energyText(const Analysis& a) {
    if (!a.energy) {
        return QObject::tr("no TDP known");
    }
    const bool images = a.modelKind != ModelKind::Decoder;
    return QObject::tr("≤ %1 / %2")
        .arg(qs(formatSi(images ? a.energy->joulesPerImageMax : a.energy->joulesPerOutputTokenMax,
                         "J")),
             images ? QObject::tr("image") : QObject::tr("token"));
}

}  // namespace

void CompareTable::fillRow(int row, const CompareRow& r, bool current) {
    const Analysis& a = *r.analysis;
    const Workload& w = r.scenario->workload;
    const MemoryFootprint& m = a.memory;
    const QString texts[ColumnCount] = {
        QString(),
        current ? tr("%1 (editing)").arg(r.name) : r.name,
        tr("%1 × %2").arg(qs(r.scenario->hardware.name), qs(formatInteger(a.devices))),
        QStringLiteral("%1 / %2 / %3")
            .arg(sv(toString(w.weightPrecision)), sv(toString(w.activationPrecision)),
                 sv(toString(w.kvPrecision))),
        qs(formatInteger(w.batch)),
        QStringLiteral("%1 / %2").arg(qs(formatInteger(w.promptTokens)),
                                      qs(formatInteger(w.contextTokens))),
        qs(formatDuration(a.ttftSeconds)),
        qs(formatDuration(a.tpotSeconds)),
        qs(formatNumber(a.decodeTokensPerSecondPerDevice) + " tok/s"),
        costText(a),
        energyText(a),
        sv(toString(a.decode().bound)),
        (m.fits ? tr("yes: %1 of %2") : tr("no: %1 of %2"))
            .arg(qs(formatBytes(m.totalBytes)), qs(formatBytes(m.usableBytes))),
    };
    for (int column = Name; column < ColumnCount; ++column) {
        QTableWidgetItem* item = m_table->item(row, column);
        if (item == nullptr) {
            item = new QTableWidgetItem;
            m_table->setItem(row, column, item);
        }
        if (item->text() != texts[column]) {
            item->setText(texts[column]);
        }
        if (column >= Batch && column != DecodeBound && column != Fits) {
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        }
    }
    QTableWidgetItem* name = m_table->item(row, Name);
    QFont font = name->font();
    font.setBold(current);
    name->setFont(font);
    name->setToolTip(
        current
            ? tr("The scenario the sliders edit")
            : tr("%1\nSelect to edit it with the sliders").arg(QDir::toNativeSeparators(r.path)));
    if (!m.fits) {
        m_table->item(row, Fits)->setForeground(m_palette.warning);
    } else {
        m_table->item(row, Fits)->setData(Qt::ForegroundRole, QVariant());
    }
}

void CompareTable::setRows(const CompareRow& current, const std::vector<CompareRow>& compare) {
    m_filling = true;
    m_table->clearSelection();
    // The old ✕ buttons go now, not later: one left for deleteLater would show at the
    // viewport's corner until the event loop runs (a --grab never runs it). Removal is
    // queued (CompareSet), so no button is deleted inside its own click.
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (QWidget* old = m_table->cellWidget(row, Remove)) {
            m_table->removeCellWidget(row, Remove);
            delete old;
        }
    }
    m_table->setRowCount(static_cast<int>(compare.size()) + 1);
    fillRow(0, current, true);
    m_table->item(0, Name)->setIcon(swatch(0, true));
    m_colours.clear();
    for (std::size_t i = 0; i < compare.size(); ++i) {
        const int row = static_cast<int>(i) + 1;
        fillRow(row, compare[i], false);
        m_table->item(row, Name)->setIcon(swatch(compare[i].colour, false));
        m_colours.push_back(compare[i].colour);
        // A button of its own: a click on a cell would select the row, which swaps it in.
        auto* remove = new QToolButton(m_table);
        remove->setText(QStringLiteral("✕"));
        remove->setAutoRaise(true);
        remove->setToolTip(tr("Remove %1 from the comparison").arg(compare[i].name));
        connect(remove, &QToolButton::clicked, this,
                [this, i] { emit removeRequested(static_cast<int>(i)); });
        m_table->setCellWidget(row, Remove, remove);
    }
    m_table->setCurrentCell(0, Name);
    m_table->resizeColumnsToContents();
    m_filling = false;
    m_removeAll->setEnabled(!compare.empty());
}

void CompareTable::setCurrent(const CompareRow& current) {
    if (m_table->rowCount() < 1) {
        setRows(current, {});
        return;
    }
    fillRow(0, current, true);
}

void CompareTable::setPlotPalette(const PlotPalette& palette) {
    m_palette = palette;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (QTableWidgetItem* name = m_table->item(row, Name)) {
            const std::size_t colour = row == 0 ? 0 : m_colours[static_cast<std::size_t>(row - 1)];
            name->setIcon(swatch(colour, row == 0));
        }
    }
}

QSize CompareTable::sizeHint() const {
    // Rows as laid out (fonts differ), at least two and at most eight, plus room for a
    // horizontal scroll bar on a narrow window.
    const int rows = std::clamp(m_table->rowCount(), 2, 8);
    const int rowHeight = m_table->rowCount() > 0 ? m_table->rowHeight(0)
                                                  : m_table->verticalHeader()->defaultSectionSize();
    const int table = m_table->horizontalHeader()->sizeHint().height() + rows * rowHeight +
                      2 * m_table->frameWidth() +
                      m_table->horizontalScrollBar()->sizeHint().height() + rowHeight / 2;
    const QMargins margins = layout()->contentsMargins();
    return {QWidget::sizeHint().width(), table + m_removeAll->sizeHint().height() +
                                             layout()->spacing() + margins.top() +
                                             margins.bottom()};
}

void CompareTable::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        m_table->resizeColumnsToContents();
    }
}

QAbstractButton* CompareTable::removeButton(int row) const {
    return qobject_cast<QAbstractButton*>(m_table->cellWidget(row, Remove));
}

QString CompareTable::text(int row, Column column) const {
    const QTableWidgetItem* item = m_table->item(row, column);
    return item != nullptr ? item->text() : QString();
}

int CompareTable::rowCount() const { return m_table->rowCount(); }

}  // namespace roofline::ui
