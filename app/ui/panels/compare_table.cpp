// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare_table.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QScrollBar>
#include <QShortcut>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "model/plot_tooltip.h"
#include "roofline/format.h"
#include "roofline/view_csv.h"
#include "views/csv_export.h"

namespace roofline::ui {
namespace {

QString sv(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

constexpr int kSwatchSize = 12;

/// A column as an index into RowData's arrays.
constexpr std::size_t at(int column) { return static_cast<std::size_t>(column); }
constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

/// Which way is better, per column: the one table that says it, so that the sort order and
/// the best row agree. Latency, cost and energy are better low, throughput high; the other
/// columns are inputs or words.
struct ColumnRule {
    CompareTable::Column column;
    CompareTable::Better better;
};
constexpr ColumnRule kBetter[] = {
    {CompareTable::Ttft, CompareTable::Better::Lower},
    {CompareTable::Tpot, CompareTable::Better::Lower},
    {CompareTable::TokensPerDevice, CompareTable::Better::Higher},
    {CompareTable::Cost, CompareTable::Better::Lower},
    {CompareTable::Energy, CompareTable::Better::Lower},
};

/// A number as CSV writes it: 10 significant figures, '.' decimals; empty for none.
std::string csvNumber(double value) {
    return std::isfinite(value) ? generalText(value, 10) : std::string();
}

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

CompareTable::Better CompareTable::better(Column column) {
    for (const ColumnRule& rule : kBetter) {
        if (rule.column == column) {
            return rule.better;
        }
    }
    return Better::None;
}

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
    m_table->horizontalHeader()->setSectionsClickable(true);
    m_table->horizontalHeader()->setSortIndicatorShown(false);
    m_table->setIconSize(QSize(kSwatchSize, kSwatchSize));
    m_table->setToolTip(
        tr("Select a row to edit that scenario with the sliders; click a "
           "column's header to sort by it"));
    layout->addWidget(m_table, 1);

    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("compareNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setToolTip(
        tr("Compared scenarios that differ in precision, ceilings or lengths "
           "differ for more reasons than their hardware"));
    m_note->hide();
    layout->addWidget(m_note);

    auto* buttons = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add…"), this);
    add->setObjectName(QStringLiteral("compareAdd"));
    m_removeAll = new QPushButton(tr("Remove all"), this);
    m_removeAll->setObjectName(QStringLiteral("compareRemoveAll"));
    auto* copy = new QPushButton(tr("Copy"), this);
    copy->setObjectName(QStringLiteral("compareCopy"));
    copy->setToolTip(
        tr("Copy the table as shown, tab-separated, for a document or a "
           "spreadsheet (Ctrl+C in the table)"));
    auto* exportCsvButton = new QPushButton(tr("Export CSV…"), this);
    exportCsvButton->setObjectName(QStringLiteral("compareExportCsv"));
    exportCsvButton->setToolTip(
        tr("Write the rows as shown, with the engine's numbers, to a "
           "CSV file"));
    buttons->addWidget(add);
    buttons->addWidget(m_removeAll);
    buttons->addWidget(copy);
    buttons->addWidget(exportCsvButton);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    m_removeAll->setEnabled(false);

    const auto copyTsv = [this] { QApplication::clipboard()->setText(tsv()); };
    auto* copyKey = new QShortcut(QKeySequence::Copy, m_table);
    copyKey->setContext(Qt::WidgetWithChildrenShortcut);
    connect(copyKey, &QShortcut::activated, this, copyTsv);
    connect(copy, &QPushButton::clicked, this, copyTsv);
    connect(exportCsvButton, &QPushButton::clicked, this, [this] {
        exportCsv(this, QStringLiteral("comparison.csv"), [this] { return csv(); });
    });
    connect(add, &QPushButton::clicked, this, &CompareTable::addRequested);
    connect(m_removeAll, &QPushButton::clicked, this, &CompareTable::removeAllRequested);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &CompareTable::onSelectionChanged);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionClicked, this,
            &CompareTable::onHeaderClicked);
}

void CompareTable::onSelectionChanged() {
    const int row = m_table->currentRow();
    if (m_filling || row < 0 || static_cast<std::size_t>(row) >= m_shown.size()) {
        return;
    }
    const std::size_t index = m_shown[static_cast<std::size_t>(row)];
    if (index != m_editing) {
        emit rowActivated(m_rows[index].id);
    }
}

void CompareTable::onHeaderClicked(int column) {
    if (column <= Remove || column >= ColumnCount) {
        return;
    }
    const auto c = static_cast<Column>(column);
    // Best first on the first click (the smallest TTFT, the most tok/s), reversed on the next.
    const Qt::SortOrder first =
        better(c) == Better::Higher ? Qt::DescendingOrder : Qt::AscendingOrder;
    const Qt::SortOrder reversed =
        first == Qt::AscendingOrder ? Qt::DescendingOrder : Qt::AscendingOrder;
    sortBy(c, c == m_sortColumn && m_sortOrder == first ? reversed : first);
}

void CompareTable::sortBy(Column column, Qt::SortOrder order) {
    m_sortColumn = column;
    m_sortOrder = order;
    QHeaderView* header = m_table->horizontalHeader();
    header->setSortIndicatorShown(column != Remove);
    header->setSortIndicator(column != Remove ? column : -1, order);
    render();
}

QIcon CompareTable::swatch(const std::optional<std::size_t>& colour) const {
    QPixmap pixmap(kSwatchSize, kSwatchSize);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    if (!colour) {
        // A current scenario never compared has no colour of its own: the phase hues it is
        // drawn in, half prefill, half decode.
        painter.fillRect(0, 0, kSwatchSize / 2, kSwatchSize, m_palette.prefill);
        painter.fillRect(kSwatchSize / 2, 0, kSwatchSize - kSwatchSize / 2, kSwatchSize,
                         m_palette.decode);
    } else {
        painter.fillRect(0, 0, kSwatchSize, kSwatchSize,
                         m_palette.compare[*colour % kCompareColourCount]);
    }
    painter.end();
    return QIcon(pixmap);
}

CompareTable::RowData CompareTable::rowData(const CompareRow& r) {
    const Analysis& a = *r.analysis;
    const Workload& w = r.scenario->workload;
    const MemoryFootprint& m = a.memory;
    const bool images = a.modelKind != ModelKind::Decoder;
    RowData d;
    d.name = r.name;
    d.path = r.path;
    d.colour = r.colour;
    d.id = r.id;
    d.fits = m.fits;
    const QString texts[ColumnCount] = {
        QString(),
        r.name,
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
    std::copy(std::begin(texts), std::end(texts), d.texts.begin());
    d.keys.fill(kNone);
    const double cost = !a.cost  ? kNone
                        : images ? a.cost->usdPerMillionImages
                                 : a.cost->usdPerMillionOutputTokens;
    const double energy = !a.energy ? kNone
                          : images  ? a.energy->joulesPerImageMax
                                    : a.energy->joulesPerOutputTokenMax;
    d.keys[at(Batch)] = static_cast<double>(w.batch);
    d.keys[at(Lengths)] = static_cast<double>(w.promptTokens);
    d.secondKey = static_cast<double>(w.contextTokens);
    d.keys[at(Ttft)] = a.ttftSeconds;
    d.keys[at(Tpot)] = a.tpotSeconds;
    d.keys[at(TokensPerDevice)] = a.decodeTokensPerSecondPerDevice;
    d.keys[at(Cost)] = cost;
    d.keys[at(Energy)] = energy;
    d.keys[at(Fits)] = m.totalBytes;
    const std::string fields[] = {
        csvField(r.scenario->hardware.name),
        std::to_string(a.devices),
        std::string(toString(w.weightPrecision)),
        std::string(toString(w.activationPrecision)),
        std::string(toString(w.kvPrecision)),
        std::to_string(w.batch),
        std::to_string(w.promptTokens),
        std::to_string(w.contextTokens),
        csvNumber(a.ttftSeconds),
        csvNumber(a.tpotSeconds),
        csvNumber(a.decodeTokensPerSecondPerDevice),
        images ? "image" : "token",
        csvNumber(cost),
        csvNumber(energy),
        std::string(toString(a.decode().bound)),
        m.fits ? "true" : "false",
        csvNumber(m.totalBytes),
        csvNumber(m.usableBytes),
    };
    for (const std::string& field : fields) {
        d.csv.append(",").append(field);
    }
    return d;
}

std::vector<std::size_t> CompareTable::sortedOrder() const {
    std::vector<std::size_t> order(m_rows.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    if (m_sortColumn == Remove) {
        return order;  // the rows' own places
    }
    const Column c = m_sortColumn;
    const bool descending = m_sortOrder == Qt::DescendingOrder;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t left, std::size_t right) {
        const RowData& a = m_rows[left];
        const RowData& b = m_rows[right];
        const bool aNumber = !std::isnan(a.keys[at(c)]);
        const bool bNumber = !std::isnan(b.keys[at(c)]);
        if (aNumber != bNumber) {
            return aNumber;  // a row without the number (no price) goes last either way
        }
        if (aNumber) {
            if (a.keys[at(c)] != b.keys[at(c)]) {
                return descending ? a.keys[at(c)] > b.keys[at(c)] : a.keys[at(c)] < b.keys[at(c)];
            }
            return descending ? a.secondKey > b.secondKey : a.secondKey < b.secondKey;
        }
        const int text = QString::localeAwareCompare(a.texts[at(c)], b.texts[at(c)]);
        return descending ? text > 0 : text < 0;
    });
    return order;
}

void CompareTable::fillRow(int shown, const RowData& values, bool editing) {
    for (int column = Remove; column < ColumnCount; ++column) {
        QTableWidgetItem* item = m_table->item(shown, column);
        if (item == nullptr) {
            item = new QTableWidgetItem;
            m_table->setItem(shown, column, item);
        }
        const QString text =
            column == Remove && editing ? QStringLiteral("✎") : values.texts[at(column)];
        if (item->text() != text) {
            item->setText(text);
        }
        if (column >= Batch && column != DecodeBound && column != Fits) {
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        }
    }
    m_table->item(shown, Remove)->setTextAlignment(Qt::AlignCenter);
    m_table->item(shown, Remove)
        ->setToolTip(editing ? tr("The sliders edit this scenario; the plot draws it in the "
                                  "phase colours")
                             : QString());
    QTableWidgetItem* name = m_table->item(shown, Name);
    QFont font = name->font();
    font.setBold(editing);
    name->setFont(font);
    name->setIcon(swatch(values.colour));
    const QString file = values.path.isEmpty()
                             ? QString()
                             : QDir::toNativeSeparators(values.path) + QLatin1Char('\n');
    name->setToolTip(editing ? file + tr("The scenario the sliders edit")
                             : file + tr("Select to edit it with the sliders"));
    if (!values.fits) {
        m_table->item(shown, Fits)->setForeground(m_palette.warning);
    } else {
        m_table->item(shown, Fits)->setData(Qt::ForegroundRole, QVariant());
    }
}

void CompareTable::markBest() {
    // The best row of the column sorted by, where the column has a better way (kBetter):
    // its cell bold on a tint, and said in its tooltip.
    m_best = -1;
    const Better way = better(m_sortColumn);
    if (way != Better::None) {
        for (std::size_t shown = 0; shown < m_shown.size(); ++shown) {
            const double key = m_rows[m_shown[shown]].keys[at(m_sortColumn)];
            if (std::isnan(key)) {
                continue;
            }
            const double best =
                m_best < 0
                    ? key
                    : m_rows[m_shown[static_cast<std::size_t>(m_best)]].keys[at(m_sortColumn)];
            if (m_best < 0 || (way == Better::Lower ? key < best : key > best)) {
                m_best = static_cast<int>(shown);
            }
        }
    }
    for (int row = 0; row < m_table->rowCount(); ++row) {
        for (int column = Hardware; column < ColumnCount; ++column) {
            QTableWidgetItem* item = m_table->item(row, column);
            if (item == nullptr) {
                continue;
            }
            const bool best = row == m_best && column == m_sortColumn;
            QFont font = item->font();
            font.setBold(best);
            item->setFont(font);
            item->setData(Qt::BackgroundRole,
                          best ? QVariant(QColor(m_palette.decode.red(), m_palette.decode.green(),
                                                 m_palette.decode.blue(), 48))
                               : QVariant());
            item->setToolTip(best ? tr("Best of the %n scenario(s) shown: %1 is better", nullptr,
                                       static_cast<int>(m_shown.size()))
                                        .arg(way == Better::Lower ? tr("lower") : tr("higher"))
                                  : QString());
        }
    }
}

void CompareTable::render() {
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
    m_shown = sortedOrder();
    m_table->setRowCount(static_cast<int>(m_shown.size()));
    int editingRow = 0;
    for (std::size_t shown = 0; shown < m_shown.size(); ++shown) {
        const int row = static_cast<int>(shown);
        const RowData& values = m_rows[m_shown[shown]];
        const bool editing = m_shown[shown] == m_editing;
        fillRow(row, values, editing);
        if (editing) {
            editingRow = row;
            continue;
        }
        // A button of its own: a click on a cell would select the row, which swaps it in.
        auto* remove = new QToolButton(m_table);
        remove->setText(QStringLiteral("✕"));
        remove->setAutoRaise(true);
        remove->setToolTip(tr("Remove %1 from the comparison").arg(values.name));
        connect(remove, &QToolButton::clicked, this,
                [this, id = values.id] { emit removeRequested(id); });
        m_table->setCellWidget(row, Remove, remove);
    }
    markBest();
    if (!m_shown.empty()) {
        m_table->setCurrentCell(editingRow, Name);
    }
    m_table->resizeColumnsToContents();
    m_filling = false;
    m_removeAll->setEnabled(m_rows.size() > 1);
}

void CompareTable::setRows(const std::vector<CompareRow>& rows, std::size_t editing) {
    m_rows.clear();
    m_rows.reserve(rows.size());
    for (const CompareRow& row : rows) {
        m_rows.push_back(rowData(row));
    }
    m_editing = std::min(editing, rows.empty() ? 0 : rows.size() - 1);
    render();
}

void CompareTable::setCurrent(const CompareRow& current) {
    if (m_rows.empty()) {
        setRows({current}, 0);
        return;
    }
    m_rows[m_editing] = rowData(current);
    if (sortedOrder() != m_shown) {
        render();  // sorted by a number that changed: the rows move
        return;
    }
    const auto shown = std::find(m_shown.begin(), m_shown.end(), m_editing);
    fillRow(static_cast<int>(shown - m_shown.begin()), m_rows[m_editing], true);
    markBest();
}

void CompareTable::setPlotPalette(const PlotPalette& palette) {
    m_palette = palette;
    for (std::size_t shown = 0; shown < m_shown.size(); ++shown) {
        if (QTableWidgetItem* name = m_table->item(static_cast<int>(shown), Name)) {
            name->setIcon(swatch(m_rows[m_shown[shown]].colour));
        }
    }
    markBest();
}

void CompareTable::setNote(const QString& note) {
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
}

QString CompareTable::note() const { return m_note->text(); }

int CompareTable::bestRow() const { return m_best; }

QString CompareTable::tsv() const {
    QStringList lines;
    QStringList header;
    for (int column = Name; column < ColumnCount; ++column) {
        header << m_table->horizontalHeaderItem(column)->text();
    }
    lines << header.join(QLatin1Char('\t'));
    for (const std::size_t index : m_shown) {
        QStringList cells;
        for (int column = Name; column < ColumnCount; ++column) {
            cells << m_rows[index].texts[at(column)];
        }
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

std::string CompareTable::csv() const {
    std::string text =
        "scenario,editing,hardware,devices,weights,activations,kv_cache,batch,prompt_tokens,"
        "context_tokens,ttft_s,tpot_s,decode_tokens_per_s_per_device,output,"
        "usd_per_million_outputs,joules_per_output_max,decode_bound,fits,memory_bytes,"
        "usable_memory_bytes\n";
    for (const std::size_t index : m_shown) {
        const RowData& row = m_rows[index];
        text.append(csvField(row.name.toStdString()))
            .append(index == m_editing ? ",true" : ",false")
            .append(row.csv)
            .append("\n");
    }
    return text;
}

int CompareTable::heightFor(int rows) const {
    // Rows as laid out (fonts differ), plus room for a horizontal scroll bar on a narrow
    // window, and the note's lines when it shows.
    const int rowHeight = m_table->rowCount() > 0 ? m_table->rowHeight(0)
                                                  : m_table->verticalHeader()->defaultSectionSize();
    const int table = m_table->horizontalHeader()->sizeHint().height() + rows * rowHeight +
                      2 * m_table->frameWidth() +
                      m_table->horizontalScrollBar()->sizeHint().height() + rowHeight / 2;
    // (at the width laid out, or a wide line before the first layout: the note is short)
    constexpr int kUnlaidWidth = 800;
    const int noteWidth = isVisible() ? width() : kUnlaidWidth;
    const int note =
        m_note->isHidden() ? 0 : m_note->heightForWidth(noteWidth) + layout()->spacing();
    const QMargins margins = layout()->contentsMargins();
    return table + note + m_removeAll->sizeHint().height() + layout()->spacing() + margins.top() +
           margins.bottom();
}

QSize CompareTable::sizeHint() const {
    // At least two rows and at most eight.
    return {QWidget::sizeHint().width(), heightFor(std::clamp(m_table->rowCount(), 2, 8))};
}

QSize CompareTable::minimumSizeHint() const {
    // Up to four rows stay in sight, however the window's first layout shares its height
    // (a window laid out before it is shown undoes resizeDocks; the four-machine comparison
    // showed two rows of four in a --grab at 1600×1000); more scroll.
    return {QWidget::minimumSizeHint().width(),
            heightFor(std::clamp(m_table->rowCount(), 2, kRowsAlwaysShown))};
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

std::optional<std::size_t> CompareTable::colour(int row) const {
    if (row < 0 || static_cast<std::size_t>(row) >= m_shown.size()) {
        return std::nullopt;
    }
    return m_rows[m_shown[static_cast<std::size_t>(row)]].colour;
}

bool CompareTable::isEditing(int row) const {
    return row >= 0 && static_cast<std::size_t>(row) < m_shown.size() &&
           m_shown[static_cast<std::size_t>(row)] == m_editing;
}

}  // namespace roofline::ui
