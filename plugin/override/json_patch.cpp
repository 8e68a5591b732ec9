#include "override/json_patch.h"

#include "base/text.h"
#include "override/json_pointer.h"
#include "override/lazy_json.h"

namespace fleetwave {
namespace {

std::string out_of_range(std::int64_t index, std::size_t size) {
  return "index " + std::to_string(index) + " is out of range for an array of " + std::to_string(size) +
         (size == 1 ? " element" : " elements");
}

std::string not_an_index(const std::string& key) { return "\"" + printable(key) + "\" is not an array index"; }

const char kNullDocument[] = "the document is null, not an object";

// A value or the reason an operation failed (the part of the message after "op path: ").
template <typename T>
using Step = Result<T, std::string>;

class Patcher {
 public:
  // The whole patch: (container, key) lookups follow the library's findObject and the
  // container methods of partialDoc / partialArray.
  Step<Ok> run(const PatchOperation& op) {
    if (op.op == "add") return add(op);
    if (op.op == "remove") return remove(op);
    if (op.op == "replace") return replace(op);
    return fail(std::string("unsupported operation \"" + printable(op.op) + "\""));
  }

  // Installs the document a patch starts from (partialDoc, or partialArray when `array`).
  Step<Ok> set_root(LazyPtr node, bool array, bool keep_self) {
    self_ = keep_self ? node->clone() : nullptr;
    root_nil_ = false;
    if (array) {
      if (!node->into_ary().ok()) return fail(std::string("cannot read the document as an array"));
    } else if (!node->has_text && node->value.is_null()) {
      node = std::make_unique<LazyNode>();
      node->which = LazyNode::Which::Doc;
      node->nil_obj = true;
    } else if (!node->into_doc().ok()) {
      return fail(std::string("cannot read the document as an object"));
    }
    root_ = std::move(node);
    return Ok{};
  }

  bool root_nil() const { return root_nil_; }
  const LazyNode* root() const { return root_.get(); }
  LazyNode* mutable_root() { return root_.get(); }

 private:
  struct Target {
    LazyNode* container = nullptr;
    bool at_root = false;
    std::string key;
  };

  Step<LazyNode*> get(LazyNode* c, bool at_root, const std::string& key) {
    if (key.empty()) return at_root ? self_.get() : nullptr;  // a container's "self"
    if (c->which == LazyNode::Which::Doc) {
      if (c->nil_obj) return fail(std::string(kNullDocument));
      auto it = c->obj.find(key);
      if (it == c->obj.end()) return fail(std::string("path does not exist"));
      return it->second.get();
    }
    auto index = go_atoi(key);
    if (!index) return fail(not_an_index(key));
    auto size = static_cast<std::int64_t>(c->nodes.size());
    std::int64_t i = *index < 0 ? *index + size : *index;
    if (i < 0 || i >= size) return fail(out_of_range(*index, c->nodes.size()));
    return c->nodes[static_cast<std::size_t>(i)].get();
  }

  // findObject: walks every token but the last; nullopt when any step is missing or scalar.
  std::optional<Target> find(const std::string& path) {
    if (root_ == nullptr) return std::nullopt;
    if (path.find('/') == std::string::npos) {
      if (path.empty()) return Target{root_.get(), true, ""};
      return std::nullopt;
    }
    const std::vector<std::string> split = split_at(path, '/');
    Target t{root_.get(), true, unescape_pointer_token(split.back())};
    for (std::size_t i = 1; i + 1 < split.size(); ++i) {
      auto next = get(t.container, t.at_root, unescape_pointer_token(split[i]));
      if (!next.ok() || *next == nullptr) return std::nullopt;
      LazyNode* n = *next;
      if (!(n->holds_array() ? n->into_ary() : n->into_doc()).ok()) return std::nullopt;
      t.container = n;
      t.at_root = false;
    }
    return t;
  }

  static Step<Ok> set_key(LazyNode* c, const std::string& key, LazyPtr value) {
    if (c->nil_obj) return fail(std::string(kNullDocument));
    if (c->obj.find(key) == c->obj.end()) c->keys.push_back(key);
    c->obj[key] = std::move(value);
    return Ok{};
  }

  Step<Ok> add(const PatchOperation& op) {
    if (op.path.empty()) {  // the value becomes the document, and also its "self"
      if (!set_root(LazyNode::from_value(op.value), op.value.is_array(), true).ok()) {
        return fail(std::string("value must be an object or an array"));
      }
      return Ok{};
    }
    auto t = find(op.path);
    if (!t) return fail(std::string("path does not exist"));
    LazyNode* c = t->container;
    if (c->which == LazyNode::Which::Doc) return set_key(c, t->key, LazyNode::from_value(op.value));
    if (t->key == "-") {
      c->nodes.push_back(LazyNode::from_value(op.value));
      return Ok{};
    }
    auto index = go_atoi(t->key);
    if (!index) return fail(not_an_index(t->key));
    auto size = static_cast<std::int64_t>(c->nodes.size()) + 1;
    std::int64_t i = *index < 0 ? *index + size : *index;
    if (*index >= size || i < 0) return fail(out_of_range(*index, c->nodes.size()));
    c->nodes.insert(c->nodes.begin() + i, LazyNode::from_value(op.value));
    return Ok{};
  }

  Step<Ok> remove(const PatchOperation& op) {
    auto t = find(op.path);
    if (!t) return fail(std::string("path does not exist"));
    LazyNode* c = t->container;
    if (c->which == LazyNode::Which::Doc) {
      if (c->nil_obj) return fail(std::string(kNullDocument));
      if (c->obj.erase(t->key) == 0) return fail(std::string("path does not exist"));
      for (auto it = c->keys.begin(); it != c->keys.end(); ++it) {
        if (*it == t->key) {
          c->keys.erase(it);
          break;
        }
      }
      return Ok{};
    }
    auto index = go_atoi(t->key);
    if (!index) return fail(not_an_index(t->key));
    auto size = static_cast<std::int64_t>(c->nodes.size());
    std::int64_t i = *index < 0 ? *index + size : *index;
    if (*index >= size || i < 0) return fail(out_of_range(*index, c->nodes.size()));
    c->nodes.erase(c->nodes.begin() + i);
    return Ok{};
  }

  Step<Ok> replace(const PatchOperation& op) {
    if (op.path.empty()) return replace_root(op.value);
    auto t = find(op.path);
    if (!t) return fail(std::string("path does not exist"));
    LazyNode* c = t->container;
    auto existing = get(c, t->at_root, t->key);
    if (!existing.ok()) return fail(std::move(existing).error());
    if (c->which == LazyNode::Which::Doc) return set_key(c, t->key, LazyNode::from_value(op.value));
    auto index = go_atoi(t->key);  // get("") succeeded without an index; the set then fails
    if (!index) return fail(not_an_index(t->key));
    std::int64_t i = *index < 0 ? *index + static_cast<std::int64_t>(c->nodes.size()) : *index;
    c->nodes[static_cast<std::size_t>(i)] = LazyNode::from_value(op.value);
    return Ok{};
  }

  // replace "": the value becomes the document; its containers have no "self".
  Step<Ok> replace_root(const Json& value) {
    if (value.is_null()) {  // the library ends up with a nil array container that writes "null"
      root_.reset();
      self_.reset();
      root_nil_ = true;
      return Ok{};
    }
    if (!value.is_object() && !value.is_array()) return fail(std::string("value must be an object or an array"));
    FW_CHECK(set_root(LazyNode::from_value(value), value.is_array(), false));
    return Ok{};
  }

  LazyPtr root_;
  LazyPtr self_;  // the root container's "self": a snapshot of the document it was read from
  bool root_nil_ = false;
};

std::string describe_patch(const PatchOperation& op) { return op.op + " " + (op.path.empty() ? "\"\"" : op.path); }

// Only a path starting with "//" walks through the root's "self"; snapshot it only then.
bool walks_root_self(const std::vector<PatchOperation>& ops) {
  for (const PatchOperation& op : ops) {
    if (op.path.rfind("//", 0) == 0) return true;
  }
  return false;
}

Status<PatchFailure> run_all(Patcher& patcher, const std::vector<PatchOperation>& ops) {
  for (std::size_t i = 0; i < ops.size(); ++i) {
    auto step = patcher.run(ops[i]);
    if (!step.ok()) return PatchFailure{i, describe_patch(ops[i]) + ": " + step.error()};
  }
  if (!patcher.root_nil() && patcher.root()->nil_obj)
    return PatchFailure{std::string::npos, "invalid value, expected object"};
  return Ok{};
}

}  // namespace

Result<std::string, PatchFailure> apply_json_patch_text(std::string_view document,
                                                        const std::vector<PatchOperation>& ops) {
  if (document.empty()) return std::string();
  if (!is_valid_json(document)) return PatchFailure{std::string::npos, "the document is not valid JSON"};
  // The library picks partialArray only when the very first byte is '['; anything else is
  // decoded as an object, which fails for arrays after whitespace and for scalars.
  LazyPtr root = LazyNode::from_text(std::string(document));
  bool array = document.front() == '[';
  if (!array) {
    std::size_t first = document.find_first_not_of(" \t\r\n");
    char c = document[first];
    if (c == 'n') root = LazyNode::from_value(Json());
    else if (c != '{') return PatchFailure{std::string::npos, "the document is not a JSON object or array"};
  }
  Patcher patcher;
  if (auto s = patcher.set_root(std::move(root), array, walks_root_self(ops)); !s.ok()) {
    return PatchFailure{std::string::npos, s.error()};
  }
  FW_CHECK(run_all(patcher, ops));
  if (patcher.root_nil()) return std::string("null");
  std::string out;
  patcher.root()->write(out);
  return out;
}

Result<Json, PatchFailure> apply_json_patch_value(Json document, const std::vector<PatchOperation>& ops) {
  if (!document.is_object() && !document.is_array() && !document.is_null()) {
    return PatchFailure{std::string::npos, "cannot unmarshal " + std::string(document.type_name()) + " into an object"};
  }
  Patcher patcher;
  bool array = document.is_array();
  if (auto s = patcher.set_root(LazyNode::from_value(std::move(document)), array, walks_root_self(ops)); !s.ok()) {
    return PatchFailure{std::string::npos, s.error()};
  }
  FW_CHECK(run_all(patcher, ops));
  if (patcher.root_nil()) return Json();
  return patcher.mutable_root()->release();
}

namespace {

// A canonical array index ("0", "17"; no sign, no leading zero) below `limit`; the library
// reads other spellings too, which the general path handles.
std::optional<std::size_t> plain_index(std::string_view token, std::size_t limit) {
  if (token.empty() || token.size() > 9 || (token.size() > 1 && token[0] == '0')) return std::nullopt;
  std::size_t value = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<std::size_t>(c - '0');
  }
  return value < limit ? std::optional<std::size_t>(value) : std::nullopt;
}

// One operation applied in place when it is a plain one: an absolute path of non-empty tokens
// through existing objects and arrays (canonical indexes) to a key or index that the operation
// may use. Such an operation does exactly what the LazyNode patcher does to a decoded document
// (whose key order the sorted Json drops anyway). False, with `doc` untouched, otherwise.
bool apply_plain(Json& doc, const PatchOperation& op) {
  const bool add = op.op == "add", replace = op.op == "replace", remove = op.op == "remove";
  if ((!add && !replace && !remove) || op.path.size() < 2 || op.path[0] != '/') return false;
  Json* node = &doc;
  std::size_t start = 1;
  while (true) {
    std::size_t slash = op.path.find('/', start);
    std::string_view raw = std::string_view(op.path).substr(start, slash == std::string::npos ? slash : slash - start);
    if (raw.empty()) return false;
    const bool last = slash == std::string::npos;
    if (node->is_object()) {
      std::string key = raw.find('~') == std::string_view::npos ? std::string(raw) : unescape_pointer_token(raw);
      auto it = node->find(key);
      if (last) {
        if (add) {
          (*node)[key] = op.value;
        } else if (it == node->end()) {
          return false;
        } else if (replace) {
          it.value() = op.value;
        } else {
          node->erase(it);
        }
        return true;
      }
      if (it == node->end()) return false;
      node = &it.value();
    } else if (node->is_array()) {
      if (last && add && raw == "-") {
        node->push_back(op.value);
        return true;
      }
      auto index = plain_index(raw, node->size() + (last && add ? 1 : 0));
      if (!index) return false;
      if (last) {
        if (add) node->insert(node->begin() + static_cast<std::ptrdiff_t>(*index), op.value);
        else if (replace) (*node)[*index] = op.value;
        else node->erase(*index);
        return true;
      }
      node = &(*node)[*index];
    } else {
      return false;
    }
    if (!node->is_object() && !node->is_array()) return false;
    start = slash + 1;
  }
}

}  // namespace

Result<Ok, PatchFailure> apply_json_patch(Json& object, const std::vector<PatchOperation>& ops) {
  // Plain operations go straight to the document; from the first other one on (a missing
  // path, a negative index, "" or "//" paths, ...) the general patcher takes over, so every
  // error and corner case stays the library's.
  std::size_t done = 0;
  if (object.is_object() && !walks_root_self(ops)) {
    while (done < ops.size() && apply_plain(object, ops[done])) ++done;
  }
  if (done < ops.size()) {
    std::vector<PatchOperation> rest(ops.begin() + static_cast<std::ptrdiff_t>(done), ops.end());
    auto patched = apply_json_patch_value(std::move(object), rest);
    if (!patched.ok()) {
      PatchFailure f = std::move(patched).error();
      if (f.op_index != std::string::npos) f.op_index += done;
      return f;
    }
    object = std::move(patched).value();
  }
  const Json* kind = find_member(object, "kind");
  if (!object.is_object() || kind == nullptr || !kind->is_string() || kind->get_ref<const std::string&>().empty()) {
    return PatchFailure{std::string::npos, "the patched object has no \"kind\" (Kubernetes objects need one)"};
  }
  return Ok{};
}

}  // namespace fleetwave
