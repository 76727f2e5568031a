// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file presets.h
/// Reading hardware presets and Hugging Face config.json files into core values, and the
/// catalog of presets compiled into the library.
///
/// Nothing here throws: every failure comes back as Issues naming the file, the JSON Pointer,
/// what was expected and what was found. No Qt; nlohmann/json is a private dependency.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/hardware.h"
#include "roofline/model.h"
#include "roofline/validate.h"

namespace roofline::io {

/// A value, or why there is none. `issues` may hold warnings even on success.
template <class T>
struct Loaded {
    std::optional<T> value;
    std::vector<Issue> issues;

    bool ok() const { return value.has_value(); }
};

/// Files larger than this are refused before parsing (a preset is a few KB).
inline constexpr std::size_t kMaxPresetFileBytes = 4u << 20;

/// Parses a hardware preset (schema in presets/README.md). `file` only labels messages.
/// Unknown keys are warnings; missing required keys and bad values are errors.
Loaded<Hardware> parseHardware(std::string_view jsonText, const std::string& file);

/// Writes `hardware` as a schema-2 preset, every field parseHardware() reads, in the presets'
/// units: parseHardware(hardwareToJson(h)) gives h back for every hardware the reader gives.
/// Fields the schema cannot hold as they are (a bandwidth of 0 where one is required, a
/// negative peak) are written anyway, so that reading the text names the problem with the
/// reader's own message. Hardware keeps no citations: a visible capacity or an achievable
/// rate cites one source, "hardware_editor", saying so.
std::string hardwareToJson(const Hardware& hardware);

/// Parses a Hugging Face config.json. Supported model_type values: llama, mistral, mixtral,
/// qwen2, qwen2_moe, qwen3, qwen3_moe, gemma, gemma2, deepseek_v2, deepseek_v3, gpt_oss
/// (and configs whose "architectures" names one of their *ForCausalLM classes). Anything
/// else, e.g. an encoder-decoder T5 config, is an error naming /model_type. Everything is
/// derived from the fields; nothing is keyed on the model's name. `id` becomes Model::id;
/// the display name is /_roofline/name if present, else /_name_or_path, else `id`.
Loaded<Model> parseModelConfig(std::string_view jsonText, const std::string& file,
                               const std::string& id);

/// Reads a file from disk (size-limited) and parses it. The id is the file's stem.
Loaded<Hardware> loadHardwareFile(const std::string& path);
Loaded<Model> loadModelFile(const std::string& path);

/// One preset compiled into the binary.
struct EmbeddedPreset {
    std::string_view path;  ///< Relative to presets/, e.g. "hardware/h100-sxm.json".
    std::string_view text;  ///< The file's bytes.
};

/// Every shipped preset file, in path order.
const std::vector<EmbeddedPreset>& embeddedPresets();

/// Ids of the shipped presets, sorted.
std::vector<std::string> hardwareIds();
std::vector<std::string> modelIds();

/// A shipped preset by id (parsed on each call; cheap).
Loaded<Hardware> builtinHardware(const std::string& id);
Loaded<Model> builtinModel(const std::string& id);

/// `idOrPath` names a shipped preset id, or else a file on disk. The error for neither says
/// so and lists the known ids.
Loaded<Hardware> resolveHardware(const std::string& idOrPath);
Loaded<Model> resolveModel(const std::string& idOrPath);

}  // namespace roofline::io
