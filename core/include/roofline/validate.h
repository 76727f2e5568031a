// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file validate.h
/// Input checking, kept apart from analysis: errors are data, never exceptions.

#include <string>
#include <vector>

#include "roofline/scenario.h"

namespace roofline {

enum class Severity : unsigned char { Error, Warning };

/// One problem with an input: where, what was expected, what was found.
/// message() reads like: `presets/h100.json: /memory_bandwidth_tb_s must be a positive
/// number, got "3.35"`.
struct Issue {
    Severity severity = Severity::Error;
    std::string file;      ///< File name or path; empty for values that came from no file.
    std::string pointer;   ///< JSON Pointer (RFC 6901) of the offending value, "" = the whole.
    std::string expected;  ///< e.g. "a positive number"
    std::string found;     ///< e.g. "\"3.35\"" (JSON text of what was there) or "missing"

    std::string message() const;
};

bool hasErrors(const std::vector<Issue>& issues);

/// Joins messages, one per line.
std::string describe(const std::vector<Issue>& issues);

/// Hardware numbers: bandwidth and capacity positive and finite, peaks ≥ 0 and finite, at
/// least one compute roof. Pointers use the preset schema's keys.
std::vector<Issue> validate(const Hardware& hardware, const std::string& file = {});

/// Model shapes: positive sizes, n_kv divides n_q, layer groups sum to numLayers, sane MoE
/// and MLA shapes. Pointers use config.json's keys.
std::vector<Issue> validate(const Model& model, const std::string& file = {});

/// Workload knobs on their own and against the model: batch in [1, kMaxBatch], lengths in
/// range, storage precisions, KV-head override divides n_q, tensor parallelism divides the
/// heads. Pointers use the scenario file's keys (/batch, /kv_heads, ...).
std::vector<Issue> validate(const Workload& workload, const Model& model,
                            const std::string& file = {});

/// All three. analyze() may be called when this has no Severity::Error issue.
std::vector<Issue> validate(const Scenario& scenario);

}  // namespace roofline
