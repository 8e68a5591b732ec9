// The Git commit the sources were built from, in a generated file of its own
// (cli/build_revision.cpp.in) so that a new commit recompiles one small object.
#pragma once

namespace fleetwave::cli {

const char* revision_from_build();  // "" when the builder did not pass FLEETWAVE_REVISION

}  // namespace fleetwave::cli
