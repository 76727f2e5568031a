// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Hugging Face config.json of a vision model -> Model (ModelKind::Encoder or Cnn): ViT, CLIP
// (its vision tower), ResNet. Called by parseModelConfig() once it knows the model_type.

#include <string>
#include <string_view>

#include "json_util.h"

namespace roofline::io::detail {

/// The vision model_type values read here, and the class each one's configs name first.
struct VisionArchitecture {
    std::string_view modelType;
    std::string_view className;
};
inline constexpr VisionArchitecture kVisionArchitectures[] = {
    {"vit", "ViTForImageClassification"},
    {"clip", "CLIPModel"},
    {"clip_vision_model", "CLIPVisionModel"},
    {"resnet", "ResNetForImageClassification"},
};
bool isVisionType(std::string_view modelType);

/// Reads the config `json` (already parsed, model_type `type`) into `result`.
void parseVisionConfig(const Json& json, const std::string& type, const std::string& file,
                       const std::string& id, Loaded<Model>& result);

}  // namespace roofline::io::detail
