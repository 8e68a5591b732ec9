// Error values carried across module boundaries (CONTRIBUTING.md, house rules 4 and 5).
#pragma once

#include <string>
#include <vector>

namespace fleetwave {

// What the caller should do about an error: InvalidInput is terminal (fix the input),
// Transient may succeed on retry, Rejected means a server refused the change by its own rules
// (a pre-receive hook, a protected branch: retrying will not help until someone changes them),
// the rest describe the state of the world.
enum class ErrorKind { InvalidInput, NotFound, Conflict, Transient, Internal, Rejected };

const char* to_string(ErrorKind kind);

// A position inside a source file; line and column are 1-based, 0 means unknown.
struct SourcePos {
  std::string file;
  int line = 0;
  int column = 0;
  // Lets a locator (render/source_locator.h) find the error's field in the file later: the
  // index of the YAML document holding it (-1: unknown), and the path of the object inside that
  // document ("items[3]" for an object of a List; "" for the document itself).
  int document = -1;
  std::string path_prefix;
};

struct Error {
  ErrorKind kind = ErrorKind::Internal;
  std::string message;  // lowercase, no trailing period
  SourcePos pos;        // where, when the error is about an input file
  std::string field;    // e.g. spec.placement.clusterAffinity.clusterNames[0]

  // "file:line:col: field: message", leaving out the parts that are unknown. One line: the file
  // name and field are escaped and cut as printable() does (base/text.h), and so is the message,
  // at a larger bound, in case some value reached it unescaped.
  std::string to_string() const;

  // Returns a copy whose message is prefixed with "context: ".
  Error with_context(const std::string& context) const;
};

Error invalid_input(std::string message, std::string field = {});
Error not_found(std::string message);
Error conflict(std::string message);
Error transient(std::string message);
Error internal_error(std::string message);
Error rejected(std::string message);

// Several independent problems, reported together (one line each).
using ErrorList = std::vector<Error>;

std::string to_string(const ErrorList& errors);

}  // namespace fleetwave
