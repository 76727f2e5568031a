// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 20, a lecture on a projector: Play on the batch, prompt and context sliders (a sweep on
// the slider's log scale, once or looped, through the path a drag takes), the trail marking
// the engine's critical batch and memory wall as the point passes them, --record writing one
// PNG a frame, and the presentation pen whose strokes the next step clears.

#include <algorithm>
#include <cstdint>
#include <vector>

#include <QAction>
#include <QDir>
#include <QImage>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include "model/scenario_controller.h"
#include "panels/controls_panel.h"
#include "panels/slider_control.h"
#include "panels/slider_player.h"
#include "plot/pen_overlay.h"
#include "plot/plot_items.h"
#include "plot/plot_units.h"
#include "plot/roofline_plot.h"
#include "roofline/format.h"
#include "test_support.h"
#include "window/course_controller.h"
#include "window/main_window.h"
#include "window/play_record.h"
#include "window/presentation_pen.h"

using namespace roofline;
using roofline::ui::MainWindow;
using roofline::ui::SliderPlayer;

namespace {

std::int64_t batchOf(const MainWindow& window) {
    return window.controller().scenario().workload.batch;
}

/// The (x, y) of a one-point graph; (-1, -1) when it is empty.
QPointF onlyPoint(const QCPGraph* graph) {
    if (graph->data()->size() != 1) {
        return {-1.0, -1.0};
    }
    return {graph->data()->begin()->key, graph->data()->begin()->value};
}

/// Where the plot draws the engine's trail point at `batch` (x FLOP/byte, y TFLOP/s).
QPointF trailPointAt(const MainWindow& window, std::int64_t batch) {
    for (const TrailPoint& p : window.controller().trail()) {
        if (p.batch == batch) {
            return {p.intensityFlopsPerByte, ui::tflops(p.attainableFlopsPerSecond)};
        }
    }
    return {-2.0, -2.0};
}

/// A stroke from (40, 40) to (140, 90) on the pen's overlay, as a mouse draws it.
void drawStroke(ui::PenOverlay* overlay) {
    QTest::mousePress(overlay, Qt::LeftButton, Qt::NoModifier, QPoint(40, 40));
    QTest::mouseMove(overlay, QPoint(90, 60));
    QTest::mouseMove(overlay, QPoint(140, 90));
    QTest::mouseRelease(overlay, Qt::LeftButton, Qt::NoModifier, QPoint(140, 90));
}

}  // namespace

class TestPlay : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::keepWindowsAwayFromTheUser(); }

    void batchSweepVisitsTheLogScaleFromOneTo4096ThenEnds() {
        MainWindow window;
        SliderPlayer& player = *window.controlsPanel()->batchPlayer();
        QCOMPARE(player.button()->objectName(), QStringLiteral("playBatch"));
        // The batch slider has 241 ticks evenly spaced in log space over 1..4,096 = 2^12: tick
        // t shows round(2^(12 t / 240)) = round(2^(t / 20)). So tick 0 = 1, tick 60 = 2^3 = 8,
        // tick 120 = 2^6 = 64 (halfway), tick 180 = 2^9 = 512, tick 240 = 2^12 = 4,096; and
        // tick 20 = 2, tick 100 = 2^5 = 32. One frame a tick: 241 frames, then the end.
        std::vector<std::int64_t> shown;
        player.begin();
        QVERIFY(player.isPlaying());
        while (player.step()) {
            // Through the same path as a drag: the controller's scenario has the value.
            QCOMPARE(batchOf(window), player.control().value());
            shown.push_back(batchOf(window));
        }
        QCOMPARE(shown.size(), std::size_t{241});
        QVERIFY(!player.isPlaying());
        QCOMPARE(shown.front(), std::int64_t{1});
        QCOMPARE(shown[20], std::int64_t{2});
        QCOMPARE(shown[60], std::int64_t{8});
        QCOMPARE(shown[100], std::int64_t{32});
        QCOMPARE(shown[120], std::int64_t{64});
        QCOMPARE(shown[180], std::int64_t{512});
        QCOMPARE(shown.back(), std::int64_t{4096});
        QVERIFY(std::is_sorted(shown.begin(), shown.end()));
        // Every value from 1 to 12 is visited (ticks round to them before they part).
        for (std::int64_t b = 1; b <= 12; ++b) {
            QVERIFY(std::find(shown.begin(), shown.end(), b) != shown.end());
        }
        QCOMPARE(batchOf(window), std::int64_t{4096});  // the last frame stays
        QVERIFY(!player.step());                        // an ended sweep shows nothing more
    }

    void aSweepIsOneUndoStep() {
        MainWindow window;
        window.document().resetHistory();
        SliderPlayer& player = *window.controlsPanel()->batchPlayer();
        player.setRange(std::pair<std::int64_t, std::int64_t>{1, 64});
        const int before = window.document().history()->count();
        player.begin();
        while (player.step()) {
        }
        QCOMPARE(batchOf(window), std::int64_t{64});
        QCOMPARE(window.document().history()->count(), before + 1);
        window.document().history()->undo();
        QCOMPARE(batchOf(window), std::int64_t{1});
    }

    void playOnTheTimerEndsOnceOrWraps() {
        MainWindow window;
        SliderPlayer& player = *window.controlsPanel()->batchPlayer();
        player.setSpeed(SliderPlayer::Speed::Fast);
        // Ticks 0..40 show 1..4 (tick 40 = 2^2): 41 frames, 20 ms apart.
        player.setRange(std::pair<std::int64_t, std::int64_t>{1, 4});
        QSignalSpy finished(&player, &SliderPlayer::finished);
        QSignalSpy playing(&player, &SliderPlayer::playingChanged);
        QTest::mouseClick(player.button(), Qt::LeftButton);  // the button plays
        QVERIFY(player.isPlaying());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QVERIFY(!player.isPlaying());
        QCOMPARE(batchOf(window), std::int64_t{4});
        QCOMPARE(playing.count(), 2);  // on, off

        // Looped: after the last frame (4) the next is the first (1), and it goes on.
        player.setLooping(true);
        player.begin();
        std::vector<std::int64_t> shown;
        for (int i = 0; i < 43; ++i) {
            QVERIFY(player.step());
            shown.push_back(batchOf(window));
        }
        QCOMPARE(shown[40], std::int64_t{4});
        QCOMPARE(shown[41], std::int64_t{1});
        QVERIFY(player.isPlaying());
        // A hand on the slider takes it back: the sweep stops.
        player.control().slider()->triggerAction(QAbstractSlider::SliderPageStepAdd);
        QVERIFY(!player.isPlaying());
    }

    void onePlayerAtATime() {
        MainWindow window;
        ui::ControlsPanel& controls = *window.controlsPanel();
        controls.batchPlayer()->begin();
        controls.contextPlayer()->begin();
        QVERIFY(controls.contextPlayer()->isPlaying());
        QVERIFY(!controls.batchPlayer()->isPlaying());
        QCOMPARE(controls.contextPlayer()->button()->objectName(), QStringLiteral("playContext"));
        QCOMPARE(controls.promptPlayer()->button()->objectName(), QStringLiteral("playPrompt"));
    }

    void trailMarksTheCriticalBatchAndMemoryWallAsThePointPassesThem() {
        MainWindow window;
        // At a 256-token context the default scenario (H100 SXM, Llama 3.1 8B, 2,048-token
        // prompt) has both marks on the slider's range: the engine puts the memory wall at
        // B=225 and the critical batch at B=336 (at a 2,048-token context decode never turns
        // compute-bound: no critical batch). The marks must sit where the engine says,
        // whatever those numbers become; the test reads them from the engine.
        window.controller().setContextTokens(256);
        const Analysis& a = window.controller().analysis();
        QVERIFY(a.criticalBatch.has_value());
        const std::int64_t critical = *a.criticalBatch;
        const std::int64_t wall = a.memory.maxBatch;
        const QString found =
            QStringLiteral("critical batch %1, memory wall %2").arg(critical).arg(wall);
        QVERIFY2(critical > 1 && critical <= 4096, qPrintable(found));
        QVERIFY2(wall > 1 && wall <= 4096 && wall != critical, qPrintable(found));
        const ui::PointsLayer& points = window.plot()->pointsLayer();
        // At rest at B=1, the whole trail: it runs to the memory wall, marked (the critical
        // batch lies past it, where the trail goes only once the batch does).
        QCOMPARE(onlyPoint(points.memoryWallMark()), trailPointAt(window, wall));

        SliderPlayer& player = *window.controlsPanel()->batchPlayer();
        player.begin();
        QVERIFY(points.trailFollowsPoint());
        int before = 0;
        int criticalShown = 0;
        int wallShown = 0;
        while (player.step()) {
            const std::int64_t b = batchOf(window);
            const QString at = QStringLiteral("at B=%1; ").arg(b) + found;
            // The trail ends at the point: its last vertex is the decode point.
            const QCPCurveDataContainer& solid = *points.trailCurve()->data();
            const QCPCurveDataContainer& beyond = *points.trailBeyondMemory()->data();
            const QCPCurveDataContainer& trail = b <= wall ? solid : beyond;
            QVERIFY2(!trail.isEmpty(), qPrintable(at));
            QCOMPARE((trail.constEnd() - 1)->key, a.decode().intensity());
            // ... and its end's label names the batch there, the one place the plot shows it.
            const ui::PlotLabel* end = points.trailNames()[3];
            const QString batch = QString::fromStdString(formatInteger(b));
            // (Whether it is shown is the label placement's call: near "B=1" it may not be.)
            if (b > 1 && b < wall) {
                QCOMPARE(end->text(), QStringLiteral("B=") + batch);
            } else if (b > wall) {
                QCOMPARE(end->text(), QStringLiteral("B=%1, does not fit in memory").arg(batch));
            }
            if (b < critical) {
                ++before;
                QVERIFY2(points.criticalBatchMark()->data()->isEmpty(), qPrintable(at));
            } else {
                ++criticalShown;
                // The engine's critical batch, at the engine's trail point for it.
                QCOMPARE(onlyPoint(points.criticalBatchMark()), trailPointAt(window, critical));
                QVERIFY(points.criticalBatchLabel()->text().contains(
                    QString::fromStdString(formatInteger(critical))));
            }
            if (b < wall) {
                QVERIFY2(points.memoryWallMark()->data()->isEmpty(), qPrintable(at));
            } else {
                ++wallShown;
                QCOMPARE(onlyPoint(points.memoryWallMark()), trailPointAt(window, wall));
            }
        }
        QVERIFY(before > 0 && criticalShown > 0 && wallShown > 0);
        QVERIFY(!points.trailFollowsPoint());
        QCOMPARE(onlyPoint(points.criticalBatchMark()), trailPointAt(window, critical));

        // A sweep that ends short of the wall (B=1 to 64): while it plays the trail ends at
        // the point; once over, the whole trail again, on to the wall.
        player.setRange(std::pair<std::int64_t, std::int64_t>{1, 64});
        player.begin();
        while (player.step()) {
        }
        QCOMPARE(batchOf(window), std::int64_t{64});
        QVERIFY(!points.trailFollowsPoint());
        QCOMPARE((points.trailCurve()->data()->constEnd() - 1)->key,
                 trailPointAt(window, wall).x());
        QCOMPARE(onlyPoint(points.memoryWallMark()), trailPointAt(window, wall));
    }

    void recordWritesOnePngAFrame() {
        MainWindow window;
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("frames"));
        SliderPlayer& player = *window.controlsPanel()->batchPlayer();
        // Batch 1 to 4: ticks 0..40 (tick 40 = 2^(40/20) = 4), 41 frames, at 25 frames/s.
        player.setRange(std::pair<std::int64_t, std::int64_t>{1, 4});
        const ui::RecordedPlay recorded = ui::recordPlay(window, player, QSize(320, 200), folder);
        QVERIFY2(recorded.error.isEmpty(), qPrintable(recorded.error));
        QCOMPARE(recorded.frames, 41);
        QCOMPARE(recorded.framesPerSecond, 25.0);
        const QStringList frames =
            QDir(folder).entryList({QStringLiteral("frame-*.png")}, QDir::Files, QDir::Name);
        QCOMPARE(frames.size(), 41);
        QCOMPARE(frames.front(), QStringLiteral("frame-0001.png"));
        QCOMPARE(frames.back(), QStringLiteral("frame-0041.png"));
        QCOMPARE(QImage(QDir(folder).filePath(frames.back())).size(), QSize(320, 200));
        QVERIFY(!player.isPlaying());
        QCOMPARE(batchOf(window), std::int64_t{4});

        // Again into the same folder: refused, naming it; nothing is overwritten.
        const ui::RecordedPlay again = ui::recordPlay(window, player, QSize(320, 200), folder);
        QVERIFY(again.error.contains(folder));
        QCOMPARE(again.frames, 0);
    }

    void penDrawsInPresentationModeAndTheNextStepClearsIt() {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QAction* pen = test::child<QAction>(window, "pen");
        QAction* clear = test::child<QAction>(window, "clearPen");
        ui::PenOverlay* overlay = window.pen()->overlay();
        QVERIFY(!pen->isEnabled());  // outside presentation mode
        window.setPresentationMode(true);
        QVERIFY(pen->isEnabled());
        pen->trigger();
        QVERIFY(overlay->isActive());
        QVERIFY(overlay->isVisible());
        QCOMPARE(overlay->size(), window.plot()->size());

        drawStroke(overlay);
        QCOMPARE(overlay->strokes().size(), 1);
        QCOMPARE(overlay->strokes().front().size(), 3);  // press and two moves

        // A course's step clears it, as does the next one.
        QVERIFY(window.openCourse(QStringLiteral("roofline-of-llm-serving"), 1));
        QVERIFY(overlay->strokes().isEmpty());
        drawStroke(overlay);
        QCOMPARE(overlay->strokes().size(), 1);
        QVERIFY(window.courses()->next());
        QVERIFY(overlay->strokes().isEmpty());
        // A lesson opened is a step too.
        drawStroke(overlay);
        QVERIFY(window.openLesson(QStringLiteral("ridge-point-h100")));
        QVERIFY(overlay->strokes().isEmpty());
        // The erase key's action.
        drawStroke(overlay);
        clear->trigger();
        QVERIFY(overlay->strokes().isEmpty());

        // Off, the mouse reaches the plot again and the strokes stay.
        drawStroke(overlay);
        pen->trigger();
        QVERIFY(!overlay->isActive());
        QVERIFY(overlay->testAttribute(Qt::WA_TransparentForMouseEvents));
        QCOMPARE(overlay->strokes().size(), 1);
        // Leaving presentation mode puts the pen away with its drawing.
        pen->trigger();
        window.setPresentationMode(false);
        QVERIFY(!pen->isChecked());
        QVERIFY(!overlay->isActive());
        QVERIFY(overlay->strokes().isEmpty());
        QVERIFY(!overlay->isVisible());
    }
};

QTEST_MAIN(TestPlay)
#include "tst_play.moc"
