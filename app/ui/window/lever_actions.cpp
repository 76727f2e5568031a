// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/lever_actions.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QToolBar>

#include "plot/plot_tooltip.h"
#include "roofline/io/levers.h"
#include "window/debounce.h"

namespace roofline::ui {
namespace {

/// Lever applicability is recomputed this long after the scenario stops changing, so that
/// a dragged slider never waits for thirteen analyses.
constexpr int kLeverRefreshMs = 100;

std::size_t leverIndex(LeverId id) { return static_cast<std::size_t>(id); }

}  // namespace

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

QString leverName(LeverId id) {
    const std::string_view title = leverTitle(id);
    return QString::fromUtf8(title.data(), static_cast<qsizetype>(title.size()));
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
    if (what & (kScenarioChanges | DocumentChange::Baseline)) {
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
    const QString& text = m_document.leverExplanation();
    if (text.isEmpty() || !m_document.lastLever() || m_explanationHidden) {
        if (m_label->isHidden() && m_status->isHidden()) {
            return;  // a slider step with no lever shown costs nothing here
        }
        m_label->clear();
        m_status->clear();
        m_label->hide();
        m_status->hide();
        return;
    }
    const QString lever = leverName(*m_document.lastLever());
    m_label->setText(tr("<b>%1</b>, against the pinned baseline: %2")
                         .arg(lever.toHtmlEscaped(), text.toHtmlEscaped()));
    // A normal status bar widget: a passing message or status tip covers it for a while,
    // then it comes back, until the next change.
    m_status->setText(tr("%1: %2").arg(lever, text));
    m_status->setToolTip(m_status->text());
    m_label->show();
    m_status->show();
}

}  // namespace roofline::ui
