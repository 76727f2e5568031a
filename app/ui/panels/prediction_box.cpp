// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction_box.h"

#include <cmath>

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include "model/plot_tooltip.h"
#include "roofline/format.h"

namespace roofline::ui {
namespace {

/// A JSON value written as text ("295.3", "\"memory\""), read back; null when it is not one.
QJsonValue parsedJson(const std::string& json) {
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray("[").append(json.data(), static_cast<qsizetype>(json.size())).append(']'));
    return doc.isArray() && doc.array().size() == 1 ? doc.array().at(0) : QJsonValue();
}

}  // namespace

PredictionBox::PredictionBox(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("predictionBox"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_ask = new QLabel(this);
    m_ask->setObjectName(QStringLiteral("predictionAsk"));
    m_ask->setWordWrap(true);
    m_ask->setTextFormat(Qt::RichText);
    layout->addWidget(m_ask);

    m_numberRow = new QWidget(this);
    auto* numberLayout = new QHBoxLayout(m_numberRow);
    numberLayout->setContentsMargins(0, 0, 0, 0);
    m_number = new QLineEdit(m_numberRow);
    m_number->setObjectName(QStringLiteral("predictionNumber"));
    m_number->setPlaceholderText(tr("your prediction"));
    m_unit = new QLabel(m_numberRow);
    m_unit->setObjectName(QStringLiteral("predictionUnit"));
    numberLayout->addWidget(m_number, 1);
    numberLayout->addWidget(m_unit);
    layout->addWidget(m_numberRow);

    m_choices = new QWidget(this);
    m_choiceLayout = new QVBoxLayout(m_choices);
    m_choiceLayout->setContentsMargins(0, 0, 0, 0);
    m_choiceGroup = new QButtonGroup(this);
    layout->addWidget(m_choices);

    auto* buttons = new QHBoxLayout;
    m_answer = new QPushButton(tr("&Answer"), this);
    m_answer->setObjectName(QStringLiteral("predictionAnswer"));
    m_answer->setToolTip(tr("Grade your answer against the engine, then show everything"));
    m_reveal = new QPushButton(tr("Re&veal"), this);
    m_reveal->setObjectName(QStringLiteral("predictionReveal"));
    m_reveal->setToolTip(tr("Show the engine's answer without answering"));
    buttons->addWidget(m_answer);
    buttons->addWidget(m_reveal);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("predictionResult"));
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::RichText);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_result);

    const auto submit = [this] {
        if (const std::optional<io::Answer> a = answer(); a && m_pending) {
            emit answered(*a);
        }
    };
    connect(m_answer, &QPushButton::clicked, this, submit);
    connect(m_number, &QLineEdit::returnPressed, this, submit);
    connect(m_number, &QLineEdit::textChanged, this, &PredictionBox::updateButtons);
    connect(m_choiceGroup, &QButtonGroup::idClicked, this, &PredictionBox::updateButtons);
    connect(m_reveal, &QPushButton::clicked, this, [this] {
        if (m_pending) {
            emit revealRequested();
        }
    });
    hide();
}

QString PredictionBox::unitOf(const std::string& path) {
    // The analysis JSON names its fields with their SI unit (docs/calibration.md "JSON output").
    static const std::vector<std::pair<std::string_view, const char*>> kSuffixes = {
        {"_flops_per_byte", "FLOP/byte"},
        {"bytes_per_token", "bytes/token"},
        {"tokens_per_step", "tokens/step"},
        {"_bytes", "bytes"},
        {"_tokens", "tokens"},
        {"critical_batch", "sequences"},
        {"_s", "s"}};
    for (const auto& [suffix, unit] : kSuffixes) {
        if (path.ends_with(suffix)) {
            return QString::fromLatin1(unit);
        }
    }
    return {};
}

void PredictionBox::clearInputs() {
    m_number->clear();
    for (QAbstractButton* button : m_choiceGroup->buttons()) {
        m_choiceGroup->removeButton(button);
        delete button;
    }
    m_result->clear();
    m_result->hide();
}

void PredictionBox::setStep(const io::CourseStep& step) {
    clearInputs();
    m_step = step;
    m_pending = step.predict.has_value() || step.spot.has_value();
    if (!m_pending) {
        hide();
        return;
    }
    QStringList options;
    if (step.spot) {
        // The parts in the wrapped text, numbered; the buttons name the numbers (a radio
        // button does not wrap, and a part is a long clause).
        QString parts;
        for (std::size_t i = 0; i < step.spot->parts.size(); ++i) {
            parts += QStringLiteral("<li>%1</li>").arg(qs(step.spot->parts[i]).toHtmlEscaped());
            options << tr("Part %1").arg(i + 1);
        }
        m_ask->setText(tr("<p><b>Spot the error</b></p><p>“%1”</p><ol>%2</ol><p>Which part is "
                          "wrong?</p>")
                           .arg(qs(step.spot->claim).toHtmlEscaped(), parts));
    } else {
        const io::Prediction& p = *step.predict;
        m_ask->setText(
            tr("<p><b>Predict, then reveal</b></p><p>%1</p>").arg(qs(p.ask).toHtmlEscaped()));
        for (const std::string& choice : p.choices) {
            options << qs(choice);
        }
        m_unit->setText(unitOf(p.path));
    }
    const bool number = !step.spot && step.predict->kind == io::Prediction::Kind::Number;
    m_numberRow->setVisible(number);
    m_number->setEnabled(true);
    m_choices->setVisible(!number);
    for (int i = 0; i < options.size(); ++i) {
        auto* button = new QRadioButton(options[i], m_choices);
        button->setObjectName(QStringLiteral("predictionChoice%1").arg(i + 1));
        m_choiceGroup->addButton(button, i);
        m_choiceLayout->addWidget(button);
    }
    m_answer->show();
    m_reveal->show();
    updateButtons();
    show();
}

std::optional<io::Answer> PredictionBox::answer() const {
    if (!m_step || (!m_step->predict && !m_step->spot)) {
        return std::nullopt;
    }
    if (m_step->spot) {
        const int id = m_choiceGroup->checkedId();
        return id < 0 ? std::nullopt : std::optional<io::Answer>(static_cast<double>(id + 1));
    }
    if (m_step->predict->kind == io::Prediction::Kind::Choice) {
        const int id = m_choiceGroup->checkedId();
        if (id < 0 || static_cast<std::size_t>(id) >= m_step->predict->choices.size()) {
            return std::nullopt;
        }
        return io::Answer(m_step->predict->choices[static_cast<std::size_t>(id)]);
    }
    // "1,560" and "2e6" both read; the unit is the field's, not typed.
    QString text = m_number->text().trimmed();
    text.remove(QLatin1Char(',')).remove(QLatin1Char(' '));
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value)) {
        return std::nullopt;
    }
    return io::Answer(value);
}

bool PredictionBox::setAnswer(const QString& text) {
    if (!m_step || !m_pending) {
        return false;
    }
    if (!m_step->spot && m_step->predict->kind == io::Prediction::Kind::Number) {
        m_number->setText(text);
        return answer().has_value();
    }
    for (int i = 0; i < m_choiceGroup->buttons().size(); ++i) {
        const bool named = m_step->spot
                               ? text == QString::number(i + 1)
                               : text == qs(m_step->predict->choices[static_cast<std::size_t>(i)]);
        if (named) {
            m_choiceGroup->button(i)->setChecked(true);
            updateButtons();
            return true;
        }
    }
    return false;
}

void PredictionBox::updateButtons() { m_answer->setEnabled(m_pending && answer().has_value()); }

QString PredictionBox::valueText(const std::string& json) const {
    const QJsonValue value = parsedJson(json);
    if (value.isString()) {
        return value.toString();
    }
    if (!value.isDouble()) {
        return tr("not available");
    }
    const double v = value.toDouble();
    if (m_step && m_step->spot) {
        return tr("part %1").arg(static_cast<int>(v));
    }
    const QString unit = m_step ? unitOf(m_step->predict->path) : QString();
    if (unit == QLatin1String("s")) {
        return qs(formatDuration(v));
    }
    if (unit == QLatin1String("bytes")) {
        return qs(formatBytes(v));
    }
    if (unit == QLatin1String("bytes/token")) {
        return qs(formatBytes(v)) + QStringLiteral("/token");
    }
    const QString number = qs(formatNumber(v));
    return unit.isEmpty() ? number : number + QLatin1Char(' ') + unit;
}

void PredictionBox::showGrade(const io::Grade& grade) {
    m_pending = false;
    m_number->setEnabled(false);
    for (QAbstractButton* button : m_choiceGroup->buttons()) {
        button->setEnabled(false);
    }
    m_answer->hide();
    m_reveal->hide();
    // The mark with its word: colour is never the only cue.
    const QString mark = grade.pass ? tr("<span style='color:#1a7f37'>✓ right</span>")
                                    : tr("<span style='color:#cf222e'>✗ wrong</span>");
    QString html = tr("<p><b>The engine: %1</b></p>").arg(valueText(grade.engine).toHtmlEscaped());
    if (!grade.answered) {
        html += tr("<p>Not answered: revealed.</p>");
    } else if (grade.kind == "number") {
        const double error = grade.relativeError.value_or(0.0);
        const QString off = std::isfinite(error)
                                ? qs(formatProseNumber(error * 100.0)) + QStringLiteral("\u00a0%")
                                : QStringLiteral("∞");
        html += tr("<p>Your answer: %1, off by %2 (within ±%3 passes): %4</p>")
                    .arg(valueText(grade.answer).toHtmlEscaped(), off,
                         qs(formatProseNumber(grade.tolerance * 100.0)) + QStringLiteral("\u00a0%"),
                         mark);
    } else {
        html += tr("<p>Your answer: %1: %2</p>").arg(valueText(grade.answer).toHtmlEscaped(), mark);
    }
    html += QStringLiteral("<p>%1</p>").arg(qs(grade.explanation).toHtmlEscaped());
    m_result->setText(html);
    m_result->show();
}

QString PredictionBox::resultText() const {
    return QTextDocumentFragment::fromHtml(m_result->text()).toPlainText();
}

}  // namespace roofline::ui
