// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file compare_table.h
/// The Compare table (a bottom dock): the current scenario and each compare scenario side
/// by side, one row each with its colour swatch. Every number is the scenario's Analysis
/// through roofline/format.h; the table does no arithmetic. A row keeps its place and its
/// colour whatever is selected: the row the sliders edit is marked (✎, bold), not moved.
/// Selecting another row asks for it to become the scenario the sliders edit
/// (rowActivated).
///
/// A click on a column's header sorts by it (best first, again to reverse) and marks the
/// best row of that column where "best" has a meaning (kBetter: lower TTFT, higher tok/s…).
/// Copy puts the table as shown on the clipboard as tab-separated text (for a document or a
/// spreadsheet); Export CSV… writes the engine's numbers, unrounded, in the order shown.
/// Under the table, one sentence says when the scenarios are not like for like.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <QColor>
#include <QString>
#include <QWidget>

#include "plot/plot_palette.h"
#include "roofline/analysis.h"
#include "roofline/scenario.h"

class QAbstractButton;
class QLabel;
class QPushButton;
class QTableWidget;

namespace roofline::ui {

/// One row: who the scenario is and its analysis (both only read during the call).
struct CompareRow {
    QString name;
    QString path;  ///< the file it came from, for the tooltip; may be empty
    /// PlotPalette::compare index; none: the phase hues (a current scenario never compared)
    std::optional<std::size_t> colour;
    int id = -1;  ///< given back by rowActivated / removeRequested (the compare set's index)
    const Scenario* scenario = nullptr;
    const Analysis* analysis = nullptr;
};

class CompareTable : public QWidget {
    Q_OBJECT
public:
    /// The columns, in order.
    enum Column {
        Remove,  ///< a ✕ button on each row not edited (clicking it does not select the row);
                 ///< ✎ on the row the sliders edit
        Name,
        Hardware,
        Precisions,
        Batch,
        Lengths,
        Ttft,
        Tpot,
        TokensPerDevice,
        Cost,    ///< per million output tokens (per million images for vision), with a price
        Energy,  ///< per output token (per image), an upper bound at TDP
        DecodeBound,
        Fits,
        ColumnCount
    };
    /// Which way a column's numbers are better, where they have one.
    enum class Better { None, Lower, Higher };
    /// The one place that says it, per column (None for every column not listed).
    static Better better(Column column);

    explicit CompareTable(QWidget* parent = nullptr);

    /// Every scenario in its place, `rows[editing]` being the one the sliders edit.
    void setRows(const std::vector<CompareRow>& rows, std::size_t editing);
    /// Only the edited row's values (on every change of the current scenario: no new
    /// buttons; the rows are sorted again only when a sort is on and its order changed).
    void setCurrent(const CompareRow& current);
    void setPlotPalette(const PlotPalette& palette);
    /// The sentence under the table (empty: hidden).
    void setNote(const QString& note);
    QString note() const;

    /// Sorts by `column` (Remove: the rows' own order again), as a click on its header does.
    void sortBy(Column column, Qt::SortOrder order);
    /// The column sorted by, Remove when none.
    Column sortColumn() const { return m_sortColumn; }
    /// The row (as shown) marked best for the sorted column; -1 without one.
    int bestRow() const;

    /// The table as shown: a header line, then one line per row, cells separated by tabs
    /// (the swatch and ✕ column left out), "\n" endings.
    QString tsv() const;
    /// The rows as shown, each number as the engine computed it (10 significant figures,
    /// '.' decimals; empty where there is none): a header line, then one line per row.
    std::string csv() const;

    /// High enough for the rows (up to eight) and the buttons, no more: the plot keeps the
    /// height.
    QSize sizeHint() const override;
    /// Up to kRowsAlwaysShown rows, the note and the buttons: the table stays readable in a
    /// short window.
    QSize minimumSizeHint() const override;
    static constexpr int kRowsAlwaysShown = 4;

    QTableWidget* table() const { return m_table; }
    /// The ✕ button of the row shown at `row`; null for the row being edited.
    QAbstractButton* removeButton(int row) const;
    /// The text of a cell (row as shown), for tests.
    QString text(int row, Column column) const;
    int rowCount() const;
    /// The swatch colour of the row shown at `row` (its compare colour; none: phase hues).
    std::optional<std::size_t> colour(int row) const;
    /// The row shown at `row` is the one the sliders edit.
    bool isEditing(int row) const;

protected:
    /// Columns fit their text again when the font changes (presentation mode).
    void changeEvent(QEvent* event) override;

signals:
    /// The user selected the row of `id` (CompareRow::id).
    void rowActivated(int id);
    /// Remove the row of `id`.
    void removeRequested(int id);
    void removeAllRequested();
    /// The Add… button.
    void addRequested();

private:
    /// A row's texts and the numbers it sorts and exports by.
    struct RowData {
        QString name;
        QString path;
        std::optional<std::size_t> colour;
        int id = -1;
        std::array<QString, ColumnCount> texts;
        std::array<double, ColumnCount> keys{};  ///< NaN: nothing to sort by (text, no price)
        double secondKey = 0.0;                  ///< Lengths: context after prompt
        std::string csv;                         ///< the row's CSV line, without its end
        bool fits = true;
    };
    static RowData rowData(const CompareRow& row);
    int heightFor(int rows) const;  ///< the panel's height with `rows` rows in sight
    void render();
    void fillRow(int shown, const RowData& data, bool editing);
    void markBest();
    std::vector<std::size_t> sortedOrder() const;
    QIcon swatch(const std::optional<std::size_t>& colour) const;
    void onSelectionChanged();
    void onHeaderClicked(int column);

    QTableWidget* m_table = nullptr;
    QLabel* m_note = nullptr;
    QPushButton* m_removeAll = nullptr;
    PlotPalette m_palette;
    std::vector<RowData> m_rows;       ///< in their places
    std::vector<std::size_t> m_shown;  ///< shown row -> index into m_rows
    std::size_t m_editing = 0;
    Column m_sortColumn = Remove;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    int m_best = -1;
    bool m_filling = false;  ///< selection changes are the table's own
};

}  // namespace roofline::ui
