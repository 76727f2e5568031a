// SPDX-License-Identifier: GPL-3.0-or-later
#include "label_placer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace roofline::ui {
namespace {

/// Overlaps thinner than this (antialiasing, rounding of text boxes) do not count.
constexpr double kSlack = 0.5;

QPointF rotated(const QPointF& p, const QPointF& pivot, double degrees) {
    const double r = degrees * M_PI / 180.0;
    const double c = std::cos(r);
    const double s = std::sin(r);
    const QPointF d = p - pivot;
    return pivot + QPointF(d.x() * c - d.y() * s, d.x() * s + d.y() * c);
}

/// Separating axis test for two convex quadrilaterals.
bool separated(const std::vector<QPointF>& a, const std::vector<QPointF>& b) {
    for (const std::vector<QPointF>* shape : {&a, &b}) {
        for (std::size_t i = 0; i < shape->size(); ++i) {
            const QPointF edge = (*shape)[(i + 1) % shape->size()] - (*shape)[i];
            const double length = std::hypot(edge.x(), edge.y());
            if (!(length > 0.0)) {
                continue;
            }
            const QPointF normal(-edge.y() / length, edge.x() / length);
            const auto project = [&](const std::vector<QPointF>& pts) {
                double lo = std::numeric_limits<double>::infinity();
                double hi = -lo;
                for (const QPointF& p : pts) {
                    const double d = QPointF::dotProduct(p, normal);
                    lo = std::min(lo, d);
                    hi = std::max(hi, d);
                }
                return std::pair{lo, hi};
            };
            const auto [aLo, aHi] = project(a);
            const auto [bLo, bHi] = project(b);
            if (aHi <= bLo + kSlack || bHi <= aLo + kSlack) {
                return true;
            }
        }
    }
    return false;
}

double overlapArea(const QRectF& a, const QRectF& b) {
    const QRectF i = a.intersected(b);
    return i.isValid() ? i.width() * i.height() : 0.0;
}

bool inside(const LabelBox& box, const QRectF& bounds) {
    const QRectF b = bounds.adjusted(-kSlack, -kSlack, kSlack, kSlack);
    const std::vector<QPointF> corners = box.corners();
    return std::all_of(corners.begin(), corners.end(),
                       [&](const QPointF& p) { return b.contains(p); });
}

}  // namespace

std::vector<QPointF> LabelBox::corners() const {
    std::vector<QPointF> plain = {rect.topLeft(), rect.topRight(), rect.bottomRight(),
                                  rect.bottomLeft()};
    if (angle == 0.0) {
        return plain;
    }
    std::vector<QPointF> turned;
    turned.reserve(plain.size());
    for (const QPointF& p : plain) {
        turned.push_back(rotated(p, pivot, angle));
    }
    return turned;
}

QRectF LabelBox::bounds() const {
    if (angle == 0.0) {
        return rect;
    }
    const std::vector<QPointF> c = corners();
    double left = c[0].x();
    double right = left;
    double top = c[0].y();
    double bottom = top;
    for (const QPointF& p : c) {
        left = std::min(left, p.x());
        right = std::max(right, p.x());
        top = std::min(top, p.y());
        bottom = std::max(bottom, p.y());
    }
    return {QPointF(left, top), QPointF(right, bottom)};
}

bool intersects(const LabelBox& a, const LabelBox& b) {
    if (a.rect.isEmpty() || b.rect.isEmpty()) {
        return false;
    }
    if (a.angle == 0.0 && b.angle == 0.0) {
        const QRectF i = a.rect.intersected(b.rect);
        return i.isValid() && i.width() > kSlack && i.height() > kSlack;
    }
    if (!a.bounds().intersects(b.bounds())) {
        return false;
    }
    return !separated(a.corners(), b.corners());
}

bool intersects(const std::vector<QPointF>& a, const std::vector<QPointF>& b) {
    return a.size() >= 3 && b.size() >= 3 && !separated(a, b);
}

QPointF nearestPoint(const LabelBox& box, const QPointF& p) {
    const QPointF local = box.angle == 0.0 ? p : rotated(p, box.pivot, -box.angle);
    const QPointF clamped(std::clamp(local.x(), box.rect.left(), box.rect.right()),
                          std::clamp(local.y(), box.rect.top(), box.rect.bottom()));
    return box.angle == 0.0 ? clamped : rotated(clamped, box.pivot, box.angle);
}

LabelBox lineBox(const QPointF& a, const QPointF& b, double width) {
    const QPointF mid = (a + b) / 2.0;
    const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
    return {QRectF(mid.x() - length / 2.0, mid.y() - width / 2.0, length, width), mid,
            std::atan2(b.y() - a.y(), b.x() - a.x()) * 180.0 / M_PI};
}

std::vector<Placement> placeLabels(const std::vector<LabelRequest>& requests,
                                   const std::vector<QRectF>& obstacles, const QRectF& bounds,
                                   const std::vector<LabelBox>& softLines) {
    std::vector<LabelBox> soft = softLines;  // and the leader lines drawn so far
    std::vector<std::size_t> order(requests.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return requests[a].priority < requests[b].priority;
    });

    std::vector<LabelBox> blockers;
    blockers.reserve(obstacles.size() + requests.size());
    for (const QRectF& r : obstacles) {
        blockers.push_back({r, r.center(), 0.0});
    }
    const auto markerCount = static_cast<std::ptrdiff_t>(blockers.size());  // the labels follow
    std::vector<Placement> result(requests.size());
    for (const std::size_t index : order) {
        const LabelRequest& request = requests[index];
        // Whether the leader line `box` would need (beyond leaderDistance) crosses a marker:
        // it would run along a mark (an estimate's interval bar, through its own point) or
        // seem to name another point. Its first leaderDistance, round its own point, does not
        // count.
        const auto leaderCrosses = [&](const LabelBox& box) {
            const QPointF end = nearestPoint(box, request.anchor);
            const QPointF d = end - request.anchor;
            const double length = std::hypot(d.x(), d.y());
            if (!(length > request.leaderDistance)) {
                return false;
            }
            const QPointF start = request.anchor + d * (request.leaderDistance / length);
            const LabelBox leader = lineBox(start, end, 1.0);
            const auto meets = [&](const LabelBox& other) { return intersects(leader, other); };
            return std::any_of(blockers.begin(), blockers.begin() + markerCount, meets);
        };
        int chosen = -1;
        bool free = false;
        for (const bool avoidSoft : {true, false}) {
            if (avoidSoft && soft.empty()) {
                continue;
            }
            for (std::size_t c = 0; c < request.candidates.size() && chosen < 0; ++c) {
                const LabelBox& box = request.candidates[c];
                if (!inside(box, bounds)) {
                    continue;
                }
                const auto meets = [&](const LabelBox& other) { return intersects(box, other); };
                if (std::none_of(blockers.begin(), blockers.end(), meets) &&
                    !(avoidSoft && std::any_of(soft.begin(), soft.end(), meets)) &&
                    !leaderCrosses(box)) {
                    chosen = static_cast<int>(c);
                    free = true;
                }
            }
        }
        LabelBox scanned;
        if (chosen < 0 && !request.droppable && !request.candidates.empty() &&
            request.candidates.front().angle == 0.0 && request.leaderDistance < 1e9) {
            // No candidate is free: the free spot nearest the anchor, anywhere in the bounds
            // (on a grid of half the box's height, ring by ring outwards from the anchor, so
            // that the search stops at the first ring with room), joined by a leader line.
            const QSizeF size = request.candidates.front().rect.size();
            const double step = std::max(4.0, size.height() / 2.0);
            const QPointF centre = request.anchor - QPointF(size.width(), size.height()) / 2.0;
            const int rings =
                static_cast<int>(std::ceil(std::max(bounds.width(), bounds.height()) / step)) + 1;
            // The nearest whose leader crosses no label, looked for a few rings past the first
            // free spot whose leader does; failing that, that spot.
            constexpr int kRingsPastCrossing = 4;
            double best = std::numeric_limits<double>::infinity();
            double bestCrossing = best;
            LabelBox crossing;
            int crossingRing = -1;
            for (int ring = 0; ring <= rings && !(best < std::numeric_limits<double>::infinity()) &&
                               (crossingRing < 0 || ring <= crossingRing + kRingsPastCrossing);
                 ++ring) {
                for (int i = -ring; i <= ring; ++i) {
                    for (int j = -ring; j <= ring; ++j) {
                        if (std::max(std::abs(i), std::abs(j)) != ring) {
                            continue;  // inside the ring: tried before
                        }
                        const QRectF rect(centre + QPointF(i * step, j * step), size);
                        if (!bounds.contains(rect)) {
                            continue;
                        }
                        const QPointF near(
                            std::clamp(request.anchor.x(), rect.left(), rect.right()),
                            std::clamp(request.anchor.y(), rect.top(), rect.bottom()));
                        const double d = std::hypot(near.x() - request.anchor.x(),
                                                    near.y() - request.anchor.y());
                        const LabelBox box{rect, rect.center(), 0.0};
                        if ((d < best || d < bestCrossing) &&
                            std::none_of(
                                blockers.begin(), blockers.end(),
                                [&](const LabelBox& other) { return intersects(box, other); })) {
                            if (!leaderCrosses(box)) {
                                if (d < best) {
                                    best = d;
                                    scanned = box;
                                }
                            } else if (d < bestCrossing) {
                                bestCrossing = d;
                                crossing = box;
                                crossingRing = crossingRing < 0 ? ring : crossingRing;
                            }
                        }
                    }
                }
            }
            if (!(best < std::numeric_limits<double>::infinity()) &&
                bestCrossing < std::numeric_limits<double>::infinity()) {
                best = bestCrossing;
                scanned = crossing;
            }
            if (best < std::numeric_limits<double>::infinity()) {
                chosen = static_cast<int>(request.candidates.size());  // past the candidates
                free = true;
            }
        }
        if (chosen < 0 && !request.droppable && !request.candidates.empty()) {
            // Nowhere free: the candidate that covers least (what lies outside the bounds
            // counts double: it is cut off, not just crowded).
            double best = std::numeric_limits<double>::infinity();
            for (std::size_t c = 0; c < request.candidates.size(); ++c) {
                const QRectF box = request.candidates[c].bounds();
                double cost = 2.0 * (box.width() * box.height() - overlapArea(box, bounds));
                for (const LabelBox& other : blockers) {
                    if (intersects(request.candidates[c], other)) {
                        cost += overlapArea(box, other.bounds());
                    }
                }
                if (cost < best) {
                    best = cost;
                    chosen = static_cast<int>(c);
                }
            }
        }
        Placement& placed = result[index];
        placed.candidate = chosen;
        if (chosen < 0) {
            continue;
        }
        placed.box = static_cast<std::size_t>(chosen) < request.candidates.size()
                         ? request.candidates[static_cast<std::size_t>(chosen)]
                         : scanned;
        placed.free = free;
        placed.leaderEnd = nearestPoint(placed.box, request.anchor);
        const QPointF d = placed.leaderEnd - request.anchor;
        placed.leader = std::hypot(d.x(), d.y()) > request.leaderDistance;
        blockers.push_back(placed.box);
        if (placed.leader) {
            soft.push_back(lineBox(request.anchor, placed.leaderEnd, 2.0));
        }
    }
    return result;
}

std::vector<LabelBox> candidatesAround(const QPointF& anchor, const QSizeF& size, double gap,
                                       const std::vector<Side>& order) {
    static const std::vector<Side> kAll = {Side::Right,     Side::Left,       Side::Above,
                                           Side::Below,     Side::RightBelow, Side::RightAbove,
                                           Side::LeftAbove, Side::LeftBelow};
    const std::vector<Side>& sides = order.empty() ? kAll : order;
    const double w = size.width();
    const double h = size.height();
    std::vector<LabelBox> boxes;
    boxes.reserve(sides.size() * 8);
    for (const double ring : {1.0, 2.0, 3.5, 5.0, 8.0, 12.0, 18.0, 26.0}) {
        const double g = gap * ring;
        // The diagonal boxes touch the corner of the anchor's square of half-side g.
        const double diagonal = g;
        for (const Side side : sides) {
            QPointF topLeft;
            switch (side) {
                case Side::Right:
                    topLeft = {anchor.x() + g, anchor.y() - h / 2.0};
                    break;
                case Side::Left:
                    topLeft = {anchor.x() - g - w, anchor.y() - h / 2.0};
                    break;
                case Side::Above:
                    topLeft = {anchor.x() - w / 2.0, anchor.y() - g - h};
                    break;
                case Side::Below:
                    topLeft = {anchor.x() - w / 2.0, anchor.y() + g};
                    break;
                case Side::RightBelow:
                    topLeft = {anchor.x() + diagonal, anchor.y() + diagonal};
                    break;
                case Side::RightAbove:
                    topLeft = {anchor.x() + diagonal, anchor.y() - diagonal - h};
                    break;
                case Side::LeftAbove:
                    topLeft = {anchor.x() - diagonal - w, anchor.y() - diagonal - h};
                    break;
                case Side::LeftBelow:
                    topLeft = {anchor.x() - diagonal - w, anchor.y() + diagonal};
                    break;
            }
            const QRectF rect(topLeft, size);
            boxes.push_back({rect, rect.center(), 0.0});
        }
    }
    return boxes;
}

}  // namespace roofline::ui
