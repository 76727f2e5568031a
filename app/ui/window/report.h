// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file report.h
/// The design-review report (File › Export report…, `--report FILE.pdf|FILE.md`): what
/// roofline/io/review_report.h says of the window's scenarios (the current one, the compare
/// scenarios, the Frontier under its SLOs, the levers, warnings, explanation, assumptions),
/// as a PDF or as Markdown.
///
/// The PDF: A4 portrait pages, as many as the text takes. The title and its block, then
/// each section; the roofline plot (every compare scenario on it, as the window draws it)
/// heads the Roofline section and the Frontier view's plot the Frontier section. A
/// QTextDocument lays the pages out, so that a paragraph or a table row never straddles a
/// page: a table that goes on to the next page repeats its header row there. Every page
/// has a footer: the report's date, the version and "page i of n".

#include <QImage>
#include <QList>
#include <QString>

#include "roofline/io/review_report.h"

namespace roofline::ui {

class MainWindow;

/// The figures the PDF draws; a null image leaves its figure out.
struct ReportFigures {
    QImage roofline;
    QImage frontier;
};

/// The report of the window's scenarios: the current one (named as the Compare table names
/// it), its compare scenarios, and the Frontier view's frontier (recomputed if stale), dated
/// now (UTC).
io::ReviewReport windowReviewReport(MainWindow& window);

/// The figures of the window: the roofline plot and the Frontier view's plot, at the plot's
/// size in the window (960 × 600 when it was never laid out), at three times its pixels.
ReportFigures windowReportFigures(MainWindow& window);

/// The report as HTML for QTextDocument (figures as the resources "figure:roofline" and
/// "figure:frontier"; tables with a header row). `pageWidth` in the document's pixels; the
/// sections whose index is in `newPages` start a page.
QString reportHtml(const io::ReviewReport& report, const ReportFigures& figures, double pageWidth,
                   const QList<int>& newPages = {});

/// Writes the PDF to `path` (atomically, QSaveFile). Returns an error sentence naming the
/// file, or empty.
QString writeReportPdf(const io::ReviewReport& report, const ReportFigures& figures,
                       const QString& path);

/// Writes io::writeMarkdown(report) to `path` (UTF-8, atomically). Returns an error sentence
/// naming the file, or empty.
QString writeReportMarkdown(const io::ReviewReport& report, const QString& path);

/// Whether `path` asks for Markdown (.md or .markdown, any case); else it is a PDF.
bool isMarkdownReportPath(const QString& path);

/// The window's report written to `path`, Markdown or PDF by its extension. Returns an
/// error sentence naming the file, or empty.
QString writeWindowReport(MainWindow& window, const QString& path);

}  // namespace roofline::ui
