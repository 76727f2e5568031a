// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file breakdown_view.h
/// Where a scenario's time and memory go, from its Analysis alone. Top: one plot per pass
/// (prefill, decode, and draft and verify with speculative decoding), each operator's time
/// as a horizontal bar coloured by the roof that bounds it (QCPBars stacked by bound), and
/// a first row "whole pass" stacked by the pass's bound shares. Bottom: one device's memory,
/// weights + KV cache + workspace stacked, against its usable memory and its capacity.
/// It redraws only while visible.

#include <vector>

#include <QWidget>
#include <qcustomplot.h>

#include "plot/plot_palette.h"
#include "roofline/analysis.h"
#include "views/live_view.h"
#include "views/view_style.h"

namespace roofline::ui {

class BreakdownView : public LiveView {
    Q_OBJECT
public:
    explicit BreakdownView(ScenarioDocument& document, QWidget* parent = nullptr);

    /// Draws the controller's analysis now (whether visible or not).
    void refresh() override;

    /// The operator bar under `pixel`, as the roofline's tooltip words it; empty elsewhere.
    QString tooltipAt(const QPointF& pixel) const;

    // For tests.
    /// One per pass, in Analysis::passes order: its bars by bound (memory, compute,
    /// interconnect); category 0 is the whole pass, 1… its operators in execution order.
    struct PassBars {
        PassKind kind;
        QCPAxisRect* rect = nullptr;
        FittedTitle* title = nullptr;
        QCPBars* memory = nullptr;
        QCPBars* compute = nullptr;
        QCPBars* interconnect = nullptr;
        std::vector<std::size_t> operators;  ///< indices into Analysis::operators
        QMap<double, QString> names;         ///< every row's name ("whole pass", the operators)
        int nameStep = 1;                    ///< every nameStep-th name is written (thinNames())
    };
    const std::vector<PassBars>& passBars() const { return m_passes; }
    QCPBars* weightBars() const { return m_weights; }
    QCPBars* kvBars() const { return m_kv; }
    QCPBars* workspaceBars() const { return m_workspace; }
    QCPItemStraightLine* usableLine() const { return m_usable; }
    QCPItemStraightLine* capacityLine() const { return m_capacity; }
    QString memoryTitle() const { return m_memoryTitle->text(); }

protected:
    void changeEvent(QEvent* event) override;

private:
    /// After each layout: where the rows are shorter than a line of text (a short dock,
    /// `--view all`), only every second, third… operator's name is written, so that the
    /// names never overlap (the whole pass's always is); a narrow pass column gets fewer
    /// time ticks. Replots once when that changes.
    void thinNames();
    void applyStyle();
    /// Recreates the pass plots when the passes or their operators differ from those shown.
    void layoutPasses(const Analysis& analysis);
    void fillPasses(const Analysis& analysis);
    void fillMemory(const Analysis& analysis);
    void onMouseMove(QMouseEvent* event);

    QCustomPlot* m_plot = nullptr;
    QCPLayoutGrid* m_passGrid = nullptr;
    std::vector<PassBars> m_passes;
    std::vector<std::pair<PassKind, std::vector<std::string_view>>> m_layoutKey;
    QCPAxisRect* m_memoryRect = nullptr;
    FittedTitle* m_memoryTitle = nullptr;
    QCPBars* m_weights = nullptr;
    QCPBars* m_kv = nullptr;
    QCPBars* m_workspace = nullptr;
    QCPItemStraightLine* m_usable = nullptr;
    QCPItemStraightLine* m_capacity = nullptr;
    QCPItemText* m_usableLabel = nullptr;
    QCPItemText* m_capacityLabel = nullptr;
    PlotPalette m_palette;
    Analysis m_analysis;
};

}  // namespace roofline::ui
