// Problems collects every validation error of one document, so the user sees all of them at
// once (one line each) instead of fixing them one run at a time, and the warnings: input that is
// valid to Karmada but almost certainly not what its author meant (a selector that can match
// nothing), reported without failing the render.
#pragma once

#include <iterator>
#include <string>

#include "base/error.h"
#include "base/field_path.h"

namespace fleetwave {

class Problems {
 public:
  void add(const FieldPath& field, std::string message) {
    errors_.push_back(invalid_input(std::move(message), field.to_string()));
  }
  void warn(const FieldPath& field, std::string message) {
    warnings_.push_back(invalid_input(std::move(message), field.to_string()));
  }
  bool empty() const { return errors_.empty(); }
  std::size_t size() const { return errors_.size(); }
  const ErrorList& list() const { return errors_; }
  ErrorList take() { return std::move(errors_); }
  // `other`'s errors and warnings after these.
  void append(Problems&& other) {
    errors_.insert(errors_.end(), std::make_move_iterator(other.errors_.begin()),
                   std::make_move_iterator(other.errors_.end()));
    warnings_.insert(warnings_.end(), std::make_move_iterator(other.warnings_.begin()),
                     std::make_move_iterator(other.warnings_.end()));
  }
  ErrorList take_warnings() { return std::move(warnings_); }

 private:
  ErrorList errors_;
  ErrorList warnings_;
};

}  // namespace fleetwave
