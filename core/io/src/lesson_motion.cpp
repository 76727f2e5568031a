// SPDX-License-Identifier: GPL-3.0-or-later
// DOMAIN.md §12: text that says a point moves must name a point that moves. A lesson's
// baseline is pinned: its points are ghosts that stay put while the controls move the
// current scenario's passes.
#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <utility>

#include "roofline/io/lesson.h"

namespace roofline::io {
namespace {

/// Words that say a point moves (lower case, matched at a word's start).
constexpr std::array<std::string_view, 12> kMotionWords = {
    "move",  "moving", "raising", "dragging", "drag",   "climb",
    "slide", "rises",  "shifts",  "walks",    "travel", "lowering"};

/// What a sentence calls each pass's point.
constexpr std::array<std::pair<std::string_view, PassKind>, 6> kPointNames = {{
    {"prefill point", PassKind::Prefill},
    {"decode point", PassKind::Decode},
    {"encode point", PassKind::Encode},
    {"forward point", PassKind::Forward},
    {"verify point", PassKind::Verify},
    {"draft point", PassKind::Draft},
}};

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool wordStartsAt(const std::string& text, std::size_t at) {
    return at == 0 || std::isalpha(static_cast<unsigned char>(text[at - 1])) == 0;
}

bool hasWord(const std::string& text, std::string_view word) {
    for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
        if (wordStartsAt(text, at)) {
            return true;
        }
    }
    return false;
}

}  // namespace

std::vector<std::string> sentencesMovingPinnedPoints(std::string_view lookAt,
                                                     const Analysis& current) {
    std::vector<std::string> found;
    std::size_t start = 0;
    while (start < lookAt.size()) {
        std::size_t end = start;
        while (end < lookAt.size() &&
               !((lookAt[end] == '.' || lookAt[end] == '!' || lookAt[end] == '?') &&
                 (end + 1 == lookAt.size() || lookAt[end + 1] == ' '))) {
            ++end;
        }
        const std::string_view sentence = lookAt.substr(start, end + 1 - start);
        const std::string text = lower(sentence);
        start = end + 1;
        while (start < lookAt.size() && lookAt[start] == ' ') {
            ++start;
        }
        const bool motion = std::any_of(kMotionWords.begin(), kMotionWords.end(),
                                        [&](std::string_view w) { return hasWord(text, w); });
        if (!motion) {
            continue;
        }
        // A point the current scenario does not draw is the pinned baseline's ghost.
        const bool pinned =
            hasWord(text, "ghost") ||
            std::any_of(kPointNames.begin(), kPointNames.end(), [&](const auto& name) {
                return hasWord(text, name.first) && current.pass(name.second) == nullptr;
            });
        if (pinned) {
            found.emplace_back(sentence);
        }
    }
    return found;
}

}  // namespace roofline::io
