// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file results_panel.h
/// The numbers beside the plot, from the same Analysis the plot draws: TTFT, TPOT,
/// decode tokens/s (with the estimate ceiling, each bound with its estimate beside it, as
/// roofline/explain.h's boundAndEstimate writes them), cost (with a price) and energy (an upper
/// bound) per output token, each phase's bound and intensity, the ridge point, the critical batch,
/// memory use against capacity, and the engine's warnings. PassKind colours match the plot.

#include <optional>
#include <vector>

#include <QHash>
#include <QWidget>

#include "plot/plot_palette.h"
#include "roofline/analysis.h"

class QFormLayout;
class QGridLayout;
class QGroupBox;
class QLabel;

namespace roofline::ui {

class ByteSplitBar;
class MemoryBar;
class ValueField;

class ResultsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ResultsPanel(QWidget* parent = nullptr);

    /// `calibrationWarning`: under the estimate, the engine's fallback to another profile
    /// (ScenarioController::calibrationWarning), shown with the analysis' warnings.
    void setAnalysis(const roofline::Analysis& analysis, const QString& calibrationWarning = {});
    void setPlotPalette(const PlotPalette& palette);
    /// Compare mode: the pinned baseline, or none. Its values and the ratios against the
    /// current analysis show in a "Against the baseline" group (hidden without one); the
    /// ratios come from roofline/comparison.h. The next setAnalysis() fills them.
    void setBaseline(const std::optional<roofline::Analysis>& baseline);
    QGroupBox* baselineGroup() const { return m_baselineBox; }
    /// Compare mode: the inputs that differ from the baseline, as a line of text the window
    /// makes ("batch 8 → 64; weights bf16 → fp8"), in the group's "Inputs" row
    /// ("baseline.differences").
    void setDifferences(const QString& text);

    /// The value label of one row, by key: "ttft", "tpot", "tokensPerSecond",
    /// "prefillBound", "decodeBound", "prefillIntensity", "decodeIntensity", "ridge",
    /// "criticalBatch", "computeRoof", "memory", "maxBatch", "cost", "energy", "warnings",
    /// "estimateProfile" (the estimate's profile, its row hidden without an estimate); in
    /// compare mode
    /// "baseline.X" and "ratio.X" for X in ttft, tpot, tokensPerSecond, memory,
    /// prefillBound, decodeBound. For tests.
    QLabel* valueLabel(const QString& key) const;
    MemoryBar* memoryBar() const { return m_memoryBar; }
    ByteSplitBar* byteSplit() const { return m_byteSplit; }
    /// Whether the memory bar is showing "does not fit" (red).
    bool memoryOverflow() const;
    /// Presentation mode's one narrow column: each value under its name, the full width
    /// its own (at 1280×720 the names took half the column and the panel scrolled sideways).
    void setNarrow(bool narrow);

private:
    QLabel* addRow(QFormLayout* form, const QString& name, const QString& key);
    void applyColours();

    PlotPalette m_palette;
    QHash<QString, ValueField*> m_values;  ///< by key
    QList<QLabel*> m_prefillLabels;
    QList<QLabel*> m_decodeLabels;
    MemoryBar* m_memoryBar = nullptr;
    ByteSplitBar* m_byteSplit = nullptr;
    QLabel* m_warnings = nullptr;
    bool m_estimateRowShown = false;       ///< the "estimateProfile" row
    QFormLayout* m_servingForm = nullptr;  ///< the form that holds it
    std::optional<Analysis> m_baseline;
    QGroupBox* m_baselineBox = nullptr;
    QHash<QString, QLabel*> m_compare;  ///< "baseline.ttft", "ratio.ttft"...
    QLabel* m_differences = nullptr;    ///< "baseline.differences"
    /// The baseline group's rows (name, baseline, change; the heads first, with no name; the
    /// inputs last, with no change), laid out by layOutBaseline().
    struct CompareRow {
        QLabel* name = nullptr;
        QLabel* baseline = nullptr;
        QLabel* ratio = nullptr;
    };
    std::vector<CompareRow> m_compareRows;
    /// Wide, a row a line in three columns; narrow, each name on a line of its own over its
    /// baseline and change.
    void layOutBaseline(bool narrow);
};

}  // namespace roofline::ui
