// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/no_decode_notice.h"

#include <QLabel>
#include <QLayout>
#include <qcustomplot.h>

#include "roofline/analysis.h"

namespace roofline::ui {

bool showNoDecodeNotice(QCustomPlot& plot, QLabel*& notice, const Analysis& analysis,
                        const char* view) {
    if (analysis.hasDecode()) {
        if (notice != nullptr) {
            notice->hide();
        }
        plot.show();
        return false;
    }
    QWidget* parent = plot.parentWidget();
    if (notice == nullptr) {
        notice = new QLabel(parent);
        notice->setObjectName(QStringLiteral("noDecodeNotice"));
        notice->setAlignment(Qt::AlignCenter);
        notice->setWordWrap(true);
        if (parent->layout() != nullptr) {
            parent->layout()->addWidget(notice);
        }
    }
    const QString pass = QString::fromLatin1(toString(analysis.primary().kind).data());
    notice->setText(QObject::tr("The %1 is of the decode step, and this model has none: it "
                                "makes no tokens, it runs one %2 pass over a batch of images. "
                                "Its batch trail on the roofline shows how batching moves that "
                                "pass; the Breakdown view shows its operators.")
                        .arg(QObject::tr(view), pass));
    plot.hide();
    notice->show();
    return true;
}

}  // namespace roofline::ui
