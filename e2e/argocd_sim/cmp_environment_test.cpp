#include "argocd_sim/cmp_environment.h"

#include <gtest/gtest.h>

namespace fleetwave::sim {
namespace {

TEST(CmpEnvironmentTest, ExactlyWhatArgoCdCmpServerSets) {
  CmpContext c{"web-eu-1",
               "",
               "default",
               "0123456789abcdef0123456789abcdef01234567",
               "0123456789abcdef0123456789abcdef01234567",
               "http://127.0.0.1:8080/git/fleet",
               "apps/web",
               {{"FLEETWAVE_CLUSTER", "eu-1"}, {"INFO", "$ARGOCD_APP_NAME@${ARGOCD_APP_REVISION_SHORT}"}},
               "/usr/bin:/bin"};
  std::map<std::string, std::string> want = {
      {"PATH", "/usr/bin:/bin"},
      {"ARGOCD_APP_NAME", "web-eu-1"},
      {"ARGOCD_APP_NAMESPACE", ""},
      {"ARGOCD_APP_PROJECT_NAME", "default"},
      {"ARGOCD_APP_REVISION", "0123456789abcdef0123456789abcdef01234567"},
      {"ARGOCD_APP_REVISION_SHORT", "0123456"},
      {"ARGOCD_APP_REVISION_SHORT_8", "01234567"},
      {"ARGOCD_APP_SOURCE_REPO_URL", "http://127.0.0.1:8080/git/fleet"},
      {"ARGOCD_APP_SOURCE_PATH", "apps/web"},
      {"ARGOCD_APP_SOURCE_TARGET_REVISION", "0123456789abcdef0123456789abcdef01234567"},
      {"ARGOCD_APP_PARAMETERS", "null"},
      {"KUBE_VERSION", "1.30.4"},
      {"KUBE_API_VERSIONS", kube_api_versions()},
      {"ARGOCD_ENV_FLEETWAVE_CLUSTER", "eu-1"},
      {"ARGOCD_ENV_INFO", "web-eu-1@0123456"},
  };
  EXPECT_EQ(cmp_environment(c), want);
}

TEST(CmpEnvironmentTest, ApiVersionsAreSortedAndIncludeKinds) {
  const std::string& list = kube_api_versions();
  std::vector<std::string> items;
  for (std::size_t start = 0, comma; start <= list.size(); start = comma + 1) {
    comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    items.push_back(list.substr(start, comma - start));
  }
  EXPECT_TRUE(std::is_sorted(items.begin(), items.end()));
  EXPECT_NE(std::find(items.begin(), items.end(), "apps/v1/Deployment"), items.end());
  EXPECT_NE(std::find(items.begin(), items.end(), "v1"), items.end());
}

TEST(CmpEnvironmentTest, ExpandsBuildVariablesLikeOsExpand) {
  const std::map<std::string, std::string> vars = {{"A", "x"}, {"LONG_NAME", "y"}};
  struct Case {
    const char* name;
    const char* value;
    const char* want;
  };
  const Case cases[] = {
      {"plain", "eu-1", "eu-1"},
      {"bare name", "$A-$LONG_NAME", "x-y"},
      {"braces", "${A}b", "xb"},
      {"unknown is empty", "[$NOPE]", "[]"},
      {"double dollar is a dollar", "$$A", "$A"},
      {"trailing dollar kept", "a$", "a$"},
      {"dollar before punctuation kept", "$/x", "$/x"},
      {"unclosed brace eats ${", "${A", "A"},
      {"empty braces", "a${}b", "ab"},
      {"special variables are empty", "$1a", "a"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(expand_build_vars(c.value, vars), c.want);
  }
}

}  // namespace
}  // namespace fleetwave::sim
