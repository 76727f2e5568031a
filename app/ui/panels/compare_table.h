// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file compare_table.h
/// The Compare table (a bottom dock): the current scenario and each compare scenario side
/// by side, one row each with its colour swatch. Every number is the scenario's Analysis
/// through roofline/format.h; the table does no arithmetic. Selecting a compare row asks
/// for it to become the scenario the sliders edit (rowActivated).

#include <vector>

#include <QColor>
#include <QString>
#include <QWidget>

#include "plot/plot_palette.h"
#include "roofline/analysis.h"
#include "roofline/scenario.h"

class QAbstractButton;
class QPushButton;
class QTableWidget;

namespace roofline::ui {

/// One row: who the scenario is and its analysis (both only read during the call).
struct CompareRow {
    QString name;
    QString path;            ///< the file it came from, for the tooltip; may be empty
    std::size_t colour = 0;  ///< PlotPalette::compare index (compare rows)
    const Scenario* scenario = nullptr;
    const Analysis* analysis = nullptr;
};

class CompareTable : public QWidget {
    Q_OBJECT
public:
    /// The columns, in order. A cost column (USD per million output tokens, from Analysis)
    /// goes after TokensPerDevice when the engine has it.
    enum Column {
        Remove,  ///< a ✕ button on each compare row (clicking it does not select the row)
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

    explicit CompareTable(QWidget* parent = nullptr);

    /// Row 0 is `current` (swatch in the phase hues: the sliders edit it), then `compare`.
    void setRows(const CompareRow& current, const std::vector<CompareRow>& compare);
    /// Only row 0's values (on every change of the current scenario: cheap, no relayout).
    void setCurrent(const CompareRow& current);
    void setPlotPalette(const PlotPalette& palette);

    /// High enough for the rows (up to eight) and the buttons, no more: the plot keeps the
    /// height.
    QSize sizeHint() const override;

    QTableWidget* table() const { return m_table; }
    /// The ✕ button of compare row `row` (≥ 1), for tests; null for the current row.
    QAbstractButton* removeButton(int row) const;
    /// The text of a cell, for tests.
    QString text(int row, Column column) const;
    int rowCount() const;

protected:
    /// Columns fit their text again when the font changes (presentation mode).
    void changeEvent(QEvent* event) override;

signals:
    /// The user selected compare scenario `index` (row index + 1).
    void rowActivated(int index);
    /// Remove compare scenario `index`, or all of them (`index` < 0).
    void removeRequested(int index);
    /// The Add… button.
    void addRequested();

private:
    void fillRow(int row, const CompareRow& values, bool current);
    QIcon swatch(std::size_t colour, bool current) const;
    void onSelectionChanged();

    QTableWidget* m_table = nullptr;
    QPushButton* m_removeAll = nullptr;
    PlotPalette m_palette;
    std::vector<std::size_t> m_colours;  ///< per compare row, for restyling
    bool m_filling = false;              ///< selection changes are the table's own
};

}  // namespace roofline::ui
