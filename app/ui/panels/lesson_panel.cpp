// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson_panel.h"

#include <QLabel>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QVBoxLayout>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "model/scenario_document.h"
#include "panels/prediction_box.h"
#include "roofline/io/scenario_file.h"

namespace roofline::ui {
namespace {

/// A check writes the analysis JSON and parses it and the baseline's (19 kB each: 0.56 ms
/// of CPU time measured in the ci build); while a slider moves it runs at most this often,
/// from the event loop, never inside the slider's own step.
constexpr int kRecheckMs = 100;

QString questionList(const std::vector<int>& questions) {
    QStringList parts;
    for (const int q : questions) {
        parts << QStringLiteral("Q%1").arg(q);
    }
    return parts.join(QStringLiteral(", "));
}

}  // namespace

LessonPanel::LessonPanel(ScenarioDocument& document, QWidget* parent)
    : QWidget(parent), m_controller(document.current()) {
    setObjectName(QStringLiteral("lessonPanel"));
    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    m_lookAt = new QLabel(this);
    m_lookAt->setObjectName(QStringLiteral("lessonLookAt"));
    m_lookAt->setWordWrap(true);
    m_lookAt->setTextFormat(Qt::PlainText);
    m_lookAt->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_expectations = new QLabel(this);
    m_expectations->setObjectName(QStringLiteral("lessonExpectations"));
    m_expectations->setWordWrap(true);
    m_expectations->setTextFormat(Qt::RichText);
    m_expectations->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_prediction = new PredictionBox(this);
    // A course step's question first: it is what the student acts on.
    layout->addWidget(m_title);
    layout->addWidget(m_prediction);
    layout->addWidget(m_lookAt);
    layout->addWidget(m_expectations);
    layout->addStretch(1);

    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(kRecheckMs);
    connect(m_timer, &QTimer::timeout, this, &LessonPanel::recheck);
    // Only the current scenario's changes can change what a check finds (the lesson's own
    // baseline is its file's, kept here).
    connect(&document, &ScenarioDocument::changed, this, [this](DocumentChanges what) {
        if ((what & kScenarioChanges) && m_lesson && !m_timer->isActive()) {
            m_timer->start();
        }
    });
    render();
}

void LessonPanel::setLesson(const io::Lesson& lesson, const std::string& fileName,
                            const std::string& baselineJson) {
    m_lesson = lesson;
    m_fileName = fileName;
    m_baselineJson = baselineJson;
    recheck();
}

void LessonPanel::clearLesson() {
    m_lesson.reset();
    m_check = {};
    m_step.clear();
    m_checksHidden = false;
    m_prediction->setStep({});
    m_timer->stop();
    render();
}

void LessonPanel::recheck() {
    m_timer->stop();
    if (!m_lesson) {
        render();
        return;
    }
    const std::string current =
        io::analysisToJson(m_controller.scenario(), m_controller.analysis());
    m_check = io::checkLesson(*m_lesson, m_fileName, current, m_baselineJson);
    render();
}

void LessonPanel::setCourseStep(const QString& step) {
    m_step = step;
    render();
}

void LessonPanel::setChecksHidden(bool hidden) {
    m_checksHidden = hidden;
    render();
}

QString LessonPanel::titleText() const {
    return QTextDocumentFragment::fromHtml(m_title->text()).toPlainText();
}

QStringList LessonPanel::expectationLines() const {
    QStringList lines;
    if (!m_lesson) {
        return lines;
    }
    for (std::size_t i = 0; i < m_lesson->expectations.size() && i < m_check.results.size(); ++i) {
        const io::Expectation& e = m_lesson->expectations[i];
        const io::ExpectationResult& r = m_check.results[i];
        const QString mark = !r.evaluated ? QStringLiteral("?")
                             : r.holds    ? QStringLiteral("✓")
                                          : QStringLiteral("✗");
        const QString claim = qs(e.claim.empty() ? io::describe(e) : e.claim);
        const QString actual = r.evaluated ? qs(io::actualText(e, r)) : tr("cannot be checked");
        lines << QStringLiteral("%1 %2 — %3").arg(mark, claim, actual);
    }
    return lines;
}

void LessonPanel::render() {
    if (!m_lesson) {
        m_title->setText(tr("<b>No lesson open</b>"));
        m_lookAt->setText(
            tr("Choose one from the Lessons menu: each opens a scenario that "
               "answers questions from the course, with claims checked live."));
        m_expectations->clear();
        return;
    }
    const io::Lesson& l = *m_lesson;
    const QString title =
        m_step.isEmpty()
            ? qs(l.title).toHtmlEscaped()
            : QStringLiteral("%1 · %2").arg(m_step.toHtmlEscaped(), qs(l.title).toHtmlEscaped());
    m_title->setText(
        QStringLiteral("<b>%1</b><br><span>%2 · %3</span>")
            .arg(title, questionList(l.questions), qs(std::string(io::toString(l.group)))));
    m_lookAt->setText(qs(l.lookAt));
    if (m_checksHidden) {
        m_expectations->setText(
            tr("<p><b>Checked live</b></p><p><i>Shown once you answer or reveal.</i></p>"));
        return;
    }
    QString html = tr("<p><b>Checked live</b></p>");
    for (std::size_t i = 0; i < l.expectations.size() && i < m_check.results.size(); ++i) {
        const io::Expectation& e = l.expectations[i];
        const io::ExpectationResult& r = m_check.results[i];
        const bool ok = r.evaluated && r.holds;
        // Green tick, red cross: with the mark itself, colour is never the only cue.
        const QString mark = !r.evaluated ? QStringLiteral("<span style='color:#b26b00'>?</span>")
                             : ok         ? QStringLiteral("<span style='color:#1a7f37'>✓</span>")
                                  : QStringLiteral("<span style='color:#cf222e'>✗</span>");
        const QString claim = qs(e.claim.empty() ? io::describe(e) : e.claim).toHtmlEscaped();
        const QString actual =
            r.evaluated ? qs(io::actualText(e, r)).toHtmlEscaped() : tr("cannot be checked");
        html += QStringLiteral("<p>%1 %2<br><small>%3: <b>%4</b></small></p>")
                    .arg(mark, claim, qs(io::describe(e)).toHtmlEscaped(), actual);
    }
    for (const Issue& issue : m_check.issues) {
        html += QStringLiteral("<p><small>%1</small></p>").arg(qs(issue.message()).toHtmlEscaped());
    }
    m_expectations->setText(html);
}

}  // namespace roofline::ui
