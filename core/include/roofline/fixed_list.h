// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file fixed_list.h
/// A list with its capacity inline, for the parts of an Analysis whose size has a hard bound
/// (the operators of two passes, the roofs of one chip). analyze() runs for every frame and
/// every cell of a sweep; a heap allocation and its free cost about as much as a pass of
/// the cost model, and this needs neither. Unused slots are never initialised or copied.

#include <cassert>
#include <cstddef>
#include <new>
#include <type_traits>

namespace roofline {

template <class T, std::size_t Capacity>
class FixedList {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                  "FixedList copies its elements as bytes and never destroys them");

public:
    using value_type = T;
    using size_type = std::size_t;
    using iterator = T*;
    using const_iterator = const T*;

    FixedList() = default;
    FixedList(const FixedList& other) { copyFrom(other); }
    FixedList& operator=(const FixedList& other) {
        if (this != &other) {
            copyFrom(other);
        }
        return *this;
    }

    /// Appends a copy of `value`. The caller guarantees the bound (asserted in debug builds).
    T& push_back(const T& value) {
        assert(m_size < Capacity);
        T* slot = ::new (static_cast<void*>(m_storage + m_size * sizeof(T))) T(value);
        ++m_size;
        return *slot;
    }
    /// Appends a default-initialised element (members without initialisers stay unset).
    T& emplace_back() {
        assert(m_size < Capacity);
        T* slot = ::new (static_cast<void*>(m_storage + m_size * sizeof(T))) T;
        ++m_size;
        return *slot;
    }
    void clear() { m_size = 0; }

    size_type size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    static constexpr size_type capacity() { return Capacity; }

    T* data() { return std::launder(reinterpret_cast<T*>(m_storage)); }
    const T* data() const { return std::launder(reinterpret_cast<const T*>(m_storage)); }
    T& operator[](size_type i) { return data()[i]; }
    const T& operator[](size_type i) const { return data()[i]; }
    T& front() { return data()[0]; }
    const T& front() const { return data()[0]; }
    T& back() { return data()[m_size - 1]; }
    const T& back() const { return data()[m_size - 1]; }

    iterator begin() { return data(); }
    iterator end() { return data() + m_size; }
    const_iterator begin() const { return data(); }
    const_iterator end() const { return data() + m_size; }

private:
    void copyFrom(const FixedList& other) {
        m_size = 0;
        for (const T& item : other) {
            push_back(item);
        }
    }

    alignas(T) unsigned char m_storage[Capacity * sizeof(T)];
    size_type m_size = 0;
};

}  // namespace roofline
