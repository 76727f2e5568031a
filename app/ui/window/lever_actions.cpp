// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/lever_actions.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QStringList>
#include <QToolBar>

#include "model/debounce.h"
#include "model/plot_tooltip.h"
#include "model/quantization.h"
#include "roofline/io/levers.h"

namespace roofline::ui {
namespace {

/// Lever applicability is recomputed this long after the scenario stops changing, so that
/// a dragged slider never waits for thirteen analyses.
constexpr int kLeverRefreshMs = 100;

std::size_t leverIndex(LeverId id) { return static_cast<std::size_t>(id); }

}  // namespace

QString leverShortTitle(LeverId id) {
    if (const std::optional<std::size_t> step = leverQuantizationStep(id)) {
        const std::string_view label = kQuantizationSteps[*step].label;
        return QString::fromUtf8(label.data(), static_cast<qsizetype>(label.size()));
    }
    switch (id) {
        case LeverId::W8a16:
        case LeverId::W4a16:
        case LeverId::W8a8:
        case LeverId::W4a4:
            break;  // named by their slider step above
        case LeverId::KvFp8:
            return LeverActions::tr("fp8 KV");
        case LeverId::Gqa8:
            return LeverActions::tr("GQA 8");
        case LeverId::BatchX8:
            return LeverActions::tr("Batch ×8");
        case LeverId::SpecNgram:
            return LeverActions::tr("Spec (n-gram)");
        case LeverId::SpecDraft:
            return LeverActions::tr("Spec (draft)");
        case LeverId::FlashAttention:
            return LeverActions::tr("FlashAttention");
        case LeverId::TpX2:
            return LeverActions::tr("TP ×2");
        case LeverId::ExpertParallel:
            return LeverActions::tr("Expert parallel");
        case LeverId::NextHardware:
            return LeverActions::tr("Next hardware");
    }
    return {};
}

std::optional<std::size_t> leverQuantizationStep(LeverId id) {
    // The precisions each lever sets from 16-bit activations (core levers.h): the a16 levers
    // keep them, w8a8 and w4a4 set their own.
    switch (id) {
        case LeverId::W8a16:
            return quantizationStep(Precision::Int8, Precision::Bf16);
        case LeverId::W4a16:
            return quantizationStep(Precision::Int4, Precision::Bf16);
        case LeverId::W8a8:
            return quantizationStep(Precision::Fp8, Precision::Fp8);
        case LeverId::W4a4:
            return quantizationStep(Precision::Fp4, Precision::Fp4);
        default:
            return std::nullopt;
    }
}

QString leverName(LeverId id) {
    const std::string_view title = leverTitle(id);
    QString name = QString::fromUtf8(title.data(), static_cast<qsizetype>(title.size()));
    if (!leverQuantizationStep(id)) {
        return name;
    }
    // "Int8 weights (W8A16)" is the engine's title (roofline-cli levers); the window names
    // the slider's step in its place, "Int8 weights, W8A16 (int8)".
    const qsizetype bracket = name.lastIndexOf(QStringLiteral(" ("));
    return LeverActions::tr("%1, %2").arg(bracket < 0 ? name : name.left(bracket),
                                          leverShortTitle(id));
}

QString leverStackTitle(const std::vector<LeverId>& levers) {
    QStringList names;
    for (const LeverId id : levers) {
        names << leverShortTitle(id);
    }
    return names.join(QStringLiteral(" + "));
}

LeverActions::LeverActions(ScenarioDocument& document, QWidget* window)
    : QObject(window), m_document(document) {
    m_label = new QLabel(window);
    m_label->setObjectName(QStringLiteral("leverExplanation"));
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_label->setFrameShape(QFrame::StyledPanel);
    m_label->setMargin(6);
    m_label->hide();
    m_status = new QLabel(window);
    m_status->setObjectName(QStringLiteral("leverStatus"));
    m_status->setTextFormat(Qt::PlainText);
    // A long sentence must not widen the window: it is cut at the window's edge (the label
    // under the plot and the tooltip hold all of it).
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_status->hide();

    m_timer = new Debounce(kLeverRefreshMs, this);
    connect(m_timer, &Debounce::timeout, this, &LeverActions::update);
    for (const LeverId id : kAllLevers) {
        const std::string_view key = leverKey(id);
        auto* action = new QAction(leverName(id), window);
        action->setObjectName(QStringLiteral("lever-") +
                              QString::fromLatin1(key.data(), static_cast<qsizetype>(key.size())));
        action->setIconText(leverShortTitle(id));
        connect(action, &QAction::triggered, this, [this, id] { apply(id); });
        m_actions[leverIndex(id)] = action;
    }
    connect(&document, &ScenarioDocument::changed, this, &LeverActions::onDocumentChanged);
}

void LeverActions::addTo(QMenu* menu, QToolBar* toolBar) {
    menu->setToolTipsVisible(true);  // a disabled lever says why
    connect(menu, &QMenu::aboutToShow, this, &LeverActions::update);
    for (QAction* lever : m_actions) {
        menu->addAction(lever);
        toolBar->addAction(lever);
    }
}

QAction* LeverActions::action(LeverId id) const { return m_actions[leverIndex(id)]; }

void LeverActions::onDocumentChanged(DocumentChanges what) {
    if (what & kScenarioChanges) {
        // Cheap on every slider step: the levers are recomputed once the scenario rests, or
        // when the Interventions menu opens.
        m_dirty = true;
        m_timer->start();
    }
    if (what & (kScenarioChanges | DocumentChange::Baseline | DocumentChange::Levers)) {
        showExplanation();
    }
}

void LeverActions::update() {
    if (!m_dirty) {
        return;
    }
    m_dirty = false;
    m_timer->stop();
    const ScenarioController& current = m_document.current();
    for (const LeverOutcome& outcome : io::listLevers(current.scenario(), current.analysis())) {
        QAction* a = action(outcome.id);
        const QString name = leverName(outcome.id);
        const QString shortName = leverShortTitle(outcome.id);
        QString tip;
        if (!outcome.applicable) {
            a->setEnabled(false);
            a->setText(name);
            a->setIconText(shortName);
            tip = tr("Does not apply: %1").arg(qs(outcome.reason));
        } else if (!outcome.fits) {
            a->setEnabled(true);
            a->setText(tr("%1 (does not fit)").arg(name));
            a->setIconText(tr("%1 (does not fit)").arg(shortName));
            tip = tr("Does not fit in memory. %1").arg(qs(outcome.explanation));
        } else {
            a->setEnabled(true);
            a->setText(name);
            a->setIconText(shortName);
            tip = qs(outcome.explanation);
        }
        a->setToolTip(tip);
        a->setStatusTip(tip);
    }
}

bool LeverActions::apply(LeverId id, QString* reason) {
    const ScenarioDocument::LeverResult result = m_document.applyLever(id);
    if (!result.applied) {
        emit refused(tr("%1 does not apply: %2").arg(leverName(id), result.reason));
        if (reason != nullptr) {
            *reason = result.reason;
        }
        return false;
    }
    return true;
}

void LeverActions::setExplanationHidden(bool hidden) {
    m_explanationHidden = hidden;
    showExplanation();
}

void LeverActions::showExplanation() {
    const std::vector<LeverStep>& steps = m_document.leverSteps();
    if (steps.empty() || m_explanationHidden) {
        if (m_label->isHidden() && m_status->isHidden()) {
            return;  // a slider step with no lever shown costs nothing here
        }
        m_label->clear();
        m_status->clear();
        m_label->hide();
        m_status->hide();
        return;
    }
    if (steps.size() == 1) {
        const QString lever = leverName(steps.front().id);
        const QString& text = steps.front().explanation;
        m_label->setText(tr("<b>%1</b>, against the pinned baseline: %2")
                             .arg(lever.toHtmlEscaped(), text.toHtmlEscaped()));
        // A normal status bar widget: a passing message or status tip covers it for a while,
        // then it comes back, until the next change.
        m_status->setText(tr("%1: %2").arg(lever, text));
    } else {
        // Stacked: the arrow runs from the baseline to the combined scenario; each step is
        // listed with its own sentence, from the scenario just before it.
        std::vector<LeverId> ids;
        QString items;
        for (const LeverStep& step : steps) {
            ids.push_back(step.id);
            items += tr("<li><b>%1</b>: %2</li>")
                         .arg(leverName(step.id).toHtmlEscaped(), step.explanation.toHtmlEscaped());
        }
        const QString stack = leverStackTitle(ids);
        m_label->setText(tr("<b>%1</b>, %2 levers stacked against the pinned baseline:<ol "
                            "style=\"margin-top: 0; margin-bottom: 0\">%3</ol>")
                             .arg(stack.toHtmlEscaped(), QString::number(steps.size()), items));
        m_status->setText(
            tr("%1, against the pinned baseline; last, %2: %3")
                .arg(stack, leverShortTitle(steps.back().id), steps.back().explanation));
    }
    m_status->setToolTip(m_status->text());
    m_label->setVisible(!m_underPlotHidden);
    m_status->show();
}

void LeverActions::setUnderPlotHidden(bool hidden) {
    m_underPlotHidden = hidden;
    if (hidden) {
        m_label->hide();
    } else {
        m_label->setVisible(!m_label->text().isEmpty());
    }
}

}  // namespace roofline::ui
