// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file measured.h
/// Measured results against the model (DOMAIN.md §7): a measured TPOT, TTFT or tokens/s is
/// placed on the roofline at the intensity the model computes for its scenario and at the
/// FLOP/s it achieved, and its efficiency is the model's predicted time over the measured
/// time (at most 1 when the model is a true bound).
///
/// The arithmetic, for a scenario of B sequences on D devices and a measured value v:
///
/// | metric | pass | measured time | predicted value |
/// |---|---|---|---|
/// | `tpot_ms` | decode | v / 1000 s (one decode step) | TPOT × 1000 |
/// | `ttft_ms` | prefill | v / 1000 s (the prefill of B prompts) | TTFT × 1000 |
/// | `output_tokens_per_s` | decode | B / v: v counts the tokens of all B sequences on all D
/// devices, B per step | B / TPOT |
/// | `output_tokens_per_s_per_device` | decode | B / (v · D): v · D is the whole
/// deployment's tokens/s | B / (TPOT · D) |
/// | `e2e_ms` | request | v / 1000 s: one request of O tokens among B concurrent ones, from
/// arrival to its last token | TTFT + (O − 1) · TPOT (vLLM's definition: the first token
/// comes with the prefill) |
/// | `request_output_tokens_per_s` | request | B · O / v: the deployment's output tokens/s
/// over whole requests, prefill included, B held at once (a throughput benchmark at load) |
/// B · O / (TTFT + (O − 1) · TPOT) |
///
/// Tokens/s are read as decode throughput (B tokens per step time); a figure measured end
/// to end (prefill time included) reads as a lower efficiency. Measured scenarios have no
/// speculative decoding: the decode step is the plain decode pass, TPOT its time.
///
/// The point: x = the pass's intensity (FLOPs / HBM bytes, per device), y = the pass's
/// FLOPs per device / the measured time. A request metric's point is the request's: its
/// prefill and O − 1 decode steps together, their FLOPs / bytes and FLOPs / measured time. Both are
/// independent of the ceilings (peak or achievable), which change only the predicted time and so
/// the efficiency.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "roofline/analysis.h"

namespace roofline {

/// What a measured value is.
enum class MeasuredMetric : unsigned char {
    TpotMs,                          ///< time per output token, milliseconds
    TtftMs,                          ///< time to first token, milliseconds
    OutputTokensPerSecond,           ///< output tokens/s of all sequences on all devices
    OutputTokensPerSecondPerDevice,  ///< the same divided by the devices
    E2eMs,                           ///< one request's latency, arrival to last token, ms
    /// Output tokens/s of all devices over whole requests, prefill included.
    RequestOutputTokensPerSecond,
};

/// "tpot_ms", "ttft_ms", "output_tokens_per_s", "output_tokens_per_s_per_device", "e2e_ms",
/// "request_output_tokens_per_s".
std::string_view toString(MeasuredMetric metric);
/// Parses the names above (case-sensitive); nullopt for anything else.
std::optional<MeasuredMetric> parseMeasuredMetric(std::string_view name);
/// The unit of a metric's value, for tables: "ms", "tok/s", "tok/s per device".
/// Every metric, in enum order.
inline constexpr std::array<MeasuredMetric, 6> kAllMeasuredMetrics = {
    MeasuredMetric::TpotMs,
    MeasuredMetric::TtftMs,
    MeasuredMetric::OutputTokensPerSecond,
    MeasuredMetric::OutputTokensPerSecondPerDevice,
    MeasuredMetric::E2eMs,
    MeasuredMetric::RequestOutputTokensPerSecond};
std::string_view unitOf(MeasuredMetric metric);

/// A value of `metric` for people, through roofline/format.h: "10.6 ms", "94 tok/s",
/// "36.1 tok/s per device".
std::string formatMeasured(MeasuredMetric metric, double value);

/// The pass a metric is drawn on: prefill for TTFT, decode for the others (a request's
/// metrics too: its decode steps are most of its time).
PassKind passOf(MeasuredMetric metric);

/// The context C a request's decode steps are modelled at: the mean context P + O/2 of
/// its steps (DOMAIN.md §7), rounded down to whole tokens. Used for every metric of a
/// measured row (TTFT does not depend on it; the memory footprint does).
std::int64_t meanDecodeContext(std::int64_t promptTokens, std::int64_t outputTokens);

/// One measurement against the model.
struct MeasuredPlacement {
    PassKind pass = PassKind::Decode;    ///< the pass the metric concerns
    double intensityFlopsPerByte = 0.0;  ///< x: the pass's FLOPs / HBM bytes (per device)
    double flopsPerDevice = 0.0;         ///< the pass's FLOPs on one device
    /// The model's time of the measured unit: TPOT for tpot_ms and tokens/s (the decode
    /// step, per token of each sequence), TTFT for ttft_ms. Seconds.
    double predictedSeconds = 0.0;
    double measuredSeconds = 0.0;  ///< the same unit, from the measured value. Seconds.
    /// y: flopsPerDevice / measuredSeconds.
    double achievedFlopsPerSecond = 0.0;
    /// The model's own y for the pass (its FLOPs / predicted time), for comparison.
    double predictedFlopsPerSecond = 0.0;
    /// predictedSeconds / measuredSeconds: ≤ 1 when the model is a true bound.
    double efficiency = 0.0;
    /// The model's value of the same metric, in the measured value's unit (ms, tok/s).
    double predictedValue = 0.0;
};

/// The model's value of `metric` (in its unit) from a TTFT and a TPOT, bound or estimate, for
/// B sequences of O output tokens on D devices (the table above).
/// A batch's memory at the end of its requests (DOMAIN.md §11): B sequences of P + O tokens.
/// Memory elsewhere is checked at the mean decode context P + O/2; at the end the KV cache is
/// larger, and a static batch that outgrows memory runs in waves (engines preempt or hold
/// requests back) instead of "fitting".
struct FinalContextMemory {
    std::int64_t maxBatch = 0;  ///< the largest batch that fits at P + O tokens (0: none)
    bool fits = false;          ///< B ≤ maxBatch
    /// ⌈B / maxBatch⌉: the waves the batch runs in; 1 when it fits, 0 when nothing fits.
    std::int64_t waves = 0;
    std::int64_t waveBatch = 0;  ///< ⌈B / waves⌉: the sequences of one wave
};
/// The memory of `scenario`'s batch at context P + O (P its prompt, O `outputTokens`).
FinalContextMemory finalContextMemory(const Scenario& scenario, std::int64_t outputTokens);
/// What `metric` of the whole batch becomes when it runs in `waves` waves of `waveBatch`,
/// from its value for one wave: a batch's latency (e2e) × waves; its token rates × B / (waves ·
/// waveBatch); a request's own figures (TTFT, TPOT) are the wave's.
double inWaves(MeasuredMetric metric, double waveValue, std::int64_t batch, std::int64_t waves,
               std::int64_t waveBatch);

double modelValue(MeasuredMetric metric, double ttftSeconds, double tpotSeconds, double batch,
                  double devices, std::int64_t outputTokens);

/// Places a measured `value` of `metric` (in the metric's unit; positive and finite) against
/// the analysis of its scenario, whose requests generate `outputTokens` each (the request
/// metrics need it). Precondition: `analysis` is analyze() of a valid scenario without
/// speculative decoding (its times are positive and finite).
MeasuredPlacement placeMeasured(const Analysis& analysis, MeasuredMetric metric, double value,
                                std::int64_t outputTokens = 1);

}  // namespace roofline
