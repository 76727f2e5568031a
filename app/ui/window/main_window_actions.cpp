// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's actions and menus (main_window.h).
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>
#include <QUndoStack>

#include "main_window.h"
#include "plot/roofline_plot.h"
#include "views/dialogs.h"
#include "views/views.h"
#include "window/calibrate_dialog.h"
#include "window/compare_set.h"
#include "window/course_controller.h"
#include "window/lessons_menu.h"
#include "window/lever_actions.h"
#include "window/presentation_pen.h"

namespace roofline::ui {

void MainWindow::createActions() {
    const auto make = [this](const QString& text, const char* name, const QKeySequence& key = {}) {
        auto* action = new QAction(text, this);
        action->setObjectName(QString::fromLatin1(name));
        if (!key.isEmpty()) {
            action->setShortcut(key);
        }
        return action;
    };
    m_openScenario = make(tr("&Open scenario…"), "openScenario", QKeySequence::Open);
    m_saveScenario = make(tr("&Save scenario…"), "saveScenario", QKeySequence::Save);
    m_openModel = make(tr("Open &model config…"), "openModel", QKeySequence(tr("Ctrl+M")));
    m_openHardware =
        make(tr("Open &hardware file…"), "openHardware", QKeySequence(tr("Ctrl+Shift+H")));
    m_openHardware->setToolTip(
        tr("Your own accelerator: a JSON file in the hardware preset schema (peaks, "
           "bandwidths, capacity), checked as the presets are"));
    m_editHardware = make(tr("Ed&it hardware…"), "editHardware");
    m_editHardware->setToolTip(
        tr("Change the current hardware's peaks, bandwidths and capacity, with the roofline "
           "following, and save it as a hardware file"));
    m_exportImage = make(tr("&Export image…"), "exportImage", QKeySequence(tr("Ctrl+E")));
    m_exportReport = make(tr("Export &report…"), "exportReport");
    m_exportReport->setToolTip(
        tr("The design-review report, as a PDF (A4 pages) or as Markdown (.md): the "
           "scenarios, the plot, the Compare table with cost and energy, the Frontier under "
           "its SLOs, the levers, the warnings, the explanation and the assumptions"));
    m_captionOnImages = make(tr("&Caption on exported images"), "captionOnImages");
    m_captionOnImages->setCheckable(true);
    m_captionOnImages->setChecked(true);
    m_captionOnImages->setToolTip(
        tr("Export image and Copy image add a line naming the "
           "scenario under the plot"));
    m_quit = make(tr("&Quit"), "quit", QKeySequence::Quit);
    m_copyImage = make(tr("&Copy image"), "copyImage", QKeySequence::Copy);
    m_showOperators =
        make(tr("Show &operators"), "showOperators", QKeySequence(tr("Ctrl+Shift+O")));
    m_showOperators->setCheckable(true);
    m_showOperatorLevels = make(tr("Operators per memory &level"), "showOperatorLevels");
    m_showOperatorLevels->setCheckable(true);
    m_showOperatorLevels->setToolTip(
        tr("Each operator also at its intensity against every on-chip level the chip has a "
           "roof for (L2, SRAM), joined to its memory point: the hierarchical roofline"));
    m_presentation = make(tr("&Presentation mode"), "presentation");
    m_presentation->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(tr("Ctrl+Shift+P"))});
    m_presentation->setCheckable(true);
    m_resetView = make(tr("&Reset view"), "resetView", QKeySequence(tr("Ctrl+0")));
    m_about = make(tr("&About Roofline Explorer"), "about");
    m_pinBaseline = make(tr("&Pin baseline"), "pinBaseline", QKeySequence(tr("Ctrl+B")));
    m_pinBaseline->setToolTip(
        tr("Keep the current scenario as the baseline: its points stay "
           "as ghosts, with arrows to where the scenario goes next"));
    m_clearBaseline =
        make(tr("&Clear baseline"), "clearBaseline", QKeySequence(tr("Ctrl+Shift+B")));
    m_clearBaseline->setEnabled(false);
    m_revertBaseline = make(tr("&Revert to baseline"), "revertToBaseline");
    m_revertBaseline->setToolTip(
        tr("Make the current scenario the baseline's again: every input, the hardware and "
           "the model (Edit › Undo takes it back)"));
    m_revertBaseline->setEnabled(false);
    m_swapBaseline = make(tr("S&wap with baseline"), "swapWithBaseline");
    m_swapBaseline->setToolTip(
        tr("The baseline becomes the current scenario and the current scenario the baseline"));
    m_swapBaseline->setEnabled(false);
    connect(m_pinBaseline, &QAction::triggered, this, &MainWindow::pinBaseline);
    connect(m_clearBaseline, &QAction::triggered, this, &MainWindow::clearBaseline);
    connect(m_revertBaseline, &QAction::triggered, this, &MainWindow::revertToBaseline);
    connect(m_swapBaseline, &QAction::triggered, this, &MainWindow::swapWithBaseline);
    // The history's own actions: their text names the step ("Undo batch 8 → 64") and they
    // are disabled at either end.
    m_undo = m_document->history()->createUndoAction(this, tr("&Undo"));
    m_undo->setObjectName(QStringLiteral("undo"));
    m_undo->setShortcut(QKeySequence(tr("Ctrl+Z")));
    m_redo = m_document->history()->createRedoAction(this, tr("&Redo"));
    m_redo->setObjectName(QStringLiteral("redo"));
    m_redo->setShortcut(QKeySequence(tr("Ctrl+Shift+Z")));
    m_importMeasured = make(tr("&Import measured results…"), "importMeasured");
    m_importMeasured->setToolTip(
        tr("Place measured TPOT, TTFT or tokens/s (CSV or JSON rows, vllm bench serve results, "
           "a GuideLLM report) on the "
           "roofline, with their efficiency against the model"));
    m_clearMeasured = make(tr("Clear &measured results"), "clearMeasured");
    m_clearMeasured->setEnabled(false);
    connect(m_importMeasured, &QAction::triggered, this, [this] {
        const QString path =
            Dialogs::openFileName(this, tr("Import measured results"),
                                  tr("Measured results (*.csv *.json *.jsonl);;All files (*)"));
        if (!path.isEmpty()) {
            importMeasured(path);
        }
    });
    connect(m_clearMeasured, &QAction::triggered, m_document, &ScenarioDocument::clearMeasured);

    connect(m_openScenario, &QAction::triggered, this, &MainWindow::openScenarioDialog);
    connect(m_saveScenario, &QAction::triggered, this, &MainWindow::saveScenarioDialog);
    connect(m_openModel, &QAction::triggered, this, &MainWindow::openModelConfigDialog);
    connect(m_openHardware, &QAction::triggered, this, &MainWindow::openHardwareFileDialog);
    connect(m_editHardware, &QAction::triggered, this, &MainWindow::editHardwareDialog);
    connect(m_exportImage, &QAction::triggered, this, &MainWindow::exportImageDialog);
    connect(m_exportReport, &QAction::triggered, this, &MainWindow::exportReportDialog);
    connect(m_quit, &QAction::triggered, this, &QWidget::close);
    connect(m_copyImage, &QAction::triggered, this, &MainWindow::copyImage);
    connect(m_showOperators, &QAction::toggled, this, &MainWindow::setOperatorsVisible);
    connect(m_showOperatorLevels, &QAction::toggled, this, &MainWindow::setOperatorLevelsVisible);
    connect(m_presentation, &QAction::toggled, this, &MainWindow::setPresentationMode);
    connect(m_resetView, &QAction::triggered, m_plot, &RooflinePlot::resetView);
    connect(m_about, &QAction::triggered, this, [this] {
        QMessageBox::about(
            this, tr("About Roofline Explorer"),
            tr("<p><b>Roofline Explorer %1</b></p><p>Where prefill and decode sit on the "
               "roofline of an accelerator, live.</p><p>GPL-3.0-or-later. Plots drawn with "
               "QCustomPlot (GPL-3.0).</p>")
                .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openScenario);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    file->addAction(m_saveScenario);
    file->addSeparator();
    file->addAction(m_addCompare);
    file->addAction(m_clearCompare);
    // A comparison as a file of its own (compare_set.h): its rows, edits and prices included,
    // in their places and colours; scenario files keep one scenario and its baseline.
    auto* saveComparison = new QAction(tr("Save co&mparison…"), this);
    saveComparison->setObjectName(QStringLiteral("saveComparison"));
    saveComparison->setToolTip(
        tr("Save every scenario of the Compare table, as edited, in one file"));
    connect(saveComparison, &QAction::triggered, m_compareSet, &CompareSet::saveComparisonDialog);
    auto* openComparison = new QAction(tr("Open compar&ison…"), this);
    openComparison->setObjectName(QStringLiteral("openComparison"));
    openComparison->setToolTip(tr("Replace the scenarios on screen with a saved comparison"));
    connect(openComparison, &QAction::triggered, m_compareSet, &CompareSet::openComparisonDialog);
    file->addAction(openComparison);
    file->addAction(saveComparison);
    file->addSeparator();
    file->addAction(m_openModel);
    file->addAction(m_openHardware);
    file->addAction(m_editHardware);
    file->addAction(m_importMeasured);
    // A calibration profile fitted to measured results, as roofline-cli calibrate fits it.
    auto* calibrate = new QAction(tr("&Calibrate from measured results…"), this);
    calibrate->setObjectName(QStringLiteral("calibrateMeasured"));
    connect(calibrate, &QAction::triggered, this,
            [this] { CalibrateDialog(controller(), this).exec(); });
    file->addAction(calibrate);
    file->addSeparator();
    file->addAction(m_exportImage);
    file->addAction(m_exportReport);
    file->addSeparator();
    file->addAction(m_quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_undo);
    edit->addAction(m_redo);
    QAction* history = m_historyDock->toggleViewAction();
    history->setText(tr("&History"));
    history->setShortcut(QKeySequence(tr("Ctrl+H")));
    edit->addAction(history);
    edit->addSeparator();
    edit->addAction(m_copyImage);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_controlsDock->toggleViewAction());
    view->addAction(m_resultsDock->toggleViewAction());
    view->addAction(m_explainDock->toggleViewAction());
    view->addAction(m_lessons->dock()->toggleViewAction());
    view->addActions(m_views->toggleActions());
    view->addAction(m_frontierDock->toggleViewAction());
    view->addAction(m_compareDock->toggleViewAction());
    view->addSeparator();
    view->addAction(m_showOperators);
    view->addAction(m_showOperatorLevels);
    view->addAction(m_resetView);
    view->addAction(m_captionOnImages);
    view->addAction(m_clearMeasured);
    view->addSeparator();
    view->addAction(m_presentation);
    view->addAction(m_pen->penAction());
    view->addAction(m_pen->clearAction());

    QMenu* scenario = menuBar()->addMenu(tr("&Scenario"));
    scenario->setObjectName(QStringLiteral("scenarioMenu"));
    scenario->addAction(m_pinBaseline);
    scenario->addAction(m_clearBaseline);
    scenario->addSeparator();
    scenario->addAction(m_revertBaseline);
    scenario->addAction(m_swapBaseline);
    m_compareToolBar = addToolBar(tr("Compare"));
    m_compareToolBar->setObjectName(QStringLiteral("compareToolBar"));
    m_compareToolBar->addAction(m_pinBaseline);
    m_compareToolBar->addAction(m_clearBaseline);

    QMenu* interventions = menuBar()->addMenu(tr("&Interventions"));
    interventions->setObjectName(QStringLiteral("interventionsMenu"));
    // One row with the Compare buttons: a second row cost the plot 36 px of height (its
    // overflow arrow shows the levers that do not fit; the menu has them all).
    QToolBar* leverToolBar = addToolBar(tr("Interventions"));
    leverToolBar->setObjectName(QStringLiteral("interventionsToolBar"));
    m_levers->addTo(interventions, leverToolBar);

    menuBar()->addMenu(m_lessons->menu());
    menuBar()->addMenu(m_courses->menu());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_about);
    updateRecentMenu();
}

}  // namespace roofline::ui
