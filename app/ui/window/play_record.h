// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file play_record.h
/// --record: a Play sweep written frame by frame, the window as --grab renders it,
/// as FOLDER/frame-0001.png, frame-0002.png ...: a PNG sequence a video encoder takes at the
/// player's frame rate (ffmpeg -framerate 25 -i frame-%04d.png). Not an animated image: the
/// image writers of Qt 6.4 here write no animated format (QImageWriter lists no GIF, WebP or
/// APNG writer), so the sequence is what is shipped.

#include <QSize>
#include <QString>

class QWidget;

namespace roofline::ui {

class SliderPlayer;

struct RecordedPlay {
    int frames = 0;
    double framesPerSecond = 0.0;  ///< the player's speed: the rate to encode the frames at
    QString error;                 ///< empty when every frame was written
};

/// Plays `player` once, driving its frames itself (begin(), step()), and after each frame
/// writes `window` at `size` to `folder` (made when missing). A folder that already holds
/// frame-*.png files is refused, naming it: frames of another sweep would join this one.
RecordedPlay recordPlay(QWidget& window, SliderPlayer& player, QSize size, const QString& folder);

/// "frame-0001.png" for `index` 1.
QString frameFileName(int index);

}  // namespace roofline::ui
