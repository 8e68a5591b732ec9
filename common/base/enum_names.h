// An enum's names as one table, read by one lookup each way instead of a switch per enum.
// enum_names() checks the table at compile time, keeping what -Wswitch gave a switch: a missing,
// extra or misplaced row, or an enumerator added without a row, stops the build. The enums are
// contiguous from 0, so a row is found by its enumerator's value.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace fleetwave {

template <typename E>
struct EnumName {
  constexpr EnumName(E enumerator, const char* text) : value(enumerator), name(text) {}
  E value;
  const char* name;
};

template <typename E, std::size_t N>
using EnumNames = std::array<EnumName<E>, N>;

namespace enum_names_detail {

// GCC and Clang spell a template argument that is an enumerator "E::Name", and a value of E that
// names no enumerator "(E)N".
template <auto V>
constexpr bool names_an_enumerator() {
  constexpr std::string_view signature = __PRETTY_FUNCTION__;
  constexpr std::size_t at = signature.rfind("V = ");
  return at != std::string_view::npos && signature[at + 4] != '(';
}

template <typename E, std::size_t N>
constexpr bool names_every_enumerator(const EnumNames<E, N>& rows) {
  for (std::size_t i = 0; i < N; ++i) {
    if (rows[i].value != static_cast<E>(i)) return false;
  }
  return !names_an_enumerator<static_cast<E>(N)>();
}

}  // namespace enum_names_detail

// The table of an enum: a row for each enumerator, in the order the enum declares them.
template <typename E, typename... More>
consteval auto enum_names(EnumName<E> first, More... more) {
  const EnumNames<E, 1 + sizeof...(More)> rows{first, more...};
  if (!enum_names_detail::names_every_enumerator(rows)) {
    throw "enum_names: name every enumerator once, in the order the enum declares them";
  }
  return rows;
}

// The name of `value`; `fallback` for a value cast from outside the enum.
template <typename E, std::size_t N>
constexpr const char* enum_name(const EnumNames<E, N>& rows, E value, const char* fallback) {
  const auto i = static_cast<std::size_t>(value);
  return i < N ? rows[i].name : fallback;
}

// The enumerator whose name is `name`, if any.
template <typename E, std::size_t N>
constexpr std::optional<E> enum_from_name(const EnumNames<E, N>& rows, std::string_view name) {
  for (const EnumName<E>& row : rows) {
    if (name == row.name) return row.value;
  }
  return std::nullopt;
}

}  // namespace fleetwave
