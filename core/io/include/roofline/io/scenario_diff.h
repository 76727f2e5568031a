// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scenario_diff.h
/// What differs between two scenario files, input by input, in the words the window shows:
/// "batch 8 → 64; weights bf16 → fp8". The window's "What differs" row and line (current
/// against the pinned baseline) and its undo history's step names (before against after)
/// both read this one function, so they never disagree about what an input is called.

#include <cstddef>
#include <string>
#include <vector>

#include "roofline/io/scenario_file.h"

namespace roofline::io {

/// The display names of a scenario's hardware and model ("H100 SXM", "Llama 3.1 8B"), which
/// only a resolved scenario knows. Empty: the file's reference is shown instead (a shipped id,
/// or the file name of a path).
struct ScenarioNames {
    std::string hardware;
    std::string model;
};

/// One input that differs: its short name and both values, formatted (roofline/format.h).
struct ScenarioDifference {
    std::string input;  ///< "batch", "weights", "hardware", "tensor parallel", ...
    std::string from;   ///< "8"
    std::string to;     ///< "64"

    /// "batch 8 → 64".
    std::string text() const;
    bool operator==(const ScenarioDifference&) const = default;
};

/// The inputs of `to` that differ from `from`, in the order of the scenario file's keys:
/// hardware, model, batch, prompt, context, weights (a precision, or "as stored" for the
/// checkpoint's), expert and embedding weights, activations, KV cache, KV heads, tensor
/// parallel, prefill devices, flash attention, expert parallel, attention parallel,
/// speculative k, acceptance, draft, memory utilization, max batched tokens, ceilings, engine,
/// calibration, price. The draft and acceptance count only while either side speculates
/// (k > 0), since neither is read otherwise. Not inputs, and never listed: the baseline, the
/// lever and the lesson. Hardware and model use `fromNames`/`toNames` where given; the same
/// reference under two names (an edited chip) is a difference of names.
std::vector<ScenarioDifference> scenarioDifferences(const ScenarioFile& from,
                                                    const ScenarioFile& to,
                                                    const ScenarioNames& fromNames = {},
                                                    const ScenarioNames& toNames = {});

/// The differences joined with "; ": "batch 8 → 64; weights bf16 → fp8". With `most` > 0 and
/// more differences than that, the first `most` and "and N more" ("…; and 3 more"). Empty
/// when there are none.
std::string differencesText(const std::vector<ScenarioDifference>& differences,
                            std::size_t most = 0);

}  // namespace roofline::io
