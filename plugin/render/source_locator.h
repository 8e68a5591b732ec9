// Turns "file, document, field" positions into file:line:column. Errors about a field are made
// where the parsed objects are at hand but the file text is not; this pass, given the inputs,
// re-reads each file that has such errors once (cost linear in the file's size, however many
// errors point into it) and fills in the line and column of each field.
#pragma once

#include "base/error.h"
#include "render/input_bundle.h"

namespace fleetwave {

// Locates every error (and warning) whose pos names a file of `bundle` and a document, and has
// no column yet. Errors it cannot place keep the line they have (the document's first line).
void locate_errors(const InputBundle& bundle, ErrorList& errors);

}  // namespace fleetwave
