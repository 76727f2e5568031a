// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file results_panel.h
/// The numbers beside the plot, from the same Analysis the plot draws: TTFT, TPOT,
/// decode tokens/s, each phase's bound and intensity, the ridge point, the critical batch,
/// memory use against capacity, and the engine's warnings. PassKind colours match the plot.

#include <QHash>
#include <QWidget>

#include "plot_palette.h"
#include "roofline/analysis.h"

class QFormLayout;
class QLabel;

namespace roofline::ui {

class MemoryBar;
class ValueField;

class ResultsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ResultsPanel(QWidget* parent = nullptr);

    void setAnalysis(const roofline::Analysis& analysis);
    void setPlotPalette(const PlotPalette& palette);

    /// The value label of one row, by key: "ttft", "tpot", "tokensPerSecond",
    /// "prefillBound", "decodeBound", "prefillIntensity", "decodeIntensity", "ridge",
    /// "criticalBatch", "computeRoof", "memory", "maxBatch", "warnings". For tests.
    QLabel* valueLabel(const QString& key) const;
    MemoryBar* memoryBar() const { return m_memoryBar; }
    /// Whether the memory bar is showing "does not fit" (red).
    bool memoryOverflow() const;

private:
    QLabel* addRow(QFormLayout* form, const QString& name, const QString& key);
    void applyColours();

    PlotPalette m_palette;
    QHash<QString, ValueField*> m_values;  ///< by key
    QList<QLabel*> m_prefillLabels;
    QList<QLabel*> m_decodeLabels;
    MemoryBar* m_memoryBar = nullptr;
    QLabel* m_warnings = nullptr;
};

}  // namespace roofline::ui
