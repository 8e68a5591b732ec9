// The snapshot layout shared by its writer (fleet_snapshot.cpp) and reader
// (fleet_snapshot_reader.cpp): a magic string, the default namespace and a checksum of both,
// then the tables clusters, their names, propagation policies, override policies, their rules (an override
// policy's rules are split when the loader split them: a render reads only its cluster's),
// each cluster's matching override rules, templates, bindings, target sets, resource
// interpreter customizations and, per binding, the objects a Lua ReviseReplica returned for
// each share of its schedule. A table is a count, count+1 fixed-width offsets, a checksum per
// record and the records, so a render reads only the records it needs and verifies each one it
// reads: a damaged byte is either refused or never read. Internal to render/.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/error.h"
#include "base/json.h"
#include "codec/binary_json.h"

namespace fleetwave::snapshot_format {

inline constexpr std::string_view kMagic = "fleetwave-snapshot-4\n";

// XXH3-64 (snapshot_format.cpp): of the head, and of each record.
std::uint64_t checksum(std::string_view bytes);

inline void append_u64(std::string& out, std::uint64_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }

inline std::uint64_t u64_at(std::string_view data, std::size_t at) {
  std::uint64_t v = 0;
  std::memcpy(&v, data.data() + at, sizeof v);
  return v;
}

using Pair = std::pair<std::uint32_t, std::uint32_t>;                   // (policy, rule)
using TargetSet = std::vector<std::pair<std::uint32_t, std::int64_t>>;  // (cluster index, replicas)

inline void append_signed(std::string& out, std::int64_t v) {
  append_varint(out, (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
}

inline std::optional<std::int64_t> read_signed(std::string_view data, std::size_t& pos) {
  auto v = read_varint(data, pos);
  if (!v) return std::nullopt;
  return static_cast<std::int64_t>(*v >> 1) ^ -static_cast<std::int64_t>(*v & 1);
}

inline void append_json_bytes(std::string& out, const Json& value) {
  std::string encoded;
  append_binary_json(encoded, value);
  append_bytes(out, encoded);
}

// A source position (policies, templates and customizations keep theirs, so errors from a
// snapshot's render point where the full render's do).
inline void append_source(std::string& out, const SourcePos& pos) {
  append_bytes(out, pos.file);
  append_varint(out, static_cast<std::uint64_t>(pos.line));
  append_varint(out, static_cast<std::uint64_t>(pos.column));
  append_signed(out, pos.document);
  append_bytes(out, pos.path_prefix);
}

class TableWriter {
 public:
  // Starts the next record and returns the buffer to append it to.
  std::string& next() {
    offsets_.push_back(static_cast<std::uint32_t>(records_.size()));
    return records_;
  }
  void finish(std::string& out) {
    append_varint(out, offsets_.size());
    offsets_.push_back(static_cast<std::uint32_t>(records_.size()));
    for (std::uint32_t o : offsets_) out.append(reinterpret_cast<const char*>(&o), sizeof o);
    for (std::size_t i = 0; i + 1 < offsets_.size(); ++i)
      append_u64(out, checksum(std::string_view(records_).substr(offsets_[i], offsets_[i + 1] - offsets_[i])));
    out += records_;
  }

 private:
  std::vector<std::uint32_t> offsets_;
  std::string records_;
};

class Table {
 public:
  static std::optional<Table> read(std::string_view data, std::size_t& pos) {
    auto count = read_varint(data, pos);
    const std::size_t left = data.size() - pos;  // count+1 offsets and count checksums must fit
    if (!count || left < 4 || *count > (left - 4) / 12) return std::nullopt;
    Table t;
    t.count_ = static_cast<std::size_t>(*count);
    t.offsets_ = data.substr(pos, (t.count_ + 1) * 4);
    pos += t.offsets_.size();
    t.checksums_ = data.substr(pos, t.count_ * 8);
    pos += t.checksums_.size();
    std::uint32_t end = t.offset(t.count_);
    if (end > data.size() - pos) return std::nullopt;
    t.records_ = data.substr(pos, end);
    pos += end;
    return t;
  }
  std::size_t size() const { return count_; }
  // Record `i`; empty when the offsets are inconsistent or its checksum does not hold (the
  // readers then fail on it: no record is empty).
  std::string_view record(std::size_t i) const {
    if (i >= count_) return {};
    std::uint32_t begin = offset(i), end = offset(i + 1);
    if (begin > end || end > records_.size()) return {};
    std::string_view r = records_.substr(begin, end - begin);
    return checksum(r) == u64_at(checksums_, i * 8) ? r : std::string_view();
  }

 private:
  std::uint32_t offset(std::size_t i) const {
    std::uint32_t o = 0;
    std::memcpy(&o, offsets_.data() + i * 4, sizeof o);
    return o;
  }
  std::size_t count_ = 0;
  std::string_view offsets_, checksums_, records_;
};

}  // namespace fleetwave::snapshot_format
