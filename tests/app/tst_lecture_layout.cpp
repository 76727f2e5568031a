// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 20, "a lecture that works on a projector": every shipped lesson and every course
// step opened in the real window, at 1280×720 and 1920×1080 in presentation mode and at
// 1600×1000 on a desktop, read back from what the plot drew (plot_scene.h, in the plot's
// own pixels), not from the placer's requests:
//   - in presentation mode the roofline (the plot widget, axes and legend included) keeps
//     at least 60% of the window's area, and it is in front, not a view;
//   - no label overlaps another label or a point, and no label or axis title is cut by
//     the plot's edges;
//   - the sliders, the key numbers and the lesson's text are on screen together.
#include <QDockWidget>
#include <QFormLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSlider>
#include <QTabBar>
#include <QTest>
#include <QToolBar>
#include <QToolTip>

#include "panels/controls_panel.h"
#include "panels/key_numbers.h"
#include "panels/slider_control.h"
#include "plot/label_placer.h"
#include "plot/plot_scene.h"
#include "plot/roofline_plot.h"
#include "roofline/io/course.h"
#include "roofline/io/lessons.h"
#include "test_support.h"
#include "views/batch_sweep_view.h"
#include "views/breakdown_view.h"
#include "views/live_view.h"
#include "views/regime_map_view.h"
#include "views/views.h"
#include "window/focus_ring.h"
#include "window/main_window.h"
#include "window/view_stage.h"

using namespace roofline;
using roofline::ui::MainWindow;
using roofline::ui::PlotScene;
using roofline::ui::SceneItem;

namespace {

struct Layout {
    const char* name;
    QSize size;
    bool presentation;
};
constexpr Layout kLayouts[] = {{"1280x720-presentation", {1280, 720}, true},
                               {"1920x1080-presentation", {1920, 1080}, true},
                               {"1600x1000", {1600, 1000}, false}};

/// What a lesson or step is opened by: a lesson id, or a course id and a step.
struct Opening {
    QString lesson;
    QString course;
    int step = 0;
};

std::vector<Opening> openings() {
    std::vector<Opening> all;
    for (const std::string& id : io::scenarioIds()) {
        all.push_back({QString::fromStdString(id), {}, 0});
    }
    for (const std::string& id : io::courseIds()) {
        const io::Loaded<io::Course> course = io::builtinCourse(id);
        if (!course.ok()) {
            qFatal("a shipped course does not load");
        }
        for (std::size_t n = 1; n <= course.value->steps.size(); ++n) {
            all.push_back({{}, QString::fromStdString(id), static_cast<int>(n)});
        }
    }
    return all;
}

QPolygonF shapeOf(const SceneItem& item) {
    return item.outline.isEmpty() ? QPolygonF(item.rect) : item.outline;
}

bool overlap(const QPolygonF& a, const QPolygonF& b) {
    return ui::intersects(std::vector<QPointF>(a.begin(), a.end()),
                          std::vector<QPointF>(b.begin(), b.end()));
}

/// Everything wrong with `scene`, one line each; empty when it is right.
QStringList sceneFaults(const PlotScene& scene) {
    QStringList faults;
    std::vector<const SceneItem*> texts = scene.ofKind(QStringLiteral("label"));
    const std::vector<const SceneItem*> titles = scene.ofKind(QStringLiteral("axis"));
    const std::vector<const SceneItem*> points = scene.ofKind(QStringLiteral("point"));
    const QRectF widget(QPointF(0, 0), QSizeF(scene.widget));
    for (const SceneItem* t : titles) {
        texts.push_back(t);
    }
    for (std::size_t i = 0; i < texts.size(); ++i) {
        // Half a pixel of rounding between the painted text and the widget's edge.
        if (!widget.adjusted(-0.5, -0.5, 0.5, 0.5).contains(texts[i]->rect)) {
            faults << QStringLiteral("cut: \"%1\"").arg(texts[i]->text);
        }
        for (std::size_t j = i + 1; j < texts.size(); ++j) {
            if (overlap(shapeOf(*texts[i]), shapeOf(*texts[j]))) {
                faults
                    << QStringLiteral("\"%1\" overlaps \"%2\"").arg(texts[i]->text, texts[j]->text);
            }
        }
        for (const SceneItem* p : points) {
            if (overlap(shapeOf(*texts[i]), QPolygonF(p->rect))) {
                faults << QStringLiteral("\"%1\" covers the point %2 (%3)")
                              .arg(texts[i]->text, p->text, p->layer);
            }
        }
    }
    return faults;
}

}  // namespace

class TestLectureLayout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { roofline::test::keepWindowsAwayFromTheUser(); }

    void everyLessonAndStepKeepsTheRooflineReadable_data() {
        QTest::addColumn<int>("opening");
        QTest::addColumn<int>("layout");
        const std::vector<Opening> all = openings();
        for (std::size_t i = 0; i < all.size(); ++i) {
            for (int l = 0; l < static_cast<int>(std::size(kLayouts)); ++l) {
                const QString name =
                    all[i].lesson.isEmpty()
                        ? QStringLiteral("%1/step-%2").arg(all[i].course).arg(all[i].step)
                        : all[i].lesson;
                QTest::addRow("%s/%s", qPrintable(name), kLayouts[l].name)
                    << static_cast<int>(i) << l;
            }
        }
    }

    void everyLessonAndStepKeepsTheRooflineReadable() {
        QFETCH(int, opening);
        QFETCH(int, layout);
        const Opening what = openings()[static_cast<std::size_t>(opening)];
        const Layout& at = kLayouts[layout];
        MainWindow window;
        window.setAttribute(Qt::WA_DontShowOnScreen, true);
        window.resize(at.size);
        window.show();
        QApplication::processEvents();
        if (at.presentation) {
            window.setPresentationMode(true);
        }
        QString error;
        const bool opened = what.lesson.isEmpty()
                                ? window.openCourse(what.course, what.step, &error)
                                : window.openLesson(what.lesson, &error);
        QVERIFY2(opened, qPrintable(error));
        // Twice: a view shown by the lesson becomes a tab on the next turn, and the docks
        // settle after it.
        QApplication::processEvents();
        QApplication::processEvents();
        QCOMPARE(window.size(), at.size);

        ui::RooflinePlot* plot = window.plot();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        if (at.presentation) {
            // The roofline in front, and at least 60% of the window's area.
            QVERIFY(window.stage()->currentPage()->isAncestorOf(plot));
            const double share = static_cast<double>(plot->width()) * plot->height() /
                                 (static_cast<double>(at.size.width()) * at.size.height());
            QVERIFY2(share >= 0.6, qPrintable(QStringLiteral("the roofline has %1% of the "
                                                             "window (%2×%3)")
                                                  .arg(share * 100.0, 0, 'f', 1)
                                                  .arg(plot->width())
                                                  .arg(plot->height())));
            // Sliders, key numbers and the lesson's text on screen together.
            auto* controls = roofline::test::child<QDockWidget>(window, "controlsDock");
            auto* lesson = roofline::test::child<QDockWidget>(window, "lessonDock");
            QVERIFY(controls->isVisible() && !controls->visibleRegion().isEmpty());
            // The batch slider itself in view, not scrolled away under the pickers.
            QVERIFY(!window.controlsPanel()->batchControl()->visibleRegion().isEmpty());
            QVERIFY(lesson->isVisible() && !lesson->visibleRegion().isEmpty());
            if (!window.panelsHidden()) {
                QVERIFY(window.keyNumbers()->isVisible());
                QVERIFY(!window.keyNumbers()->text().isEmpty());
            }
        }
        const QStringList faults = sceneFaults(plot->scene());
        QVERIFY2(faults.isEmpty(), qPrintable(faults.join(QStringLiteral("; "))));
    }

    void keyNumbersNameEachPassesBoundOrBothAtOnce() {
        // Llama-3.1-8B on H100 SXM, P = C = 2,048 (test_support.h). At B = 1 decode moves
        // 15.284e9 bytes a step at 1.05 FLOP/byte, far left of the ridge (295): memory-bound,
        // TPOT = 15.284e9 / 3.35e12 = 4.56 ms; prefill of 2,048 tokens is compute-bound.
        const Analysis one = analyze(roofline::test::scenarioWith([](io::ScenarioFile&) {}));
        QVERIFY(one.prefill().bound == Bound::Compute);
        QVERIFY(one.decode().bound == Bound::Memory);
        const QString first = ui::keyNumbersText(one);
        QVERIFY2(first.contains(QStringLiteral("TPOT 4.56 ms")), qPrintable(first));
        QVERIFY2(first.endsWith(QStringLiteral("bound: prefill compute, decode memory")),
                 qPrintable(first));
        // At B = 512 and P = C = 128 (the critical-batch-h100 lesson) decode is compute-bound
        // by time too: one word for both, so that the line stays one line at 1280×720.
        const Analysis many = analyze(roofline::test::scenarioWith([](io::ScenarioFile& f) {
            f.workload.batch = 512;
            f.workload.promptTokens = 128;
            f.workload.contextTokens = 128;
        }));
        QVERIFY(many.prefill().bound == Bound::Compute);
        QVERIFY(many.decode().bound == Bound::Compute);
        const QString both = ui::keyNumbersText(many);
        QVERIFY2(both.endsWith(QStringLiteral("bound: compute (both)")), qPrintable(both));
    }

    void aViewIsATabThatSwapsWithTheRoofline() {
        MainWindow window;
        window.setAttribute(Qt::WA_DontShowOnScreen, true);
        window.resize(1280, 720);
        window.show();
        window.setPresentationMode(true);
        QVERIFY(window.showView(QStringLiteral("sweep")));
        auto* sweep = roofline::test::child<QDockWidget>(window, "batchSweepDock");
        // The view is the tab in front; its dock is empty and hidden.
        QVERIFY(sweep->isHidden());
        QCOMPARE(window.stage()->tabbedDocks(), std::vector<QDockWidget*>{sweep});
        QVERIFY(!window.stage()->currentPage()->isAncestorOf(window.plot()));
        window.stage()->showRoofline();
        QVERIFY(window.stage()->currentPage()->isAncestorOf(window.plot()));
        // Hidden as a lesson hides it: back into its dock, still hidden.
        window.hideView(QStringLiteral("sweep"));
        QVERIFY(window.stage()->tabbedDocks().empty());
        QVERIFY(sweep->isHidden());
        QVERIFY(sweep->widget() != nullptr);
        // Leaving presentation mode puts an open tab back into its dock, shown.
        QVERIFY(window.showView(QStringLiteral("regime")));
        window.setPresentationMode(false);
        auto* regime = roofline::test::child<QDockWidget>(window, "regimeMapDock");
        QVERIFY(!regime->isHidden());
        QVERIFY(regime->widget() != nullptr);
        QVERIFY(window.stage()->tabbedDocks().empty());

        // View › all in presentation mode: three tabs; the one in front computes, the others
        // wait off screen (live_view.h) until chosen.
        window.setPresentationMode(true);
        QVERIFY(window.showView(QStringLiteral("all")));
        QCOMPARE(window.stage()->tabbedDocks().size(), std::size_t{3});
        int onScreen = 0;
        for (QDockWidget* dock : window.stage()->tabbedDocks()) {
            QVERIFY(dock->isHidden());
        }
        for (const ui::LiveView* view : std::initializer_list<const ui::LiveView*>{
                 window.views()->batchSweep(), window.views()->regimeMap(),
                 window.views()->breakdown()}) {
            onScreen += view->onScreen() ? 1 : 0;
        }
        QCOMPARE(onScreen, 1);
        window.stage()->tabBar()->setCurrentIndex(1);
        QVERIFY(dynamic_cast<ui::LiveView*>(window.stage()->currentPage())->onScreen());
    }

    void presentationScalesMenusTooltipsAndToolbars() {
        // Menus are windows of their own and the tooltip one shared widget: the window's font
        // does not reach them (issue 20: "menus and tooltips stay at desktop size in F5").
        MainWindow window;
        const double menu = QApplication::font("QMenu").pointSizeF();
        const double tip = QToolTip::font().pointSizeF();
        auto* bar = window.findChild<QToolBar*>();
        QVERIFY(bar != nullptr);
        const int icon = bar->iconSize().width();
        window.setPresentationMode(true);
        QCOMPARE(QApplication::font("QMenu").pointSizeF(), menu * 1.5);
        QCOMPARE(QToolTip::font().pointSizeF(), tip * 1.5);
        QCOMPARE(bar->iconSize().width(), icon * 3 / 2);
        window.setPresentationMode(false);
        QCOMPARE(QApplication::font("QMenu").pointSizeF(), menu);
        QCOMPARE(QToolTip::font().pointSizeF(), tip);
        QCOMPARE(bar->iconSize().width(), icon);
    }

    void presentationRingsTheFocusedControl() {
        // Fusion's focus outline is one pixel; in presentation mode a three-pixel ring in the
        // highlight colour goes round the focused control and follows the focus.
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        const ui::FocusRing* ring = window.focusRing();
        QSlider* batch = window.controlsPanel()->batchControl()->slider();
        QSlider* prompt = window.controlsPanel()->promptControl()->slider();
        batch->setFocus();
        QVERIFY(!ring->isVisible());  // desktop mode: Fusion's own outline
        window.setPresentationMode(true);
        QVERIFY(ring->isOn());
        QCOMPARE(ring->target(), batch);
        QTRY_VERIFY(ring->isVisible());
        // Just outside the control's visible part, a ring's width all round.
        const auto around = [&window](const QWidget* w) {
            const QRect visible = w->visibleRegion().boundingRect();
            return QRect(w->mapTo(&window, visible.topLeft()), visible.size())
                .adjusted(-ui::FocusRing::kWidth, -ui::FocusRing::kWidth, ui::FocusRing::kWidth,
                          ui::FocusRing::kWidth);
        };
        QTRY_COMPARE(ring->geometry(), around(batch));
        // Drawn: the middle of its left side is the highlight colour.
        const QImage shot = window.grab().toImage();
        const QPoint side(ring->geometry().left() + 1, ring->geometry().center().y());
        QCOMPARE(shot.pixelColor(side).rgb(), window.palette().color(QPalette::Highlight).rgb());
        // It follows the focus, and goes with presentation mode.
        prompt->setFocus();
        QTRY_COMPARE(ring->target(), prompt);
        QTRY_COMPARE(ring->geometry(), around(prompt));
        window.setPresentationMode(false);
        QVERIFY(!ring->isVisible());
        QCOMPARE(ring->target(), nullptr);
    }

    void presentationResultsFitTheColumn_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x720") << QSize(1280, 720);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }
    void presentationResultsFitTheColumn() {
        // In the one column of presentation mode each value goes under its name: at 1280×720
        // the names ("Goldilocks context") took half the column and the Results tab scrolled
        // sideways. Checked with a baseline pinned (its group's three columns) and TP 8.
        QFETCH(QSize, size);
        MainWindow window;
        window.setAttribute(Qt::WA_DontShowOnScreen, true);
        window.resize(size);
        window.show();
        window.controller().setTensorParallel(8);
        window.pinBaseline();
        window.controller().setBatch(64);
        window.setPresentationMode(true);
        QCoreApplication::processEvents();
        auto* dock = roofline::test::child<QDockWidget>(window, "resultsDock");
        auto* area = dock->findChild<QScrollArea*>();
        QVERIFY(area != nullptr);
        QVERIFY2(area->widget()->minimumSizeHint().width() <= area->viewport()->width(),
                 qPrintable(QStringLiteral("%1 px of values in a %2 px column")
                                .arg(area->widget()->minimumSizeHint().width())
                                .arg(area->viewport()->width())));
        window.setPresentationMode(false);
        const auto* form = dock->findChild<QFormLayout*>();
        QVERIFY(form != nullptr);
        QCOMPARE(form->rowWrapPolicy(), QFormLayout::DontWrapRows);
    }

    void everyResultHasTheHeightItsWrappedTextNeeds_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("presentation");
        QTest::newRow("1600x1000") << QSize(1600, 1000) << false;
        QTest::newRow("1280x800") << QSize(1280, 800) << false;
        QTest::newRow("1280x720 presentation") << QSize(1280, 720) << true;
    }
    void everyResultHasTheHeightItsWrappedTextNeeds() {
        // Under the estimate the serving rows read "328 ms bound, 335 ms estimated (300 ms–448
        // ms)": three lines in the Results column, which were drawn over a row of one and a
        // half, cut at both ends.
        QFETCH(QSize, size);
        QFETCH(bool, presentation);
        MainWindow window;
        window.setAttribute(Qt::WA_DontShowOnScreen, true);
        window.resize(size);
        window.show();
        window.controller().setBatch(8);
        window.controller().setCeilings(Ceilings::Estimate);
        window.setPresentationMode(presentation);
        for (int round = 0; round < 4; ++round) {
            QCoreApplication::processEvents();
        }
        auto* dock = roofline::test::child<QDockWidget>(window, "resultsDock");
        int checked = 0;
        for (const char* key : {"ttft", "tpot", "tokensPerSecond", "estimateProfile"}) {
            auto* label = dock->findChild<QLabel*>(QLatin1String(key));
            QVERIFY2(label != nullptr, key);
            const int needed = label->heightForWidth(label->width());
            QVERIFY2(label->height() >= needed,
                     qPrintable(QStringLiteral("%1: %2 px for \"%3\", which needs %4 at %5 px")
                                    .arg(QLatin1String(key))
                                    .arg(label->height())
                                    .arg(label->text())
                                    .arg(needed)
                                    .arg(label->width())));
            ++checked;
        }
        QCOMPARE(checked, 4);
    }

    void theFirstWindowFitsItsScreen() {
        MainWindow window;
        window.resize(1400, 900);  // the default, larger than the offscreen screen (800×600)
        window.fitToScreen();
        const QSize area = window.screen()->availableGeometry().size();
        QVERIFY2(window.width() <= area.width() && window.height() <= area.height(),
                 qPrintable(QStringLiteral("%1×%2 on %3×%4")
                                .arg(window.width())
                                .arg(window.height())
                                .arg(area.width())
                                .arg(area.height())));
    }
};

QTEST_MAIN(TestLectureLayout)
#include "tst_lecture_layout.moc"
