// A JSON document held the way evanphx/json-patch v5 holds it while patching (its lazyNode,
// partialDoc and partialArray). Only the containers an operation walks through are expanded;
// everything else keeps the form it arrived in and is written back byte for byte, compacted
// with <, > and & escaped. Expanded objects keep their key order and append new keys, and a
// key the decoder saw twice is written twice, exactly as the library does.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

struct LazyNode;
// nullptr stands for a JSON null read from a document (Go decodes it as a nil *lazyNode).
using LazyPtr = std::unique_ptr<LazyNode>;

struct LazyNode {
  enum class Which { Raw, Doc, Ary };
  Which which = Which::Raw;

  // Raw: JSON text exactly as read (from_text) or a decoded value (from_value).
  bool has_text = false;
  std::string text;
  Json value;

  // Doc: keys in document order; a key absent from `obj` (a removed duplicate) writes as null.
  std::vector<std::string> keys;
  std::map<std::string, LazyPtr> obj;
  bool nil_obj = false;  // an object container decoded from `null` (partialDoc with a nil map)

  // Ary
  std::vector<LazyPtr> nodes;

  static LazyPtr from_text(std::string text);  // `text` must be valid JSON
  static LazyPtr from_value(Json value);

  // isArray(raw): whether the node holds an array (whatever its current form).
  bool holds_array() const;
  // intoDoc / intoAry: expands a raw object or array in place; an error when it is neither.
  Status<> into_doc();
  Status<> into_ary();
  LazyPtr clone() const;

  // Marshals as evanphx does: raw text compacted, values as Go's encoding/json writes them.
  void write(std::string& out) const;
  // The decoded value; moves values out instead of copying them, leaving the node spent.
  Json release();
};

// Compacts valid JSON text as Go's json.Compact with HTML escaping: whitespace outside
// strings dropped, <, >, & and U+2028/U+2029 written as \u escapes.
void compact_json(std::string_view text, std::string& out);

// Go's json.Valid.
bool is_valid_json(std::string_view text);

}  // namespace fleetwave
