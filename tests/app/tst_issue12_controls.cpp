// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 12, "Controls and messages" and "the window at every size", checked as a user meets
// them: through the whole window, typing into the fields, pressing the keys, opening the
// files. Each test names the defect the issue reported.

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include "model/scenario_controller.h"
#include "panels/byte_split_bar.h"
#include "panels/controls_panel.h"
#include "panels/fraction_control.h"
#include "panels/memory_bar.h"
#include "panels/results_panel.h"
#include "panels/slider_control.h"
#include "plot/roofline_plot.h"
#include "qcustomplot.h"
#include "roofline/format.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "window/main_window.h"
#include "window/report.h"

using namespace roofline;
using roofline::test::typeInto;
using roofline::ui::Dialogs;
using roofline::ui::MainWindow;
using roofline::ui::ScenarioController;

namespace {

/// The Qwen2.5-7B preset as the Hugging Face config.json it was made from: the preset
/// without its "_roofline" notes, so the file names itself by nothing but its folder.
QString writeQwenConfig(const QTemporaryDir& dir) {
    QFile preset(QStringLiteral(ROOFLINE_PRESET_DIR "/models/qwen2.5-7b.json"));
    if (!preset.open(QIODevice::ReadOnly)) {
        return {};
    }
    QJsonObject config = QJsonDocument::fromJson(preset.readAll()).object();
    config.remove(QStringLiteral("_roofline"));
    const QString folder = dir.filePath(QStringLiteral("Qwen2.5-7B-Instruct"));
    QDir().mkpath(folder);
    const QString path = folder + QStringLiteral("/config.json");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return {};
    }
    file.write(QJsonDocument(config).toJson());
    return path;
}

QStringList comboTexts(const QComboBox* combo) {
    QStringList texts;
    for (int i = 0; i < combo->count(); ++i) {
        texts << combo->itemText(i);
    }
    return texts;
}

/// Whether `focus` is `widget` or inside it (a SliderControl focuses its slider).
bool focusIsIn(const QWidget* widget) {
    const QWidget* focus = QApplication::focusWidget();
    return focus != nullptr && (focus == widget || widget->isAncestorOf(focus));
}

}  // namespace

class TestIssue12Controls : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        Dialogs::setHeadless(true);
    }
    void init() { Dialogs::clearShownErrors(); }

    // --- Valid config refused ------------------------------------------------------------

    void aValidConfigAtTp8SaysWhyAndOffersTheNearestDivisor() {
        // Qwen2.5-7B: 28 query heads, 4 KV heads. 8 divides neither 28 nor (4 heads over 8
        // devices) replicates cleanly, so TP 8 is refused; the largest count <= 8 dividing
        // both 28 and 4 is 4 (28/4 = 7, 4/4 = 1).
        QTemporaryDir dir;
        const QString config = writeQwenConfig(dir);
        QVERIFY(!config.isEmpty());
        MainWindow window;
        window.controller().setTensorParallel(8);
        QCOMPARE(window.controller().scenarioFile().workload.tensorParallel, std::int64_t{8});

        Dialogs::setNextAnswer(false);
        QVERIFY(!window.openModelConfig(config));
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        const QString question = Dialogs::shownErrors().front().section(QLatin1Char('\n'), 0, 0);
        // The reason (28 heads, 8 devices) is in the message itself, not only in the details.
        QVERIFY2(question.contains(QStringLiteral("28")), qPrintable(question));
        QVERIFY2(question.contains(QStringLiteral("8 devices")), qPrintable(question));
        QVERIFY2(question.contains(QStringLiteral("tensor parallelism 4?")), qPrintable(question));
        QCOMPARE(window.controller().scenario().model.id, std::string("llama-3.1-8b"));

        Dialogs::clearShownErrors();
        Dialogs::setNextAnswer(true);
        QVERIFY(window.openModelConfig(config));
        QCOMPARE(window.controller().scenarioFile().workload.tensorParallel, std::int64_t{4});
        // The picker offers only the divisors of 28 (and of 4 KV heads) among 1, 2, 4, 8.
        const QComboBox* tp =
            roofline::test::child<QComboBox>(*window.controlsPanel(), "tensorParallel");
        QCOMPARE(comboTexts(tp),
                 (QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("4")}));
        QCOMPARE(tp->currentText(), QStringLiteral("4"));
        // The import is named by its folder, not "config (config.json)".
        const QString shown =
            roofline::test::child<QComboBox>(*window.controlsPanel(), "model")->currentText();
        QVERIFY2(shown.startsWith(QStringLiteral("Qwen2.5-7B-Instruct")), qPrintable(shown));
        QVERIFY2(!shown.startsWith(QStringLiteral("config")), qPrintable(shown));
    }

    void anImportNamedInsideTheFileShowsThatName() {
        MainWindow window;
        QVERIFY(
            window.openModelConfig(QStringLiteral(ROOFLINE_TEST_DATA_DIR "/valid/config.json")));
        const QString shown =
            roofline::test::child<QComboBox>(*window.controlsPanel(), "model")->currentText();
        // _name_or_path "TinyLlama/TinyLlama-1.1B-intermediate-step-1431k-3T".
        QVERIFY2(shown.contains(QStringLiteral("TinyLlama")), qPrintable(shown));
    }

    void statusMessagesEndWithTheirCause() {
        MainWindow window;
        // A refused value: the message lasts until the scenario changes.
        typeInto(window.controlsPanel()->promptControl()->spinBox(), QStringLiteral("200000"));
        QVERIFY(!window.statusBar()->currentMessage().isEmpty());
        window.controlsPanel()->batchControl()->spinBox()->setValue(2);
        QVERIFY2(window.statusBar()->currentMessage().isEmpty(),
                 qPrintable(window.statusBar()->currentMessage()));
        // A lever that does not apply (FlashAttention is already on): the same.
        QString why;
        QVERIFY(!window.applyLever(LeverId::FlashAttention, &why));
        QVERIFY(!window.statusBar()->currentMessage().isEmpty());
        window.controlsPanel()->batchControl()->spinBox()->setValue(4);
        QVERIFY2(window.statusBar()->currentMessage().isEmpty(),
                 qPrintable(window.statusBar()->currentMessage()));
    }

    // --- Sequence lengths ----------------------------------------------------------------

    void lengthSlidersAtTheirMaximumAreAccepted() {
        // Llama 3.1 8B: max_position_embeddings 131,072. The prompt slider ends there; the
        // context slider at 131,071 (the decode step writes token 131,072). Neither warns.
        MainWindow window;
        ScenarioController& c = window.controller();
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        QSlider* prompt = window.controlsPanel()->promptControl()->slider();
        QSlider* context = window.controlsPanel()->contextControl()->slider();
        prompt->setValue(prompt->maximum());
        context->setValue(context->maximum());
        QCOMPARE(refused.count(), 0);
        QCOMPARE(c.scenario().workload.promptTokens, std::int64_t{131072});
        QCOMPARE(c.scenario().workload.contextTokens, std::int64_t{131071});
        for (const Warning& w : c.analysis().warnings) {
            QVERIFY2(w.text().find("exceeds") == std::string_view::npos, w.str().c_str());
        }
    }

    void typedLengthsOutOfRangeSaySoAndInRangeApply() {
        MainWindow window;
        ScenarioController& c = window.controller();
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        QSpinBox* prompt = window.controlsPanel()->promptControl()->spinBox();
        // 200,000 typed: all six digits reach the field (it did become 20,000), and the
        // refusal names what was typed and the model's limit.
        typeInto(prompt, QStringLiteral("200000"));
        QCOMPARE(refused.count(), 1);
        const QString message = refused.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("200,000")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("131,072")), qPrintable(message));
        QCOMPARE(window.statusBar()->currentMessage(), message);
        QCOMPARE(c.scenario().workload.promptTokens, std::int64_t{2048});
        QCOMPARE(prompt->value(), 2048);
        // 100, below the sliders' start, applies (it was silently ignored).
        typeInto(prompt, QStringLiteral("100"));
        QCOMPARE(c.scenario().workload.promptTokens, std::int64_t{100});
        typeInto(window.controlsPanel()->contextControl()->spinBox(), QStringLiteral("100"));
        QCOMPARE(c.scenario().workload.contextTokens, std::int64_t{100});
        QCOMPARE(refused.count(), 1);
    }

    // --- Batch past the slider ------------------------------------------------------------

    void aBatchTypedPastTheSliderIsTheTrailsLabel() {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        typeInto(window.controlsPanel()->batchControl()->spinBox(), QStringLiteral("10000"));
        QCOMPARE(window.controller().scenario().workload.batch, std::int64_t{10000});
        QStringList labels;
        for (const QCPItemText* text : window.plot()->findChildren<QCPItemText*>()) {
            labels << text->text();
        }
        const QString joined = labels.join(QStringLiteral(" | "));
        QVERIFY2(joined.contains(QStringLiteral("B=10,000")), qPrintable(joined));
        QVERIFY2(!joined.contains(QStringLiteral("B=4,096")), qPrintable(joined));
    }

    // --- Keyboard ------------------------------------------------------------------------

    void ctrlEExportsFromEveryNumberField() {
        MainWindow window;
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTemporaryDir dir;
        const ui::ControlsPanel* panel = window.controlsPanel();
        int n = 0;
        for (QSpinBox* field :
             {panel->batchControl()->spinBox(), panel->promptControl()->spinBox(),
              panel->contextControl()->spinBox(), panel->gqaControl()->spinBox()}) {
            const QString path = dir.filePath(QStringLiteral("plot%1.png").arg(n++));
            field->setFocus();
            QTRY_VERIFY(field->hasFocus());
            Dialogs::setNextFileName(path);
            Dialogs::setNextImageSize(QSize(320, 240));
            QTest::keyClick(field, Qt::Key_E, Qt::ControlModifier);
            QTRY_VERIFY2(QFile::exists(path), qPrintable(field->parentWidget()->toolTip()));
        }
    }

    void underlinedLettersMoveFocusToTheirControl() {
        MainWindow window;
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.controller().setSpeculation(4, 0.7, "ngram");  // α is live only when k > 0
        const ui::ControlsPanel* panel = window.controlsPanel();
        const std::pair<Qt::Key, QWidget*> keys[] = {
            {Qt::Key_B, panel->batchControl()},
            {Qt::Key_P, panel->promptControl()},
            {Qt::Key_C, panel->contextControl()},
            {Qt::Key_G, panel->gqaControl()},
            {Qt::Key_T, roofline::test::child<QComboBox>(*panel, "tensorParallel")},
            {Qt::Key_Q, panel->quantizationSlider()},
            {Qt::Key_K, roofline::test::child<QComboBox>(*panel, "kvPrecision")},
            {Qt::Key_M, roofline::test::child<QComboBox>(*panel, "model")},
            {Qt::Key_A, roofline::test::child<roofline::ui::FractionControl>(*panel, "acceptance")},
        };
        for (const auto& [key, target] : keys) {
            roofline::test::child<QComboBox>(*window.controlsPanel(), "hardware")
                ->setFocus();  // start elsewhere
            QTRY_VERIFY(
                roofline::test::child<QComboBox>(*window.controlsPanel(), "hardware")->hasFocus());
            QTest::keyClick(QApplication::focusWidget(), key, Qt::AltModifier);
            QTRY_VERIFY2(focusIsIn(target), qPrintable(QKeySequence(key).toString()));
        }
        // N reaches FlashAttention (F is the File menu's).
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_N, Qt::AltModifier);
        QTRY_VERIFY(roofline::test::child<QCheckBox>(*panel, "flashAttention")->hasFocus());
    }

    void everyUnderlinedLetterIsUnique() {
        // A letter shared by a menu title and a row (Alt+F once reached FlashAttention, not
        // File) reaches only one of them: every mnemonic in the menu bar and the controls
        // panel is distinct.
        MainWindow window;
        QMap<QChar, QString> owners;
        const auto take = [&owners](const QString& text) {
            const QRegularExpressionMatch m =
                QRegularExpression(QStringLiteral("&([^&])")).match(text);
            if (!m.hasMatch()) {
                return;
            }
            const QChar letter = m.captured(1).at(0).toLower();
            QVERIFY2(!owners.contains(letter),
                     qPrintable(QStringLiteral("Alt+%1: \"%2\" and \"%3\"")
                                    .arg(letter, owners.value(letter), text)));
            owners.insert(letter, text);
        };
        for (const QAction* menu : window.menuBar()->actions()) {
            take(menu->text());
        }
        // The scenario controls (the docked views' own fields are checked with the views).
        for (const QLabel* label : window.controlsPanel()->findChildren<QLabel*>()) {
            if (label->buddy() != nullptr) {
                take(label->text());
            }
        }
        for (const QAbstractButton* button :
             window.controlsPanel()->findChildren<QAbstractButton*>()) {
            take(button->text());
        }
        QVERIFY(owners.contains(QLatin1Char('f')));
        QVERIFY(owners.value(QLatin1Char('f')).contains(QStringLiteral("&File")));
    }

    void altFLAndSOpenTheirMenus() {
        MainWindow window;
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        // Alt+`key` pressed in the batch field: the menu it opens ("" for none), left open
        // for the caller to look around; closeMenu() closes it.
        const auto openMenu = [&window](Qt::Key key) {
            window.controlsPanel()->batchControl()->spinBox()->setFocus();
            QTest::keyClick(QApplication::focusWidget(), key, Qt::AltModifier);
            const bool opened =
                QTest::qWaitFor([&window] { return window.menuBar()->activeAction() != nullptr; });
            return opened ? window.menuBar()->activeAction()->text() : QString();
        };
        const auto closeMenu = [] {
            QTest::keyClick(QApplication::activePopupWidget(), Qt::Key_Escape);
            QTRY_VERIFY(QApplication::activePopupWidget() == nullptr);
        };
        const bool on = roofline::test::child<QCheckBox>(*window.controlsPanel(), "flashAttention")
                            ->isChecked();
        QCOMPARE(openMenu(Qt::Key_F), QStringLiteral("&File"));
        QVERIFY(!roofline::test::child<QCheckBox>(*window.controlsPanel(), "flashAttention")
                     ->hasFocus());
        QCOMPARE(roofline::test::child<QCheckBox>(*window.controlsPanel(), "flashAttention")
                     ->isChecked(),
                 on);
        closeMenu();
        // L is the Lessons menu's alone (Ceilings shared it, so every other press went there).
        QCOMPARE(openMenu(Qt::Key_L), QStringLiteral("&Lessons"));
        QVERIFY(!roofline::test::child<QComboBox>(*window.controlsPanel(), "ceilings")->hasFocus());
        closeMenu();
        // S, underlined on the old "Sequence" row but dead, is the Scenario menu's (the
        // row is now Prompt and Context, Alt+P and Alt+C).
        QCOMPARE(openMenu(Qt::Key_S), QStringLiteral("&Scenario"));
        closeMenu();
    }

    // --- Words and numbers -----------------------------------------------------------------

    void onOffBoxesSayWhatTheyAreSetTo() {
        MainWindow window;
        QCheckBox* flash =
            roofline::test::child<QCheckBox>(*window.controlsPanel(), "flashAttention");
        flash->click();
        QVERIFY(!flash->isChecked());
        QCOMPARE(flash->text(), QStringLiteral("off"));
        flash->click();
        QCOMPARE(flash->text(), QStringLiteral("on"));
        // Expert parallel: unchecked (a dense model, or an MoE before it is turned on)
        // reads "off", not "on".
        QCheckBox* expert =
            roofline::test::child<QCheckBox>(*window.controlsPanel(), "expertParallel");
        QVERIFY(!expert->isChecked());
        QCOMPARE(expert->text(), QStringLiteral("off"));
        window.controller().setModel("deepseek-v3");
        window.controller().setTensorParallel(8);
        QVERIFY(expert->isEnabled());
        expert->click();
        QVERIFY(expert->isChecked());
        QCOMPARE(expert->text(), QStringLiteral("on"));
    }

    void memoryBarAndWarningRoundAlike() {
        // Llama 3.1 70B bf16 on one H200: 141 GB of weights against 90% of 141 GiB =
        // 136 GB usable, so it never fits, and as the batch grows the KV cache (327,680 B
        // per token: 80 layers × 8 KV heads × 128 × 2 (K, V) × 2 B) carries the footprint
        // from 143 GB to about 344 GB (issue 12 saw the bar say 184 GB and the
        // warning 185 GB). At every batch both say the same number of GB.
        MainWindow window;
        ScenarioController& c = window.controller();
        c.setHardware("h200");
        c.setModel("llama-3.1-70b");
        int checked = 0;
        const QRegularExpression warned(QStringLiteral("([0-9.,]+ [kMGT]?B) needed per device"));
        for (qint64 batch = 1; batch <= 300; ++batch) {
            c.setBatch(batch);
            const MemoryFootprint& m = c.analysis().memory;
            QVERIFY(!m.fits);
            const QString bar = window.resultsPanel()->memoryBar()->text();
            const QString needed = bar.section(QStringLiteral(" / "), 0, 0);
            QVERIFY2(test::readsAs(needed, m.totalBytes), qPrintable(needed));
            const QString warnings =
                window.resultsPanel()->valueLabel(QStringLiteral("warnings"))->text();
            const QRegularExpressionMatch match = warned.match(warnings);
            QVERIFY2(match.hasMatch(), qPrintable(warnings));
            QVERIFY2(match.captured(1) == needed,
                     qPrintable(QStringLiteral("bar %1, warning %2").arg(bar, warnings)));
            ++checked;
        }
        QCOMPARE(checked, 300);
        // 141 GB + 300 × 671 MB (2,048 cached tokens each) + workspace ≈ 344 GB.
        QVERIFY(c.analysis().memory.totalBytes > 300e9);
    }

    void goldilocksIsWholeTokens() {
        MainWindow window;
        for (const char* model : {"llama-3.1-8b", "llama-3.1-70b", "qwen2.5-7b"}) {
            window.controller().setModel(model);
            for (qint64 batch : {1, 3, 64, 1000}) {
                window.controller().setBatch(batch);
                const QString text =
                    window.resultsPanel()->valueLabel(QStringLiteral("goldilocks"))->text();
                QVERIFY2(text == QStringLiteral("never") ||
                             QRegularExpression(QStringLiteral("^[0-9,]+ tokens$"))
                                 .match(text)
                                 .hasMatch(),
                         qPrintable(text));
            }
        }
    }

    void theL4sMemoryIsGddr6() {
        MainWindow window;
        window.controller().setHardware("l4");
        // The report's Results table (kept whole: the loop reads into it).
        const io::ReviewReport review = ui::windowReviewReport(window);
        QString report;
        for (const std::vector<std::string>& row : review.section("Results")->table->rows) {
            report += QString::fromStdString(row[0] + ": " + row[1] + "\n");
        }
        QVERIFY2(report.contains(QStringLiteral("GDDR6")), qPrintable(report));
        QVERIFY2(!report.contains(QStringLiteral("HBM")), qPrintable(report));
    }

    void mlaShowsNoStaleGqaNumber() {
        MainWindow window;
        QComboBox* model = roofline::test::child<QComboBox>(*window.controlsPanel(), "model");
        QSpinBox* gqa = window.controlsPanel()->gqaControl()->spinBox();
        QCOMPARE(gqa->text(), QStringLiteral("4"));  // Llama 3.1 8B: 32 / 8
        model->setCurrentIndex(model->findData(QStringLiteral("deepseek-v3")));
        emit model->activated(model->currentIndex());
        QCOMPARE(window.controller().scenario().model.id, std::string("deepseek-v3"));
        QVERIFY(!gqa->isEnabled());
        QCOMPARE(gqa->text(), QStringLiteral("n/a"));
    }

    // --- The window at every size ------------------------------------------------------------

    void everySizeKeepsThePlotWideAndNoLabelCut_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("presentation");
        QTest::newRow("1024x700") << QSize(1024, 700) << false;
        QTest::newRow("1400x900") << QSize(1400, 900) << false;
        QTest::newRow("presentation 1280x720") << QSize(1280, 720) << true;
        QTest::newRow("presentation 1400x900") << QSize(1400, 900) << true;
        QTest::newRow("presentation 1920x1080") << QSize(1920, 1080) << true;
    }

    void everySizeKeepsThePlotWideAndNoLabelCut() {
        QFETCH(QSize, size);
        QFETCH(bool, presentation);
        MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setPresentationMode(presentation);
        QCoreApplication::processEvents();
        QCOMPARE(window.size(), size);
        // The plot keeps more than half the width.
        QVERIFY2(window.plot()->width() > size.width() / 2,
                 qPrintable(QString::number(window.plot()->width())));
        // Every row name of the controls is as wide as its text ("Tensor paralle").
        for (const QLabel* label : window.controlsPanel()->findChildren<QLabel*>()) {
            if (label->buddy() == nullptr || !label->isVisible()) {
                continue;
            }
            QString plain = label->text();
            plain.remove(QLatin1Char('&'));
            const int need = label->fontMetrics().horizontalAdvance(plain);
            QVERIFY2(label->contentsRect().width() >= need,
                     qPrintable(QStringLiteral("%1: %2 < %3")
                                    .arg(plain)
                                    .arg(label->contentsRect().width())
                                    .arg(need)));
        }
        // The bytes-per-pass key wraps rather than lose "link" at the dock's edge.
        window.controller().setTensorParallel(2);  // a link share: all four key entries
        QCoreApplication::processEvents();
        const ui::ByteSplitBar* bytes = window.resultsPanel()->byteSplit();
        QVERIFY2(bytes->height() >= bytes->heightForWidth(bytes->width()),
                 qPrintable(QStringLiteral("%1x%2, needs %3")
                                .arg(bytes->width())
                                .arg(bytes->height())
                                .arg(bytes->heightForWidth(bytes->width()))));
        // The legend stays inside the plot.
        const QCPLegend* legend = window.plot()->customPlot()->legend;
        if (legend != nullptr && legend->visible()) {
            QVERIFY2(window.plot()->rect().contains(legend->outerRect()),
                     qPrintable(QStringLiteral("legend %1,%2 %3x%4 in %5x%6")
                                    .arg(legend->outerRect().x())
                                    .arg(legend->outerRect().y())
                                    .arg(legend->outerRect().width())
                                    .arg(legend->outerRect().height())
                                    .arg(window.plot()->width())
                                    .arg(window.plot()->height())));
        }
    }
};

QTEST_MAIN(TestIssue12Controls)
#include "tst_issue12_controls.moc"
