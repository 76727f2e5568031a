// SPDX-License-Identifier: GPL-3.0-or-later
#include "main_window.h"

#include <algorithm>

#include <QAbstractSlider>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolTip>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "panels/compare_table.h"
#include "panels/controls_panel.h"
#include "panels/explain_panel.h"
#include "panels/key_numbers.h"
#include "panels/results_panel.h"
#include "panels/slider_control.h"
#include "panels/slider_player.h"
#include "plot/measured_overlay.h"
#include "plot/roofline_plot.h"
#include "views/dialogs.h"
#include "views/frontier_view.h"
#include "views/views.h"
#include "window/compare_set.h"
#include "window/course_controller.h"
#include "window/focus_ring.h"
#include "window/lessons_menu.h"
#include "window/lever_actions.h"
#include "window/presentation_pen.h"
#include "window/shortcut_pass_through.h"
#include "window/view_stage.h"

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
    : QMainWindow(parent),
      m_settings(settings),
      m_baseFont(font()),
      m_baseMenuFont(QApplication::font("QMenu")),
      m_baseTipFont(QToolTip::font()) {
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
    m_stage = new ViewStage(*this, central);
    // Presentation mode's key numbers, under the plot where the class looks (key_numbers.h),
    // beside the stage's tabs.
    m_keyNumbers = new KeyNumbers(m_stage);
    m_keyNumbers->hide();
    m_stage->setFooter(m_keyNumbers);
    setCentralWidget(m_stage);
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
    // In presentation mode the view waits in its tab: the roofline stays in front.
    connect(m_lessons, &LessonsController::lessonViewRequested, this, [this](const QString& view) {
        showView(view);
        m_stage->showRoofline();
    });
    createCompare();
    createHistory();
    // Presentation mode: what opens in the bottom area is a tab that swaps with the roofline.
    for (QDockWidget* dock : {m_views->sweepDock(), m_views->regimeDock(), m_views->breakdownDock(),
                              m_frontierDock, m_compareDock, m_historyDock}) {
        m_stage->manage(dock);
    }
    m_pen = new PresentationPen(*this);
    m_focusRing = new FocusRing(this);
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
        // its message is stale (else it stays up for its full timeout).
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
        if (presentationMode()) {
            m_keyNumbers->setAnalysis(current.analysis());  // shown only there
        }
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
        m_results->setAnalysis(current.analysis(), current.calibrationWarning());
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
    // One sentence that ends properly, whatever the validator's lines were.
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
    scaleChrome(on);
    m_focusRing->setOn(on);  // the focused control's ring, seen from the back of the room
    // Before the docks: the views leave the bottom area for the stage's tabs first, so the
    // columns are laid out for a stage of the window's full height.
    m_stage->setTabbed(on);
    if (on) {
        m_keyNumbers->setAnalysis(controller().analysis());
    }
    m_keyNumbers->setVisible(on && !panelsHidden());
    // The last lever's sentence, four lines under the plot at 1280×720, is the status bar's
    // line and the Explain tab's paragraph in presentation mode.
    m_levers->setUnderPlotHidden(on);
    m_controls->setNarrow(on);  // the one column of presentation mode
    m_results->setNarrow(on);
    if (on) {
        // The sliders in view at the column's top, under the hardware and model a lesson
        // has chosen (the column scrolls up to them), once the narrow layout is laid out.
        QTimer::singleShot(0, this, [this] {
            auto* scroll = qobject_cast<QScrollArea*>(m_controlsDock->widget());
            if (scroll != nullptr && presentationMode()) {
                const QWidget* batch = m_controls->batchControl();
                const int top = batch->mapTo(m_controls, QPoint(0, 0)).y();
                scroll->verticalScrollBar()->setValue(top - 2 * fontMetrics().height());
            }
        });
    }
    fitDocks();
    m_plot->setPresentationMode(on);
    m_results->setPlotPalette(m_plot->plotPalette());
    m_frontier->setPlotPalette(m_plot->plotPalette());
    m_compareTable->setPlotPalette(m_plot->plotPalette());
}

void MainWindow::scaleChrome(bool on) {
    const auto scaled = [on](QFont font) {
        if (on) {
            font.setPointSizeF(font.pointSizeF() * 1.5);
        }
        return font;
    };
    // Menus are windows of their own and tooltips one shared widget: the window's font does
    // not reach them, the application's per-class font and QToolTip's do.
    QApplication::setFont(scaled(m_baseMenuFont), "QMenu");
    QToolTip::setFont(scaled(m_baseTipFont));
    const int icon = style()->pixelMetric(QStyle::PM_ToolBarIconSize, nullptr, this);
    for (QToolBar* bar : findChildren<QToolBar*>()) {
        bar->setIconSize(on ? QSize(icon * 3 / 2, icon * 3 / 2) : QSize(icon, icon));
    }
}

bool MainWindow::presentationMode() const { return m_presentation->isChecked(); }

void MainWindow::fitToScreen() {
    const QScreen* screen = this->screen();
    if (screen == nullptr) {
        return;
    }
    // The frame (title bar, borders) is outside the size: leave it a margin of the area.
    const QRect area = screen->availableGeometry();
    const QSize room(area.width() * 19 / 20, area.height() * 9 / 10);
    if (width() > room.width() || height() > room.height()) {
        resize(size().boundedTo(room));
    }
}

void MainWindow::fitDocks() {
    // The docks grow with their text in presentation mode, so numbers are not cut off, but
    // the plot keeps most of the window: 55% of the width outside presentation mode (else it
    // is squeezed to 490 px at 1280×720 and 300 px at 1024×700), and in it 60% of the
    // window's area (else a projector at 1280×720 leaves it 110 to 220 px tall). Outside
    // presentation mode, where both panels would have to shrink below 4/5 of their width,
    // their text would wrap and be cut: the results fold into a tab beside the scenario;
    // they unfold when there is room again.
    if (presentationMode()) {
        refold(Fold::Presentation);
        // One column of about a fifth of the width (268 px at 1280, 403 px at 1920): the
        // stage keeps the rest of the width and the full height, 60% of the window's area
        // with the menus, toolbar, status bar and the key numbers' line taken out.
        const int column = width() * 21 / 100;
        resizeDocks({m_controlsDock}, {column}, Qt::Horizontal);
        // The sliders on top; the lesson's text (or the results) below, with room for a
        // course question and its answer.
        const int h = height();
        resizeDocks({m_controlsDock, m_resultsDock}, {h / 2, h / 2}, Qt::Vertical);
        return;
    }
    const int controls = kControlsDockWidth;
    const int results = kResultsDockWidth;
    const int room = width() * 9 / 20;
    const bool fold = room * 5 < (controls + results) * 4;
    refold(fold ? Fold::Tabs : Fold::None);
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

void MainWindow::refold(Fold fold) {
    if (fold == m_fold) {
        return;
    }
    // The docks of the right column other than the results (Explain, Lesson): they fold
    // with the results, so that the right area empties and the plot gets its width.
    const auto column = [this](Qt::DockWidgetArea area) {
        QList<QDockWidget*> docks;
        for (QDockWidget* dock : findChildren<QDockWidget*>()) {
            if (dock != m_resultsDock && dock != m_controlsDock && dockWidgetArea(dock) == area) {
                docks << dock;
            }
        }
        return docks;
    };
    if (m_fold != Fold::None) {
        // Back to the desktop's right column first; the new fold starts from there.
        const QList<QDockWidget*> folded = column(Qt::LeftDockWidgetArea);
        addDockWidget(Qt::RightDockWidgetArea, m_resultsDock);
        for (QDockWidget* dock : folded) {
            addDockWidget(Qt::RightDockWidgetArea, dock);
            splitDockWidget(m_resultsDock, dock, Qt::Vertical);
        }
    }
    m_fold = fold;
    if (fold == Fold::None) {
        return;
    }
    const QList<QDockWidget*> right = column(Qt::RightDockWidgetArea);
    QDockWidget* lesson = m_lessons->dock();
    if (fold == Fold::Tabs) {
        tabifyDockWidget(m_controlsDock, m_resultsDock);
        for (QDockWidget* dock : right) {
            tabifyDockWidget(m_controlsDock, dock);
        }
        // The sliders first; in a course its step, whose question comes before them.
        if (m_courses != nullptr && m_courses->course()) {
            lesson->raise();
        } else {
            m_controlsDock->raise();
        }
        return;
    }
    // Presentation: the sliders above, the lesson's text (in front), the results and the
    // explanation as tabs below them. The key numbers are the line under the plot, so the
    // sliders, those numbers and the lesson's text are on screen together.
    splitDockWidget(m_controlsDock, m_resultsDock, Qt::Vertical);
    for (QDockWidget* dock : right) {
        tabifyDockWidget(m_resultsDock, dock);
    }
    if (!lesson->isHidden()) {
        lesson->raise();
    } else {
        m_resultsDock->raise();
    }
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    // Outside presentation mode, docks the user has dragged keep their width while the
    // plot keeps its share.
    const int docks = m_controlsDock->width() + (docksFolded() ? 0 : m_resultsDock->width());
    if (presentationMode() || docksFolded() || docks > width() * 9 / 20) {
        fitDocks();
    }
}

bool MainWindow::showView(const QString& name) {
    if (name == QLatin1String("frontier")) {
        m_frontierDock->show();
        m_frontierDock->raise();
        m_frontier->fitDock();
        m_frontier->refresh();  // now, not on the next turn: --grab renders at once
        m_stage->adoptShownDocks();
        return true;
    }
    const bool shown = m_views->show(name);
    m_stage->adoptShownDocks();  // presentation mode: now a tab, in front
    return shown;
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
    if (!docksFolded()) {
        // Each course step lays the right column out for its question: hidden, the panels
        // hold one line each and the Lesson dock below them takes their height; shown,
        // the Lesson dock keeps a third of it for the question and its grade.
        const int h = height();
        resizeDocks(
            {m_resultsDock, m_explainDock, m_lessons->dock()},
            panels ? QList<int>{h / 10, h / 10, h} : QList<int>{h * 9 / 20, h / 5, h * 7 / 20},
            Qt::Vertical);
    }
    m_keyNumbers->setVisible(presentationMode() && !panels);
    m_resultsStack->setCurrentIndex(panels ? 1 : 0);
    m_explainStack->setCurrentIndex(panels ? 1 : 0);
    m_levers->setExplanationHidden(panels);
    m_plot->setLabelsHidden(plotLabels);
}

bool MainWindow::panelsHidden() const { return m_resultsStack->currentIndex() == 1; }

void MainWindow::hideView(const QString& name) {
    if (name == QLatin1String("frontier")) {
        m_frontierDock->hide();
        m_stage->close(m_frontierDock);
        return;
    }
    for (const auto& [view, dock] :
         {std::pair{QStringLiteral("sweep"), m_views->sweepDock()},
          std::pair{QStringLiteral("regime"), m_views->regimeDock()},
          std::pair{QStringLiteral("breakdown"), m_views->breakdownDock()}}) {
        if (name == view || name == QLatin1String("all")) {
            dock->hide();
            m_stage->close(dock);
        }
    }
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSession();
    QMainWindow::closeEvent(event);
}

}  // namespace roofline::ui
