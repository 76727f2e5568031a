// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file quantization.h
/// The quantization steps of the window's "Quantization" slider. The schemes and their
/// precisions are domain knowledge and live in core (roofline/quantization.h); this header
/// keeps the names the window has always used in roofline::ui.

#include "roofline/quantization.h"

namespace roofline::ui {

using roofline::kQuantizationSchemes;
using roofline::Quantization;
using roofline::quantizationOf;
using roofline::QuantizationScheme;
using roofline::scheme;

}  // namespace roofline::ui
