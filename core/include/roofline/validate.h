// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file validate.h
/// Input checking, kept apart from analysis: errors are data, never exceptions.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "roofline/scenario.h"

namespace roofline {

/// Error: the input cannot be used. Warning: used, but something is probably wrong.
/// Notice: a fact about the input worth saying (how a checkpoint is stored, a model_type read
/// as the class its config names), not a problem; message() reads "note: … <expected>: <found>".
enum class Severity : unsigned char { Error, Warning, Notice };

/// One problem with an input: where, what was expected, what was found.
///
/// **Field ids.** The core knows no file formats. Its validate() functions name the offending
/// value by a *field id*: the C++ member path of the value inside the struct that was
/// validated, spelled as in the headers, e.g. `memoryBandwidthBytesPerSecond`,
/// `peakFlopsPerSecond.bf16` (array slots by precision name), `moe.numExperts`,
/// `mla.kvLoraRank`, `normsPerLayer`, `batch`, `speculativeTokens`. validate(Scenario)
/// prefixes the member of Scenario: `hardware.…`, `model.…`, `workload.…`, `draft.…`. The
/// unit is the one in the member's name, i.e. SI (byte, byte/s, FLOP/s, second): `found`
/// and `value` are SI. The ids are stable: they change only when the struct member does.
///
/// **Pointers.** The file readers (roofline_presets, `roofline/io`) map each field id to the
/// key of the file it came from, as that file spelled it (`/num_local_experts` in a Mixtral
/// config.json, `/n_routed_experts` in a DeepSeek one, `/memory_bandwidth_tb_s` in a hardware
/// preset, `/speculative/k` in a scenario file), set `pointer`, and rewrite `found` in the
/// file's own units (the file's JSON text of that value). An issue with an empty `pointer`
/// and a `field` names the field id instead.
///
/// In an issue with a field id, `expected` may refer to another field as `{fieldId}`
/// (e.g. "a divisor of {numQueryHeads} (32)"); message() prints the id, and the readers
/// replace it with that field's key without the slash ("a divisor of num_attention_heads
/// (32)").
///
/// message() reads like: `presets/h100.json: /memory_bandwidth_tb_s must be a positive
/// number, got "3.35"`, or without a file: `memoryBandwidthBytesPerSecond must be a positive
/// finite number, got -3.35e+12`.
struct Issue {
    Severity severity = Severity::Error;
    std::string file;      ///< File name or path; empty for values that came from no file.
    std::string pointer;   ///< JSON Pointer (RFC 6901) of the offending value, "" = the whole.
    std::string expected;  ///< e.g. "a positive number"
    std::string found;     ///< e.g. "\"3.35\"" (JSON text of what was there) or "missing"
    std::string field;     ///< Field id (see above) when the core found it; else "".
    std::optional<double> value;  ///< The offending number in SI, when there is one.

    Issue() = default;
    Issue(Severity issueSeverity, std::string fileName, std::string jsonPointer,
          std::string expectedText, std::string foundText)
        : severity(issueSeverity),
          file(std::move(fileName)),
          pointer(std::move(jsonPointer)),
          expected(std::move(expectedText)),
          found(std::move(foundText)) {}

    std::string message() const;
};

/// How issues write a number: up to 6 significant digits, "NaN", "infinity", "-infinity".
std::string issueNumberText(double v);

/// `expected` with each `{fieldId}` reference written as the id itself.
std::string plainExpected(const std::string& expected);

bool hasErrors(const std::vector<Issue>& issues);

/// Joins messages, one per line.
std::string describe(const std::vector<Issue>& issues);

/// Hardware numbers: bandwidth and capacity positive and finite, peaks ≥ 0 and finite, at
/// least one compute roof. Field ids are Hardware's members (memoryBandwidthBytesPerSecond,
/// peakFlopsPerSecond.<precision>, ...); `file` only labels the issues.
std::vector<Issue> validate(const Hardware& hardware, const std::string& file = {});

/// Model shapes: positive sizes, n_kv divides n_q, layer groups sum to numLayers, sane MoE
/// and MLA shapes. Field ids are Model's members (hiddenSize, moe.numExperts, mla.kvLoraRank,
/// normsPerLayer, layerGroups, ...).
std::vector<Issue> validate(const Model& model, const std::string& file = {});

/// Workload knobs on their own and against the model: batch in [1, kMaxBatch], lengths in
/// range, storage precisions, KV-head override divides n_q, tensor parallelism divides the
/// heads; speculative k in [0, kMaxSpeculativeTokens], acceptance rate in [0, 1], memory
/// utilisation in (0, 1], max batched tokens in [1, kMaxBatchedTokensLimit], a price
/// per device-hour (when given) from 0 to kMaxPricePerDeviceHourUsd. Expert
/// parallelism on a dense model (no routed experts) is a *warning* (the flag has nothing to
/// spread and is ignored); on an MoE model with D > 1 devices, D must divide the routed
/// expert count (an error). Field ids are Workload's members (batch, tensorParallel,
/// speculativeTokens, acceptanceRate, memoryUtilization, maxBatchedTokens, expertParallel,
/// pricePerDeviceHourUsd...).
std::vector<Issue> validate(const Workload& workload, const Model& model,
                            const std::string& file = {});

/// Whether `devices` can share the model's layers: the tensor-parallel checks of
/// validate(Workload, Model) alone (query and KV heads, whole experts under expert
/// parallelism), with the workload's other knobs as they are. For pickers that offer only
/// what the engine accepts.
bool tensorParallelValid(const Workload& workload, const Model& model, std::int64_t devices);

/// The largest device count <= `devices` that tensorParallelValid accepts (1 always splits,
/// unless something other than the device count is wrong: then 0). What the window offers
/// when a model does not split over the current devices (28 heads over 8 -> 4).
std::int64_t largestValidTensorParallel(const Workload& workload, const Model& model,
                                        std::int64_t devices);

/// All three, with field ids prefixed "hardware.", "model.", "workload.". With speculative
/// decoding on (speculativeTokens > 0) and DraftKind::Model it also requires the draft
/// (field "draft": an error when absent), validates it ("draft.…"), and requires its
/// vocabulary to equal the target's ("draft.vocabSize": an error otherwise, since the draft's
/// tokens are verified by the target and so must come from the same tokenizer). A draft
/// given while speculation is off or n-gram is ignored. analyze() may be called when this
/// has no Severity::Error issue.
std::vector<Issue> validate(const Scenario& scenario);

}  // namespace roofline
