// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <utility>

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLineEdit>
#include <QSettings>
#include <QTextStream>

#include "model/scenario_controller.h"
#include "panels/controls_panel.h"
#include "panels/lesson_panel.h"
#include "panels/prediction_box.h"
#include "panels/slider_player.h"
#include "plot/export.h"
#include "plot/roofline_plot.h"
#include "roofline/version.h"
#include "views/frontier_view.h"
#include "window/app_options.h"
#include "window/benchmark.h"
#include "window/compare_set.h"
#include "window/course_controller.h"
#include "window/lessons_menu.h"
#include "window/lever_actions.h"
#include "window/main_window.h"
#include "window/play_record.h"
#include "window/report.h"

namespace roofline::ui {
namespace {

void printLine(FILE* stream, const QString& text) {
    std::fputs(text.toLocal8Bit().constData(), stream);
    std::fputc('\n', stream);
    std::fflush(stream);
}

/// --course, --step, --answer and --reveal: the step opened, its question answered or
/// revealed. Returns the error; empty when all went well.
QString openCourseStep(MainWindow& window, const AppOptions& options) {
    QString error;
    if (!window.openCourse(options.course, std::max(options.step, 1), &error)) {
        return error;
    }
    CourseController& courses = *window.courses();
    if (!options.answer.isEmpty()) {
        PredictionBox* box = window.lessons()->panel()->predictionBox();
        if (!courses.pending()) {
            return QObject::tr("--answer: step %1 asks no question").arg(courses.step());
        }
        if (!box->setAnswer(options.answer)) {
            return QObject::tr(
                       "--answer: '%1' is not an answer to step %2 (a number, one of "
                       "its choices, or a part number)")
                .arg(options.answer)
                .arg(courses.step());
        }
        courses.answer(*box->answer());
    } else if (options.reveal && !courses.revealStep()) {
        return QObject::tr("--reveal: step %1 asks no question").arg(courses.step());
    }
    return {};
}

/// The player of the slider --play names ("batch", "prompt", "context"), set to its range.
SliderPlayer& playerFor(MainWindow& window, const AppOptions& options) {
    ControlsPanel* controls = window.controlsPanel();
    SliderPlayer* player = options.play == QLatin1String("prompt")    ? controls->promptPlayer()
                           : options.play == QLatin1String("context") ? controls->contextPlayer()
                                                                      : controls->batchPlayer();
    player->setRange(options.playRange);
    return *player;
}

}  // namespace

int runExplorer(int argc, char** argv) {
    QElapsedTimer sinceMain;
    sinceMain.start();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("roofline"));
    QApplication::setApplicationName(QStringLiteral("Roofline Explorer"));
    QApplication::setApplicationVersion(QStringLiteral(ROOFLINE_VERSION));
    // Ties the window to the installed .desktop entry (icon, name) on Wayland and X11.
    QApplication::setDesktopFileName(QStringLiteral(ROOFLINE_APP_ID));

    const AppOptions options = parseAppOptions(QApplication::arguments().mid(1));
    if (options.help) {
        printLine(stdout, appUsage());
        return 0;
    }
    if (options.version) {
        printLine(stdout, appVersion());
        return 0;
    }
    if (!options.errors.isEmpty()) {
        for (const QString& error : options.errors) {
            printLine(stderr, QStringLiteral("roofline-explorer: ") + error);
        }
        return 2;
    }

    // Batch modes never read or write the user's settings: their output depends only on
    // the command line.
    const bool batchMode = !options.grabPath.isEmpty() || !options.reportPath.isEmpty() ||
                           options.benchmarkSteps > 0 || options.firstFrame ||
                           !options.recordPath.isEmpty() || options.benchmarkPlay;
    std::unique_ptr<QSettings> settings;
    if (!batchMode) {
        settings = std::make_unique<QSettings>();
    }
    MainWindow window(settings.get());
    if (options.scenarioFromCommandLine) {
        io::ScenarioFile current = options.scenario;
        current.baseline.reset();  // the window keeps the baseline
        const std::vector<Issue> issues =
            window.controller().setScenarioFile(current, options.gqaRatio);
        if (hasErrors(issues)) {
            printLine(stderr, QStringLiteral("roofline-explorer: ") + issuesText(issues));
            return 2;
        }
        if (!options.scenarioPath.isEmpty()) {
            const QString path = QFileInfo(options.scenarioPath).absoluteFilePath();
            window.compareSet().setCurrentSource(path);
        }
        if (options.scenario.baseline) {
            const std::vector<Issue> baselineIssues =
                window.document().setBaselineScenario(*options.scenario.baseline);
            if (hasErrors(baselineIssues)) {
                printLine(stderr, QStringLiteral("roofline-explorer: baseline: ") +
                                      issuesText(baselineIssues));
                return 2;
            }
        }
    }
    window.restoreSession(!options.scenarioFromCommandLine && options.lesson.isEmpty() &&
                          options.course.isEmpty());
    if (!options.lesson.isEmpty()) {
        QString error;
        if (!window.openLesson(options.lesson, &error) && batchMode) {
            printLine(
                stderr,
                QStringLiteral("roofline-explorer: lesson %1: %2").arg(options.lesson, error));
            return 2;
        }
    }
    if (!options.course.isEmpty()) {
        const QString error = openCourseStep(window, options);
        if (!error.isEmpty() && batchMode) {
            printLine(
                stderr,
                QStringLiteral("roofline-explorer: course %1: %2").arg(options.course, error));
            return 2;
        }
    }
    if (!options.comparePaths.isEmpty()) {
        // The command line's compare scenarios, not the last session's. A batch run fails
        // on a file that does not load; the window says so in one dialog and keeps the rest.
        window.compareSet().clear();
        QStringList failed;
        window.compareSet().addFiles(options.comparePaths, batchMode ? &failed : nullptr);
        if (!failed.isEmpty()) {
            for (const QString& error : failed) {
                printLine(stderr, QStringLiteral("roofline-explorer: compare: ") + error);
            }
            return 2;
        }
    }
    for (const LeverId lever : options.levers) {
        // Stacked in order. A lever that does not apply: a batch run fails, saying why; the
        // window opens with the scenario as the levers before it left it and the reason in
        // its status bar.
        QString reason;
        if (!window.applyLever(lever, &reason) && batchMode) {
            const std::string_view key = leverKey(lever);
            printLine(stderr,
                      QStringLiteral("roofline-explorer: lever %1 does not apply: %2")
                          .arg(QString::fromLatin1(key.data(), static_cast<qsizetype>(key.size())),
                               reason));
            return 2;
        }
    }
    if (!options.measuredPath.isEmpty()) {
        // Rejected rows: one dialog in the window; in a batch run, printed, and a file with
        // no usable row fails it.
        QString report;
        const int kept = window.importMeasured(options.measuredPath, batchMode, &report);
        if (batchMode && (kept == 0 || report.contains(QLatin1Char('\n')))) {
            printLine(stderr, QStringLiteral("roofline-explorer: ") + report);
        }
        if (batchMode && kept == 0) {
            return 2;
        }
    }
    // Undo goes back to the scenario the window opened with, never past it to the
    // embedded default the command line or the session replaced.
    window.document().resetHistory();
    if (options.presentation) {
        window.setPresentationMode(true);
    }
    if (!options.operators.isEmpty()) {
        window.setOperatorsVisible(true);
        window.setOperatorLevelsVisible(options.operators == QStringLiteral("levels"));
    }
    for (const auto& [ms, edit] :
         {std::pair{options.sloTpotMs, window.frontierView()->sloTpotEdit()},
          std::pair{options.sloTtftMs, window.frontierView()->sloTtftEdit()}}) {
        if (!ms.isEmpty()) {
            edit->setText(ms);
            emit edit->editingFinished();  // as when typed: the frontier takes it
        }
    }
    if (!options.view.isEmpty()) {
        window.resize(options.size);  // the docks' share of the height follows the window
        if (!options.grabPath.isEmpty()) {
            // Laid out once before the view opens, as on screen: resizeDocks in a window never
            // shown is undone by its first layout, and the views would render short.
            window.setAttribute(Qt::WA_DontShowOnScreen, true);
            window.show();
            QApplication::processEvents();
        }
        window.showView(options.view);
    }

    if (!options.grabPath.isEmpty()) {
        window.levers()->update();  // the render shows which levers apply, without waiting
        QString error = grabWindowToFile(window, options.size, options.grabPath);
        if (error.isEmpty() && !options.scenePath.isEmpty()) {
            error = writeSceneFile(*window.plot(), window, options.scenePath);
        }
        if (!error.isEmpty()) {
            printLine(stderr, QStringLiteral("roofline-explorer: ") + error);
            return 1;
        }
        return 0;
    }
    if (!options.reportPath.isEmpty()) {
        // The plot laid out at the window's size, as the window shows it, then the page.
        window.setAttribute(Qt::WA_DontShowOnScreen, true);
        window.resize(options.size);
        window.show();
        QApplication::processEvents();
        const QString error = writeWindowReport(window, options.reportPath);
        if (!error.isEmpty()) {
            printLine(stderr, QStringLiteral("roofline-explorer: ") + error);
            return 1;
        }
        return 0;
    }
    if (!options.recordPath.isEmpty()) {
        const RecordedPlay recorded =
            recordPlay(window, playerFor(window, options), options.size, options.recordPath);
        if (!recorded.error.isEmpty()) {
            printLine(stderr, QStringLiteral("roofline-explorer: ") + recorded.error);
            return 1;
        }
        const QString fps = QString::number(recorded.framesPerSecond, 'g', 3);
        // The pattern is written after arg(): its "%04d" is ffmpeg's, not a marker of arg().
        const QString pattern = QDir(options.recordPath).filePath(QStringLiteral("frame-%04d.png"));
        printLine(stdout, QObject::tr("wrote %1 frames to %2 at %3 frames/s; for a video:")
                                  .arg(recorded.frames)
                                  .arg(options.recordPath, fps) +
                              QStringLiteral(" ffmpeg -framerate ") + fps + QStringLiteral(" -i ") +
                              pattern + QStringLiteral(" -pix_fmt yuv420p play.mp4"));
        return 0;
    }
    if (options.benchmarkPlay) {
        window.resize(options.size);
        printLine(stdout, toJson(runPlayBenchmark(window)));
        return 0;
    }
    if (options.benchmarkSteps > 0) {
        window.resize(options.size);
        printLine(stdout, toJson(runInteractionBenchmark(window, options.benchmarkSteps)));
        return 0;
    }
    if (options.firstFrame) {
        window.resize(options.size);
        QObject::connect(
            window.plot(), &RooflinePlot::painted, &app,
            [&sinceMain] {
                const double fromStart = millisecondsSinceProcessStart();
                printLine(stdout,
                          QStringLiteral("{\"first_frame_ms\": %1, \"since_main_ms\": %2}")
                              .arg(fromStart, 0, 'f', 1)
                              .arg(static_cast<double>(sinceMain.nsecsElapsed()) / 1e6, 0, 'f', 1));
                QApplication::exit(0);
            },
            Qt::SingleShotConnection);
    }
    window.fitToScreen();  // a saved or default size larger than this screen
    window.show();
    if (!options.play.isEmpty()) {
        playerFor(window, options).play();  // once, at the player's speed
    }
    return QApplication::exec();
}

}  // namespace roofline::ui
