// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file fixed_list.h
/// A list with its capacity inline, for the parts of an Analysis whose size has a hard bound
/// (the operators of two passes, the roofs of one chip). analyze() runs for every frame and
/// every cell of a sweep; a heap allocation and its free cost about as much as a pass of
/// the cost model, and this needs neither. Unused slots are never initialised or copied.
///
/// Appending is bounded in every build type (Debug and Release alike): an append to a full
/// list is dropped, counted in dropped(), and never writes past the end of the list.
/// tryPushBack() / tryEmplaceBack() report it (false / nullptr). push_back() and
/// emplace_back() keep the standard names and return a reference; on a full list that
/// reference is to a scratch slot of this list, one element past the last usable one, so a
/// caller's writes through it land in storage the list owns and are discarded (they are
/// never read, copied or counted in size()).

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

    /// Appends a copy of `value` and returns true; on a full list, drops it and returns false.
    bool tryPushBack(const T& value) {
        if (full()) {
            ++m_dropped;
            return false;
        }
        ::new (static_cast<void*>(slot(m_size))) T(value);
        ++m_size;
        return true;
    }
    /// Appends a default-initialised element (members without initialisers stay unset) and
    /// returns it; on a full list, returns nullptr and appends nothing.
    T* tryEmplaceBack() {
        if (full()) {
            ++m_dropped;
            return nullptr;
        }
        T* item = ::new (static_cast<void*>(slot(m_size))) T;
        ++m_size;
        return item;
    }
    /// As tryPushBack(); returns the new element, or on a full list the scratch slot (see the
    /// file comment): the value is dropped either way without writing past the end.
    T& push_back(const T& value) {
        if (tryPushBack(value)) {
            return back();
        }
        return *::new (static_cast<void*>(slot(Capacity))) T(value);
    }
    /// As tryEmplaceBack(); on a full list returns the (freshly default-initialised) scratch
    /// slot, whose contents are discarded.
    T& emplace_back() {
        if (T* item = tryEmplaceBack()) {
            return *item;
        }
        return *::new (static_cast<void*>(slot(Capacity))) T;
    }
    /// Empties the list and resets dropped().
    void clear() {
        m_size = 0;
        m_dropped = 0;
    }

    size_type size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    bool full() const { return m_size == Capacity; }
    /// Appends refused since construction or clear() because the list was full.
    size_type dropped() const { return m_dropped; }
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
            tryPushBack(item);  // same capacity: never refused
        }
        m_dropped = other.m_dropped;
    }
    unsigned char* slot(size_type i) { return m_storage + i * sizeof(T); }

    // Capacity usable slots, then the scratch slot that a full push_back/emplace_back
    // returns. Never initialised unless used, never copied.
    alignas(T) unsigned char m_storage[(Capacity + 1) * sizeof(T)];
    size_type m_size = 0;
    size_type m_dropped = 0;
};

}  // namespace roofline
