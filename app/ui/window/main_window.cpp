// SPDX-License-Identifier: GPL-3.0-or-later
#include "main_window.h"

#include <algorithm>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include "panels/compare_table.h"
#include "panels/controls_panel.h"
#include "panels/explain_panel.h"
#include "panels/results_panel.h"
#include "plot/export.h"
#include "plot/measured_overlay.h"
#include "plot/plot_tooltip.h"
#include "plot/roofline_plot.h"
#include "roofline/explain.h"
#include "roofline/io/levers.h"
#include "roofline/io/scenario_file.h"
#include "roofline/validate.h"
#include "views/frontier_view.h"
#include "views/views.h"
#include "window/compare_set.h"
#include "window/debounce.h"
#include "window/dialogs.h"
#include "window/lessons_menu.h"
#include "window/report.h"
#include "window/scenario_controller.h"
#include "window/shortcut_pass_through.h"

namespace roofline::ui {
namespace {

constexpr int kMaxRecentFiles = 8;
constexpr int kControlsDockWidth = 380;
constexpr int kResultsDockWidth = 290;
constexpr int kResultsDockHeight = 640;
constexpr int kExplainDockHeight = 260;
constexpr int kStatusMessageMs = 8000;
/// Lever applicability is recomputed this long after the scenario stops changing, so that
/// a dragged slider never waits for thirteen analyses.
constexpr int kLeverRefreshMs = 100;
QString scenarioFilter() { return QObject::tr("Roofline scenario (*.json);;All files (*)"); }

/// Why `path` is not a file to read, or empty. The loaders would open a FIFO and wait for a
/// writer forever, or read a device; such paths are refused before anything is read. A
/// missing path is left to the loader, which names the system's reason.
QString notAFile(const QString& path) {
    const QFileInfo info(path);
    if (!info.exists() || info.isFile()) {
        return {};
    }
    return QObject::tr("%1: not a regular file (%2)")
        .arg(QDir::toNativeSeparators(path),
             info.isDir() ? QObject::tr("a directory") : QObject::tr("a device, FIFO or socket"));
}

/// A stored flag, or `fallback` when what is stored is not one (QVariant would read any
/// other text as true).
bool storedFlag(const QSettings& settings, const QString& key, bool fallback) {
    const QVariant value = settings.value(key);
    if (value.typeId() == QMetaType::Bool) {
        return value.toBool();
    }
    const QString text = value.toString();
    return text == QLatin1String("true") || (text != QLatin1String("false") && fallback);
}

/// The toolbar's short name for a lever (the menu shows leverTitle).
QString leverShortTitle(LeverId id) {
    switch (id) {
        case LeverId::W8a16:
            return QStringLiteral("W8A16");
        case LeverId::W4a16:
            return QStringLiteral("W4A16");
        case LeverId::W8a8:
            return QStringLiteral("W8A8");
        case LeverId::W4a4:
            return QStringLiteral("W4A4");
        case LeverId::KvFp8:
            return QObject::tr("fp8 KV");
        case LeverId::Gqa8:
            return QObject::tr("GQA 8");
        case LeverId::BatchX8:
            return QObject::tr("Batch ×8");
        case LeverId::SpecNgram:
            return QObject::tr("Spec (n-gram)");
        case LeverId::SpecDraft:
            return QObject::tr("Spec (draft)");
        case LeverId::FlashAttention:
            return QObject::tr("FlashAttention");
        case LeverId::TpX2:
            return QObject::tr("TP ×2");
        case LeverId::ExpertParallel:
            return QObject::tr("Expert parallel");
        case LeverId::NextHardware:
            return QObject::tr("Next hardware");
    }
    return {};
}

QString leverName(LeverId id) {
    const std::string_view title = leverTitle(id);
    return QString::fromUtf8(title.data(), static_cast<qsizetype>(title.size()));
}

std::size_t leverIndex(LeverId id) { return static_cast<std::size_t>(id); }

}  // namespace

MainWindow::MainWindow(QSettings* settings, QWidget* parent)
    : QMainWindow(parent), m_settings(settings), m_baseFont(font()) {
    setObjectName(QStringLiteral("mainWindow"));
    m_document = new ScenarioDocument(this);
    m_plot = new RooflinePlot(this);
    m_plot->setObjectName(QStringLiteral("rooflinePlot"));
    // The plot, and under it the last lever's explanation (hidden when there is none).
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_plot, 1);
    m_leverLabel = new QLabel(central);
    m_leverLabel->setObjectName(QStringLiteral("leverExplanation"));
    m_leverLabel->setWordWrap(true);
    m_leverLabel->setTextFormat(Qt::RichText);
    m_leverLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_leverLabel->setFrameShape(QFrame::StyledPanel);
    m_leverLabel->setMargin(6);
    m_leverLabel->hide();
    centralLayout->addWidget(m_leverLabel);
    setCentralWidget(central);
    // The controller's scenario is one object for the window's life: the overlay's tooltips
    // read it there.
    m_measured = new MeasuredOverlay(m_plot, &controller().scenario(), this);
    createDocks();
    m_lessons = new LessonsController(*this);
    m_views = new Views(*m_document, *this);
    tabifyDockWidget(m_views->breakdownDock(), m_frontierDock);  // one row of bottom tabs
    // A lesson that names a view ("sweep", "regime", "breakdown") brings it to the front.
    connect(m_lessons, &LessonsController::lessonViewRequested, this,
            [this](const QString& view) { showView(view); });
    createCompare();
    createActions();
    createMenus();
    m_leverStatus = new QLabel(this);
    m_leverStatus->setObjectName(QStringLiteral("leverStatus"));
    m_leverStatus->setTextFormat(Qt::PlainText);
    // A long sentence must not widen the window: it is cut at the window's edge (the label
    // under the plot and the tooltip hold all of it).
    m_leverStatus->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_leverStatus->hide();
    statusBar()->addWidget(m_leverStatus, 1);

    connect(m_document, &ScenarioDocument::changed, this, &MainWindow::onDocumentChanged);
    connect(&controller(), &ScenarioController::changeRefused, this,
            [this](const QString& message) {
                statusBar()->showMessage(message, kStatusMessageMs);
                m_refusalMessage = message;
            });
    QApplication::instance()->installEventFilter(new ShortcutPassThrough(this));
    connect(m_controls, &ControlsPanel::loadFailed, this, &MainWindow::showLoadError);
    onDocumentChanged(kScenarioChanges | kOverlayChanges);  // presentation mode is off
    resize(1400, 900);
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks() {
    m_controls = new ControlsPanel(controller(), this);
    auto* controlsScroll = new QScrollArea(this);
    controlsScroll->setWidget(m_controls);
    controlsScroll->setWidgetResizable(true);
    controlsScroll->setFrameShape(QFrame::NoFrame);
    m_controlsDock = new QDockWidget(tr("Scenario"), this);
    m_controlsDock->setObjectName(QStringLiteral("controlsDock"));
    m_controlsDock->setWidget(controlsScroll);
    addDockWidget(Qt::LeftDockWidgetArea, m_controlsDock);

    m_results = new ResultsPanel(this);
    m_results->setPlotPalette(m_plot->plotPalette());
    auto* resultsScroll = new QScrollArea(this);
    resultsScroll->setWidget(m_results);
    resultsScroll->setWidgetResizable(true);
    resultsScroll->setFrameShape(QFrame::NoFrame);
    // Narrower than its text (presentation mode on a small screen), the panel scrolls
    // rather than cutting numbers off.
    resultsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_resultsDock = new QDockWidget(tr("Results"), this);
    m_resultsDock->setObjectName(QStringLiteral("resultsDock"));
    m_resultsDock->setWidget(resultsScroll);
    addDockWidget(Qt::RightDockWidgetArea, m_resultsDock);

    // The analysis in words, under the results (a text panel: the right area).
    m_explain = new ExplainPanel(this);
    m_explainDock = new QDockWidget(tr("Explain"), this);
    m_explainDock->setObjectName(QStringLiteral("explainDock"));
    m_explainDock->setWidget(m_explain);
    addDockWidget(Qt::RightDockWidgetArea, m_explainDock);
    splitDockWidget(m_resultsDock, m_explainDock, Qt::Vertical);
    // The results keep the height their numbers need; the sentences scroll.
    resizeDocks({m_resultsDock, m_explainDock}, {kResultsDockHeight, kExplainDockHeight},
                Qt::Vertical);
    resizeDocks({m_controlsDock, m_resultsDock}, {kControlsDockWidth, kResultsDockWidth},
                Qt::Horizontal);

    // The Frontier view computes only while shown (it observes the document itself).
    m_frontier = new FrontierView(*m_document, this);
    m_frontier->setPlotPalette(m_plot->plotPalette());
    m_frontierDock = new QDockWidget(tr("Frontier"), this);
    m_frontierDock->setObjectName(QStringLiteral("frontierDock"));
    m_frontierDock->setWidget(m_frontier);
    addDockWidget(Qt::BottomDockWidgetArea, m_frontierDock);
    m_frontierDock->hide();
}

void MainWindow::createCompare() {
    m_compareTable = new CompareTable(this);
    m_compareTable->setPlotPalette(m_plot->plotPalette());
    m_compareDock = new QDockWidget(tr("Compare"), this);
    m_compareDock->setObjectName(QStringLiteral("compareDock"));
    m_compareDock->setWidget(m_compareTable);
    addDockWidget(Qt::BottomDockWidgetArea, m_compareDock);
    m_compareDock->hide();
    m_compareSet = new CompareSet(*m_document, *m_compareTable, this);
    m_addCompare = new QAction(tr("&Add scenario to compare…"), this);
    m_addCompare->setObjectName(QStringLiteral("addCompare"));
    m_addCompare->setToolTip(tr("Draw saved scenarios beside this one, each in its own colour"));
    m_clearCompare = new QAction(tr("Remo&ve compare scenarios"), this);
    m_clearCompare->setObjectName(QStringLiteral("clearCompare"));
    m_clearCompare->setEnabled(false);
    connect(m_addCompare, &QAction::triggered, this, &MainWindow::addCompareDialog);
    connect(m_compareTable, &CompareTable::addRequested, this, &MainWindow::addCompareDialog);
    connect(m_clearCompare, &QAction::triggered, m_compareSet, &CompareSet::clear);
    // Scenarios were added: show them side by side.
    connect(m_compareSet, &CompareSet::added, this, [this] {
        m_compareDock->show();
        resizeDocks({m_compareDock}, {m_compareTable->sizeHint().height()}, Qt::Vertical);
    });
}

void MainWindow::addCompareDialog() {
    const QStringList paths =
        Dialogs::openFileNames(this, tr("Add scenarios to compare"), scenarioFilter());
    if (!paths.isEmpty()) {
        m_compareSet->addFiles(paths);
    }
}

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
    m_exportImage = make(tr("&Export image…"), "exportImage", QKeySequence(tr("Ctrl+E")));
    m_exportReport = make(tr("Export &report…"), "exportReport");
    m_exportReport->setToolTip(
        tr("A one-page PDF: the scenario, the plot, the results, the "
           "levers, the warnings and the explanation"));
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
    connect(m_pinBaseline, &QAction::triggered, this, &MainWindow::pinBaseline);
    connect(m_clearBaseline, &QAction::triggered, this, &MainWindow::clearBaseline);
    createLeverActions();
    m_importMeasured = make(tr("&Import measured results…"), "importMeasured");
    m_importMeasured->setToolTip(
        tr("Place measured TPOT, TTFT or tokens/s (CSV or JSON) on the "
           "roofline, with their efficiency against the model"));
    m_clearMeasured = make(tr("Clear &measured results"), "clearMeasured");
    m_clearMeasured->setEnabled(false);
    connect(m_importMeasured, &QAction::triggered, this, [this] {
        const QString path =
            Dialogs::openFileName(this, tr("Import measured results"),
                                  tr("Measured results (*.csv *.json);;All files (*)"));
        if (!path.isEmpty()) {
            importMeasured(path);
        }
    });
    connect(m_clearMeasured, &QAction::triggered, m_document, &ScenarioDocument::clearMeasured);

    connect(m_openScenario, &QAction::triggered, this, &MainWindow::openScenarioDialog);
    connect(m_saveScenario, &QAction::triggered, this, &MainWindow::saveScenarioDialog);
    connect(m_openModel, &QAction::triggered, this, &MainWindow::openModelConfigDialog);
    connect(m_exportImage, &QAction::triggered, this, &MainWindow::exportImageDialog);
    connect(m_exportReport, &QAction::triggered, this, &MainWindow::exportReportDialog);
    connect(m_quit, &QAction::triggered, this, &QWidget::close);
    connect(m_copyImage, &QAction::triggered, this, &MainWindow::copyImage);
    connect(m_showOperators, &QAction::toggled, this, &MainWindow::setOperatorsVisible);
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
    file->addSeparator();
    file->addAction(m_openModel);
    file->addAction(m_importMeasured);
    file->addSeparator();
    file->addAction(m_exportImage);
    file->addAction(m_exportReport);
    file->addSeparator();
    file->addAction(m_quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
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
    view->addAction(m_resetView);
    view->addAction(m_captionOnImages);
    view->addAction(m_clearMeasured);
    view->addSeparator();
    view->addAction(m_presentation);

    QMenu* scenario = menuBar()->addMenu(tr("&Scenario"));
    scenario->setObjectName(QStringLiteral("scenarioMenu"));
    scenario->addAction(m_pinBaseline);
    scenario->addAction(m_clearBaseline);
    m_compareToolBar = addToolBar(tr("Compare"));
    m_compareToolBar->setObjectName(QStringLiteral("compareToolBar"));
    m_compareToolBar->addAction(m_pinBaseline);
    m_compareToolBar->addAction(m_clearBaseline);

    m_interventionsMenu = menuBar()->addMenu(tr("&Interventions"));
    m_interventionsMenu->setObjectName(QStringLiteral("interventionsMenu"));
    m_interventionsMenu->setToolTipsVisible(true);  // a disabled lever says why
    connect(m_interventionsMenu, &QMenu::aboutToShow, this, &MainWindow::updateLevers);
    // One row with the Compare buttons: a second row cost the plot 36 px of height (its
    // overflow arrow shows the levers that do not fit; the menu has them all).
    m_leverToolBar = addToolBar(tr("Interventions"));
    m_leverToolBar->setObjectName(QStringLiteral("interventionsToolBar"));
    for (QAction* lever : m_leverActions) {
        m_interventionsMenu->addAction(lever);
        m_leverToolBar->addAction(lever);
    }

    menuBar()->addMenu(m_lessons->menu());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_about);
    updateRecentMenu();
}

void MainWindow::onDocumentChanged(DocumentChanges what) {
    const ScenarioController& current = controller();
    if (what & kScenarioChanges) {
        // A refusal is about the change that was refused: once the scenario changes again
        // its message is stale (issue 12: it stayed up for its full timeout).
        if (!m_refusalMessage.isEmpty()) {
            if (statusBar()->currentMessage() == m_refusalMessage) {
                statusBar()->clearMessage();
            }
            m_refusalMessage.clear();
        }
        // A new chip or model gets a freshly fitted view; knob changes keep the axes still.
        if (what & (DocumentChange::Hardware | DocumentChange::Model)) {
            m_plot->resetAutoRange();
        }
        // Plot and results panel draw from the same Analysis, so they cannot disagree.
        m_plot->setAnalysis(current.analysis(), current.trail());
        m_explain->setAnalysis(current.scenario(), current.analysis());
        updateTitle();
        // Cheap on every slider step: the levers are recomputed once the scenario rests, or
        // when the Interventions menu opens.
        m_leversDirty = true;
        if (m_leverTimer != nullptr) {
            m_leverTimer->start();
        }
        if (!m_document->applyingLever() && !m_leverExplanation.isEmpty()) {
            setLeverExplanation({});
        }
    }
    if (what & DocumentChange::Baseline) {
        const std::optional<AnalysedScenario>& baseline = m_document->baseline();
        if (baseline) {
            m_plot->setBaseline(baseline->analysis, baseline->trail);
            m_results->setBaseline(baseline->analysis);
        } else {
            m_plot->clearBaseline();
            m_results->setBaseline(std::nullopt);
        }
        m_clearBaseline->setEnabled(baseline.has_value());
    }
    if (what & (kScenarioChanges | DocumentChange::Baseline)) {
        m_results->setAnalysis(current.analysis());
    }
    if (what & DocumentChange::Compare) {
        std::vector<CompareEntry> plotted;
        plotted.reserve(m_document->compare().size());
        for (const CompareScenario& e : m_document->compare()) {
            plotted.push_back({e.name, e.colour, e.analysis});
        }
        m_plot->setCompareScenarios(plotted);
        m_clearCompare->setEnabled(!plotted.empty());
    }
    if (what & DocumentChange::Measured) {
        const io::MeasuredFile& measured = m_document->measured();
        if (measured.rows.empty()) {
            m_measured->clear();
        } else {
            m_measured->setFile(measured);
        }
        m_clearMeasured->setEnabled(!measured.rows.empty());
    }
    if (what & DocumentChange::Presentation) {
        applyPresentation(m_document->presentation());
    }
}

void MainWindow::createLeverActions() {
    m_leverTimer = new Debounce(kLeverRefreshMs, this);
    connect(m_leverTimer, &Debounce::timeout, this, &MainWindow::updateLevers);
    for (const LeverId id : kAllLevers) {
        const std::string_view key = leverKey(id);
        auto* action = new QAction(leverName(id), this);
        action->setObjectName(QStringLiteral("lever-") +
                              QString::fromLatin1(key.data(), static_cast<qsizetype>(key.size())));
        action->setIconText(leverShortTitle(id));
        connect(action, &QAction::triggered, this, [this, id] { applyLever(id); });
        m_leverActions[leverIndex(id)] = action;
    }
}

QAction* MainWindow::leverAction(LeverId id) const { return m_leverActions[leverIndex(id)]; }

void MainWindow::updateLevers() {
    if (!m_leversDirty) {
        return;
    }
    m_leversDirty = false;
    m_leverTimer->stop();
    for (const LeverOutcome& outcome :
         io::listLevers(controller().scenario(), controller().analysis())) {
        QAction* action = leverAction(outcome.id);
        const QString name = leverName(outcome.id);
        const QString shortName = leverShortTitle(outcome.id);
        QString tip;
        if (!outcome.applicable) {
            action->setEnabled(false);
            action->setText(name);
            action->setIconText(shortName);
            tip = tr("Does not apply: %1").arg(qs(outcome.reason));
        } else if (!outcome.fits) {
            action->setEnabled(true);
            action->setText(tr("%1 (does not fit)").arg(name));
            action->setIconText(tr("%1 (does not fit)").arg(shortName));
            tip = tr("Does not fit in memory. %1").arg(qs(outcome.explanation));
        } else {
            action->setEnabled(true);
            action->setText(name);
            action->setIconText(shortName);
            tip = qs(outcome.explanation);
        }
        action->setToolTip(tip);
        action->setStatusTip(tip);
    }
}

bool MainWindow::applyLever(LeverId id, QString* reason) {
    const ScenarioDocument::LeverResult result = m_document->applyLever(id);
    if (!result.applied) {
        // Like a refusal, it is about this scenario: the next change takes it down.
        m_refusalMessage = tr("%1 does not apply: %2").arg(leverName(id), result.reason);
        statusBar()->showMessage(m_refusalMessage, kStatusMessageMs);
        if (reason != nullptr) {
            *reason = result.reason;
        }
        return false;
    }
    setLeverExplanation(result.explanation, leverName(id));
    return true;
}

QString MainWindow::leverExplanation() const { return m_leverExplanation; }

void MainWindow::setLeverExplanation(const QString& text, const QString& lever) {
    m_leverExplanation = text;
    if (text.isEmpty()) {
        m_leverLabel->clear();
        m_leverStatus->clear();
    } else {
        m_leverLabel->setText(tr("<b>%1</b>, against the pinned baseline: %2")
                                  .arg(lever.toHtmlEscaped(), text.toHtmlEscaped()));
        // A normal status bar widget: a passing message or status tip covers it for a
        // while, then it comes back, until the next change.
        m_leverStatus->setText(tr("%1: %2").arg(lever, text));
        m_leverStatus->setToolTip(m_leverStatus->text());
    }
    m_leverLabel->setVisible(!text.isEmpty());
    m_leverStatus->setVisible(!text.isEmpty());
}

void MainWindow::updateTitle() {
    const Scenario& s = controller().scenario();
    setWindowTitle(tr("%1 · %2 — Roofline Explorer").arg(qs(s.model.name), qs(s.hardware.name)));
}

void MainWindow::showLoadError(const QString& text, const QString& details) {
    Dialogs::showError(this, text, details);
}

bool MainWindow::openScenario(const QString& path) {
    const QString refused = tr("Could not open the scenario %1. The current scenario is unchanged.")
                                .arg(QFileInfo(path).fileName());
    if (const QString why = notAFile(path); !why.isEmpty()) {
        showLoadError(refused, why);
        return false;
    }
    const io::Loaded<io::ScenarioFile> loaded = io::loadScenarioFile(path.toStdString());
    if (!loaded.value) {
        showLoadError(refused, issuesText(loaded.issues));
        return false;
    }
    if (loaded.value->lesson || loaded.value->lever) {
        // A lesson file: its lever and lesson are loaded as the Lessons menu loads them.
        if (!m_lessons->openLessonFile(*loaded.value, path.toStdString())) {
            return false;
        }
        addRecentFile(path);
        return true;
    }
    io::ScenarioFile opened = *loaded.value;
    opened.baseline.reset();  // the window keeps the baseline, not the controller
    const std::vector<Issue> issues = controller().setScenarioFile(opened);
    if (hasErrors(issues)) {
        showLoadError(tr("Could not use the scenario %1. The current scenario is unchanged.")
                          .arg(QFileInfo(path).fileName()),
                      issuesText(issues));
        return false;
    }
    restoreBaseline(*loaded.value);
    m_lessons->closeLesson();  // the lesson's claims were about its own scenario
    m_compareSet->setCurrentSource(QFileInfo(path).absoluteFilePath());
    addRecentFile(path);
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), kStatusMessageMs);
    return true;
}

bool MainWindow::saveScenario(const QString& path) {
    const std::string json = io::toJson(scenarioToSave());
    QSaveFile file(path);  // atomic: the old file survives a failed write
    // flush() before commit(): commit() ignores an error in its own final flush and would
    // put a truncated file in place of the old one (QTBUG-75077).
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(json.data(), static_cast<qint64>(json.size())) !=
            static_cast<qint64>(json.size()) ||
        !file.flush() || !file.commit()) {
        showLoadError(tr("Could not save the scenario to %1.").arg(path), file.errorString());
        return false;
    }
    addRecentFile(path);
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), kStatusMessageMs);
    return true;
}

bool MainWindow::openModelConfig(const QString& path) {
    const QString refused =
        tr("Could not open the model config %1. The current scenario is unchanged.")
            .arg(QFileInfo(path).fileName());
    if (const QString why = notAFile(path); !why.isEmpty()) {
        showLoadError(refused, why);
        return false;
    }
    // Load first for a precise message; the controller then validates the whole scenario.
    const io::Loaded<Model> loaded = io::loadModelFile(path.toStdString());
    std::vector<Issue> issues = loaded.issues;
    const std::string absolute = QFileInfo(path).absoluteFilePath().toStdString();
    if (loaded.ok()) {
        issues = controller().setModel(absolute);
    }
    if (loaded.ok() && hasErrors(issues)) {
        // A valid config that only fails to split over the current devices (Qwen2.5-7B's
        // 28 heads at TP 8): say why in the message itself and offer the largest device
        // count that splits it, rather than a bare refusal.
        const Workload& workload = controller().scenarioFile().workload;
        const std::int64_t devices = workload.tensorParallel;
        const std::int64_t fits = largestValidTensorParallel(workload, *loaded.value, devices);
        if (!tensorParallelValid(workload, *loaded.value, devices) && fits > 0) {
            const QString question =
                tr("%1 cannot be split over %2 devices: %3 Open it with tensor parallelism %4?")
                    .arg(QString::fromStdString(loaded.value->name))
                    .arg(devices)
                    .arg(issuesText(issues))
                    .arg(fits);
            if (!Dialogs::ask(this, question,
                              tr("The current scenario is unchanged if you cancel."),
                              tr("Open with TP %1").arg(fits))) {
                return false;
            }
            issues = controller().setModel(absolute, fits);
        }
    }
    if (!loaded.ok() || hasErrors(issues)) {
        // The first error in the message itself (issue 12: the reason was only under Show
        // Details); every issue in the details.
        const auto first = std::find_if(issues.begin(), issues.end(), [](const Issue& issue) {
            return issue.severity == Severity::Error;
        });
        const QString reason =
            first == issues.end() ? QString() : QString::fromStdString(first->message());
        showLoadError(tr("Could not open the model config %1: %2 The current scenario is "
                         "unchanged.")
                          .arg(QFileInfo(path).fileName(), reason),
                      issuesText(issues));
        return false;
    }
    if (!issues.empty()) {
        statusBar()->showMessage(issuesText(issues), kStatusMessageMs);
    }
    return true;
}

ImageCaption MainWindow::imageCaption() const {
    ImageCaption caption;
    if (m_captionOnImages->isChecked()) {
        caption.text = qs(scenarioCaption(controller().scenario()));
        caption.foreground = m_plot->plotPalette().foreground;
        caption.background = m_plot->plotPalette().background;
    }
    return caption;
}

bool MainWindow::exportReport(const QString& path) {
    const QString error =
        writeReport(*m_plot, controller().scenario(), controller().analysis(), path);
    if (!error.isEmpty()) {
        showLoadError(tr("Could not export the report."), error);
        return false;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)),
                             kStatusMessageMs);
    return true;
}

void MainWindow::exportReportDialog() {
    const QString path =
        Dialogs::saveFileName(this, tr("Export report"), tr("PDF document (*.pdf)"),
                              QStringLiteral("roofline-report.pdf"));
    if (!path.isEmpty()) {
        exportReport(path);
    }
}

bool MainWindow::exportImage(const QString& path, QSize size) {
    const QString error = exportPlot(*m_plot, path, size, imageCaption());
    if (!error.isEmpty()) {
        showLoadError(tr("Could not export the image."), error);
        return false;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)),
                             kStatusMessageMs);
    return true;
}

void MainWindow::openScenarioDialog() {
    const QString path = Dialogs::openFileName(this, tr("Open scenario"), scenarioFilter());
    if (!path.isEmpty()) {
        openScenario(path);
    }
}

void MainWindow::saveScenarioDialog() {
    const QString path = Dialogs::saveFileName(this, tr("Save scenario"), scenarioFilter(),
                                               QStringLiteral("scenario.json"));
    if (path.isEmpty()) {
        return;
    }
    // A name typed without an extension gets ".json", or the Open dialog's filter would
    // hide the file just saved.
    saveScenario(QFileInfo(path).suffix().isEmpty() ? path + QStringLiteral(".json") : path);
}

int MainWindow::importMeasured(const QString& path, bool quiet, QString* report) {
    if (const QString why = notAFile(path); !why.isEmpty()) {
        if (report != nullptr) {
            *report = why;
        }
        if (!quiet) {
            Dialogs::showError(this, tr("Could not import measured results."), why);
        }
        return 0;
    }
    const MeasuredImport result = loadMeasured(path);
    if (!result.file.rows.empty()) {
        m_document->setMeasured(result.file);
    }
    if (report != nullptr) {
        *report = result.details.isEmpty() ? result.summary
                                           : result.summary + QLatin1Char('\n') + result.details;
    }
    statusBar()->showMessage(result.summary, kStatusMessageMs);
    // Every rejected row in one dialog, the kept ones already on the plot.
    if (!quiet && (result.rejected > 0 || result.kept == 0)) {
        Dialogs::showError(this, result.summary, result.details);
    }
    return result.kept;
}

void MainWindow::openModelConfigDialog() {
    const QString path = Dialogs::openFileName(this, tr("Open model config"),
                                               tr("Hugging Face config (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        openModelConfig(path);
    }
}

void MainWindow::exportImageDialog() {
    const QString path = Dialogs::saveFileName(
        this, tr("Export image"), tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)"),
        QStringLiteral("roofline.png"));
    if (path.isEmpty()) {
        return;
    }
    if (const std::optional<QSize> size = Dialogs::imageSize(this, m_plot->size())) {
        exportImage(path, *size);
    }
}

void MainWindow::copyImage() {
    QApplication::clipboard()->setImage(plotImage(*m_plot, m_plot->size(), imageCaption()));
    statusBar()->showMessage(tr("Plot copied"), kStatusMessageMs);
}

void MainWindow::setPresentationMode(bool on) {
    if (m_presentation->isChecked() != on) {
        m_presentation->setChecked(on);  // re-enters through toggled
        return;
    }
    m_document->setPresentation(on);
}

void MainWindow::applyPresentation(bool on) {
    QFont f = m_baseFont;
    f.setPointSizeF(m_baseFont.pointSizeF() * (on ? 1.5 : 1.0));
    setFont(f);
    fitDocks();
    m_plot->setPresentationMode(on);
    m_results->setPlotPalette(m_plot->plotPalette());
    m_frontier->setPlotPalette(m_plot->plotPalette());
    m_compareTable->setPlotPalette(m_plot->plotPalette());
}

bool MainWindow::presentationMode() const { return m_presentation->isChecked(); }

void MainWindow::fitDocks() {
    // The docks grow with their text in presentation mode, so numbers are not cut off, but
    // the plot keeps most of the window: 60% in presentation mode, 55% outside it (issue
    // 12 saw it squeezed to 490 px at 1280×720 and 300 px at 1024×700). Where both panels
    // would have to shrink below 4/5 of their width (in presentation mode: below their
    // width), their text would wrap and be cut: the results fold into a tab beside the
    // scenario; they unfold when there is room again.
    const bool on = presentationMode();
    const int controls = on ? kControlsDockWidth * 6 / 5 : kControlsDockWidth;
    const int results = on ? kResultsDockWidth * 5 / 4 : kResultsDockWidth;
    const int room = on ? width() * 2 / 5 : width() * 9 / 20;
    // Presentation mode's larger text wraps and is cut at any narrower width.
    const bool fold = on ? room < controls + results : room * 5 < (controls + results) * 4;
    if (fold != m_docksFolded) {
        m_docksFolded = fold;
        // Every dock of the right column folds with the results (Explain, Lesson), so the
        // right area empties and the plot gets its width.
        QList<QDockWidget*> column;
        for (QDockWidget* dock : findChildren<QDockWidget*>()) {
            if (dock != m_resultsDock && dock != m_controlsDock &&
                dockWidgetArea(dock) == (fold ? Qt::RightDockWidgetArea : Qt::LeftDockWidgetArea)) {
                column << dock;
            }
        }
        if (fold) {
            tabifyDockWidget(m_controlsDock, m_resultsDock);
            for (QDockWidget* dock : column) {
                tabifyDockWidget(m_controlsDock, dock);
            }
            m_controlsDock->raise();  // the sliders first
        } else {
            addDockWidget(Qt::RightDockWidgetArea, m_resultsDock);
            for (QDockWidget* dock : column) {
                addDockWidget(Qt::RightDockWidgetArea, dock);
                splitDockWidget(m_resultsDock, dock, Qt::Vertical);
            }
        }
    }
    if (fold) {
        resizeDocks({m_controlsDock}, {std::min(room, std::max(controls, results))},
                    Qt::Horizontal);
        return;
    }
    const double scale = std::min(1.0, static_cast<double>(room) / (controls + results));
    resizeDocks({m_controlsDock, m_resultsDock},
                {static_cast<int>(controls * scale), static_cast<int>(results * scale)},
                Qt::Horizontal);
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    // Outside presentation mode, docks the user has dragged keep their width while the
    // plot keeps its share.
    const int docks = m_controlsDock->width() + (m_docksFolded ? 0 : m_resultsDock->width());
    if (presentationMode() || m_docksFolded || docks > width() * 9 / 20) {
        fitDocks();
    }
}

bool MainWindow::showView(const QString& name) {
    if (name == QLatin1String("frontier")) {
        m_frontierDock->show();
        m_frontierDock->raise();
        m_frontier->refresh();  // now, not on the next turn: --grab renders at once
        return true;
    }
    return m_views->show(name);
}

void MainWindow::setOperatorsVisible(bool visible) {
    if (m_showOperators->isChecked() != visible) {
        m_showOperators->setChecked(visible);
        return;
    }
    m_plot->setOperatorsVisible(visible);
}

void MainWindow::addRecentFile(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_recentFiles.removeAll(absolute);
    m_recentFiles.prepend(absolute);
    while (m_recentFiles.size() > kMaxRecentFiles) {
        m_recentFiles.removeLast();
    }
    updateRecentMenu();
    if (m_settings != nullptr) {
        m_settings->setValue(QStringLiteral("recentFiles"), m_recentFiles);
    }
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    for (int i = 0; i < m_recentFiles.size(); ++i) {
        const QString path = m_recentFiles[i];
        QAction* action = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setToolTip(path);
        connect(action, &QAction::triggered, this, [this, path] { openScenario(path); });
    }
    m_recentMenu->setEnabled(!m_recentFiles.isEmpty());
}

void MainWindow::restoreSession(bool restoreScenario) {
    if (m_settings == nullptr) {
        return;
    }
    // Anything may be in the file (another version, a hand edit, a disk error): each value
    // is checked, and what is not usable falls back to the default.
    restoreGeometry(m_settings->value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(m_settings->value(QStringLiteral("window/state")).toByteArray());
    m_recentFiles.clear();
    for (const QString& path : m_settings->value(QStringLiteral("recentFiles")).toStringList()) {
        if (!path.isEmpty() && !m_recentFiles.contains(path) &&
            m_recentFiles.size() < kMaxRecentFiles) {
            m_recentFiles << path;
        }
    }
    updateRecentMenu();
    setOperatorsVisible(storedFlag(*m_settings, QStringLiteral("plot/operators"), false));
    m_captionOnImages->setChecked(storedFlag(*m_settings, QStringLiteral("export/caption"), true));
    if (restoreScenario) {
        // The last session's compare scenarios, from their files; one that no longer loads
        // is said in the status bar, not a dialog at start-up.
        QStringList failed;
        m_compareSet->clear();
        m_compareSet->addFiles(m_settings->value(QStringLiteral("compare/paths")).toStringList(),
                               &failed);
        if (!failed.isEmpty()) {
            statusBar()->showMessage(tr("%n compare scenario(s) of the last session could not "
                                        "be restored.",
                                        nullptr, static_cast<int>(failed.size())),
                                     kStatusMessageMs);
        }
    }
    if (!restoreScenario || !m_settings->contains(QStringLiteral("lastScenario"))) {
        return;
    }
    const QString json = m_settings->value(QStringLiteral("lastScenario")).toString();
    const io::Loaded<io::ScenarioFile> last =
        io::parseScenarioFile(json.toStdString(), "last session");
    if (last.value) {
        io::ScenarioFile current = *last.value;
        current.baseline.reset();
        if (!hasErrors(controller().setScenarioFile(current))) {
            restoreBaseline(*last.value, true);
            return;
        }
    }
    // A last scenario that no longer resolves (a moved model file) is not an error worth a
    // dialog at start-up: the default stays, and the status bar says why.
    statusBar()->showMessage(tr("The last session's scenario could not be restored."),
                             kStatusMessageMs);
}

void MainWindow::saveSession() const {
    if (m_settings == nullptr) {
        return;
    }
    m_settings->setValue(QStringLiteral("window/geometry"), saveGeometry());
    m_settings->setValue(QStringLiteral("window/state"), saveState());
    m_settings->setValue(QStringLiteral("recentFiles"), m_recentFiles);
    m_settings->setValue(QStringLiteral("plot/operators"), m_plot->operatorsVisible());
    m_settings->setValue(QStringLiteral("export/caption"), m_captionOnImages->isChecked());
    m_settings->setValue(QStringLiteral("compare/paths"), m_compareSet->paths());
    m_settings->setValue(QStringLiteral("lastScenario"),
                         QString::fromStdString(io::toJson(scenarioToSave())));
}

io::ScenarioFile MainWindow::scenarioToSave() const { return m_document->scenarioToSave(); }

std::optional<io::ScenarioFile> MainWindow::baselineScenario() const {
    if (!m_document->baseline()) {
        return std::nullopt;
    }
    return m_document->baseline()->file;
}

void MainWindow::pinBaseline() {
    m_document->pinBaseline();
    statusBar()->showMessage(tr("Baseline pinned: change the scenario to compare"),
                             kStatusMessageMs);
}

void MainWindow::clearBaseline() { m_document->clearBaseline(); }

bool MainWindow::setBaselineScenario(const io::ScenarioFile& baseline) {
    const std::vector<Issue> issues = m_document->setBaselineScenario(baseline);
    if (hasErrors(issues)) {
        showLoadError(tr("Could not use the baseline scenario. The baseline is unchanged."),
                      issuesText(issues));
        return false;
    }
    return true;
}

bool MainWindow::setBaselineScenarioQuietly(const io::ScenarioFile& baseline) {
    if (hasErrors(m_document->setBaselineScenario(baseline))) {
        clearBaseline();
        statusBar()->showMessage(tr("The saved baseline could not be restored."), kStatusMessageMs);
        return false;
    }
    return true;
}

bool MainWindow::restoreBaseline(const io::ScenarioFile& opened, bool quiet) {
    if (!opened.baseline) {
        clearBaseline();
        return true;
    }
    return quiet ? setBaselineScenarioQuietly(*opened.baseline)
                 : setBaselineScenario(*opened.baseline);
}

bool MainWindow::openLesson(const QString& idOrPath, QString* error) {
    return m_lessons->openLesson(idOrPath, error);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSession();
    QMainWindow::closeEvent(event);
}

}  // namespace roofline::ui
