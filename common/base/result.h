// Result<T, E>: a value or an error, never both (CONTRIBUTING.md, house rule 4). A small stand-in for
// C++23 std::expected, which g++ 12 does not ship in C++20 mode.
#pragma once

#include <cassert>
#include <utility>
#include <variant>

#include "base/error.h"

namespace fleetwave {

template <typename E>
struct Unexpected {
  E error;
};

template <typename E>
Unexpected<std::decay_t<E>> fail(E&& error) {
  return {std::forward<E>(error)};
}

template <typename T, typename E = Error>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit by design
  template <typename F>
  Result(Unexpected<F> e) : data_(std::in_place_index<1>, E(std::move(e.error))) {}                     // NOLINT
  Result(E error) requires(!std::is_same_v<T, E>) : data_(std::in_place_index<1>, std::move(error)) {}  // NOLINT

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(data_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(data_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(data_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  E& error() & {
    assert(!ok());
    return std::get<1>(data_);
  }
  const E& error() const& {
    assert(!ok());
    return std::get<1>(data_);
  }
  E&& error() && {
    assert(!ok());
    return std::get<1>(std::move(data_));
  }

 private:
  std::variant<T, E> data_;
};

// Result<void>: success or an error.
struct Ok {};

template <typename E = Error>
using Status = Result<Ok, E>;

inline Status<> ok_status() { return Ok{}; }

}  // namespace fleetwave

// FW_TRY(var, expr): evaluates expr (a Result); on error returns it from the enclosing function,
// otherwise moves the value into a new variable `var`.
#define FW_CONCAT_INNER(a, b) a##b
#define FW_CONCAT(a, b) FW_CONCAT_INNER(a, b)
#define FW_TRY(var, expr)                                                         \
  auto FW_CONCAT(fw_result_, __LINE__) = (expr);                                  \
  if (!FW_CONCAT(fw_result_, __LINE__).ok())                                      \
    return ::fleetwave::fail(std::move(FW_CONCAT(fw_result_, __LINE__)).error()); \
  auto var = std::move(FW_CONCAT(fw_result_, __LINE__)).value()

// FW_CHECK(expr): evaluates a Status-like Result; returns its error from the enclosing function.
#define FW_CHECK(expr)                                                             \
  do {                                                                             \
    auto fw_status_ = (expr);                                                      \
    if (!fw_status_.ok()) return ::fleetwave::fail(std::move(fw_status_).error()); \
  } while (0)
