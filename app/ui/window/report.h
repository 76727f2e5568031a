// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file report.h
/// The one-page report of a scenario (File › Export report…, `--report FILE.pdf`), for a
/// design review: a caption (roofline::scenarioCaption), the roofline plot as the window
/// shows it, the results panel's numbers, the levers table of `roofline-cli levers` (its
/// rows: TPOT, TTFT and tokens/s with their ratios, fits, the change, and the reason of each
/// lever that does not apply; each lever's sentence is left to the window and the CLI, as
/// thirteen of them would crowd the plot off the page), the engine's warnings and the
/// explanation (roofline/explain.h).
///
/// Layout: an A4 portrait page; the caption on top, the plot under it at the full width,
/// then the text. Nothing is cut: when the text does not fit at 8 pt, its font shrinks (to
/// 5.5 pt), then the plot gives up height (to a quarter of the page), and as a last resort
/// the text is drawn scaled down to the room left.

#include <string>
#include <vector>

#include <QString>
#include <QStringList>

#include "roofline/analysis.h"
#include "roofline/levers.h"
#include "roofline/scenario.h"

namespace roofline::ui {

class RooflinePlot;

/// Everything the report's text says, from the analysis and the levers evaluated for it.
struct ReportContent {
    QString caption;          ///< roofline::scenarioCaption
    QString resultsHtml;      ///< the results table
    QString leversHtml;       ///< the levers table
    QStringList warnings;     ///< the engine's warnings
    QStringList explanation;  ///< roofline::explain's sentences
};

/// The report's text for `analysis` = analyze(scenario), with io::listLevers and
/// io::explanation.
ReportContent reportContent(const Scenario& scenario, const Analysis& analysis);

/// The text under the plot as one HTML document (results, levers, warnings, explanation).
QString reportBodyHtml(const ReportContent& content);

/// Writes the one-page PDF to `path` (atomically, QSaveFile), the plot drawn by
/// RooflinePlot::toPainter at the plot's own on-screen size scaled to the page width.
/// Returns an error sentence naming the file, or empty.
QString writeReport(RooflinePlot& plot, const Scenario& scenario, const Analysis& analysis,
                    const QString& path);

}  // namespace roofline::ui
