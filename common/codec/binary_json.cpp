#include "codec/binary_json.h"

#include <algorithm>
#include <cstring>

namespace fleetwave {
namespace {

enum Tag : unsigned char { kNull, kFalse, kTrue, kInt, kUint, kDouble, kString, kArray, kObject };

std::uint64_t zigzag(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}

std::int64_t unzigzag(std::uint64_t v) { return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1); }

class Reader {
 public:
  Reader(std::string_view data, std::size_t& pos) : data_(data), pos_(pos) {}

  // Moves past one value without building it; false for malformed data.
  bool skip(int depth) {
    if (depth < 0 || pos_ >= data_.size()) return false;
    auto tag = static_cast<unsigned char>(data_[pos_++]);
    switch (tag) {
      case kNull:
      case kFalse:
      case kTrue:
        return true;
      case kInt:
      case kUint:
        return read_varint(data_, pos_).has_value();
      case kDouble:
        if (data_.size() - pos_ < sizeof(double)) return false;
        pos_ += sizeof(double);
        return true;
      case kString:
        return read_bytes(data_, pos_).has_value();
      case kArray:
      case kObject: {
        auto n = read_varint(data_, pos_);
        if (!n || *n > data_.size() - pos_) return false;
        for (std::uint64_t i = 0; i < *n; ++i) {
          if (tag == kObject && !read_bytes(data_, pos_)) return false;
          if (!skip(depth - 1)) return false;
        }
        return true;
      }
      default:
        return false;
    }
  }

  // An object holding only the members named in `keep` (the rest skipped). Members are stored
  // in key order, so reading stops after the greatest key of `keep`.
  std::optional<Json> members(int depth, std::initializer_list<std::string_view> keep) {
    if (depth < 0 || pos_ >= data_.size() || static_cast<unsigned char>(data_[pos_]) != kObject) return value(depth);
    ++pos_;
    auto n = read_varint(data_, pos_);
    if (!n || *n > data_.size() - pos_) return std::nullopt;
    const std::string_view last = keep.size() == 0 ? std::string_view() : *std::max_element(keep.begin(), keep.end());
    Json out = Json::object();
    auto& kept = out.get_ref<Json::object_t&>();
    for (std::uint64_t i = 0; i < *n; ++i) {
      auto key = read_bytes(data_, pos_);
      if (!key) return std::nullopt;
      if (*key > last) break;
      if (std::find(keep.begin(), keep.end(), *key) == keep.end()) {
        if (!skip(depth - 1)) return std::nullopt;
        continue;
      }
      const std::size_t before = kept.size();
      Json& member = kept.emplace_hint(kept.end(), std::string(*key), nullptr)->second;
      if (kept.size() == before || !value_into(member, depth - 1)) return std::nullopt;
    }
    return out;
  }

  std::optional<Json> value(int depth) {
    Json out;
    if (!value_into(out, depth)) return std::nullopt;
    return out;
  }

 private:
  // Decodes one value into `out` (null on entry), where it will live: a member or item is
  // built in its place in the tree rather than returned and moved there level by level.
  bool value_into(Json& out, int depth) {
    if (depth < 0 || pos_ >= data_.size()) return false;
    auto tag = static_cast<unsigned char>(data_[pos_++]);
    switch (tag) {
      case kNull:
        return true;
      case kFalse:
        out = false;
        return true;
      case kTrue:
        out = true;
        return true;
      case kInt: {
        auto v = read_varint(data_, pos_);
        if (!v) return false;
        out = unzigzag(*v);
        return true;
      }
      case kUint: {
        auto v = read_varint(data_, pos_);
        if (!v) return false;
        out = *v;
        return true;
      }
      case kDouble: {
        if (data_.size() - pos_ < sizeof(double)) return false;
        double d = 0;
        std::memcpy(&d, data_.data() + pos_, sizeof d);
        pos_ += sizeof d;
        out = d;
        return true;
      }
      case kString: {
        auto s = read_bytes(data_, pos_);
        if (!s) return false;
        out = std::string(*s);
        return true;
      }
      case kArray:
        return array_into(out, depth);
      case kObject:
        return object_into(out, depth);
      default:
        return false;
    }
  }

  bool array_into(Json& out, int depth) {
    auto n = read_varint(data_, pos_);
    if (!n || *n > data_.size() - pos_) return false;  // every item takes a byte at least
    out = Json::array();
    auto& items = out.get_ref<Json::array_t&>();
    items.resize(static_cast<std::size_t>(*n));
    for (Json& item : items) {
      if (!value_into(item, depth - 1)) return false;
    }
    return true;
  }

  bool object_into(Json& out, int depth) {
    auto n = read_varint(data_, pos_);
    if (!n || *n > data_.size() - pos_) return false;
    out = Json::object();
    auto& members = out.get_ref<Json::object_t&>();
    for (std::uint64_t i = 0; i < *n; ++i) {
      auto key = read_bytes(data_, pos_);
      if (!key) return false;
      // Keys arrive in the map's order, so the hint makes each insertion constant time. A key
      // seen before is malformed data (a map has each once).
      const std::size_t before = members.size();
      Json& member = members.emplace_hint(members.end(), std::string(*key), nullptr)->second;
      if (members.size() == before || !value_into(member, depth - 1)) return false;
    }
    return true;
  }

  std::string_view data_;
  std::size_t& pos_;
};

}  // namespace

std::optional<Json> read_binary_json_head(std::string_view value, std::initializer_list<std::string_view> keep,
                                          int max_depth) {
  std::size_t pos = 0;
  return Reader(value, pos).members(max_depth, keep);
}

void append_varint(std::string& out, std::uint64_t value) {
  while (value >= 0x80) {
    out += static_cast<char>((value & 0x7F) | 0x80);
    value >>= 7;
  }
  out += static_cast<char>(value);
}

std::optional<std::uint64_t> read_varint(std::string_view data, std::size_t& pos) {
  std::uint64_t value = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (pos >= data.size()) return std::nullopt;
    auto byte = static_cast<unsigned char>(data[pos++]);
    value |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
    if ((byte & 0x80) == 0) return value;
  }
  return std::nullopt;
}

void append_bytes(std::string& out, std::string_view bytes) {
  append_varint(out, bytes.size());
  out.append(bytes);
}

std::optional<std::string_view> read_bytes(std::string_view data, std::size_t& pos) {
  auto n = read_varint(data, pos);
  if (!n || *n > data.size() - pos) return std::nullopt;
  std::string_view bytes = data.substr(pos, static_cast<std::size_t>(*n));
  pos += bytes.size();
  return bytes;
}

void append_binary_json(std::string& out, const Json& value) {
  switch (value.type()) {
    case Json::value_t::boolean:
      out += static_cast<char>(value.get<bool>() ? kTrue : kFalse);
      return;
    case Json::value_t::number_integer:
      out += static_cast<char>(kInt);
      append_varint(out, zigzag(value.get<std::int64_t>()));
      return;
    case Json::value_t::number_unsigned:
      out += static_cast<char>(kUint);
      append_varint(out, value.get<std::uint64_t>());
      return;
    case Json::value_t::number_float: {
      out += static_cast<char>(kDouble);
      double d = value.get<double>();
      char bytes[sizeof d];
      std::memcpy(bytes, &d, sizeof d);
      out.append(bytes, sizeof bytes);
      return;
    }
    case Json::value_t::string:
      out += static_cast<char>(kString);
      append_bytes(out, value.get_ref<const std::string&>());
      return;
    case Json::value_t::array:
      out += static_cast<char>(kArray);
      append_varint(out, value.size());
      for (const Json& item : value) append_binary_json(out, item);
      return;
    case Json::value_t::object:
      out += static_cast<char>(kObject);
      append_varint(out, value.size());
      for (auto it = value.begin(); it != value.end(); ++it) {
        append_bytes(out, it.key());
        append_binary_json(out, it.value());
      }
      return;
    default:  // null; discarded and binary values never come out of our readers
      out += static_cast<char>(kNull);
      return;
  }
}

std::optional<Json> read_binary_json(std::string_view data, std::size_t& pos, int max_depth) {
  return Reader(data, pos).value(max_depth);
}

}  // namespace fleetwave
