#include "override/overriders.h"

#include <array>

#include "base/text.h"
#include "override/command_args_overrider.h"
#include "override/field_overrider.h"
#include "override/image_overrider.h"
#include "override/labels_annotations_overrider.h"
#include "override/plaintext_overrider.h"

namespace fleetwave {
namespace {

using Outcome = Result<Ok, OverriderFailure>;

// Applies `apply` to each entry of `list`, naming the entry (and the sub-field the error
// carries, if any) on failure.
template <typename T, typename F>
Outcome each(std::string_view name, const std::vector<T>& list, F apply) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    Status<> s = apply(list[i]);
    if (!s.ok()) {
      // Appended piecewise: g++ 12 warns falsely (-Warray-bounds) on the one-expression form.
      std::string field(name);
      field += '[';
      field += std::to_string(i);
      field += ']';
      if (!s.error().field.empty()) {
        field += '.';
        field += s.error().field;
      }
      return OverriderFailure{field, s.error().message};
    }
  }
  return Ok{};
}

Outcome apply_images(Json& m, const Overriders& o) {
  return each("imageOverrider", o.image, [&](const ImageOverrider& x) { return apply_image_overrider(m, x); });
}
Outcome apply_commands(Json& m, const Overriders& o) {
  return each("commandOverrider", o.command,
              [&](const CommandArgsOverrider& x) { return apply_command_args_overrider(m, x, "command"); });
}
Outcome apply_args(Json& m, const Overriders& o) {
  return each("argsOverrider", o.args,
              [&](const CommandArgsOverrider& x) { return apply_command_args_overrider(m, x, "args"); });
}
Outcome apply_labels(Json& m, const Overriders& o) {
  return each("labelsOverrider", o.labels,
              [&](const LabelAnnotationOverrider& x) { return apply_labels_annotations_overrider(m, x, "labels"); });
}
Outcome apply_annotations(Json& m, const Overriders& o) {
  return each("annotationsOverrider", o.annotations, [&](const LabelAnnotationOverrider& x) {
    return apply_labels_annotations_overrider(m, x, "annotations");
  });
}
Outcome apply_fields(Json& m, const Overriders& o) {
  return each("fieldOverrider", o.field, [&](const FieldOverrider& x) { return apply_field_overrider(m, x); });
}
Outcome apply_plaintext(Json& m, const Overriders& o) {
  auto applied = apply_plaintext_overriders(m, o.plaintext);
  if (applied.ok()) return Ok{};
  const PatchFailure& f = applied.error();
  std::string field = f.op_index == std::string::npos ? "plaintext" : "plaintext[" + std::to_string(f.op_index) + "]";
  return OverriderFailure{field, f.message};
}

constexpr std::array<OverriderKind, 7> kOverriders = {{
    {"imageOverrider", "registry, repository or tag of container images", apply_images},
    {"commandOverrider", "add or remove entries of a container's command", apply_commands},
    {"argsOverrider", "add or remove entries of a container's args", apply_args},
    {"labelsOverrider", "add, replace or remove metadata.labels", apply_labels},
    {"annotationsOverrider", "add, replace or remove metadata.annotations", apply_annotations},
    {"fieldOverrider", "JSON patch inside a JSON or YAML document held in a string field", apply_fields},
    {"plaintext", "JSON patch on the whole object", apply_plaintext},
}};

}  // namespace

std::span<const OverriderKind> builtin_overriders() { return kOverriders; }

Result<const OverriderKind*> find_overrider(std::string_view name) {
  std::string valid;
  for (const OverriderKind& kind : kOverriders) {
    if (kind.name == name) return &kind;
    valid += (valid.empty() ? "" : ", ") + std::string(kind.name);
  }
  return invalid_input("unknown overrider \"" + printable(name) + "\"; valid overriders are: " + valid);
}

Result<Ok, OverriderFailure> apply_overriders(Json& manifest, const Overriders& overriders) {
  for (const OverriderKind& kind : kOverriders) FW_CHECK(kind.apply(manifest, overriders));
  return Ok{};
}

}  // namespace fleetwave
