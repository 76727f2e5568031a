// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/frontier_view.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QPainterPath>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWidgetAction>
#include <qcustomplot.h>

#include "model/debounce.h"
#include "model/plot_tooltip.h"
#include "model/quantization.h"
#include "model/scenario_controller.h"
#include "model/scenario_document.h"
#include "roofline/format.h"
#include "roofline/io/presets.h"
#include "roofline/limits.h"
#include "roofline/parse.h"
#include "roofline/view_csv.h"
#include "views/csv_export.h"

namespace roofline::ui {
namespace {

/// Chips offered beside the current one: a generation ladder and another vendor's part.
constexpr std::array<const char*, 4> kOtherHardware = {"h100-sxm", "h200", "b200", "mi300x"};
constexpr std::array<std::int64_t, 4> kTensorParallel = {1, 2, 4, 8};
constexpr std::array<std::int64_t, 10> kBatches = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512};
/// Pipeline stages: tried only where the footprint needs more than one scale-up domain
/// (a 405B model in bf16 needs two of 8 × 80 GB).
constexpr std::array<std::int64_t, 3> kPipelineStages = {1, 2, 4};
/// Prefill pools tried beside the decode pool when the serving mode adds them (0: colocated).
constexpr std::array<std::int64_t, 5> kPrefillPools = {0, 1, 2, 4, 8};
/// The serving box's entries, in its order: the batching, and whether pools are added.
struct ServingMode {
    Batching batching;
    bool pools;
};
constexpr std::array<ServingMode, 3> kServingModes = {
    {{Batching::Static, false}, {Batching::Continuous, false}, {Batching::Continuous, true}}};
/// Fewer lines of the window's font than this and the dock opens at 36 % of the window at
/// most (views.cpp's kShortWindowLines).
constexpr int kShortWindowLines = 36;

/// A scheme as the slider, the picker and the levers name it ("W8A16 (fp8)"): one
/// vocabulary (model/quantization.h); the CSV keeps the CLI's labels.
QString quantizationName(Quantization q) {
    const std::string_view label = kQuantizationSteps[quantizationStep(q)].label;
    return QString::fromUtf8(label.data(), static_cast<qsizetype>(label.size()));
}

QString configurationText(const FrontierConfiguration& c, const QString& hardware, bool moe) {
    QString text = QObject::tr("%1, TP %2, %3, batch %4")
                       .arg(hardware, qs(integerText(c.tensorParallel)),
                            quantizationName(c.quantization), qs(formatInteger(c.batch)));
    if (moe) {
        text += c.expertParallel ? QObject::tr(", EP on") : QObject::tr(", EP off");
    }
    if (c.pipelineStages > 1) {
        text +=
            QObject::tr(", PP %1 (%2 devices)").arg(c.pipelineStages).arg(configurationDevices(c));
    }
    if (c.prefillPool > 0) {
        text += QObject::tr(", prefill pool %1 (%2 devices)")
                    .arg(c.prefillPool)
                    .arg(configurationDevices(c));
    }
    return text;
}

/// The floor box's entries, in its order.
constexpr std::array<PrecisionFloor, 4> kFloors = {PrecisionFloor::Any, PrecisionFloor::NoFp4,
                                                   PrecisionFloor::EightBit,
                                                   PrecisionFloor::SixteenBit};

/// A filled plus sign (W4A4's shape), in QCPScatterStyle's custom-path units (6 = the size).
QPainterPath plusPath() {
    QPainterPath path;
    path.addPolygon(QPolygonF({{-1, -3},
                               {1, -3},
                               {1, -1},
                               {3, -1},
                               {3, 1},
                               {1, 1},
                               {1, 3},
                               {-1, 3},
                               {-1, 1},
                               {-3, 1},
                               {-3, -1},
                               {-1, -1},
                               {-1, -3}}));
    return path;
}

/// Each quantization's shape: one a scheme, fillable, so that fit (filled) and unfit
/// (hollow) still read on every one.
QCPScatterStyle quantizationStyle(Quantization q, const QPen& pen, const QBrush& brush,
                                  double size) {
    switch (q) {
        case Quantization::W16A16:
            return {QCPScatterStyle::ssCircle, pen, brush, size};
        case Quantization::W8A16:
            return {QCPScatterStyle::ssSquare, pen, brush, size - 1.0};
        case Quantization::W8A8:
            return {QCPScatterStyle::ssDiamond, pen, brush, size + 1.0};
        case Quantization::W4A16:
            return {QCPScatterStyle::ssTriangle, pen, brush, size + 1.0};
        case Quantization::W4A8:
            return {QCPScatterStyle::ssTriangleInverted, pen, brush, size + 1.0};
        case Quantization::W4A4:
            return {plusPath(), pen, brush, size + 1.0};
    }
    return {QCPScatterStyle::ssCircle, pen, brush, size};
}

std::vector<std::string> standardStrings(const std::vector<QString>& texts) {
    std::vector<std::string> out;
    out.reserve(texts.size());
    for (const QString& t : texts) {
        out.push_back(t.toStdString());
    }
    return out;
}

/// "$2.5/h", as the price fields write it.
QString priceText(double usd) { return QObject::tr("$%1/h").arg(qs(generalText(usd, 6))); }

}  // namespace

FrontierView::FrontierView(ScenarioDocument& document, QWidget* parent)
    : QWidget(parent), m_controller(document.current()) {
    setObjectName(QStringLiteral("frontierView"));
    for (const char* id : kOtherHardware) {
        io::Loaded<Hardware> hw = io::builtinHardware(id);
        if (hw.ok()) {
            m_presets.push_back(std::move(*hw.value));
        }
    }

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    auto* bar = new QHBoxLayout;
    m_output = new QSpinBox(this);
    m_output->setRange(1, 1'000'000);
    m_output->setValue(kDefaultFrontierOutputTokens);
    m_output->setKeyboardTracking(false);
    m_output->setToolTip(
        tr("O: output tokens per request; the prompt is the scenario's P. "
           "Decode runs at the mean context P + O/2"));
    m_sloTpot = new QLineEdit(this);
    m_sloTtft = new QLineEdit(this);
    for (QLineEdit* edit : {m_sloTpot, m_sloTtft}) {
        edit->setPlaceholderText(tr("none"));
        edit->setClearButtonEnabled(true);
        edit->setMaximumWidth(90);
    }
    m_sloTpot->setToolTip(
        tr("TPOT service-level objective in ms: a vertical line at "
           "1000 / TPOT tok/s per user; points slower than it are faded"));
    m_sloTtft->setToolTip(
        tr("TTFT service-level objective in ms: points slower to the first "
           "token are faded"));
    m_perDollar = new QCheckBox(tr("tokens per $"), this);
    m_perDollar->setToolTip(
        tr("Output tokens per dollar on the y axis, each chip at its own price (Prices); "
           "chips without a price are left off it"));
    const auto label = [this](const QString& text, QWidget* buddy) {
        auto* l = new QLabel(text, this);
        l->setBuddy(buddy);
        return l;
    };
    const auto menuButton = [this](const QString& text, QMenu*& menu, const QString& tip) {
        auto* button = new QToolButton(this);
        button->setText(text);
        button->setToolTip(tip);
        button->setPopupMode(QToolButton::InstantPopup);
        menu = new QMenu(button);
        button->setMenu(menu);
        return button;
    };
    m_pricesButton = menuButton(tr("Prices"), m_pricesMenu,
                                tr("The price per device-hour of each chip, in US dollars: "
                                   "its cost and tokens per $. Empty: no price (the current "
                                   "chip takes the scenario's)"));
    m_pricesButton->setObjectName(QStringLiteral("frontierPrices"));
    m_pricesPanel = new QWidget(m_pricesMenu);
    new QFormLayout(m_pricesPanel);
    auto* pricesAction = new QWidgetAction(m_pricesMenu);
    pricesAction->setDefaultWidget(m_pricesPanel);
    m_pricesMenu->addAction(pricesAction);
    auto* exportButton = new QToolButton(this);
    exportButton->setObjectName(QStringLiteral("frontierExportCsv"));
    // No mnemonics: every letter of these labels already opens a menu or a control of the
    // window (two owners of one Alt letter take turns, so both feel broken).
    bar->addWidget(label(tr("Output tokens"), m_output));
    bar->addWidget(m_output);
    bar->addSpacing(12);
    bar->addWidget(label(tr("SLO TPOT ms"), m_sloTpot));
    bar->addWidget(m_sloTpot);
    bar->addWidget(label(tr("SLO TTFT ms"), m_sloTtft));
    bar->addWidget(m_sloTtft);
    bar->addSpacing(12);
    bar->addWidget(m_perDollar);
    bar->addWidget(m_pricesButton);
    bar->addStretch(1);
    bar->addWidget(exportButton);
    layout->addLayout(bar);

    auto* filters = new QHBoxLayout;
    m_hardwareButton = menuButton(tr("Hardware"), m_hardwareMenu, tr("Which chips are shown"));
    m_tpButton = menuButton(tr("TP"), m_tpMenu, tr("Which tensor-parallel sizes are shown"));
    m_quantButton =
        menuButton(tr("Quantization"), m_quantMenu, tr("Which quantizations are shown"));
    m_floor = new QComboBox(this);
    m_floor->setObjectName(QStringLiteral("frontierFloor"));
    m_floor->addItems({tr("any precision"), tr("no fp4"), tr("8-bit and up"), tr("16-bit only")});
    m_floor->setToolTip(
        tr("The lowest precision allowed, for the accuracy you accept: no fp4 leaves out "
           "W4A4; 8-bit and up every W4"));
    m_fitsOnly = new QCheckBox(tr("fits only"), this);
    m_fitsOnly->setToolTip(tr("Hide the configurations that do not fit in memory"));
    m_serving = new QComboBox(this);
    m_serving->setObjectName(QStringLiteral("frontierServing"));
    m_serving->addItems(
        {tr("static batches"), tr("continuous batching"), tr("continuous + disaggregated")});
    m_serving->setToolTip(
        tr("How each configuration serves its requests (DOMAIN §7). Static: the prompts, then "
           "their decode. Continuous: finished requests replaced, their prompts prefilled in "
           "chunks inside the decode steps, so TPOT gains the prefill / output tokens. "
           "Disaggregated adds prefill pools of 1, 2, 4 and 8 devices beside the decode pool "
           "(ringed points): no prefill in the decode steps, the KV cache moved once, both "
           "pools' devices counted"));
    filters->addWidget(new QLabel(tr("Show:"), this));
    filters->addWidget(m_hardwareButton);
    filters->addWidget(m_tpButton);
    filters->addWidget(m_quantButton);
    filters->addWidget(m_floor);
    filters->addWidget(m_fitsOnly);
    filters->addSpacing(12);
    filters->addWidget(label(tr("Serving"), m_serving));
    filters->addWidget(m_serving);
    filters->addStretch(1);
    layout->addLayout(filters);

    m_best = new QLabel(this);
    m_best->setObjectName(QStringLiteral("frontierBest"));
    m_best->setWordWrap(true);
    m_best->setTextFormat(Qt::PlainText);
    m_best->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_best);
    m_unpriced = new QLabel(this);
    m_unpriced->setObjectName(QStringLiteral("frontierUnpriced"));
    m_unpriced->setWordWrap(true);
    m_unpriced->setTextFormat(Qt::PlainText);
    m_unpriced->hide();
    layout->addWidget(m_unpriced);

    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("frontierPlot"));
    // A low minimum: a window short for its font (presentation mode at 1280×720) gives the
    // roofline its room first; the dock opens taller wherever there is room (fitDock).
    m_plot->setMinimumSize(320, 140);
    // Tick labels with '.' decimals in every locale, as every other number.
    QLocale numbers = QLocale::c();
    numbers.setNumberOptions(QLocale::OmitGroupSeparator);
    m_plot->setLocale(numbers);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
        axis->setTicker(ticker);
        axis->setNumberFormat(QStringLiteral("gb"));
        axis->grid()->setSubGridVisible(true);
    }
    m_plot->xAxis->setLabel(tr("interactivity: output tok/s per user"));
    // The points on a layer of their own, under the frontier line and the marks.
    m_plot->addLayer(QStringLiteral("points"), m_plot->layer(QStringLiteral("main")),
                     QCustomPlot::limBelow);
    m_line = m_plot->addGraph();
    m_line->setName(tr("Pareto frontier"));
    m_line->setLineStyle(QCPGraph::lsStepRight);
    m_onFrontier = m_plot->addGraph();
    m_bestMark = m_plot->addGraph();
    m_bestMark->setName(tr("best"));
    m_currentMark = m_plot->addGraph();
    m_currentMark->setName(tr("current"));
    m_pooled = m_plot->addGraph();
    m_pooled->setName(tr("ringed: disaggregated"));
    for (QCPGraph* g : {m_onFrontier, m_bestMark, m_currentMark, m_pooled}) {
        g->setLineStyle(QCPGraph::lsNone);
    }
    m_tpotLine = new QCPItemStraightLine(m_plot);
    m_tpotText = new QCPItemText(m_plot);
    m_tpotText->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_bestText = new QCPItemText(m_plot);
    m_bestText->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    // The legend in a column of its own right of the axes (inside, it covers a third of the
    // points), at the top of it.
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    auto* legendColumn = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(0, 1, legendColumn);
    m_plot->plotLayout()->setColumnStretchFactor(1, 0.001);
    legendColumn->addElement(0, 0, m_plot->legend);
    legendColumn->addElement(1, 0, new QCPLayoutElement(m_plot));
    legendColumn->setRowStretchFactor(0, 0.001);
    legendColumn->setMargins({0, 6, 4, 0});
    m_plot->legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    m_plot->legend->setRowSpacing(0);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    layout->addWidget(m_plot, 1);
    QAction* exportAction =
        addCsvExportAction(m_plot, QStringLiteral("frontier.csv"), [this] { return csvText(); });
    exportButton->setDefaultAction(exportAction);

    m_timer = new Debounce(kFrontierRecomputeDelayMs, this);
    connect(m_timer, &Debounce::timeout, this, &FrontierView::refresh);
    // The current scenario's changes only: a baseline or compare scenario costs nothing.
    connect(&document, &ScenarioDocument::changed, this, [this](DocumentChanges what) {
        if (what & kScenarioChanges) {
            markStale();
        }
    });
    connect(m_output, &QSpinBox::valueChanged, this, [this] {
        m_stale = true;
        refresh();
    });
    for (QLineEdit* edit : {m_sloTpot, m_sloTtft}) {
        connect(edit, &QLineEdit::editingFinished, this, [this] {
            m_stale = true;
            refresh();
        });
    }
    const auto reselectAndDraw = [this] {
        reselect();
        redraw();
    };
    connect(m_perDollar, &QCheckBox::toggled, this, reselectAndDraw);
    connect(m_fitsOnly, &QCheckBox::toggled, this, reselectAndDraw);
    connect(m_floor, &QComboBox::currentIndexChanged, this, reselectAndDraw);
    connect(m_serving, &QComboBox::currentIndexChanged, this, [this] {
        m_stale = true;
        refresh();
    });
    connect(m_plot, &QCustomPlot::mouseMove, this, &FrontierView::onMouseMove);
    setPlotPalette(PlotPalette::forSystem(palette()));
}

QSize FrontierView::sizeHint() const {
    // The controls above the plot (two rows, up to three lines of text: the best, wrapped,
    // and the chips without a price; margins and spacings), and the plot at its readable
    // height. The dock opens at this height where the window has room (fitDock).
    const int controls =
        m_hardwareButton->sizeHint().height() * 2 + m_best->fontMetrics().height() * 3 + 30;
    return {900, controls + kFrontierMinPlotHeight};
}

void FrontierView::setPlotPalette(const PlotPalette& palette) {
    m_palette = palette;
    const QColor fg = palette.foreground;
    m_plot->setBackground(palette.background);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(fg));
        axis->setTickPen(QPen(fg));
        axis->setSubTickPen(QPen(fg));
        axis->setTickLabelColor(fg);
        axis->setLabelColor(fg);
        axis->grid()->setPen(QPen(palette.grid));
        axis->grid()->setSubGridPen(QPen(palette.subGrid));
    }
    m_plot->legend->setBrush(palette.background);
    m_plot->legend->setTextColor(fg);
    m_plot->legend->setBorderPen(QPen(palette.grid));
    m_line->setPen(QPen(fg, 1.5));
    m_onFrontier->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(fg, 1.2), Qt::NoBrush, 11));
    m_bestMark->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssStar, QPen(fg, 2.0), Qt::NoBrush, 18));
    m_currentMark->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(palette.warning, 2.0), Qt::NoBrush, 16));
    // A thin ring, close round the point: thousands of them must not blot out the shapes.
    QColor ring = fg;
    ring.setAlpha(150);
    m_pooled->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(ring, 0.8), Qt::NoBrush, 12));
    m_tpotLine->setPen(QPen(palette.warning, 1.5, Qt::DashLine));
    m_tpotText->setColor(palette.warning);
    m_bestText->setColor(fg);
    redraw();
}

QColor FrontierView::hardwareColor(std::size_t h) const {
    return m_palette.compare[h % m_palette.compare.size()];
}

void FrontierView::markStale() {
    m_stale = true;
    if (isVisible()) {
        schedule();  // once the scenario rests: never on a slider's path
    }
}

void FrontierView::schedule() { m_timer->start(); }

void FrontierView::fitDock() {
    auto* dock = qobject_cast<QDockWidget*>(parentWidget());
    auto* window = dock != nullptr ? qobject_cast<QMainWindow*>(dock->parentWidget()) : nullptr;
    // isHidden, not isVisible: `--view frontier --grab` shows the dock before the window.
    if (window == nullptr || dock->isHidden() || dock->isFloating()) {
        return;
    }
    const int title = fontMetrics().height() + 8;
    // A window short for its text (presentation mode at 1280×720: 27 lines) keeps the
    // roofline readable first, as the other views do (views.cpp): 36 % of it at most.
    const int lines = window->height() / std::max(window->fontMetrics().height(), 1);
    const int most = lines < kShortWindowLines ? window->height() * 36 / 100 : window->height() / 2;
    const int readable = std::min(sizeHint().height() + title, most);
    // The first time, and while not laid out (the window not shown: its height is a
    // placeholder), exactly that: Qt would give it its size hint, too tall in a short
    // window. Later only taller, so that a height the user chose stays.
    if (!m_dockFitted || !dock->isVisible() || dock->height() < readable) {
        window->resizeDocks({dock}, {readable}, Qt::Vertical);
        m_dockFitted = dock->isVisible();
    }
}

void FrontierView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    // Once the window has laid the dock out (before, it opens 160 px tall).
    QTimer::singleShot(0, this, &FrontierView::fitDock);
    if (m_stale) {
        QTimer::singleShot(0, this, &FrontierView::refresh);
    }
}

void FrontierView::refresh() {
    m_timer->stop();
    if (m_stale) {
        recompute();
    }
}

std::optional<double> FrontierView::sloSeconds(const QLineEdit* edit) const {
    // Milliseconds as typed, '.' decimals in every locale; a finite number above 0.
    const std::optional<double> ms = parseNumber(edit->text().trimmed().toStdString());
    if (!ms || *ms <= 0.0) {
        return std::nullopt;
    }
    return *ms / 1e3;
}

void FrontierView::recompute() {
    m_stale = false;
    ++m_computeCount;
    const Scenario& s = m_controller.scenario();
    FrontierRequest r;
    r.model = s.model;
    r.draft = s.draft;
    r.base = s.workload;
    const std::int64_t prompt = s.workload.promptTokens;
    const std::int64_t output = std::min<std::int64_t>(m_output->value(), kMaxTokens - prompt + 1);
    // A disaggregated scenario is compared with colocated serving: its frontier opens with
    // the pools added (once, as it turns disaggregated; the box stays the user's after).
    const bool pooled = s.workload.prefillDevices > 0;
    if (pooled && !m_scenarioPooled) {
        const QSignalBlocker quiet(m_serving);
        m_serving->setCurrentIndex(2);
    }
    m_scenarioPooled = pooled;
    const ServingMode& serving =
        kServingModes[static_cast<std::size_t>(std::clamp(m_serving->currentIndex(), 0, 2))];
    r.shape = {prompt, output, serving.batching};
    std::vector<QString> ids;
    m_hardwareNames.clear();
    r.hardware.push_back(s.hardware);
    ids.push_back(qs(s.hardware.id.empty() ? s.hardware.name : s.hardware.id));
    m_hardwareNames.push_back(qs(s.hardware.name.empty() ? s.hardware.id : s.hardware.name));
    for (const Hardware& hw : m_presets) {
        if (hw.id != s.hardware.id) {
            r.hardware.push_back(hw);
            ids.push_back(qs(hw.id));
            m_hardwareNames.push_back(qs(hw.name));
        }
    }
    // Each chip at its own price: the one set here, else (the current chip only) the
    // scenario's. Never the scenario's price for another chip: chips cost different amounts.
    for (std::size_t h = 0; h < ids.size(); ++h) {
        const auto set = m_prices.constFind(ids[h]);
        r.hardwarePricePerDeviceHourUsd.push_back(set != m_prices.constEnd()
                                                      ? std::optional<double>(*set)
                                                  : h == 0 ? s.workload.pricePerDeviceHourUsd
                                                           : std::nullopt);
    }
    r.tensorParallel.assign(kTensorParallel.begin(), kTensorParallel.end());
    for (const QuantizationScheme& q : kQuantizationSchemes) {
        r.quantizations.push_back(q.id);
    }
    r.batches.assign(kBatches.begin(), kBatches.end());
    r.expertParallel =
        isMixtureOfExperts(s.model) ? std::vector<bool>{false, true} : std::vector<bool>{false};
    r.pipelineStages.assign(kPipelineStages.begin(), kPipelineStages.end());
    if (serving.pools) {
        r.prefillPools.assign(kPrefillPools.begin(), kPrefillPools.end());
    }
    r.sloTpotSeconds = sloSeconds(m_sloTpot);
    r.sloTtftSeconds = sloSeconds(m_sloTtft);
    m_request = std::move(r);
    m_frontier = computeFrontier(m_request);
    m_current = analyzeRequest(s, m_request.shape);
    const bool newChips = ids != m_hardwareIds;
    m_hardwareIds = std::move(ids);
    if (newChips || m_tpMenu->isEmpty()) {
        buildFilterMenus();
    }
    buildPriceEdits();  // the current chip's field shows the scenario's price it falls back to
    reselect();
    redraw();
}

void FrontierView::buildFilterMenus() {
    const auto addToggle = [this](QMenu* menu, const QString& text, bool shown,
                                  const std::function<void(bool)>& set) {
        QAction* action = menu->addAction(text);
        action->setCheckable(true);
        action->setChecked(shown);
        connect(action, &QAction::toggled, this, [this, menu, action, set](bool on) {
            // One at least stays shown: an empty view would say nothing.
            const QList<QAction*> all = menu->actions();
            if (!on && std::none_of(all.begin(), all.end(),
                                    [](const QAction* a) { return a->isChecked(); })) {
                action->setChecked(true);
                return;
            }
            set(on);
            reselect();
            redraw();
        });
    };
    m_hardwareMenu->clear();
    for (std::size_t h = 0; h < m_hardwareIds.size(); ++h) {
        const QString id = m_hardwareIds[h];
        addToggle(m_hardwareMenu, m_hardwareNames[h], !m_hiddenHardware.contains(id),
                  [this, id](bool on) {
                      if (on) {
                          m_hiddenHardware.remove(id);
                      } else {
                          m_hiddenHardware.insert(id);
                      }
                  });
    }
    m_tpMenu->clear();
    for (const std::int64_t tp : kTensorParallel) {
        addToggle(m_tpMenu, tr("TP %1").arg(tp), !m_hiddenTp.contains(tp), [this, tp](bool on) {
            if (on) {
                m_hiddenTp.remove(tp);
            } else {
                m_hiddenTp.insert(tp);
            }
        });
    }
    m_quantMenu->clear();
    for (const QuantizationScheme& q : kQuantizationSchemes) {
        const int key = static_cast<int>(q.id);
        addToggle(m_quantMenu, quantizationName(q.id), !m_hiddenQuantizations.contains(key),
                  [this, key](bool on) {
                      if (on) {
                          m_hiddenQuantizations.remove(key);
                      } else {
                          m_hiddenQuantizations.insert(key);
                      }
                  });
    }
}

void FrontierView::buildPriceEdits() {
    auto* form = static_cast<QFormLayout*>(m_pricesPanel->layout());
    if (m_priceEditIds != m_hardwareIds) {
        m_priceEditIds = m_hardwareIds;
        while (form->rowCount() > 0) {
            form->removeRow(0);
        }
        m_priceEdits.clear();
        for (std::size_t h = 0; h < m_hardwareIds.size(); ++h) {
            const QString id = m_hardwareIds[h];
            auto* edit = new QLineEdit(m_pricesPanel);
            edit->setObjectName(QStringLiteral("price_") + id);
            edit->setClearButtonEnabled(true);
            edit->setMinimumWidth(110);
            connect(edit, &QLineEdit::editingFinished, this,
                    [this, id, edit] { applyPriceText(id, edit); });
            form->addRow(tr("%1 $/device-hour").arg(m_hardwareNames[h]), edit);
            m_priceEdits.insert(id, edit);
        }
    }
    for (std::size_t h = 0; h < m_hardwareIds.size(); ++h) {
        QLineEdit* edit = m_priceEdits.value(m_hardwareIds[h]);
        const auto set = m_prices.constFind(m_hardwareIds[h]);
        edit->setText(set != m_prices.constEnd() ? qs(generalText(*set, 10)) : QString());
        const std::optional<double>& scenarioPrice =
            m_controller.scenario().workload.pricePerDeviceHourUsd;
        edit->setPlaceholderText(h == 0 && scenarioPrice
                                     ? tr("scenario's: %1").arg(qs(generalText(*scenarioPrice, 10)))
                                     : tr("none"));
    }
}

void FrontierView::applyPriceText(const QString& id, QLineEdit* edit) {
    const QString text = edit->text().trimmed();
    if (text.isEmpty()) {
        if (m_prices.remove(id) == 0) {
            return;
        }
    } else {
        const std::optional<double> usd = parseNumber(text.toStdString());
        if (!usd || !limits::kPricePerDeviceHourUsd.contains(*usd)) {
            // Refused, and said: the price in use stays, and so does the field's old text.
            const auto set = m_prices.constFind(id);
            edit->setText(set != m_prices.constEnd() ? qs(generalText(*set, 10)) : QString());
            m_unpriced->setText(
                tr("The price of %1 must be %2 (US dollars per device-hour), got \"%3\"; it "
                   "is unchanged.")
                    .arg(id, qs(limits::kPricePerDeviceHourUsd.expected()), text));
            m_unpriced->show();
            return;
        }
        if (m_prices.value(id, -1.0) == *usd) {
            return;
        }
        m_prices.insert(id, *usd);
    }
    m_stale = true;
    refresh();
}

void FrontierView::setHardwarePrices(const QMap<QString, double>& prices) {
    m_prices = prices;
    markStale();
}

QLineEdit* FrontierView::priceEdit(const QString& id) const { return m_priceEdits.value(id); }

FrontierFilter FrontierView::filter() const {
    FrontierFilter f;
    // Lists only when something is hidden (empty allows all); one entry at least stays
    // shown (the menus keep one checked).
    if (!m_hiddenHardware.isEmpty()) {
        for (std::size_t h = 0; h < m_hardwareIds.size(); ++h) {
            if (!m_hiddenHardware.contains(m_hardwareIds[h])) {
                f.hardware.push_back(h);
            }
        }
    }
    if (!m_hiddenTp.isEmpty()) {
        for (const std::int64_t tp : kTensorParallel) {
            if (!m_hiddenTp.contains(tp)) {
                f.tensorParallel.push_back(tp);
            }
        }
    }
    if (!m_hiddenQuantizations.isEmpty()) {
        for (const QuantizationScheme& q : kQuantizationSchemes) {
            if (!m_hiddenQuantizations.contains(static_cast<int>(q.id))) {
                f.quantizations.push_back(q.id);
            }
        }
    }
    f.floor = kFloors[static_cast<std::size_t>(std::clamp(m_floor->currentIndex(), 0, 3))];
    f.fitsOnly = m_fitsOnly->isChecked();
    f.objective =
        perDollar() ? FrontierObjective::TokensPerUsd : FrontierObjective::ThroughputPerDevice;
    return f;
}

void FrontierView::reselect() { m_selection = selectFrontier(m_frontier, filter()); }

std::string FrontierView::csvText() {
    refresh();
    const std::vector<std::string> names = standardStrings(m_hardwareNames);
    const bool priced = m_frontier.unpriced.size() < m_request.hardware.size();
    const bool pipelined =
        std::any_of(m_frontier.points.begin(), m_frontier.points.end(),
                    [](const FrontierPoint& p) { return p.configuration.pipelineStages > 1; });
    const bool pooled =
        std::any_of(m_frontier.points.begin(), m_frontier.points.end(),
                    [](const FrontierPoint& p) { return p.configuration.prefillPool > 0; });
    return frontierCsv(m_frontier, m_request,
                       {names, isMixtureOfExperts(m_request.model), priced,
                        m_request.sloTpotSeconds || m_request.sloTtftSeconds, pipelined, pooled},
                       m_selection);
}

bool FrontierView::perDollar() const {
    return m_perDollar->isChecked() && m_frontier.unpriced.size() < m_request.hardware.size();
}

double FrontierView::yValue(std::size_t i) const {
    const RequestResult& r = m_frontier.points[i].result;
    return perDollar() ? r.outputTokensPerUsd.value_or(0.0) : r.throughputTokensPerSecondPerDevice;
}

QString FrontierView::pointText(std::size_t i) const {
    const FrontierPoint& p = m_frontier.points[i];
    const RequestResult& r = p.result;
    QString text = configurationText(p.configuration, m_hardwareNames[p.configuration.hardware],
                                     isMixtureOfExperts(m_request.model));
    text += QLatin1Char('\n') + tr("%1 tok/s per user, %2 tok/s per device")
                                    .arg(qs(formatNumber(r.interactivityTokensPerSecondPerUser)),
                                         qs(formatNumber(r.throughputTokensPerSecondPerDevice)));
    text += QLatin1Char('\n') + tr("TTFT %1, TPOT %2, end to end %3")
                                    .arg(qs(formatDuration(r.ttftSeconds)),
                                         qs(formatDuration(r.tpotSeconds)),
                                         qs(formatDuration(r.endToEndSeconds)));
    if (r.prefillPoolPaces) {
        text +=
            QLatin1Char('\n') +
            (*r.prefillPoolPaces ? tr("the prefill pool sets the pace; the decode pool idles %1%")
                                 : tr("the decode pool sets the pace; the prefill pool idles %1%"))
                .arg(qs(formatNumber(r.idlePoolFraction * 100.0, 3)));
    } else if (r.prefillInterferenceSeconds > 0.0) {
        text += QLatin1Char('\n') + tr("TPOT includes %1 of chunked prefill per token")
                                        .arg(qs(formatDuration(r.prefillInterferenceSeconds)));
    }
    if (r.usdPerMillionOutputTokens) {
        text +=
            QLatin1Char('\n') +
            tr("$%1 per million output tokens").arg(qs(formatNumber(*r.usdPerMillionOutputTokens)));
    } else {
        text += QLatin1Char('\n') + tr("no price for this chip (Prices)");
    }
    QStringList flags;
    flags << (r.fits ? tr("fits") : tr("does not fit"));
    if (i < m_selection.onFrontier.size() && m_selection.onFrontier[i]) {
        flags << tr("on the frontier");
    }
    if (p.meetsSlo) {
        flags << (*p.meetsSlo ? tr("meets the SLOs") : tr("misses an SLO"));
    }
    return text + QLatin1Char('\n') + flags.join(QStringLiteral(", "));
}

void FrontierView::redraw() {
    if (m_computeCount == 0) {
        return;  // the palette is set before the first frontier
    }
    const bool anyPrice = m_frontier.unpriced.size() < m_request.hardware.size();
    m_perDollar->setEnabled(anyPrice);
    const bool dollars = perDollar();
    m_plot->yAxis->setLabel(dollars ? tr("output tokens per $")
                                    : tr("throughput: tok/s per device"));
    for (const FrontierPointGraph& g : m_pointGraphs) {
        m_plot->removeGraph(g.graph);
    }
    m_pointGraphs.clear();
    for (QCPGraph* g : m_legendKeys) {
        m_plot->removeGraph(g);
    }
    m_legendKeys.clear();

    // Points grouped by hardware × quantization × state: one graph (one style) each.
    const std::size_t chips = m_request.hardware.size();
    const std::size_t schemes = kQuantizationSchemes.size();
    std::vector<QVector<double>> gx(chips * schemes * 3);
    std::vector<QVector<double>> gy(gx.size());
    QVector<double> lx, ly;
    QVector<double> px, py;  // the disaggregated points, ringed
    double lo = std::numeric_limits<double>::infinity();
    double hi = 0.0;
    double xlo = lo;
    double xhi = 0.0;
    for (std::size_t i = 0; i < m_frontier.points.size(); ++i) {
        if (i >= m_selection.shown.size() || !m_selection.shown[i]) {
            continue;
        }
        const FrontierPoint& p = m_frontier.points[i];
        const double x = p.result.interactivityTokensPerSecondPerUser;
        const double y = yValue(i);
        if (!(x > 0.0 && y > 0.0 && std::isfinite(x) && std::isfinite(y))) {
            continue;
        }
        lo = std::min(lo, y);
        hi = std::max(hi, y);
        xlo = std::min(xlo, x);
        xhi = std::max(xhi, x);
        const FrontierPointGraph::State state = !p.result.fits ? FrontierPointGraph::DoesNotFit
                                                : (p.meetsSlo && !*p.meetsSlo)
                                                    ? FrontierPointGraph::MissesSlo
                                                    : FrontierPointGraph::Fits;
        const std::size_t k = (p.configuration.hardware * schemes +
                               static_cast<std::size_t>(p.configuration.quantization)) *
                                  3 +
                              static_cast<std::size_t>(state);
        gx[k] << x;
        gy[k] << y;
        if (p.configuration.prefillPool > 0) {
            px << x;
            py << y;
        }
        if (m_selection.onFrontier[i]) {
            lx << x;
            ly << y;
        }
    }
    for (std::size_t k = 0; k < gx.size(); ++k) {
        if (gx[k].isEmpty()) {
            continue;
        }
        FrontierPointGraph g;
        g.hardware = k / (schemes * 3);
        g.quantization = kQuantizationSchemes[(k / 3) % schemes].id;
        g.state = static_cast<FrontierPointGraph::State>(k % 3);
        g.graph = m_plot->addGraph();
        g.graph->setLayer(QStringLiteral("points"));
        g.graph->setLineStyle(QCPGraph::lsNone);
        g.graph->removeFromLegend();
        const QColor colour = hardwareColor(g.hardware);
        QColor faded = colour;
        faded.setAlpha(60);
        g.graph->setScatterStyle(
            g.state == FrontierPointGraph::Fits
                ? quantizationStyle(g.quantization, QPen(colour, 1.0), colour, 7)
            : g.state == FrontierPointGraph::MissesSlo
                ? quantizationStyle(g.quantization, QPen(faded, 1.0), faded, 7)
                : quantizationStyle(g.quantization, QPen(colour, 1.3), Qt::NoBrush, 7));
        g.graph->setData(gx[k], gy[k], true);
        m_pointGraphs.push_back(g);
    }
    m_line->setData(lx, ly);  // sorted by x: the staircase steps down at each point
    m_onFrontier->setData(lx, ly);
    m_pooled->setData(px, py);

    // The legend: a colour per chip (with its price), a shape per quantization, then what
    // fill, the line and the marks mean.
    m_plot->legend->clearItems();
    const QColor fg = m_palette.foreground;
    const auto key = [this](const QString& name, const QCPScatterStyle& style) {
        QCPGraph* g = m_plot->addGraph();
        g->setName(name);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(style);
        m_legendKeys.push_back(g);
    };
    for (std::size_t h = 0; h < chips; ++h) {
        const std::optional<double> price = hardwarePrice(m_request, h);
        key(tr("%1: %2").arg(m_hardwareNames[h], price ? priceText(*price) : tr("no price")),
            QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(hardwareColor(h)), hardwareColor(h),
                            9));
    }
    for (const QuantizationScheme& q : kQuantizationSchemes) {
        key(quantizationName(q.id), quantizationStyle(q.id, QPen(fg), fg, 7));
    }
    key(tr("hollow: does not fit"),
        quantizationStyle(Quantization::W16A16, QPen(fg, 1.3), Qt::NoBrush, 7));
    if (m_request.sloTpotSeconds || m_request.sloTtftSeconds) {
        QColor faded = fg;
        faded.setAlpha(60);
        key(tr("faded: misses an SLO"),
            quantizationStyle(Quantization::W16A16, QPen(faded), faded, 7));
    }
    for (QCPGraph* g : {m_line, m_bestMark, m_currentMark}) {
        g->addToLegend();
    }
    m_pooled->removeFromLegend();
    if (!px.isEmpty()) {
        m_pooled->addToLegend();
    }
    // Chips and shapes in the first column, what the rest means in the second.
    m_plot->legend->setWrap(static_cast<int>(chips + schemes));

    const double cx = m_current.interactivityTokensPerSecondPerUser;
    const double cy = dollars ? m_current.outputTokensPerUsd.value_or(0.0)
                              : m_current.throughputTokensPerSecondPerDevice;
    m_currentMark->setData(QVector<double>{cx}, QVector<double>{cy});

    const bool moe = isMixtureOfExperts(m_request.model);
    const bool slo = m_request.sloTpotSeconds || m_request.sloTtftSeconds;
    const auto shown = static_cast<long long>(
        std::count(m_selection.shown.begin(), m_selection.shown.end(), true));
    const QString counts =
        tr("%1 of %2 configurations shown, %3 on the frontier, %4 skipped.")
            .arg(qs(formatInteger(shown)),
                 qs(formatInteger(static_cast<long long>(m_frontier.points.size()))),
                 qs(formatInteger(lx.size())),
                 qs(formatInteger(static_cast<long long>(m_frontier.skipped.size()))));
    if (m_selection.best) {
        const std::size_t b = *m_selection.best;
        const FrontierPoint& p = m_frontier.points[b];
        const double bx = p.result.interactivityTokensPerSecondPerUser;
        m_bestMark->setData(QVector<double>{bx}, QVector<double>{yValue(b)});
        const QString config =
            configurationText(p.configuration, m_hardwareNames[p.configuration.hardware], moe);
        m_bestText->setText(tr("best"));  // the label above the plot names it
        m_bestText->position->setCoords(bx, yValue(b) * 1.25);
        m_bestText->setVisible(true);
        const QString figure =
            dollars ? tr("%1 output tokens per $")
                          .arg(qs(formatNumber(p.result.outputTokensPerUsd.value_or(0.0))))
                    : tr("%1 tok/s per device")
                          .arg(qs(formatNumber(p.result.throughputTokensPerSecondPerDevice)));
        m_best->setText(tr("Best: %1: %2, %3 tok/s per user (the most %4 that fits%5, among "
                           "those shown). %6")
                            .arg(config, figure,
                                 qs(formatNumber(p.result.interactivityTokensPerSecondPerUser)),
                                 dollars ? tr("tokens per $") : tr("throughput per device"),
                                 slo ? tr(" and meets the SLOs") : QString(), counts));
    } else {
        m_bestMark->data()->clear();
        m_bestText->setVisible(false);
        m_best->setText(tr("No configuration shown fits%1. %2")
                            .arg(slo ? tr(" and meets the SLOs") : QString(), counts));
    }
    m_best->setToolTip(tr("Requests of %1 prompt and %2 output tokens on %3 and others")
                           .arg(qs(formatInteger(m_request.shape.promptTokens)),
                                qs(formatInteger(m_request.shape.outputTokens)),
                                m_hardwareNames.empty() ? QString() : m_hardwareNames.front()));
    // Chips without a price: said whenever the $ axis is on (they are off it).
    const std::vector<std::string> names = standardStrings(m_hardwareNames);
    FrontierFilter unfiltered = filter();
    unfiltered.objective = FrontierObjective::ThroughputPerDevice;
    const QString unpriced =
        dollars ? qs(unpricedText(m_frontier, names, selectFrontier(m_frontier, unfiltered).shown))
                : QString();
    m_unpriced->setText(unpriced);
    m_unpriced->setVisible(!unpriced.isEmpty());

    if (m_request.sloTpotSeconds) {
        const double x = 1.0 / *m_request.sloTpotSeconds;
        m_tpotLine->point1->setCoords(x, 1.0);
        m_tpotLine->point2->setCoords(x, 2.0);
        m_tpotText->position->setCoords(x, hi > 0.0 ? hi * 2.8 : 1.0);
        m_tpotText->setText(tr(" TPOT ≤ %1").arg(qs(formatDuration(*m_request.sloTpotSeconds))));
        xlo = std::min(xlo, x);
        xhi = std::max(xhi, x);
    }
    m_tpotLine->setVisible(m_request.sloTpotSeconds.has_value());
    m_tpotText->setVisible(m_request.sloTpotSeconds.has_value());

    if (hi > 0.0) {
        m_plot->xAxis->setRange(xlo / 1.6, xhi * 1.6);
        m_plot->yAxis->setRange(lo / 1.6, hi * 3.0);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void FrontierView::onMouseMove(QMouseEvent* event) {
    // The nearest shown point within 8 px, in pixels (log axes).
    const QPointF at = event->position();
    double best = 64.0;
    std::optional<std::size_t> nearest;
    for (std::size_t i = 0; i < m_frontier.points.size() && i < m_selection.shown.size(); ++i) {
        if (!m_selection.shown[i]) {
            continue;
        }
        const double x = m_plot->xAxis->coordToPixel(
            m_frontier.points[i].result.interactivityTokensPerSecondPerUser);
        const double y = m_plot->yAxis->coordToPixel(yValue(i));
        const double d2 = (x - at.x()) * (x - at.x()) + (y - at.y()) * (y - at.y());
        if (d2 < best) {
            best = d2;
            nearest = i;
        }
    }
    if (!nearest) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(event->globalPosition().toPoint(), pointText(*nearest), m_plot);
}

}  // namespace roofline::ui
