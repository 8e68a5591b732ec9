// The ApplicationSet of an app, field by field as Argo CD reads them: the git files generator over
// the app's targets.json (its repo, branch, and the path parameter prefix), the Application
// template (name, labels, project, source through the fleetwave plugin with the cluster in its
// env, destination namespace only when asked), and that every parameter the templates use is a
// key of a targets.json entry (missingkey=error would otherwise fail every Application). The
// exact YAML and the CRD field check are cli/appset_test.cpp's.
#include "reconcile/views/appset_builder.h"

#include <regex>
#include <set>

#include <gtest/gtest.h>

#include "rollout/rollout_state.h"

namespace fleetwave::cli {
namespace {

struct AppSetBuilderCase {
  std::string name;
  AppSetOptions options;
  // Expected: metadata.namespace, the generator's revision, spec.project, the destination.
  std::string namespace_, revision, project;
  Json destination;
};

TEST(AppSetBuilderTest, TheGeneratorAndTemplateArgoCdReads) {
  const std::string repo = "https://git.example.com/fleet.git";
  const AppSetBuilderCase cases[] = {
      {"defaults", {.app = "shop", .repo_url = repo}, "argocd", "main", "default", Json::object()},
      {"every option",
       {.app = "web",
        .repo_url = repo,
        .revision = "prod",
        .namespace_ = "gitops",
        .project = "fleet",
        .dest_namespace = "web"},
       "gitops",
       "prod",
       "fleet",
       {{"namespace", "web"}}},
  };
  for (const AppSetBuilderCase& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string& app = c.options.app;
    const Json a = applicationset(c.options);
    EXPECT_EQ(a["apiVersion"], "argoproj.io/v1alpha1");
    EXPECT_EQ(a["kind"], "ApplicationSet");
    EXPECT_EQ(a["metadata"],
              Json({{"name", app}, {"namespace", c.namespace_}, {"labels", {{"fleetwave.io/app", app}}}}));
    const Json& spec = a["spec"];
    EXPECT_EQ(spec["goTemplate"], true);
    EXPECT_EQ(spec["goTemplateOptions"], Json::array({"missingkey=error"}));
    ASSERT_EQ(spec["generators"].size(), 1u);
    EXPECT_EQ(spec["generators"][0],
              Json({{"git",
                     {{"repoURL", repo},
                      {"revision", c.revision},
                      {"files", Json::array({{{"path", ".fleetwave/" + app + "/targets.json"}}})},
                      {"pathParamPrefix", "fleetwave"}}}}));
    const Json& t = spec["template"];
    EXPECT_EQ(t["metadata"]["name"], app + "-{{.cluster}}");
    EXPECT_EQ(t["metadata"]["labels"], Json({{"fleetwave.io/app", app},
                                             {"fleetwave.io/cluster", "{{.cluster}}"},
                                             {"fleetwave.io/wave", "{{.wave}}"}}));
    EXPECT_EQ(t["spec"]["project"], c.project);
    EXPECT_EQ(t["spec"]["destination"], c.destination) << "the server comes from templatePatch";
    EXPECT_EQ(t["spec"]["syncPolicy"], Json({{"automated", {{"prune", true}, {"selfHeal", true}}}}));
    const Json& source = t["spec"]["source"];
    EXPECT_EQ(source["repoURL"], repo);
    EXPECT_EQ(source["targetRevision"], "{{.revision}}") << "the pin, not the branch";
    EXPECT_EQ(source["path"], "{{.path}}");
    EXPECT_EQ(source["plugin"]["name"], "fleetwave");
    EXPECT_EQ(source["plugin"]["env"], Json::parse(R"([{"name": "FLEETWAVE_CLUSTER", "value": "{{.cluster}}"},
                              {"name": "FLEETWAVE_CORDONS",
                               "value": "{{ if hasKey . \"cordons\" }}{{ .cordons }}{{ end }}"}])"));
    EXPECT_EQ(spec["templatePatch"], destination_patch());
  }
}

// Every string of `value` (object values and array items, recursively).
void appset_strings(const Json& value, std::vector<std::string>& out) {
  if (value.is_string()) out.push_back(value.get<std::string>());
  if (value.is_object() || value.is_array()) {
    for (const Json& v : value) appset_strings(v, out);
  }
}

TEST(AppSetBuilderTest, EveryTemplateParameterIsAKeyOfATargetsEntry) {
  RolloutState s;
  s.app = "shop";
  s.path = "apps/shop";
  s.pins["eu-1"] = Pin{std::string(40, 'a'), "europe", "https://eu-1.example.com:6443", 1};
  const Json entry = targets_json(s)[0];
  const Json a = applicationset({.app = "shop", .repo_url = "https://git.example.com/fleet.git"});
  std::vector<std::string> strings;
  appset_strings(a["spec"]["template"], strings);
  strings.push_back(a["spec"]["templatePatch"].get<std::string>());
  std::set<std::string> used;
  const std::regex action(R"(\{\{([^}]*)\}\})"), field(R"(\.([A-Za-z_]+))");
  for (const std::string& text : strings) {
    for (std::sregex_iterator m(text.begin(), text.end(), action), end; m != end; ++m) {
      const std::string inside = (*m)[1];
      for (std::sregex_iterator f(inside.begin(), inside.end(), field); f != end; ++f) used.insert((*f)[1]);
    }
  }
  EXPECT_EQ(used, (std::set<std::string>{"cluster", "cordons", "path", "revision", "server", "wave"}));
  for (const std::string& key : used) EXPECT_TRUE(entry.contains(key)) << key << " is not a targets.json key";
  // The generator's own parameters go under .fleetwave.*, so the entry's `path` stays the app's.
  EXPECT_FALSE(entry.contains(kPathParamPrefix));
}

// What Argo CD makes of the template for one targets.json entry, substituting the plain
// {{.key}} parameters (the conditional ones are the templatePatch's and FLEETWAVE_CORDONS').
TEST(AppSetBuilderTest, OneTargetsEntryBecomesAnApplicationPinnedToItsRevision) {
  RolloutState s;
  s.app = "shop";
  s.path = "apps/shop";
  const std::string pin(40, 'a');
  s.pins["eu-1"] = Pin{pin, "europe", "https://eu-1.example.com:6443", 1};
  const Json entry = targets_json(s)[0];
  std::string text =
      applicationset({.app = "shop", .repo_url = "https://git.example.com/fleet.git"})["spec"]["template"].dump();
  for (const char* key : {"cluster", "wave", "revision", "path"}) {
    const std::string placeholder = std::string("{{.") + key + "}}";
    for (std::size_t at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder))
      text.replace(at, placeholder.size(), entry[key].get<std::string>());
  }
  const Json application = Json::parse(text);
  EXPECT_EQ(application["metadata"]["name"], "shop-eu-1");
  EXPECT_EQ(application["metadata"]["labels"]["fleetwave.io/cluster"], "eu-1");
  EXPECT_EQ(application["metadata"]["labels"]["fleetwave.io/wave"], "europe");
  EXPECT_EQ(application["spec"]["source"]["targetRevision"], pin);
  EXPECT_EQ(application["spec"]["source"]["path"], "apps/shop");
  EXPECT_EQ(application["spec"]["source"]["plugin"]["env"][0],
            Json({{"name", "FLEETWAVE_CLUSTER"}, {"value", "eu-1"}}));
}

// Hydrated mode: the same generator, names and labels (an Application keeps its name when its
// fleet changes mode), and a plain directory <app>/<cluster> on the hydrated branch.
TEST(AppSetBuilderTest, HydratedModeReadsTheClustersDirectoryWithoutThePlugin) {
  const AppSetOptions plugin{.app = "shop", .repo_url = "https://git.example.com/fleet.git"};
  AppSetOptions hydrated = plugin;
  hydrated.hydrated_branch = "fleetwave/hydrated";
  Json a = applicationset(plugin), b = applicationset(hydrated);
  EXPECT_EQ(b["spec"]["template"]["spec"]["source"], Json({{"repoURL", "https://git.example.com/fleet.git"},
                                                           {"targetRevision", "fleetwave/hydrated"},
                                                           {"path", "shop/{{.cluster}}"},
                                                           {"directory", {{"recurse", false}}}}));
  a["spec"]["template"]["spec"].erase("source");
  b["spec"]["template"]["spec"].erase("source");
  EXPECT_EQ(a, b) << "only the source differs";
}

}  // namespace
}  // namespace fleetwave::cli
