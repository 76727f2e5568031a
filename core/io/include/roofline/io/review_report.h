// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file review_report.h (roofline/io)
/// What the design-review report says (File › Export report…, `--report FILE.pdf|.md`): the
/// current scenario and its compare scenarios, the Frontier under the SLOs, the levers, the
/// warnings, the explanation and the assumptions, as sections of sentences and tables of
/// strings. Every number is an engine result (Analysis, LeverOutcome, Frontier) written
/// through roofline/format.h: the report computes nothing of its own. The window renders the
/// sections into a paginated PDF with its figures; writeMarkdown() gives the same text as
/// Markdown, tables as tables, for a design document. No Qt.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/frontier.h"
#include "roofline/scenario.h"

namespace roofline::io {

/// A table of strings: a header row and rows of the same length.
struct ReportTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};

/// A figure the renderer draws at the top of a section (the Markdown names it only).
enum class ReportFigure : unsigned char { None, Roofline, Frontier };

/// One section: its figure, paragraphs, then its table, then its bullet list.
struct ReportSection {
    std::string title;
    ReportFigure figure = ReportFigure::None;
    std::vector<std::string> paragraphs;
    std::optional<ReportTable> table;
    std::vector<std::string> bullets;
};

/// The whole report: a title, the title block's name–value lines, then the sections in
/// order: Roofline, Results, Compare, Frontier (when given), Levers, Warnings, Explanation,
/// Assumptions.
struct ReviewReport {
    std::string title;
    std::vector<std::pair<std::string, std::string>> titleBlock;
    std::vector<ReportSection> sections;

    /// The section with this title, or null.
    const ReportSection* section(std::string_view name) const;
};

/// One scenario of the report, as the window or the CLI resolved and analysed it. The
/// pointers are only read during reviewReport().
struct ReviewScenario {
    std::string name;      ///< "h100x4", or model@hardware×devices
    std::string hardware;  ///< the scenario file's hardware: a preset id or a file path
    std::string model;     ///< the same for the model
    const Scenario* scenario = nullptr;
    const Analysis* analysis = nullptr;
};

/// The Frontier as the window computed it: its request (SLOs included), its points, and
/// the display names of request.hardware.
struct ReviewFrontier {
    const FrontierRequest* request = nullptr;
    const Frontier* frontier = nullptr;
    std::vector<std::string> hardwareNames;
};

struct ReviewInput {
    ReviewScenario current;               ///< the scenario the sliders edit
    std::vector<ReviewScenario> compare;  ///< the compare scenarios, in the table's order
    std::optional<ReviewFrontier> frontier;
    std::string date;     ///< "2026-12-02 07:40 UTC", as the caller dates it
    std::string version;  ///< ROOFLINE_VERSION
};

/// The report of `input`. Preconditions: each analysis = analyze(its scenario), which
/// validate() accepts; the frontier's points index its request's hardware.
ReviewReport reviewReport(const ReviewInput& input);

/// The Compare table's row of one scenario: name, hardware × devices, weights / act. / KV,
/// batch, prompt / context, TTFT, TPOT, decode tok/s per device, cost, energy (max), decode
/// bound, fits. With its header in compareHeader().
std::vector<std::string> compareRow(const ReviewScenario& scenario);
std::vector<std::string> compareHeader();

/// "Best meeting the SLOs (TPOT ≤ 50 ms): NVIDIA H200 × TP 2, W8A8, batch 64: …", or why
/// there is none. Empty frontier request: empty.
std::string bestConfigurationText(const ReviewFrontier& frontier);

/// The report as Markdown: a `#` title, the title block as a list, `##` sections, tables as
/// pipe tables (| in a cell escaped), figures as a line in italics naming them.
std::string writeMarkdown(const ReviewReport& report);

}  // namespace roofline::io
