// Differential test: apply_json_patch applies plain operations straight to the Json and hands
// the rest to the LazyNode patcher (apply_json_patch_value). Both must agree on every patch:
// the same result, or the same error for the same operation.
#include <random>

#include <gtest/gtest.h>

#include "override/json_patch.h"

namespace fleetwave {
namespace {

// The reference: the general patcher alone, then the same "kind" check.
Result<Json, PatchFailure> reference(const Json& document, const std::vector<PatchOperation>& ops) {
  auto patched = apply_json_patch_value(document, ops);
  if (!patched.ok()) return std::move(patched).error();
  const Json* kind = find_member(*patched, "kind");
  if (!patched->is_object() || kind == nullptr || !kind->is_string() || kind->get_ref<const std::string&>().empty())
    return PatchFailure{std::string::npos, "the patched object has no \"kind\" (Kubernetes objects need one)"};
  return patched;
}

void expect_same(const Json& document, const std::vector<PatchOperation>& ops, const std::string& name) {
  SCOPED_TRACE(name);
  auto want = reference(document, ops);
  Json got = document;
  auto applied = apply_json_patch(got, ops);
  ASSERT_EQ(applied.ok(), want.ok()) << (want.ok() ? applied.error().message : want.error().message);
  if (want.ok()) {
    EXPECT_EQ(got, *want);
  } else {
    EXPECT_EQ(applied.error().op_index, want.error().op_index);
    EXPECT_EQ(applied.error().message, want.error().message);
  }
}

Json sample() {
  return Json::parse(R"({
    "apiVersion": "apps/v1", "kind": "Deployment",
    "metadata": {"name": "web", "labels": {"app": "web", "a/b": "x", "t~k": "y"}, "annotations": null},
    "spec": {"replicas": 2, "template": {"metadata": {"labels": {}}, "spec": {
      "containers": [{"name": "main", "image": "web:1", "env": [{"name": "A", "value": "1"}]},
                     {"name": "side", "image": "proxy:2", "args": ["-v"]}]}}},
    "list": [1, [2, 3], {"k": null}], "": {"empty": true}
  })");
}

TEST(JsonPatchFast, NamedCases) {
  struct Case {
    std::string name;
    std::vector<PatchOperation> ops;
  };
  const Case cases[] = {
      {"add label", {{"add", "/metadata/labels/zone", "eu"}}},
      {"escaped keys", {{"replace", "/metadata/labels/a~1b", "z"}, {"remove", "/metadata/labels/t~0k", nullptr}}},
      {"append env", {{"add", "/spec/template/spec/containers/0/env/-", Json::parse(R"({"name":"B"})")}}},
      {"insert at end index", {{"add", "/spec/template/spec/containers/1/args/1", "-q"}}},
      {"index out of range", {{"replace", "/spec/template/spec/containers/2/image", "x"}}},
      {"negative index", {{"replace", "/spec/template/spec/containers/-1/image", "x"}}},
      {"leading zero index", {{"replace", "/list/01", 5}}},
      {"signed index", {{"remove", "/list/+1", nullptr}}},
      {"through null", {{"add", "/metadata/annotations/a", "b"}}},
      {"replace a null", {{"replace", "/metadata/annotations", Json::object()}}},
      {"through a scalar", {{"add", "/spec/replicas/x", 1}}},
      {"missing parent", {{"add", "/spec/strategy/type", "Recreate"}}},
      {"replace missing", {{"replace", "/spec/paused", true}}},
      {"remove missing", {{"remove", "/status", nullptr}}},
      {"empty token", {{"add", "/spec//x", 1}}},
      {"empty key of the root", {{"add", "//empty", false}}},
      {"trailing slash", {{"replace", "/metadata/", 1}}},
      {"relative path", {{"replace", "a/kind", "Pod"}}},
      {"whole document", {{"add", "", Json::parse(R"({"kind":"X"})")}}},
      {"remove kind", {{"remove", "/kind", nullptr}}},
      {"replace kind empty", {{"replace", "/kind", ""}}},
      {"unsupported op", {{"move", "/spec/replicas", 1}}},
      {"plain then failing", {{"add", "/spec/replicas", 3}, {"remove", "/nothing", nullptr}}},
      {"plain then general then plain",
       {{"add", "/metadata/labels/x", "1"}, {"replace", "/list/-1", 9}, {"add", "/metadata/labels/y", "2"}}},
      {"dash on object", {{"add", "/metadata/labels/-", "dash"}}},
      {"dash replace on array", {{"replace", "/list/-", 0}}},
      {"nested array", {{"add", "/list/1/0", 7}, {"remove", "/list/2/k", nullptr}}},
  };
  for (const Case& c : cases) expect_same(sample(), c.ops, c.name);
}

// Random patches over the sample: paths built from its real keys and indexes plus a few
// spellings the fast path must hand over (negative, signed, padded, missing, empty).
class PathMaker {
 public:
  explicit PathMaker(unsigned seed) : rng_(seed) {}

  std::string path(const Json& doc) {
    std::string out;
    const Json* node = &doc;
    int depth = 1 + pick(5);
    for (int d = 0; d < depth; ++d) {
      std::string token = token_for(*node);
      out += "/" + token;
      node = child(*node, token);
      if (node == nullptr) break;
    }
    if (pick(20) == 0) out = out.substr(1);  // relative
    if (pick(25) == 0) out += "/";           // trailing empty token
    if (pick(40) == 0) out.insert(0, "/");   // "//..."
    return out;
  }

  PatchOperation op(const Json& doc) {
    static const char* kOps[] = {"add", "add", "replace", "remove", "copy"};
    PatchOperation o;
    o.op = kOps[pick(5)];
    o.path = path(doc);
    static const char* kValues[] = {R"("v")", "1", "null", R"({"k":"v"})", "[1,2]", "true"};
    o.value = Json::parse(kValues[pick(6)]);
    return o;
  }

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

 private:
  std::string token_for(const Json& node) {
    if (node.is_object() && !node.empty() && pick(6) != 0) {
      auto it = node.begin();
      std::advance(it, pick(static_cast<int>(node.size())));
      std::string key = it.key();
      std::string escaped;
      for (char c : key) escaped += c == '/' ? "~1" : c == '~' ? "~0" : std::string(1, c);
      return escaped;
    }
    if (node.is_array() && pick(5) != 0) {
      static const char* kOdd[] = {"-", "-1", "+0", "00", "01", "-0", "99"};
      if (pick(3) == 0) return kOdd[pick(7)];
      return std::to_string(pick(static_cast<int>(node.size()) + 1));
    }
    static const char* kOther[] = {"missing", "0", "", "kind", "-"};
    return kOther[pick(5)];
  }

  static const Json* child(const Json& node, const std::string& token) {
    if (node.is_object()) return find_member(node, token);
    if (node.is_array() && !token.empty() && std::isdigit(static_cast<unsigned char>(token[0]))) {
      std::size_t i = std::stoul(token);
      return i < node.size() ? &node[i] : nullptr;
    }
    return nullptr;
  }

  std::mt19937 rng_;
};

TEST(JsonPatchFast, RandomPatchesAgreeWithTheGeneralPatcher) {
  PathMaker maker(20261124);
  for (int i = 0; i < 4000; ++i) {
    Json doc = sample();
    std::vector<PatchOperation> ops;
    int n = 1 + maker.pick(4);
    for (int k = 0; k < n; ++k) ops.push_back(maker.op(doc));
    std::string name = "patch " + std::to_string(i) + ":";
    for (const PatchOperation& o : ops) name += " " + o.op + " " + o.path;
    expect_same(doc, ops, name);
    if (HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace fleetwave
