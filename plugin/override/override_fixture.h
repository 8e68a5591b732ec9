// Helpers shared by the override tests (included only from *_test.cpp files).
#pragma once

#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "base/json.h"
#include "codec/yaml_codec.h"

namespace fleetwave::override_test {

// The first document of `text`, parsed as fleetwave parses manifests.
inline Json yaml(std::string_view text) {
  auto docs = parse_yaml_stream(text, "test.yaml");
  if (!docs.ok()) {
    ADD_FAILURE() << docs.error().to_string();
    return Json();
  }
  return docs->empty() ? Json() : (*docs)[0].value;
}

}  // namespace fleetwave::override_test
