// Golden render cases: testdata/render/<case>/repo is a GitOps repository (clusters/,
// optional policies/, app/); expected/<cluster>.yaml is what that cluster must receive, or
// expected/<cluster>.error the exact stderr lines when the render must fail. Every cluster of
// the inventory needs an expected file. Regenerate only on purpose: UPDATE_GOLDEN=1.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "cmp/repo_reader.h"
#include "render/renderer.h"
#include "testkit/build_paths.h"

namespace fleetwave {
namespace {
namespace fs = std::filesystem;

fs::path cases_dir() { return fs::path(fleetwave::testkit::source_dir()) / "testdata" / "render"; }

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(cases_dir())) {
    if (entry.is_directory()) names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool updating() {
  const char* v = std::getenv("UPDATE_GOLDEN");
  return v != nullptr && std::string(v) == "1";
}

// The render of every inventory cluster: "<cluster>.yaml" -> output, or "<cluster>.error" -> errors.
std::map<std::string, std::string> render_case(const fs::path& repo) {
  InputBundle bundle;
  bundle.app_path = "app";
  std::map<std::string, std::string> out;
  auto read = read_repo_files(RepoLayout{repo, "app", "clusters", "policies"}, bundle);
  if (!read.ok()) {
    out["all.error"] = to_string(read.error());
    return out;
  }
  auto prepared = FleetRender::prepare(bundle);
  if (!prepared.ok()) {
    out["all.error"] = to_string(prepared.error());
    return out;
  }
  for (const Cluster& c : prepared->fleet().clusters) {
    auto rendered = prepared->render(c.name);
    if (rendered.ok()) {
      out[c.name + ".yaml"] = format_objects(rendered->objects, OutputFormat::YamlStream);
    } else {
      out[c.name + ".error"] = to_string(rendered.error());
    }
  }
  return out;
}

class GoldenRender : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenRender, MatchesExpectedOutput) {
  const fs::path dir = cases_dir() / GetParam();
  const fs::path expected_dir = dir / "expected";
  std::map<std::string, std::string> actual = render_case(dir / "repo");
  ASSERT_FALSE(actual.empty()) << "the case renders no cluster: add clusters to " << (dir / "repo/clusters");
  if (updating()) {
    fs::remove_all(expected_dir);
    fs::create_directories(expected_dir);
    for (const auto& [name, text] : actual) std::ofstream(expected_dir / name, std::ios::binary) << text;
    GTEST_SKIP() << "rewrote " << expected_dir;
  }
  std::set<std::string> expected_files;
  if (fs::exists(expected_dir)) {
    for (const auto& entry : fs::directory_iterator(expected_dir))
      expected_files.insert(entry.path().filename().string());
  }
  for (const auto& [name, text] : actual) {
    SCOPED_TRACE(name);
    ASSERT_TRUE(expected_files.count(name)) << "missing " << (expected_dir / name) << "; the render gave:\n" << text;
    EXPECT_EQ(text, read_file(expected_dir / name));
    expected_files.erase(name);
  }
  EXPECT_TRUE(expected_files.empty()) << "expected files without a matching render: " << *expected_files.begin();
  // Same inputs, byte-identical output.
  EXPECT_EQ(render_case(dir / "repo"), actual);
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenRender, ::testing::ValuesIn(case_names()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace fleetwave
