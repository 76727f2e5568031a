// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A config.json's checkpoint storage (Model::checkpoint): checkpoint.cpp says which schemes it
// reads and how.

#include <string>
#include <vector>

#include "json_util.h"
#include "roofline/model.h"

namespace roofline::io::detail {

/// Sets m.checkpoint from `root`'s quantization_config (read through `r`, over `root`) and
/// the torch_dtype of `decoder` (its text_config) or `root`; with a quantization_config, adds
/// a notice saying how the checkpoint is stored and whether --weights checkpoint reads it.
/// `layers` are the decoder layers in order (one LayerGroup of count 1 each): a
/// quantization_config names modules by layer.
void readCheckpoint(const Json& root, const Json& decoder, ObjectReader& r,
                    std::vector<Issue>& issues, const std::string& file, Model& m,
                    const std::vector<LayerGroup>& layers);

}  // namespace roofline::io::detail
