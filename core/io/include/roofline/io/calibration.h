// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file calibration.h
/// Calibration profile files (presets/README.md "Calibration profiles"): the parameters of
/// the estimate ceiling for one hardware and one serving engine (roofline/estimate.h), with
/// their sources and the fit they came from; and the profiles shipped in
/// presets/calibration/.
///
///     {
///       "schema_version": 1,
///       "id": "h100-sxm.vllm",          optional, default: the file's stem
///       "hardware": "h100-sxm",         a hardware preset id, or "*" for any chip
///       "engine": "vllm",               one of knownEngines()
///       "engine_version": "0.6.3",      optional
///       "date": "2026-12-01",           YYYY-MM-DD, of the fit or of the sources
///       "description": "...",           optional, one line
///       "sources": ["..."],             at least one: citations, or "fitted on N records of FILE"
///       "gemm": {"compute_units": 132, "tile_rows": 128, "tile_columns": 128},
///       "kernel_floor_s": 4e-6,
///       "step_overhead_s": 0.002,           host time per forward pass
///       "launch_s": 3e-6,                   optional: per kernel a pass launches
///       "collective_latency_s": 1e-5,       optional: α per collective
///       "moe_half_tokens": 2,               optional: experts' rate halves at this m
///       "api_s": 0.02,                      optional: added to a client's TTFT
///       "weight_efficiency": {"int4": 0.6},   optional, by precision name; missing = 1
///       "kv_efficiency": {"fp8": 0.9},        optional, the same
///       "attention": {"efficiency": 0.85, "half_length": 256},  optional; 1 and 0 if left out
///       "fit": {"records": 12, "on": ["..."], "loss": "...", "coverage": 0.8,
///               "residual_low": -0.2, "residual_high": 0.25},
///       "interval": {"decode/dense/tp1": {"low": -0.2, "high": 0.3, "records": 120}, ...,
///                    "extrapolated": {"low": -0.5, "high": 0.9, "records": 80}},  optional
///       "domain": {"tp": [1, 8], "kinds": ["dense", "moe"], "parameters": [8e9, 4.05e11],
///                  "weights": ["bf16", "fp8"], "metrics": ["ttft", "decode"],
///                  "versions": {"min": "0.6.3", "max": "0.10.2"}, "hardware": ["h100-sxm"]},
///       "validation": {"records": 120, "sources": 9, "median_abs_error": 0.14,
///                      "coverage": 0.78, "median_width": 1.9}                  optional
///     }
///
/// "interval" holds the residual quantiles by regime (estimate.h intervalRegime), with each
/// source left out and pooled over every shipped profile's records; "domain" is where the
/// fit's records are (an estimate outside is extrapolated); "validation" is how the profile
/// did on its own records, each source left out (scripts/calibration/fit_profiles.py).
///
/// Everything not marked optional is required. "fit"/"records" 0 means not fitted (cited
/// defaults), and then "on" may be empty; otherwise it names what the fit used. "loss" and,
/// in "attention", either key are optional. Values are in SI (seconds, tokens).
///
/// Nothing here throws, whatever the input: missing keys and values of the wrong type are
/// errors naming the file and the JSON Pointer; unknown keys are warnings; the values' ranges
/// are validateProfile()'s (roofline/estimate.h), each of its findings an error at the key it
/// names ("/kernel_floor_s must be seconds from 0 to 0.1, got -1").

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/estimate.h"
#include "roofline/io/presets.h"

namespace roofline::io {

/// Files larger than this are refused before parsing (a profile is about 1 KB).
inline constexpr std::size_t kMaxCalibrationFileBytes = 1u << 20;

/// Parses a calibration profile (schema above). `file` labels messages; `id` becomes
/// profile.id when the file has no "id".
Loaded<CalibrationProfile> parseCalibrationProfile(std::string_view jsonText,
                                                   const std::string& file, const std::string& id);

/// Writes every field parseCalibrationProfile reads: parse(write(p)) == p for every p the
/// reader gives (round trip; doubles are written as the shortest text that reads back to the
/// same double). Efficiencies of 1 and empty optional strings are left out; "id" is left out
/// when empty.
std::string calibrationProfileToJson(const CalibrationProfile& profile);

/// Reads a file (at most kMaxCalibrationFileBytes) and parses it; the id is the file's stem.
Loaded<CalibrationProfile> loadCalibrationFile(const std::string& path);

/// Ids of the shipped profiles (presets/calibration/*.json stems), sorted.
std::vector<std::string> calibrationIds();

/// A shipped profile by id (parsed on each call); an unknown id is an error listing the ids.
Loaded<CalibrationProfile> builtinCalibration(const std::string& id);

/// What a scenario's `calibration` (and --calibration, --from) names: a shipped profile when
/// `idOrPath` is one's id, else the file at that path.
Loaded<CalibrationProfile> loadCalibration(const std::string& idOrPath);

/// The profile for `hardwareId` and `engine` (a serving engine name, one of knownEngines()):
/// - the shipped "<hardware>.<engine>", when there is one;
/// - else the shipped "<hardware>.generic", with a Warning (field "calibration") saying
///   "no <engine> profile for <hardware>: using the generic one";
/// - else the closest fitted chip of its family (an A100 40GB borrows the A100 80GB SXM's
///   "<chip>.<engine>" or "<chip>.generic"), with a Warning naming the profile borrowed;
/// - else the shipped "generic" (hardware "*", any chip), with a Warning (field
///   "calibration") saying that no profile for this hardware exists and the estimate uses
///   generic defaults.
/// An `engine` that is not a known name is an error (field "calibration.engine") listing them.
Loaded<CalibrationProfile> resolveCalibration(const std::string& hardwareId,
                                              const std::string& engine);

/// What resolveCalibration warns when it falls back, without loading a profile (cheap: the
/// window asks on every change): "no vllm profile for h100-sxm: using the generic one
/// (h100-sxm.generic)", or that no profile for the hardware exists and the estimate uses
/// generic defaults. Empty when the shipped "<hardware>.<engine>" exists, and for an engine
/// that is no known name (resolveCalibration's error).
std::string calibrationFallback(const std::string& hardwareId, const std::string& engine);

/// The serving engines a profile may name: "generic", "vllm", "sglang", "tensorrt-llm",
/// "nim", "llama.cpp", "lmdeploy", "tgi", "mlc-llm".
const std::vector<std::string>& knownEngines();

}  // namespace roofline::io
