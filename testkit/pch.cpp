// The translation unit that compiles the test binaries' shared precompiled header
// (fleetwave_test_pch, cmake/FleetwaveBuild.cmake); it holds nothing else.
