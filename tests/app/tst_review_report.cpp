// SPDX-License-Identifier: GPL-3.0-or-later
// The design-review report (issue 21, "The report"): the README's four-machine comparison
// with prices and SLOs, exported as a PDF and as Markdown, each section's text read back
// (the PDF's with pdftotext, which scripts/bootstrap-debian.sh --test installs).
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "roofline/io/review_report.h"
#include "roofline/io/scenario_file.h"
#include "roofline/version.h"
#include "views/dialogs.h"
#include "views/frontier_view.h"
#include "window/compare_set.h"
#include "window/main_window.h"
#include "window/report.h"

using namespace roofline;
using roofline::ui::MainWindow;

namespace {

/// As tests/data/valid/compare/*.json (Llama-3.1-70B, batch 16, 2048 + 2048 tokens) but all
/// in bf16, on `hardware` × `devices`, at `price` dollars per device-hour.
io::ScenarioFile llama70b(const char* hardware, std::int64_t devices, double price) {
    io::ScenarioFile file;
    file.hardware = hardware;
    file.model = "llama-3.1-70b";
    file.workload.batch = 16;
    file.workload.promptTokens = 2048;
    file.workload.contextTokens = 2048;
    file.workload.tensorParallel = devices;
    file.workload.pricePerDeviceHourUsd = price;
    return file;
}

QString writeFile(const QString& path, const std::string& text) {
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(text.data(), static_cast<qint64>(text.size()));
    }
    return path;
}

QString readText(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

/// Text as pdftotext gives it back, comparable: ligatures (ﬁ, ﬂ) as their letters, no
/// hyphens (it joins a word hyphenated at a line's end and drops the hyphen), no white space
/// (a line may break after a "/" that has no space to break at).
QString squeezed(QString text) {
    static const QRegularExpression space(QStringLiteral("\\s+"));
    text = text.normalized(QString::NormalizationForm_KC);
    text.remove(u'-');
    return text.remove(space);
}

/// The PDF's text without the page footers, which pdftotext puts among the lines of a
/// paragraph that goes on to the next page.
QString withoutFooters(QString text) {
    static const QRegularExpression footer(QStringLiteral(
        "Roofline Explorer \\S+ · \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC|page \\d+ of \\d+"));
    return text.normalized(QString::NormalizationForm_KC).remove(footer);
}

/// The text of pages [first, last] of a PDF (pdftotext, UTF-8); empty when it failed.
QString pdfText(const QString& pdf, int first = 0, int last = 0) {
    QStringList args = {QStringLiteral("-enc"), QStringLiteral("UTF-8")};
    if (first > 0) {
        args << QStringLiteral("-f") << QString::number(first) << QStringLiteral("-l")
             << QString::number(last);
    }
    args << pdf << QStringLiteral("-");
    QProcess p;
    p.start(QStringLiteral("pdftotext"), args);
    if (!p.waitForFinished(30000) || p.exitCode() != 0) {
        return {};
    }
    return QString::fromUtf8(p.readAllStandardOutput());
}

/// The window of the README's --compare example: H100×4 (current) against H200×2, MI300X
/// and B200×2, each with its price, the Frontier's SLOs TPOT ≤ 50 ms and TTFT ≤ 2 s.
struct Review {
    QTemporaryDir dir;
    MainWindow window;
    Review() {
        window.resize(1600, 1000);
        window.show();
        const QString h100 = writeFile(dir.filePath(QStringLiteral("h100x4.json")),
                                       io::toJson(llama70b("h100-sxm", 4, 2.0)));
        window.openScenario(h100);
        QStringList compared;
        compared << writeFile(dir.filePath(QStringLiteral("h200x2.json")),
                              io::toJson(llama70b("h200", 2, 3.0)))
                 << writeFile(dir.filePath(QStringLiteral("mi300x.json")),
                              io::toJson(llama70b("mi300x", 1, 2.5)))
                 << writeFile(dir.filePath(QStringLiteral("b200x2.json")),
                              io::toJson(llama70b("b200", 2, 5.0)));
        window.compareSet().addFiles(compared);
        ui::FrontierView* frontier = window.frontierView();
        for (const auto& [edit, ms] : {std::pair{frontier->sloTpotEdit(), "50"},
                                       std::pair{frontier->sloTtftEdit(), "2000"}}) {
            edit->setText(QLatin1String(ms));
            emit edit->editingFinished();
        }
    }
};

}  // namespace

class TestReviewReport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { ui::Dialogs::setHeadless(true); }

    void contentHasEverySectionOfTheFourScenarios() {
        Review r;
        QCOMPARE(r.window.compareSet().entries().size(), std::size_t{3});
        const io::ReviewReport report = ui::windowReviewReport(r.window);
        std::vector<std::string> titles;
        for (const io::ReportSection& s : report.sections) {
            titles.push_back(s.title);
        }
        QCOMPARE(titles,
                 (std::vector<std::string>{"Roofline", "Results", "Compare", "Frontier", "Levers",
                                           "Warnings", "Explanation", "Assumptions"}));
        const io::ReportSection* compare = report.section("Compare");
        QVERIFY(compare != nullptr && compare->table);
        QCOMPARE(compare->table->rows.size(), std::size_t{4});
        QCOMPARE(compare->table->rows[0][0], std::string("h100x4 (current)"));
        QCOMPARE(compare->table->rows[3][0], std::string("b200x2"));
        // All four in bf16 at the same lengths and ceilings: like for like, no fairness note
        // under the table (io::fairnessNote, tested with mixed rows in tst_compare).
        QCOMPARE(compare->paragraphs.size(), std::size_t{1});
        // Every row has a cost (each file has a price) and an energy (each chip a TDP).
        for (const std::vector<std::string>& row : compare->table->rows) {
            QVERIFY2(row[8].starts_with("$") && row[8].ends_with(" / M tokens"), row[8].c_str());
            QVERIFY2(row[9].starts_with("≤ ") && row[9].ends_with("J / token"), row[9].c_str());
        }
        // The Frontier's SLOs as typed, and the best configuration under them.
        const io::ReportSection* frontier = report.section("Frontier");
        QVERIFY(frontier != nullptr);
        const std::string best = frontier->paragraphs.back();
        QVERIFY2(best.starts_with("Best meeting the SLOs (TPOT ≤ 50 ms, TTFT ≤ 2,000 ms;"),
                 best.c_str());
        const ui::FrontierView& view = *r.window.frontierView();
        QVERIFY(view.frontier().best.has_value());
        QVERIFY(*view.frontier().points[*view.frontier().best].meetsSlo);
        QCOMPARE(best,
                 io::bestConfigurationText({&view.request(), &view.frontier(), [&view] {
                                                std::vector<std::string> names;
                                                for (const QString& n : view.hardwareNames()) {
                                                    names.push_back(n.toStdString());
                                                }
                                                return names;
                                            }()}));
        // The title block names the version and each machine's preset once.
        const auto has = [&report](const std::string& name, const std::string& part) {
            return std::any_of(
                report.titleBlock.begin(), report.titleBlock.end(), [&](const auto& line) {
                    return line.first == name && line.second.find(part) != std::string::npos;
                });
        };
        QVERIFY(has("Version", ROOFLINE_VERSION));
        for (const char* id : {"h100-sxm", "h200", "mi300x", "b200"}) {
            QVERIFY2(has("Hardware", std::string("presets/hardware/").append(id).append(".json")),
                     id);
        }
        QVERIFY(has("Model", "presets/models/llama-3.1-70b.json"));
        QVERIFY(has("Compared with", "h200x2, mi300x, b200x2"));
    }

    void pdfHasEverySectionOnA4PagesWithTheTextOfEach() {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) {
            QSKIP(
                "pdftotext is missing: install poppler-utils (scripts/bootstrap-debian.sh "
                "--test does)");
        }
        Review r;
        const QString path = r.dir.filePath(QStringLiteral("review.pdf"));
        QVERIFY(r.window.exportReport(path));
        const io::ReviewReport report = ui::windowReviewReport(r.window);
        const QString text = squeezed(withoutFooters(pdfText(path)));
        QVERIFY2(!text.isEmpty(), "pdftotext read nothing");
        // The title block, then each section's heading, paragraphs and table cells, and
        // bullets, in the text of the PDF.
        const auto contains = [&text](const std::string& part) {
            const QString s = squeezed(ui::qs(part));
            QVERIFY2(text.contains(s), qPrintable(QStringLiteral("missing: ") + s));
        };
        contains(report.title);
        for (const auto& [name, value] : report.titleBlock) {
            contains(name);
            // The date is the minute each was written (the report above may be a minute
            // later): its form here.
            if (name != "Date") {
                contains(value);
            }
        }
        QVERIFY(QRegularExpression(QStringLiteral("Date.*\\d{4}\\d\\d\\d\\d\\d\\d:\\d\\dUTC"))
                    .match(text)
                    .hasMatch());
        for (const io::ReportSection& s : report.sections) {
            contains(s.title);
            for (const std::string& p : s.paragraphs) {
                contains(p);
            }
            for (const std::string& b : s.bullets) {
                contains(b);
            }
            if (s.table) {
                // A wrapped cell's lines come back among its neighbours': each word of the
                // header and of every cell.
                std::vector<std::vector<std::string>> rows = {s.table->header};
                rows.insert(rows.end(), s.table->rows.begin(), s.table->rows.end());
                for (const std::vector<std::string>& row : rows) {
                    for (const std::string& cell : row) {
                        for (const QString& word : ui::qs(cell).split(u' ')) {
                            QVERIFY2(
                                text.contains(squeezed(word)),
                                qPrintable(
                                    QStringLiteral("missing: %1 of %2").arg(word, ui::qs(cell))));
                        }
                    }
                }
            }
        }
        // The Compare table's cost and energy of each machine, each on one line of its cell.
        for (const std::vector<std::string>& row : report.section("Compare")->table->rows) {
            const QString price = ui::qs(row[8]).section(u' ', 0, 0);  // "$1.70"
            QVERIFY2(price.startsWith(u'$') && text.contains(price), row[8].c_str());
        }
        QVERIFY(text.contains(
            squeezed(QStringLiteral("Best meeting the SLOs (TPOT ≤ 50 ms, TTFT ≤ 2,000 ms;"))));
        // More than one A4 page, each with its footer.
        const QString last = pdfText(path, 2, 2);
        QVERIFY2(!last.isEmpty(), "one page only");
        QVERIFY(pdfText(path, 1, 1).contains(QStringLiteral("page 1 of")));
    }

    void aLongTableGoesOnWithItsHeaderOnEveryPage() {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) {
            QSKIP(
                "pdftotext is missing: install poppler-utils (scripts/bootstrap-debian.sh "
                "--test does)");
        }
        // 300 rows of 7 pt (about 14 px each) take more than two A4 pages of about 1,000 px.
        io::ReviewReport report;
        report.title = "Long";
        io::ReportTable table{{"Headalpha", "Headbeta"}, {}};
        for (int i = 0; i < 300; ++i) {
            table.rows.push_back({"row" + std::to_string(i), "cell" + std::to_string(i)});
        }
        report.sections.push_back({"Table", io::ReportFigure::None, {}, table, {}});
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("long.pdf"));
        QVERIFY(ui::writeReportPdf(report, {}, path).isEmpty());
        const QString all = pdfText(path);
        int pages = 0;
        while (!pdfText(path, pages + 1, pages + 1).isEmpty()) {
            const QString page = pdfText(path, pages + 1, pages + 1);
            ++pages;
            QVERIFY2(page.contains(QStringLiteral("Headalpha")) &&
                         page.contains(QStringLiteral("Headbeta")),
                     qPrintable(QStringLiteral("page %1 has no header").arg(pages)));
        }
        QVERIFY2(pages >= 3, qPrintable(QString::number(pages)));
        // Every row once, whole: none cut at a page's foot, none drawn twice.
        for (int i = 0; i < 300; ++i) {
            for (const QString& cell :
                 {QStringLiteral("row%1\n").arg(i), QStringLiteral("cell%1\n").arg(i)}) {
                QVERIFY2(all.count(cell) == 1, qPrintable(cell));
            }
        }
    }

    void markdownHasTheSectionsAndTablesAsTables() {
        Review r;
        const QString path = r.dir.filePath(QStringLiteral("review.md"));
        QVERIFY(r.window.exportReport(path));
        const QString md = readText(path);
        const io::ReviewReport report = ui::windowReviewReport(r.window);
        QVERIFY(md.startsWith(ui::qs("# " + report.title + "\n")));
        for (const char* heading :
             {"## Roofline", "## Results", "## Compare", "## Frontier", "## Levers", "## Warnings",
              "## Explanation", "## Assumptions"}) {
            QVERIFY2(
                md.contains(QLatin1String("\n") + QString::fromUtf8(heading) + QLatin1String("\n")),
                heading);
        }
        // The Compare table as a pipe table, one line per scenario.
        const io::ReportTable& table = *report.section("Compare")->table;
        QString header = QStringLiteral("|");
        for (const std::string& h : table.header) {
            header += QStringLiteral(" %1 |").arg(ui::qs(h));
        }
        QVERIFY2(md.contains(header + QStringLiteral("\n| --- |")), qPrintable(header));
        for (const std::vector<std::string>& row : table.rows) {
            QString line = QStringLiteral("\n|");
            for (const std::string& cell : row) {
                line += QStringLiteral(" %1 |").arg(ui::qs(cell));
            }
            QVERIFY2(md.contains(line + QStringLiteral("\n")), qPrintable(line));
        }
        QVERIFY(
            md.contains(QStringLiteral("Best meeting the SLOs (TPOT ≤ 50 ms, TTFT ≤ 2,000 ms;")));
    }

    void reportToAnUnwritablePathSaysWhy() {
        MainWindow window;
        for (const QString& path : {QStringLiteral("/nonexistent-dir/report.pdf"),
                                    QStringLiteral("/nonexistent-dir/report.md")}) {
            const QString error = ui::writeWindowReport(window, path);
            QVERIFY(error.contains(path));
            QVERIFY(!QFile::exists(path));
        }
    }

    void extensionPicksTheFormat() {
        QVERIFY(ui::isMarkdownReportPath(QStringLiteral("a/review.md")));
        QVERIFY(ui::isMarkdownReportPath(QStringLiteral("REVIEW.MARKDOWN")));
        QVERIFY(!ui::isMarkdownReportPath(QStringLiteral("review.pdf")));
        QVERIFY(!ui::isMarkdownReportPath(QStringLiteral("review")));
    }
};

QTEST_MAIN(TestReviewReport)
#include "tst_review_report.moc"
