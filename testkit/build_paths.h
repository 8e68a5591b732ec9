// Where the tests find the repository and the built binaries. The paths live in one generated
// file (testkit/build_paths.cpp.in, made by the root CMakeLists.txt), not in compile flags, so
// that the test objects are the same in every clone and build folder and the compiler cache
// reuses them.
#pragma once

namespace fleetwave::testkit {

const char* source_dir();         // the repository's root
const char* cli_binary();         // fleetwave ("" when the reconciler is not built)
const char* render_binary();      // fleetwave-render
const char* argocd_sim_binary();  // fleetwave-argocd-sim ("" when the reconciler is not built)

}  // namespace fleetwave::testkit
