// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file benchmark.h
/// The window's own measurements: interaction latency (--benchmark-interaction) and time
/// to the first painted frame (--first-frame).

#include <QString>

namespace roofline::ui {

class MainWindow;

struct InteractionTimings {
    int steps = 0;
    double p50Ms = 0.0;
    double p99Ms = 0.0;
    double maxMs = 0.0;
    /// The same steps in CPU time of the window's thread (CLOCK_THREAD_CPUTIME_ID): on a
    /// shared, loaded machine the wall clock also counts the waits for a core.
    double cpuP50Ms = 0.0;
    double cpuP99Ms = 0.0;
    /// What follows each step, off the slider's path: the event loop's turn after it
    /// (QApplication::processEvents), where the docked views draw (their queued update, a
    /// worker's result that has arrived) and the other widgets repaint. Not in the step.
    double afterP50Ms = 0.0;
    double afterP99Ms = 0.0;
};

/// Shows `window` (not on screen), turns every plot layer on (operators, trail), switches
/// the plot to immediate refresh, then moves the batch, sequence, quantization and GQA
/// sliders in turn through `steps` value changes. Each step is timed from the slider's
/// setValue() to its return, which covers valueChanged -> controller -> analyze() ->
/// analysisChanged -> plot data -> replot and repaint (rpImmediateRefresh) -> results panel.
/// A docked view that is visible (MainWindow::showView, `--view`) is off that path: it
/// queues its update for after the step and computes in a worker (live_view.h); what it
/// costs the GUI thread then is in afterP50Ms/afterP99Ms.
InteractionTimings runInteractionBenchmark(MainWindow& window, int steps);

/// Play on the batch (slider_player.h) from 1 to 4,096, frame by frame, with the window and
/// the plot set up as runInteractionBenchmark() sets them. Each frame that moves the batch is
/// timed as a step there: from the player's step() (the slider's setValue()) to its return,
/// replot and repaint included; the frames where the batch rests (ticks that round to the
/// same batch at the low end) change nothing and are not counted. `steps` is the frames timed.
InteractionTimings runPlayBenchmark(MainWindow& window);

/// {"steps": N, "p50_ms": .., "p99_ms": .., "max_ms": .., "cpu_p50_ms": .., "cpu_p99_ms": ..,
///  "after_p50_ms": .., "after_p99_ms": ..}
QString toJson(const InteractionTimings& timings);

/// Milliseconds since the kernel started this process (Linux /proc/self/stat, 10 ms
/// resolution); negative where unavailable.
double millisecondsSinceProcessStart();

}  // namespace roofline::ui
