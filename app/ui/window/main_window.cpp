// SPDX-License-Identifier: GPL-3.0-or-later
#include "main_window.h"

#include <algorithm>

#include <QAbstractSlider>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStatusBar>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

#include "panels/compare_table.h"
#include "panels/controls_panel.h"
#include "panels/explain_panel.h"
#include "panels/results_panel.h"
#include "panels/slider_player.h"
#include "plot/measured_overlay.h"
#include "plot/plot_tooltip.h"
#include "plot/roofline_plot.h"
#include "views/frontier_view.h"
#include "views/views.h"
#include "window/compare_set.h"
#include "window/course_controller.h"
#include "window/dialogs.h"
#include "window/lessons_menu.h"
#include "window/lever_actions.h"
#include "window/presentation_pen.h"
#include "window/scenario_controller.h"
#include "window/shortcut_pass_through.h"

namespace roofline::ui {
namespace {

constexpr int kControlsDockWidth = 380;
constexpr int kResultsDockWidth = 290;
constexpr int kResultsDockHeight = 640;
constexpr int kExplainDockHeight = 260;
/// The line under the plot lists this many differing inputs, then "and N more" (the
/// Results panel lists them all).
constexpr std::size_t kDifferencesUnderPlot = 4;

/// What a hidden panel shows while a course's question waits for its answer.
QLabel* hiddenNotice(QWidget* parent, const QString& name) {
    auto* notice = new QLabel(
        QObject::tr("Hidden until you answer the question in the Lesson panel (or reveal it)."),
        parent);
    notice->setObjectName(name);
    notice->setWordWrap(true);
    notice->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    notice->setMargin(8);
    return notice;
}

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
    // What differs from the pinned baseline: one line, a short list (the results have all).
    m_differences = new QLabel(central);
    m_differences->setObjectName(QStringLiteral("baselineDifferences"));
    m_differences->setTextFormat(Qt::PlainText);
    m_differences->setWordWrap(true);
    m_differences->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_differences->setMargin(4);
    m_differences->hide();
    centralLayout->addWidget(m_differences);
    m_levers = new LeverActions(*m_document, this);
    centralLayout->addWidget(m_levers->explanationLabel());
    setCentralWidget(central);
    // The controller's scenario is one object for the window's life: the overlay's tooltips
    // read it there.
    m_measured =
        new MeasuredOverlay(m_plot, &controller().scenario(), &controller().scenarioFile(), this);
    createDocks();
    m_lessons = new LessonsController(*this);
    m_courses = new CourseController(*this);
    m_views = new Views(*m_document, *this);
    tabifyDockWidget(m_views->breakdownDock(), m_frontierDock);  // one row of bottom tabs
    // A lesson that names a view ("sweep", "regime", "breakdown") brings it to the front.
    connect(m_lessons, &LessonsController::lessonViewRequested, this,
            [this](const QString& view) { showView(view); });
    createCompare();
    createHistory();
    m_pen = new PresentationPen(*this);
    createActions();
    createMenus();
    statusBar()->addWidget(m_levers->statusLabel(), 1);

    connect(m_document, &ScenarioDocument::changed, this, &MainWindow::onDocumentChanged);
    // Play on the batch: the trail grows behind the point and marks what it passes.
    connect(m_controls->batchPlayer(), &SliderPlayer::playingChanged, m_plot,
            &RooflinePlot::setTrailFollowsPoint);
    connect(m_document, &ScenarioDocument::changeRefused, this, &MainWindow::showRefusal);
    // Like a refusal, a lever that does not apply is about this scenario.
    connect(m_levers, &LeverActions::refused, this, &MainWindow::showRefusal);
    QApplication::instance()->installEventFilter(new ShortcutPassThrough(this));
    m_courses->installKeyFilter();  // after: it keeps Page Up/Down from the pass-through
    connect(m_controls, &ControlsPanel::loadFailed, this, &MainWindow::showLoadError);
    // A drag is one undo step (its steps merge); the next drag of the same slider is another.
    for (QAbstractSlider* slider : m_controls->findChildren<QAbstractSlider*>()) {
        connect(slider, &QAbstractSlider::sliderReleased, m_document,
                &ScenarioDocument::sealHistory);
    }
    onDocumentChanged(kScenarioChanges | kOverlayChanges);  // presentation mode is off
    resize(1400, 900);
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks() {
    m_controls = new ControlsPanel(*m_document, this);
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
    m_resultsStack = new QStackedWidget(this);
    m_resultsStack->addWidget(resultsScroll);
    m_resultsStack->addWidget(hiddenNotice(this, QStringLiteral("resultsHidden")));
    m_resultsDock->setWidget(m_resultsStack);
    addDockWidget(Qt::RightDockWidgetArea, m_resultsDock);

    // The analysis in words, under the results (a text panel: the right area).
    m_explain = new ExplainPanel(this);
    m_explainDock = new QDockWidget(tr("Explain"), this);
    m_explainDock->setObjectName(QStringLiteral("explainDock"));
    m_explainStack = new QStackedWidget(this);
    m_explainStack->addWidget(m_explain);
    m_explainStack->addWidget(hiddenNotice(this, QStringLiteral("explainHidden")));
    m_explainDock->setWidget(m_explainStack);
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

void MainWindow::createHistory() {
    auto* view = new QUndoView(m_document->history(), this);
    view->setObjectName(QStringLiteral("historyView"));
    // The first row is the scenario the window opened with (or the last reset).
    view->setEmptyLabel(tr("Start"));
    m_historyDock = new QDockWidget(tr("History"), this);
    m_historyDock->setObjectName(QStringLiteral("historyDock"));
    m_historyDock->setWidget(view);
    // A tab of the bottom row, beside the views: in the right column, even hidden, it took
    // the results' width from them (they shrank to their minimum at start).
    addDockWidget(Qt::BottomDockWidgetArea, m_historyDock);
    tabifyDockWidget(m_frontierDock, m_historyDock);
    m_historyDock->hide();
}

bool MainWindow::revertToBaseline() { return m_document->revertToBaseline(); }

bool MainWindow::swapWithBaseline() { return m_document->swapWithBaseline(); }

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
        m_revertBaseline->setEnabled(baseline.has_value());
        m_swapBaseline->setEnabled(baseline.has_value());
    }
    if (what & (kScenarioChanges | DocumentChange::Baseline)) {
        m_results->setAnalysis(current.analysis());
        showDifferences();
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

void MainWindow::showDifferences() {
    if (!m_document->baseline()) {
        m_results->setDifferences(QString());
        m_differences->hide();
        return;
    }
    const std::vector<io::ScenarioDifference> differences = m_document->baselineDifferences();
    if (differences.empty()) {
        m_results->setDifferences(tr("none"));
        m_differences->setText(tr("Same inputs as the baseline."));
    } else {
        m_results->setDifferences(qs(io::differencesText(differences)));
        m_differences->setText(
            tr("Against the baseline: %1")
                .arg(qs(io::differencesText(differences, kDifferencesUnderPlot))));
    }
    m_differences->show();
}

bool MainWindow::applyLever(LeverId id, QString* reason) { return m_levers->apply(id, reason); }

void MainWindow::showRefusal(const QString& message) {
    // One sentence that ends properly, whatever the validator's lines were (issue 21).
    m_refusalMessage = asSentence(message);
    statusBar()->showMessage(m_refusalMessage, kStatusMessageMs);
}

void MainWindow::updateTitle() {
    const Scenario& s = controller().scenario();
    setWindowTitle(tr("%1 · %2 — Roofline Explorer").arg(qs(s.model.name), qs(s.hardware.name)));
}

void MainWindow::showLoadError(const QString& text, const QString& details) {
    Dialogs::showError(this, text, details);
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
            // The sliders first; in a course its step, whose question comes before them.
            if (m_courses != nullptr && m_courses->course()) {
                m_lessons->dock()->raise();
            } else {
                m_controlsDock->raise();
            }
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
        m_frontier->fitDock();
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

void MainWindow::setOperatorLevelsVisible(bool visible) {
    if (m_showOperatorLevels->isChecked() != visible) {
        m_showOperatorLevels->setChecked(visible);
        return;
    }
    m_plot->setOperatorLevelsVisible(visible);
    if (visible) {
        setOperatorsVisible(true);
    }
}

bool MainWindow::openLesson(const QString& idOrPath, QString* error) {
    return m_lessons->openLesson(idOrPath, error);
}

bool MainWindow::openCourse(const QString& idOrPath, int step, QString* error) {
    return m_courses->openCourse(idOrPath, step, error);
}

void MainWindow::setAnswersHidden(bool panels, unsigned plotLabels) {
    if (!m_docksFolded) {
        // Each course step lays the right column out for its question: hidden, the panels
        // hold one line each and the Lesson dock below them takes their height; shown,
        // the Lesson dock keeps a third of it for the question and its grade.
        const int h = height();
        resizeDocks(
            {m_resultsDock, m_explainDock, m_lessons->dock()},
            panels ? QList<int>{h / 10, h / 10, h} : QList<int>{h * 9 / 20, h / 5, h * 7 / 20},
            Qt::Vertical);
    }
    m_resultsStack->setCurrentIndex(panels ? 1 : 0);
    m_explainStack->setCurrentIndex(panels ? 1 : 0);
    m_levers->setExplanationHidden(panels);
    m_plot->setLabelsHidden(plotLabels);
}

bool MainWindow::panelsHidden() const { return m_resultsStack->currentIndex() == 1; }

void MainWindow::hideView(const QString& name) {
    if (name == QLatin1String("frontier")) {
        m_frontierDock->hide();
        return;
    }
    for (const auto& [view, dock] :
         {std::pair{QStringLiteral("sweep"), m_views->sweepDock()},
          std::pair{QStringLiteral("regime"), m_views->regimeDock()},
          std::pair{QStringLiteral("breakdown"), m_views->breakdownDock()}}) {
        if (name == view || name == QLatin1String("all")) {
            dock->hide();
        }
    }
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSession();
    QMainWindow::closeEvent(event);
}

}  // namespace roofline::ui
