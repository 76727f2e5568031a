// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>

namespace roofline::ui {
namespace {

struct PreAnswers {
    std::optional<QString> fileName;
    std::optional<QStringList> fileNames;
    std::optional<std::optional<QSize>> imageSize;
    std::optional<bool> answer;
    bool headless = false;
    QStringList errors;
};

PreAnswers& preAnswers() {
    static PreAnswers answers;
    return answers;
}

}  // namespace

QString Dialogs::openFileName(QWidget* parent, const QString& caption, const QString& filter) {
    if (auto answer = std::exchange(preAnswers().fileName, std::nullopt)) {
        return *answer;
    }
    return QFileDialog::getOpenFileName(parent, caption, QString(), filter);
}

QStringList Dialogs::openFileNames(QWidget* parent, const QString& caption, const QString& filter) {
    if (auto answer = std::exchange(preAnswers().fileNames, std::nullopt)) {
        return *answer;
    }
    return QFileDialog::getOpenFileNames(parent, caption, QString(), filter);
}

QString Dialogs::saveFileName(QWidget* parent, const QString& caption, const QString& filter,
                              const QString& suggestedName) {
    if (auto answer = std::exchange(preAnswers().fileName, std::nullopt)) {
        return *answer;
    }
    return QFileDialog::getSaveFileName(parent, caption, suggestedName, filter);
}

std::optional<QSize> Dialogs::imageSize(QWidget* parent, QSize initial) {
    if (auto answer = std::exchange(preAnswers().imageSize, std::nullopt)) {
        return *answer;
    }
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Image size"));
    auto* form = new QFormLayout(&dialog);
    auto* width = new QSpinBox(&dialog);
    auto* height = new QSpinBox(&dialog);
    for (QSpinBox* box : {width, height}) {
        box->setRange(100, 10000);
        box->setSuffix(QObject::tr(" px"));
    }
    width->setValue(initial.width());
    height->setValue(initial.height());
    form->addRow(QObject::tr("&Width"), width);
    form->addRow(QObject::tr("&Height"), height);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted) {
        return std::nullopt;
    }
    return QSize(width->value(), height->value());
}

QString asSentence(const QString& text) {
    QStringList lines;
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (!line.trimmed().isEmpty()) {
            lines << line.trimmed();
        }
    }
    QString sentence = lines.join(QStringLiteral("; "));
    if (sentence.isEmpty() || sentence.endsWith(QLatin1Char('.')) ||
        sentence.endsWith(QLatin1Char('!')) || sentence.endsWith(QLatin1Char('?'))) {
        return sentence;
    }
    return sentence + QLatin1Char('.');
}

QString refusalText(const QString& failed, const QString& reason, const QString& outcome) {
    const QString because = asSentence(reason);
    const QString head =
        because.isEmpty() ? failed + QLatin1Char('.') : failed + QStringLiteral(": ") + because;
    return outcome.isEmpty() ? head : head + QLatin1Char(' ') + outcome;
}

void Dialogs::showError(QWidget* parent, const QString& text, const QString& details) {
    preAnswers().errors << (details.isEmpty() ? text : text + QLatin1Char('\n') + details);
    if (preAnswers().headless) {
        return;
    }
    auto* box = new QMessageBox(QMessageBox::Warning, QObject::tr("Roofline Explorer"), text,
                                QMessageBox::Close, parent);
    if (!details.isEmpty()) {
        box->setDetailedText(details);
    }
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setModal(false);
    box->show();
}

bool Dialogs::ask(QWidget* parent, const QString& text, const QString& details,
                  const QString& action) {
    if (auto answer = std::exchange(preAnswers().answer, std::nullopt)) {
        preAnswers().errors << (details.isEmpty() ? text : text + QLatin1Char('\n') + details);
        return *answer;
    }
    if (preAnswers().headless) {
        preAnswers().errors << (details.isEmpty() ? text : text + QLatin1Char('\n') + details);
        return false;
    }
    QMessageBox box(QMessageBox::Question, QObject::tr("Roofline Explorer"), text,
                    QMessageBox::Cancel, parent);
    box.setInformativeText(details);
    QPushButton* accept = box.addButton(action, QMessageBox::AcceptRole);
    box.setDefaultButton(accept);
    box.exec();
    return box.clickedButton() == accept;
}

void Dialogs::setNextAnswer(bool answer) { preAnswers().answer = answer; }

void Dialogs::setNextFileName(const QString& fileName) { preAnswers().fileName = fileName; }

void Dialogs::setNextFileNames(const QStringList& fileNames) { preAnswers().fileNames = fileNames; }

void Dialogs::setNextImageSize(std::optional<QSize> size) { preAnswers().imageSize = size; }

void Dialogs::setHeadless(bool headless) { preAnswers().headless = headless; }

QStringList Dialogs::shownErrors() { return preAnswers().errors; }

void Dialogs::clearShownErrors() { preAnswers().errors.clear(); }

}  // namespace roofline::ui
