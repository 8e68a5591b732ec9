// fleetwave appset: the ApplicationSet YAML exactly, that it parses, that every field it sets
// exists in Argo CD's ApplicationSet CRD, and the command's repoURL defaults and errors.
#include <set>

#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "codec/yaml_codec.h"
#include "codec/yaml_writer.h"
#include "reconcile/views/appset_builder.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

// Field paths of the ApplicationSet CRD (argoproj/argo-cd manifests/crds/applicationset-crd.yaml
// at 37ee0097, as in Argo CD's ApplicationSet CRD of that release): the openAPIV3Schema properties
// below spec, restricted to the git generator and the Application fields a fleetwave
// ApplicationSet may use. "[]" is a list item, ".*" a map value. metadata is ObjectMeta.
// Regenerate by walking the schema's properties/items/additionalProperties.
const char* const kCrdPaths[] = {
    "apiVersion",
    "kind",
    "metadata",
    "spec",
    "spec.applyNestedSelectors",
    "spec.generators",
    "spec.generators[].git",
    "spec.generators[].git.directories",
    "spec.generators[].git.directories[].exclude",
    "spec.generators[].git.directories[].path",
    "spec.generators[].git.files",
    "spec.generators[].git.files[].exclude",
    "spec.generators[].git.files[].path",
    "spec.generators[].git.pathParamPrefix",
    "spec.generators[].git.repoURL",
    "spec.generators[].git.requeueAfterSeconds",
    "spec.generators[].git.revision",
    "spec.generators[].git.template",
    "spec.generators[].git.values",
    "spec.generators[].git.values.*",
    "spec.goTemplate",
    "spec.goTemplateOptions",
    "spec.ignoreApplicationDifferences",
    "spec.ignoreApplicationDifferences[].jqPathExpressions",
    "spec.ignoreApplicationDifferences[].jsonPointers",
    "spec.ignoreApplicationDifferences[].name",
    "spec.preservedFields",
    "spec.strategy",
    "spec.syncPolicy",
    "spec.template",
    "spec.template.metadata",
    "spec.template.metadata.annotations",
    "spec.template.metadata.annotations.*",
    "spec.template.metadata.finalizers",
    "spec.template.metadata.labels",
    "spec.template.metadata.labels.*",
    "spec.template.metadata.name",
    "spec.template.metadata.namespace",
    "spec.template.spec",
    "spec.template.spec.destination",
    "spec.template.spec.destination.name",
    "spec.template.spec.destination.namespace",
    "spec.template.spec.destination.server",
    "spec.template.spec.project",
    "spec.template.spec.source",
    "spec.template.spec.source.chart",
    "spec.template.spec.source.directory",
    "spec.template.spec.source.directory.exclude",
    "spec.template.spec.source.directory.include",
    "spec.template.spec.source.directory.recurse",
    "spec.template.spec.source.name",
    "spec.template.spec.source.path",
    "spec.template.spec.source.plugin",
    "spec.template.spec.source.plugin.env",
    "spec.template.spec.source.plugin.env[].name",
    "spec.template.spec.source.plugin.env[].value",
    "spec.template.spec.source.plugin.name",
    "spec.template.spec.sourceHydrator",
    "spec.template.spec.sourceHydrator.drySource",
    "spec.template.spec.sourceHydrator.drySource.path",
    "spec.template.spec.sourceHydrator.drySource.plugin",
    "spec.template.spec.sourceHydrator.drySource.plugin.env",
    "spec.template.spec.sourceHydrator.drySource.plugin.env[].name",
    "spec.template.spec.sourceHydrator.drySource.plugin.env[].value",
    "spec.template.spec.sourceHydrator.drySource.plugin.name",
    "spec.template.spec.sourceHydrator.drySource.repoURL",
    "spec.template.spec.sourceHydrator.drySource.targetRevision",
    "spec.template.spec.sourceHydrator.syncSource",
    "spec.template.spec.sourceHydrator.syncSource.path",
    "spec.template.spec.sourceHydrator.syncSource.targetBranch",
    "spec.template.spec.source.plugin.parameters",
    "spec.template.spec.source.plugin.parameters[].array",
    "spec.template.spec.source.plugin.parameters[].map",
    "spec.template.spec.source.plugin.parameters[].map.*",
    "spec.template.spec.source.plugin.parameters[].name",
    "spec.template.spec.source.plugin.parameters[].string",
    "spec.template.spec.source.ref",
    "spec.template.spec.source.repoURL",
    "spec.template.spec.source.tagPrefix",
    "spec.template.spec.source.targetRevision",
    "spec.template.spec.syncPolicy",
    "spec.template.spec.syncPolicy.automated",
    "spec.template.spec.syncPolicy.automated.allowEmpty",
    "spec.template.spec.syncPolicy.automated.enabled",
    "spec.template.spec.syncPolicy.automated.prune",
    "spec.template.spec.syncPolicy.automated.selfHeal",
    "spec.template.spec.syncPolicy.managedNamespaceMetadata",
    "spec.template.spec.syncPolicy.managedNamespaceMetadata.annotations",
    "spec.template.spec.syncPolicy.managedNamespaceMetadata.annotations.*",
    "spec.template.spec.syncPolicy.managedNamespaceMetadata.labels",
    "spec.template.spec.syncPolicy.managedNamespaceMetadata.labels.*",
    "spec.template.spec.syncPolicy.retry",
    "spec.template.spec.syncPolicy.retry.backoff",
    "spec.template.spec.syncPolicy.retry.backoff.duration",
    "spec.template.spec.syncPolicy.retry.backoff.factor",
    "spec.template.spec.syncPolicy.retry.backoff.maxDuration",
    "spec.template.spec.syncPolicy.retry.limit",
    "spec.template.spec.syncPolicy.retry.refresh",
    "spec.template.spec.syncPolicy.syncOptions",
    "spec.templatePatch",
};

// Every field path of `value` in the same notation ("spec.generators[].git.repoURL").
void collect(const Json& value, const std::string& path, std::vector<std::string>& out) {
  if (value.is_object()) {
    for (auto it = value.begin(); it != value.end(); ++it) {
      std::string p = path.empty() ? it.key() : path + "." + it.key();
      out.push_back(p);
      collect(it.value(), p, out);
    }
  } else if (value.is_array()) {
    for (const Json& item : value) collect(item, path + "[]", out);
  }
}

AppSetOptions options() {
  AppSetOptions o;
  o.app = "shop";
  o.repo_url = "https://git.example.com/fleet.git";
  o.revision = "main";
  return o;
}

const char* kGolden = R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  labels:
    fleetwave.io/app: shop
  name: shop
  namespace: argocd
spec:
  generators:
  - git:
      files:
      - path: .fleetwave/shop/targets.json
      pathParamPrefix: fleetwave
      repoURL: https://git.example.com/fleet.git
      revision: main
  goTemplate: true
  goTemplateOptions:
  - missingkey=error
  template:
    metadata:
      labels:
        fleetwave.io/app: shop
        fleetwave.io/cluster: '{{.cluster}}'
        fleetwave.io/wave: '{{.wave}}'
      name: shop-{{.cluster}}
    spec:
      destination: {}
      project: default
      source:
        path: '{{.path}}'
        plugin:
          env:
          - name: FLEETWAVE_CLUSTER
            value: '{{.cluster}}'
          - name: FLEETWAVE_CORDONS
            value: '{{ if hasKey . "cordons" }}{{ .cordons }}{{ end }}'
          name: fleetwave
        repoURL: https://git.example.com/fleet.git
        targetRevision: '{{.revision}}'
      syncPolicy:
        automated:
          prune: true
          selfHeal: true
  templatePatch: |
    spec:
      destination:
      {{- if hasPrefix "http" .server }}
        server: {{ .server | quote }}
      {{- else }}
        name: {{ .server | quote }}
      {{- end }}
)";

TEST(CliAppSetTest, GoldenYaml) { EXPECT_EQ(write_yaml(applicationset(options())), kGolden); }

TEST(CliAppSetTest, ParsesAndUsesOnlyCrdFields) {
  AppSetOptions o = options();
  o.dest_namespace = "shop";
  auto docs = parse_yaml_stream(write_yaml(applicationset(o)), "appset.yaml");
  ASSERT_TRUE(docs.ok()) << docs.error().to_string();
  ASSERT_EQ(docs->size(), 1u);
  const Json& doc = (*docs)[0].value;
  EXPECT_EQ(doc, applicationset(o));  // reads back to the same document
  const std::set<std::string> crd(std::begin(kCrdPaths), std::end(kCrdPaths));
  std::vector<std::string> paths;
  collect(doc, "", paths);
  for (const std::string& p : paths) {
    if (p.rfind("metadata.", 0) == 0) continue;  // ObjectMeta, checked below
    std::string pattern = p;
    for (const char* map : {"spec.template.metadata.labels."}) {
      if (p.rfind(map, 0) == 0) pattern = std::string(map) + "*";
    }
    EXPECT_TRUE(crd.count(pattern) != 0) << p << " is not a field of the ApplicationSet CRD";
  }
  EXPECT_EQ(doc["metadata"],
            Json({{"name", "shop"}, {"namespace", "argocd"}, {"labels", {{"fleetwave.io/app", "shop"}}}}));
  // Required by the CRD: spec.generators, spec.template; template.metadata and .spec;
  // template.spec.destination and .project.
  EXPECT_TRUE(doc["spec"].contains("generators") && doc["spec"].contains("template"));
  EXPECT_TRUE(doc["spec"]["template"]["spec"].contains("destination") &&
              doc["spec"]["template"]["spec"].contains("project"));
  EXPECT_EQ(doc["spec"]["template"]["spec"]["destination"], Json({{"namespace", "shop"}}));
}

// Hydrated mode: the same document but a plain directory source on the hydrated branch, still only
// CRD fields.
// The ApplicationSet `o` gives, as printed and read back; every field (names and labels aside)
// one of the CRD's.
Json printed_with_crd_fields_only(const AppSetOptions& o) {
  auto docs = parse_yaml_stream(write_yaml(applicationset(o)), "appset.yaml");
  EXPECT_TRUE(docs.ok()) << docs.error().to_string();
  if (!docs.ok()) return Json();
  const Json& doc = (*docs)[0].value;
  const std::set<std::string> crd(std::begin(kCrdPaths), std::end(kCrdPaths));
  std::vector<std::string> paths;
  collect(doc, "", paths);
  for (const std::string& p : paths) {
    if (p.rfind("metadata.", 0) == 0 || p.rfind("spec.template.metadata.labels.", 0) == 0) continue;
    EXPECT_TRUE(crd.count(p) != 0) << p << " is not a field of the ApplicationSet CRD";
  }
  return doc;
}

TEST(CliAppSetTest, HydratedModeUsesOnlyCrdFields) {
  AppSetOptions o = options();
  o.hydrated_branch = "fleetwave/hydrated";
  const Json doc = printed_with_crd_fields_only(o);
  EXPECT_EQ(doc["spec"]["template"]["spec"]["source"],
            Json::parse(R"({"repoURL": "https://git.example.com/fleet.git", "targetRevision": "fleetwave/hydrated",
                            "path": "shop/{{.cluster}}", "directory": {"recurse": false}})"));
}

// Argo CD hydrates: a sourceHydrator with the plugin at the pin as its dry source and the
// cluster's directory as its sync source (both required by the CRD), and no plain source.
TEST(CliAppSetTest, SourceHydratorModeUsesOnlyCrdFields) {
  AppSetOptions o = options();
  o.sync_branch = "fleetwave/hydrated";
  const Json doc = printed_with_crd_fields_only(o);
  const Json& spec = doc["spec"]["template"]["spec"];
  EXPECT_FALSE(spec.contains("source"));
  EXPECT_EQ(spec["sourceHydrator"]["drySource"], applicationset(options())["spec"]["template"]["spec"]["source"]);
  EXPECT_EQ(spec["sourceHydrator"]["syncSource"],
            Json::parse(R"({"targetBranch": "fleetwave/hydrated", "path": "shop/{{.cluster}}"})"));
}

TEST(CliAppSetTest, TemplatePatchIsAGoTemplateOfYaml) {
  // Both branches of the patch, as Argo CD would render them, are valid YAML.
  for (const std::string& rendered : {std::string("spec:\n  destination:\n    server: \"https://1.2.3.4:6443\"\n"),
                                      std::string("spec:\n  destination:\n    name: \"eu-1\"\n")}) {
    ASSERT_TRUE(parse_yaml_stream(rendered, "patch").ok());
  }
  EXPECT_NE(destination_patch().find("{{- if hasPrefix \"http\" .server }}"), std::string::npos);
}

class CliAppSetCommandTest : public CliTest {};

TEST_F(CliAppSetCommandTest, RepoUrlDefaultsAndErrors) {
  // --repo: the URL, credentials redacted.
  CliRun with_repo = run({"appset", "shop", "--repo", remote_url(), "--cache-dir", *dir_ / "cache", "--namespace",
                          "gitops", "--project", "fleet", "--dest-namespace", "shop"});
  EXPECT_EQ(with_repo.exit_code, 0) << with_repo.err;
  auto doc = parse_yaml_stream(with_repo.out, "out");
  ASSERT_TRUE(doc.ok());
  const Json& a = (*doc)[0].value;
  EXPECT_EQ(a["spec"]["generators"][0]["git"]["repoURL"], remote_url());
  EXPECT_EQ(a["metadata"]["namespace"], "gitops");
  EXPECT_EQ(a["spec"]["template"]["spec"]["project"], "fleet");

  // In a checkout: the origin remote and the checked-out branch.
  const std::string work = checkout();
  git(work, {"checkout", "-qb", "prod"});
  git(work, {"remote", "set-url", "origin", "https://bot:tok-abc123@git.example.com/fleet.git"});
  CliRun local = run({"appset", "shop"}, {}, work);
  EXPECT_EQ(local.exit_code, 0) << local.err;
  EXPECT_NE(local.out.find("      repoURL: https://***@git.example.com/fleet.git\n      revision: prod\n"),
            std::string::npos)
      << local.out;
  EXPECT_EQ(local.out.find("tok-abc123"), std::string::npos);

  // Outside any checkout, --repo-url alone is enough.
  CliRun offline = run({"appset", "web", "--repo-url", "https://git.example.com/fleet.git"}, {}, "/");
  EXPECT_EQ(offline.exit_code, 0) << offline.err;
  AppSetOptions web = options();
  web.app = "web";
  EXPECT_EQ(offline.out, write_yaml(applicationset(web)));

  struct Case {
    std::string name;
    std::vector<std::string> args;
    std::string cwd;
    int exit_code;
    std::string err;
  } cases[] = {
      {"unknown app",
       {"appset", "nope", "--repo", remote_url(), "--cache-dir", *dir_ / "cache"},
       "",
       1,
       "error: unknown app \"nope\" at " + head().substr(0, 7) + " (apps: shop)\n"},
      {"no app", {"appset"}, "", 2, "error: missing the APP argument (see fleetwave appset --help)\n"},
      {"no url",
       {"appset", "shop"},
       "/",
       2,
       "error: no git repository at or above /; run fleetwave inside a checkout of the GitOps repository, or pass "
       "--repo URL\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    CliRun r = run(c.args, {}, c.cwd);
    EXPECT_EQ(r.exit_code, c.exit_code);
    EXPECT_EQ(r.err, c.err);
  }
}

// The Application template's spec of a printed ApplicationSet (null when it does not read back).
Json template_spec_of(const CliRun& r) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto doc = parse_yaml_stream(r.out, "out");
  EXPECT_TRUE(doc.ok() && !doc->empty());
  return doc.ok() && !doc->empty() ? (*doc)[0].value["spec"]["template"]["spec"] : Json();
}

// Hydrated mode is the fleet's choice (FleetSettings spec.hydration) unless a flag says.
class CliAppSetHydratedTest : public CliTest {
 protected:
  std::map<std::string, std::string> files() override {
    auto f = testing_support::fleet_files();
    f["policies/fleet.yaml"] =
        "apiVersion: fleetwave.io/v1alpha1\nkind: FleetSettings\nmetadata: {name: fleet}\n"
        "spec:\n  hydration: {targetBranch: fleetwave/hydrated}\n";
    return f;
  }
};

TEST_F(CliAppSetHydratedTest, TheFleetsChoiceAndTheFlagsThatOverrideIt) {
  struct Case {
    std::string name;
    std::vector<std::string> extra;
    std::string target_revision;
    bool plugin;
  } cases[] = {
      {"the fleet's choice", {}, "fleetwave/hydrated", false},
      {"--plugin", {"--plugin"}, "{{.revision}}", true},
      {"--hydrated-branch", {"--hydrated-branch", "env/prod"}, "env/prod", false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<std::string> args = {"appset", "shop"};
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    const Json source = template_spec_of(run_on_remote(args))["source"];
    EXPECT_EQ(source["targetRevision"], c.target_revision);
    EXPECT_EQ(source.contains("plugin"), c.plugin);
    EXPECT_EQ(source["path"], c.plugin ? "{{.path}}" : "shop/{{.cluster}}");
  }
  const Json spec = template_spec_of(run_on_remote({"appset", "shop", "--sync-source", "env/prod"}));
  EXPECT_FALSE(spec.contains("source"));
  EXPECT_EQ(spec["sourceHydrator"]["syncSource"]["targetBranch"], "env/prod");
  for (const auto& both : std::vector<std::vector<std::string>>{{"--plugin", "--hydrated-branch", "x"},
                                                                {"--hydrated-branch", "x", "--sync-source", "y"}}) {
    std::vector<std::string> args = {"appset", "shop"};
    args.insert(args.end(), both.begin(), both.end());
    CliRun r = run_on_remote(args);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "error: --plugin, --hydrated-branch and --sync-source ask for different sources: pass one\n");
  }
}

// spec.hydration.hydrator: argocd: the fleet's choice is a sourceHydrator Application.
class CliAppSetArgoCdHydratesTest : public CliAppSetHydratedTest {
 protected:
  std::map<std::string, std::string> files() override {
    auto f = CliAppSetHydratedTest::files();
    f["policies/fleet.yaml"] =
        "apiVersion: fleetwave.io/v1alpha1\nkind: FleetSettings\nmetadata: {name: fleet}\n"
        "spec:\n  hydration: {targetBranch: fleetwave/hydrated, hydrator: argocd}\n";
    return f;
  }
};

TEST_F(CliAppSetArgoCdHydratesTest, TheFleetsChoiceIsASourceHydratorApplication) {
  const Json spec = template_spec_of(run_on_remote({"appset", "shop"}));
  EXPECT_FALSE(spec.contains("source"));
  EXPECT_EQ(spec["sourceHydrator"]["syncSource"],
            Json::parse(R"({"targetBranch": "fleetwave/hydrated", "path": "shop/{{.cluster}}"})"));
  EXPECT_EQ(spec["sourceHydrator"]["drySource"]["targetRevision"], "{{.revision}}");
  EXPECT_EQ(spec["sourceHydrator"]["drySource"]["plugin"]["name"], "fleetwave");
  CliRun plain = run_on_remote({"appset", "shop", "--hydrated-branch", "fleetwave/hydrated"});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.out.find("sourceHydrator"), std::string::npos);
}

}  // namespace
}  // namespace fleetwave::cli
