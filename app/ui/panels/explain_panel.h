// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file explain_panel.h
/// The Explain dock: the analysis in a few plain sentences (roofline/explain.h), from the
/// same Analysis the plot and the results panel draw, brought up to date on every change.
/// The lever sentences evaluate every lever (thirteen analyze() calls, a few µs); what they
/// need from the presets (the next hardware, the draft model) is looked up once per hardware
/// and model, not on every slider step.

#include <optional>
#include <string>

#include <QStringList>
#include <QWidget>

#include "roofline/analysis.h"
#include "roofline/levers.h"

class QPlainTextEdit;

namespace roofline::ui {

class ExplainPanel : public QWidget {
    Q_OBJECT
public:
    explicit ExplainPanel(QWidget* parent = nullptr);

    /// Rebuilds the sentences for `analysis` = analyze(scenario). While the panel is hidden
    /// it only remembers that it is out of date, and catches up when shown.
    void setAnalysis(const roofline::Scenario& scenario, const roofline::Analysis& analysis);

    /// The sentences shown (after the last update).
    QStringList sentences() const { return m_sentences; }
    QPlainTextEdit* textView() const { return m_text; }

protected:
    void showEvent(QShowEvent* event) override;

private:
    void update(const roofline::Scenario& scenario, const roofline::Analysis& analysis);
    /// Writes the sentences that differ from m_sentences over theirs (as many of each).
    void replaceChanged(const QStringList& sentences);
    /// A line break inside a sentence would make its paragraph two blocks.
    static bool hasBreak(const QString& sentence);

    QPlainTextEdit* m_text = nullptr;
    QStringList m_sentences;
    // The pending scenario while hidden.
    std::optional<roofline::Scenario> m_pendingScenario;
    std::optional<roofline::Analysis> m_pendingAnalysis;
    // io::leverContext for the hardware and model it was looked up for.
    std::string m_contextKey;
    roofline::LeverContext m_context;
};

}  // namespace roofline::ui
