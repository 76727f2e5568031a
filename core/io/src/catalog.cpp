// SPDX-License-Identifier: GPL-3.0-or-later
// The shipped presets (compiled in by cmake/embed_presets.cmake) and id-or-path lookup.

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "roofline/io/presets.h"

namespace roofline::io {

namespace {

constexpr std::string_view kHardwareDir = "hardware/";
constexpr std::string_view kModelDir = "models/";
constexpr std::string_view kJson = ".json";

std::vector<std::string> idsUnder(std::string_view dir) {
    std::vector<std::string> ids;
    for (const EmbeddedPreset& p : embeddedPresets()) {
        if (p.path.starts_with(dir) && p.path.ends_with(kJson)) {
            std::string_view id = p.path.substr(dir.size());
            id.remove_suffix(kJson.size());
            if (id.find('/') == std::string_view::npos) {
                ids.emplace_back(id);
            }
        }
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

const EmbeddedPreset* findPreset(std::string_view dir, const std::string& id) {
    for (const EmbeddedPreset& p : embeddedPresets()) {
        if (p.path.size() == dir.size() + id.size() + kJson.size() && p.path.starts_with(dir) &&
            p.path.substr(dir.size(), id.size()) == id && p.path.ends_with(kJson)) {
            return &p;
        }
    }
    return nullptr;
}

template <class T>
Loaded<T> unknown(const std::string& what, const std::string& idOrPath,
                  const std::vector<std::string>& ids) {
    std::string list;
    for (const std::string& id : ids) {
        list += (list.empty() ? "" : ", ") + id;
    }
    Loaded<T> result;
    result.issues.push_back({Severity::Error, idOrPath, "",
                             "a shipped " + what + " id (" + list + ") or the path of a file",
                             "no such id, and no such file"});
    return result;
}

// Something is there: the loader reads it, or says why it cannot (a directory, a FIFO or a
// device is "not a regular file", which beats "no such file").
bool isFile(const std::string& path) {
    std::error_code ec;
    return std::filesystem::exists(path, ec);
}

}  // namespace

std::vector<std::string> hardwareIds() { return idsUnder(kHardwareDir); }
std::vector<std::string> modelIds() { return idsUnder(kModelDir); }

Loaded<Hardware> builtinHardware(const std::string& id) {
    if (const EmbeddedPreset* p = findPreset(kHardwareDir, id)) {
        return parseHardware(p->text, "presets/" + std::string(p->path));
    }
    return unknown<Hardware>("hardware", id, hardwareIds());
}

Loaded<Model> builtinModel(const std::string& id) {
    if (const EmbeddedPreset* p = findPreset(kModelDir, id)) {
        return parseModelConfig(p->text, "presets/" + std::string(p->path), id);
    }
    return unknown<Model>("model", id, modelIds());
}

Loaded<Hardware> resolveHardware(const std::string& idOrPath) {
    if (findPreset(kHardwareDir, idOrPath) != nullptr) {
        return builtinHardware(idOrPath);
    }
    if (isFile(idOrPath)) {
        return loadHardwareFile(idOrPath);
    }
    return unknown<Hardware>("hardware", idOrPath, hardwareIds());
}

Loaded<Model> resolveModel(const std::string& idOrPath) {
    if (findPreset(kModelDir, idOrPath) != nullptr) {
        return builtinModel(idOrPath);
    }
    if (isFile(idOrPath)) {
        return loadModelFile(idOrPath);
    }
    return unknown<Model>("model", idOrPath, modelIds());
}

}  // namespace roofline::io
