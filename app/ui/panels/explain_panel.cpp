// SPDX-License-Identifier: GPL-3.0-or-later
#include "explain_panel.h"

#include <algorithm>

#include <QPlainTextEdit>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QVBoxLayout>

#include "model/plot_tooltip.h"
#include "roofline/explain.h"
#include "roofline/io/levers.h"

namespace roofline::ui {

ExplainPanel::ExplainPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // A plain-text view lays out only the sentences on screen: on a slider step that is
    // most of the panel's cost (a rich-text browser laid out all of them, about 1.5 ms).
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("explanation"));
    m_text->setFrameShape(QFrame::NoFrame);
    m_text->setReadOnly(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_text->setUndoRedoEnabled(false);  // the panel's own edits (replaceChanged) are no history
    layout->addWidget(m_text);
}

void ExplainPanel::setAnalysis(const Scenario& scenario, const Analysis& analysis) {
    if (!isVisible()) {
        m_pendingScenario = scenario;
        m_pendingAnalysis = analysis;
        return;
    }
    update(scenario, analysis);
}

void ExplainPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_pendingScenario && m_pendingAnalysis) {
        const Scenario scenario = *m_pendingScenario;
        const Analysis analysis = *m_pendingAnalysis;
        m_pendingScenario.reset();
        m_pendingAnalysis.reset();
        update(scenario, analysis);
    }
}

void ExplainPanel::update(const Scenario& scenario, const Analysis& analysis) {
    m_pendingScenario.reset();
    m_pendingAnalysis.reset();
    // The next hardware and the draft depend only on the hardware and the model.
    std::string key = scenario.hardware.id + '\n' + scenario.hardware.name + '\n' +
                      scenario.model.id + '\n' + scenario.model.name;
    if (key != m_contextKey) {
        m_context = io::leverContext(scenario);
        m_contextKey = std::move(key);
    }
    // The sentences rank the levers by their numbers; each lever's own sentence is the
    // menu's tooltip, written when asked for.
    const std::vector<LeverOutcome> levers =
        evaluateLevers(scenario, analysis, m_context, LeverDetail::Numbers);
    QStringList sentences;
    for (const std::string& sentence : explain(scenario, analysis, levers)) {
        sentences << qs(sentence);
    }
    if (sentences == m_sentences) {
        return;  // a change elsewhere (say, a baseline) says nothing new here
    }
    const bool sameShape = sentences.size() == m_sentences.size() &&
                           std::none_of(sentences.begin(), sentences.end(), hasBreak) &&
                           std::none_of(m_sentences.begin(), m_sentences.end(), hasBreak);
    if (sameShape) {
        replaceChanged(sentences);
    } else {
        // One paragraph per sentence, a blank line between them.
        m_text->setPlainText(sentences.join(QStringLiteral("\n\n")));
    }
    m_sentences = sentences;
}

bool ExplainPanel::hasBreak(const QString& sentence) {
    return sentence.contains(QLatin1Char('\n')) || sentence.contains(QChar::ParagraphSeparator);
}

void ExplainPanel::replaceChanged(const QStringList& sentences) {
    // Only the paragraphs whose sentence changed, each in place: a slider step changes most
    // of the numbers but not the sentences' number, and setPlainText() laid the whole
    // document out again (about 1 ms of a 3 ms step). The reader's scroll position stays.
    QTextDocument* document = m_text->document();
    QTextCursor cursor(document);
    cursor.beginEditBlock();
    for (qsizetype i = 0; i < sentences.size(); ++i) {
        if (sentences[i] == m_sentences[i]) {
            continue;
        }
        // Sentence i is block 2i: the blank line between two sentences is a block of its own.
        const QTextBlock block = document->findBlockByNumber(static_cast<int>(2 * i));
        cursor.setPosition(block.position());
        cursor.setPosition(block.position() + block.length() - 1, QTextCursor::KeepAnchor);
        cursor.insertText(sentences[i]);
    }
    cursor.endEditBlock();
}

}  // namespace roofline::ui
