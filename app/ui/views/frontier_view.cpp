// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/frontier_view.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "plot/plot_tooltip.h"
#include "roofline/format.h"
#include "roofline/io/presets.h"
#include "roofline/parse.h"
#include "window/debounce.h"
#include "window/scenario_controller.h"
#include "window/scenario_document.h"

namespace roofline::ui {
namespace {

/// Chips offered beside the current one: a generation ladder and another vendor's part.
constexpr std::array<const char*, 4> kOtherHardware = {"h100-sxm", "h200", "b200", "mi300x"};
constexpr std::array<std::int64_t, 4> kTensorParallel = {1, 2, 4, 8};
constexpr std::array<std::int64_t, 10> kBatches = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512};

QString configurationText(const FrontierConfiguration& c, const QString& hardware, bool moe) {
    QString text = QObject::tr("%1, TP %2, %3, batch %4")
                       .arg(hardware, qs(integerText(c.tensorParallel)),
                            qs(std::string(toString(c.quantization))), qs(formatInteger(c.batch)));
    if (moe) {
        text += c.expertParallel ? QObject::tr(", EP on") : QObject::tr(", EP off");
    }
    return text;
}

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
        tr("Output tokens per dollar on the y axis (needs a price per "
           "device-hour above 0, under Advanced)"));
    const auto label = [this](const QString& text, QWidget* buddy) {
        auto* l = new QLabel(text, this);
        l->setBuddy(buddy);
        return l;
    };
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
    bar->addStretch(1);
    layout->addLayout(bar);
    m_best = new QLabel(this);
    m_best->setObjectName(QStringLiteral("frontierBest"));
    m_best->setWordWrap(true);
    m_best->setTextFormat(Qt::PlainText);
    m_best->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_best);

    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("frontierPlot"));
    m_plot->setMinimumSize(320, 200);
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
    m_unfit = m_plot->addGraph();
    m_unfit->setName(tr("does not fit"));
    m_missed = m_plot->addGraph();
    m_missed->setName(tr("misses an SLO"));
    m_fit = m_plot->addGraph();
    m_fit->setName(tr("fits"));
    m_line = m_plot->addGraph();
    m_line->setName(tr("Pareto frontier"));
    m_line->setLineStyle(QCPGraph::lsStepRight);
    m_onFrontier = m_plot->addGraph();
    m_onFrontier->removeFromLegend();
    m_bestMark = m_plot->addGraph();
    m_bestMark->setName(tr("best"));
    m_currentMark = m_plot->addGraph();
    m_currentMark->setName(tr("current"));
    for (QCPGraph* g : {m_unfit, m_missed, m_fit, m_onFrontier, m_bestMark, m_currentMark}) {
        g->setLineStyle(QCPGraph::lsNone);
    }
    m_tpotLine = new QCPItemStraightLine(m_plot);
    m_tpotText = new QCPItemText(m_plot);
    m_tpotText->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_bestText = new QCPItemText(m_plot);
    m_bestText->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    m_plot->legend->setVisible(true);
    // Bottom left: slow and low-throughput, where configurations seldom are.
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignLeft);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    layout->addWidget(m_plot, 1);

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
    connect(m_perDollar, &QCheckBox::toggled, this, &FrontierView::redraw);
    connect(m_plot, &QCustomPlot::mouseMove, this, &FrontierView::onMouseMove);
    setPlotPalette(PlotPalette::forSystem(palette()));
}

QSize FrontierView::sizeHint() const {
    // Tall enough that a decade of throughput is readable when the dock first opens.
    return {900, 380};
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
    const QColor point = palette.decode;
    QColor faded = point;
    faded.setAlpha(70);
    m_fit->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, point, point, 6));
    m_missed->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, faded, faded, 6));
    m_unfit->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(palette.warning, 1.2), Qt::NoBrush, 6));
    m_line->setPen(QPen(palette.prefill, 2.0));
    m_onFrontier->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond,
                                                  QPen(palette.prefill, 1.5), palette.prefill, 9));
    m_bestMark->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssStar, QPen(fg, 2.0), Qt::NoBrush, 16));
    m_currentMark->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(fg, 2.0), Qt::NoBrush, 16));
    m_tpotLine->setPen(QPen(palette.warning, 1.5, Qt::DashLine));
    m_tpotText->setColor(palette.warning);
    m_bestText->setColor(fg);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void FrontierView::markStale() {
    m_stale = true;
    if (isVisible()) {
        schedule();  // once the scenario rests: never on a slider's path
    }
}

void FrontierView::schedule() { m_timer->start(); }

void FrontierView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
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
    r.shape = {prompt, output};
    m_hardwareNames.clear();
    r.hardware.push_back(s.hardware);
    m_hardwareNames.push_back(qs(s.hardware.name.empty() ? s.hardware.id : s.hardware.name));
    for (const Hardware& hw : m_presets) {
        if (hw.id != s.hardware.id) {
            r.hardware.push_back(hw);
            m_hardwareNames.push_back(qs(hw.name));
        }
    }
    r.tensorParallel.assign(kTensorParallel.begin(), kTensorParallel.end());
    for (const QuantizationScheme& q : kQuantizationSchemes) {
        r.quantizations.push_back(q.id);
    }
    r.batches.assign(kBatches.begin(), kBatches.end());
    r.expertParallel =
        isMixtureOfExperts(s.model) ? std::vector<bool>{false, true} : std::vector<bool>{false};
    r.sloTpotSeconds = sloSeconds(m_sloTpot);
    r.sloTtftSeconds = sloSeconds(m_sloTtft);
    m_request = std::move(r);
    m_frontier = computeFrontier(m_request);
    m_current = analyzeRequest(s, m_request.shape);
    redraw();
}

bool FrontierView::perDollar() const {
    const std::optional<double>& price = m_request.base.pricePerDeviceHourUsd;
    return m_perDollar->isChecked() && price && *price > 0.0;
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
    if (r.usdPerMillionOutputTokens) {
        text +=
            QLatin1Char('\n') +
            tr("$%1 per million output tokens").arg(qs(formatNumber(*r.usdPerMillionOutputTokens)));
    }
    QStringList flags;
    flags << (r.fits ? tr("fits") : tr("does not fit"));
    if (p.onFrontier) {
        flags << tr("on the frontier");
    }
    if (p.meetsSlo) {
        flags << (*p.meetsSlo ? tr("meets the SLOs") : tr("misses an SLO"));
    }
    return text + QLatin1Char('\n') + flags.join(QStringLiteral(", "));
}

void FrontierView::redraw() {
    const bool dollars = perDollar();
    m_perDollar->setEnabled(m_request.base.pricePerDeviceHourUsd &&
                            *m_request.base.pricePerDeviceHourUsd > 0.0);
    m_plot->yAxis->setLabel(dollars ? tr("output tokens per $")
                                    : tr("throughput: tok/s per device"));
    QVector<double> fx, fy, mx, my, ux, uy, lx, ly;
    double lo = std::numeric_limits<double>::infinity();
    double hi = 0.0;
    double xlo = lo;
    double xhi = 0.0;
    for (std::size_t i = 0; i < m_frontier.points.size(); ++i) {
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
        if (!p.result.fits) {
            ux << x;
            uy << y;
        } else if (p.meetsSlo && !*p.meetsSlo) {
            mx << x;
            my << y;
        } else {
            fx << x;
            fy << y;
        }
        if (p.onFrontier) {
            lx << x;
            ly << y;
        }
    }
    m_fit->setData(fx, fy);
    m_missed->setData(mx, my);
    m_unfit->setData(ux, uy);
    m_line->setData(lx, ly);  // sorted by x: the staircase steps down at each point
    m_onFrontier->setData(lx, ly);
    m_missed->setVisible(!mx.isEmpty());
    if (m_missed->visible()) {
        m_missed->addToLegend();
    } else {
        m_missed->removeFromLegend();
    }

    const double cx = m_current.interactivityTokensPerSecondPerUser;
    const double cy = dollars ? m_current.outputTokensPerUsd.value_or(0.0)
                              : m_current.throughputTokensPerSecondPerDevice;
    m_currentMark->setData(QVector<double>{cx}, QVector<double>{cy});

    const bool moe = isMixtureOfExperts(m_request.model);
    if (m_frontier.best) {
        const std::size_t b = *m_frontier.best;
        const FrontierPoint& p = m_frontier.points[b];
        const double bx = p.result.interactivityTokensPerSecondPerUser;
        m_bestMark->setData(QVector<double>{bx}, QVector<double>{yValue(b)});
        const QString config =
            configurationText(p.configuration, m_hardwareNames[p.configuration.hardware], moe);
        m_bestText->setText(tr("best"));  // the label above the plot names it
        m_bestText->position->setCoords(bx, yValue(b) * 1.25);
        m_bestText->setVisible(true);
        m_best->setText(
            tr("%1: %2 tok/s per device, %3 tok/s per user (highest throughput per device that "
               "fits%4). %5 configurations, %6 on the frontier, %7 skipped.")
                .arg(config, qs(formatNumber(p.result.throughputTokensPerSecondPerDevice)),
                     qs(formatNumber(p.result.interactivityTokensPerSecondPerUser)),
                     m_request.sloTpotSeconds || m_request.sloTtftSeconds
                         ? tr(" and meets the SLOs")
                         : QString(),
                     qs(formatInteger(static_cast<long long>(m_frontier.points.size()))),
                     qs(formatInteger(lx.size())),
                     qs(formatInteger(static_cast<long long>(m_frontier.skipped.size())))));
    } else {
        m_bestMark->data()->clear();
        m_bestText->setVisible(false);
        m_best->setText(tr("No configuration fits%1.")
                            .arg(m_request.sloTpotSeconds || m_request.sloTtftSeconds
                                     ? tr(" and meets the SLOs")
                                     : QString()));
    }
    m_best->setToolTip(tr("Requests of %1 prompt and %2 output tokens on %3 and others")
                           .arg(qs(formatInteger(m_request.shape.promptTokens)),
                                qs(formatInteger(m_request.shape.outputTokens)),
                                m_hardwareNames.empty() ? QString() : m_hardwareNames.front()));

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
    // The nearest point within 8 px, in pixels (log axes).
    const QPointF at = event->position();
    double best = 64.0;
    std::optional<std::size_t> nearest;
    for (std::size_t i = 0; i < m_frontier.points.size(); ++i) {
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
