// SPDX-License-Identifier: GPL-3.0-or-later
// mistral3 (Mistral Small 3.1/3.2, Ministral 3, Devstral...): transformers/models/mistral3/
// modeling_mistral3.py. The decoder is text_config (model_type mistral, ministral or
// ministral3, read as Mistral: transformers/models/ministral3/modeling_ministral3.py builds the
// same layer); the Pixtral vision tower and the projector are counted into
// Model::visionParameters.

#include "reader.h"

namespace roofline::io::detail::configs {

void readMistral3(Reading& x) {
    readLlama(x);
    if (!x.failed()) {
        x.m.visionParameters = pixtralMistral3VisionParameters(x);
    }
}

}  // namespace roofline::io::detail::configs
