#include "base/error.h"

#include "base/enum_names.h"
#include "base/text.h"

namespace fleetwave {

constexpr auto kErrorKindNames =
    enum_names(EnumName(ErrorKind::InvalidInput, "invalid-input"), EnumName(ErrorKind::NotFound, "not-found"),
               EnumName(ErrorKind::Conflict, "conflict"), EnumName(ErrorKind::Transient, "transient"),
               EnumName(ErrorKind::Internal, "internal"), EnumName(ErrorKind::Rejected, "rejected"));

const char* to_string(ErrorKind kind) { return enum_name(kErrorKindNames, kind, "internal"); }

// Bounds of what one error line echoes: a path can be long, a message holds several values.
constexpr std::size_t kMaxFileBytes = 1024;
constexpr std::size_t kMaxFieldBytes = 512;
constexpr std::size_t kMaxMessageBytes = 4096;

std::string Error::to_string() const {
  std::string out;
  if (!pos.file.empty()) {
    out += printable(pos.file, kMaxFileBytes);
    if (pos.line > 0) {
      out += ':' + std::to_string(pos.line);
      if (pos.column > 0) out += ':' + std::to_string(pos.column);
    }
    out += ": ";
  }
  if (!field.empty()) out += printable(field, kMaxFieldBytes) + ": ";
  out += printable(message, kMaxMessageBytes);
  return out;
}

Error Error::with_context(const std::string& context) const {
  Error copy = *this;
  copy.message = context + ": " + message;
  return copy;
}

static Error make(ErrorKind kind, std::string message, std::string field = {}) {
  Error e;
  e.kind = kind;
  e.message = std::move(message);
  e.field = std::move(field);
  return e;
}

Error invalid_input(std::string message, std::string field) {
  return make(ErrorKind::InvalidInput, std::move(message), std::move(field));
}
Error not_found(std::string message) { return make(ErrorKind::NotFound, std::move(message)); }
Error conflict(std::string message) { return make(ErrorKind::Conflict, std::move(message)); }
Error transient(std::string message) { return make(ErrorKind::Transient, std::move(message)); }
Error internal_error(std::string message) { return make(ErrorKind::Internal, std::move(message)); }
Error rejected(std::string message) { return make(ErrorKind::Rejected, std::move(message)); }

std::string to_string(const ErrorList& errors) {
  std::string out;
  for (const Error& e : errors) {
    out += e.to_string();
    out += '\n';
  }
  return out;
}

}  // namespace fleetwave
