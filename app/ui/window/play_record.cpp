// SPDX-License-Identifier: GPL-3.0-or-later
#include "play_record.h"

#include <QDir>
#include <QObject>

#include "panels/slider_player.h"
#include "plot/export.h"

namespace roofline::ui {

QString frameFileName(int index) {
    return QStringLiteral("frame-%1.png").arg(index, 4, 10, QLatin1Char('0'));
}

RecordedPlay recordPlay(QWidget& window, SliderPlayer& player, QSize size, const QString& folder) {
    RecordedPlay result;
    result.framesPerSecond = 1000.0 / SliderPlayer::frameIntervalMs(player.speed());
    const QDir dir(folder);
    if (!QDir().mkpath(folder)) {
        result.error = QObject::tr("could not make the folder %1 for the frames").arg(folder);
        return result;
    }
    if (!dir.entryList({QStringLiteral("frame-*.png")}, QDir::Files).isEmpty()) {
        result.error = QObject::tr(
                           "%1 already holds frame-*.png files: give an empty or new folder "
                           "(they would join this sweep's frames)")
                           .arg(folder);
        return result;
    }
    player.setLooping(false);  // a recording ends
    player.begin();
    while (player.step()) {
        const QString path = dir.filePath(frameFileName(result.frames + 1));
        result.error = grabWindowToFile(window, size, path);
        if (!result.error.isEmpty()) {
            player.stop();
            return result;
        }
        ++result.frames;
    }
    return result;
}

}  // namespace roofline::ui
