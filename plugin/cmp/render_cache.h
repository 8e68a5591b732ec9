// The render cache: one parse per release. Argo CD runs fleetwave-render once per Application,
// so a release over N clusters is N renders of the same inputs; the first stores the prepared
// fleet (render/fleet_snapshot.h) under the digest of its exact inputs, the others render their
// cluster from it.
//
// Safety rules (docs/render-cache.md says the same to users):
// - an entry is keyed by every input byte (file roles, paths and contents, the layout, the
//   default namespace, the limits) and by the build's identity, and it stores those inputs:
//   a hit is a byte-for-byte comparison, so output for other inputs is never served;
// - an entry carries a checksum; a truncated, corrupt or foreign entry is a miss, and the
//   render that follows replaces it;
// - entries are written to a temporary file and renamed into place, so concurrent renders see
//   a whole entry or none and never wait for each other; no lock is held;
// - the directory must be the user's own and private (0700), else it is not used;
// - a render's output is kept beside the entry it came from, for the same cluster and format
//   at the same inputs, and is served only with that very entry (its stamp), checksummed;
// - the total size is bounded: the least recently used entries are removed past the bound;
// - every failure (read-only, full or missing directory, ...) only costs the cache: the render
//   proceeds from the inputs, and says so in one stderr line when FLEETWAVE_DEBUG is set.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cmp/cmp_request.h"
#include "render/input_bundle.h"

namespace fleetwave {

struct CacheSettings {
  bool enabled = true;
  std::filesystem::path dir;
  std::uint64_t max_bytes = 256ull << 20;
  bool debug = false;
  std::string problem;  // a setting that could not be used (reported in debug mode)
};

// FLEETWAVE_CACHE (off|0|false disables), FLEETWAVE_CACHE_DIR (default
// $TMPDIR/fleetwave-render-cache-<uid>, $TMPDIR defaulting to /tmp), FLEETWAVE_CACHE_MAX_MB
// (default 256) and FLEETWAVE_DEBUG (1|true).
CacheSettings cache_settings(const std::map<std::string, std::string>& env);

class RenderCache {
 public:
  // `identity` names the build (cmp/build_identity.h); "" turns the cache off.
  RenderCache(CacheSettings settings, std::string identity);

  bool enabled() const { return enabled_; }

  // Keys the cache on these inputs; load() and store() refer to them, and to the bundle's file
  // contents, which must outlive those calls.
  void set_inputs(const RenderRequest& request, const InputBundle& bundle);

  // Finds the entry stored for exactly these inputs (compared byte for byte); false on a miss
  // (a bad entry is a miss, noted).
  bool load();

  // The loaded entry's snapshot once the entry's checksum holds, valid until the next load();
  // nullopt without one or when damaged (noted). Checked here, not by load(): a stored output
  // needs only the entry's inputs and stamp. The snapshot's own records carry checksums of their
  // own, verified as a render reads them (render_from_snapshot fails on a damaged one).
  std::optional<std::string_view> snapshot();

  // Stores `snapshot` for the inputs, then keeps the directory within its size bound.
  void store(std::string_view snapshot);

  // The output of an earlier render of the snapshot that load() found or store() stored, for
  // `key` (the cluster and the output format): Argo CD renders every Application again at each
  // new commit, and a commit that leaves the inputs alone leaves the output alone. Valid until
  // the next call. nullopt on a miss, or when there is no such snapshot.
  std::optional<std::string_view> load_output(std::string_view key);

  // Stores a render's whole output (its pieces, in order) for that snapshot and `key`.
  void store_output(std::string_view key, const std::vector<std::string>& pieces);

  // Something worth one debug line ("entry ... is truncated; rendered from the inputs").
  void note(const std::string& event);

  // The line to print on stderr: "" unless debug mode is on.
  std::string debug_line() const;

 private:
  bool usable_directory(bool create);
  void evict(const std::string& keep);
  class Mapping;
  std::string map_file(const std::string& name, const std::string& what, Mapping& into, bool& missing);
  bool write_file(const std::string& name, const std::string& what, const std::vector<std::string_view>& parts);
  std::string output_name(std::string_view key) const;

  CacheSettings settings_;
  std::string identity_;
  bool enabled_ = false;
  // The keyed inputs, as stored in and compared with entries: pieces of framing_ (lengths, roles,
  // paths) and the bundle's file contents.
  std::string framing_;
  std::vector<std::string_view> keyed_;
  std::string name_;  // entry file name
  // The loaded or stored entry's random stamp: an output names the entry it came from by it, so
  // an output outlives no entry replaced under the same name (by other inputs of the same hash).
  std::string stamp_;
  std::optional<std::string_view> snapshot_;  // the loaded entry's, within entry_
  bool checked_ = false;                      // the entry's checksum verified
  // A read-only mapping of a loaded file: the entry, an output.
  class Mapping {
   public:
    Mapping() = default;
    Mapping(const char* data, std::size_t size) : data_(data), size_(size) {}
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    Mapping& operator=(Mapping&& other) noexcept;
    ~Mapping();
    std::string_view view() const { return {data_, size_}; }

   private:
    const char* data_ = nullptr;
    std::size_t size_ = 0;
  };
  Mapping entry_, output_;
  std::string events_;
};

}  // namespace fleetwave
