// The render cache under every hazard of its issue, with the built fleetwave-render run as Argo
// CD runs it (separate processes, several at once): the output is always the output of a render
// without cache, and stderr says what happened (one line) only with FLEETWAVE_DEBUG=1.
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <thread>

#include <gtest/gtest.h>

#include "testkit/build_paths.h"
#include "testkit/process/child_process.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace fleetwave {
namespace {
namespace fs = std::filesystem;

const std::vector<std::string> kClusters = {"ap-1", "dev-1", "eu-1", "eu-2", "eu-3", "us-1", "us-2"};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void spit(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

class RenderCacheProcess : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/fw-cache-XXXXXX";
    work_ = mkdtemp(tmpl);
    repo_ = work_ / "repo";
    fs::copy(fs::path(fleetwave::testkit::source_dir()) / "testdata/example-fleet", repo_, fs::copy_options::recursive);
    cache_ = work_ / "cache";
  }
  void TearDown() override {
    std::error_code ec;
    fs::permissions(work_, fs::perms::owner_all, fs::perm_options::add, ec);
    if (fs::exists(cache_)) fs::permissions(cache_, fs::perms::owner_all, ec);
    fs::remove_all(work_, ec);
  }

  std::map<std::string, std::string> env(bool cache = true) const {
    std::map<std::string, std::string> e = {{"PATH", "/usr/bin:/bin"}, {"FLEETWAVE_DEBUG", "1"}};
    if (cache) e["FLEETWAVE_CACHE_DIR"] = cache_.string();
    else e["FLEETWAVE_CACHE"] = "off";
    return e;
  }

  testkit::ProcessOutcome render(const std::string& cluster, const std::map<std::string, std::string>& e,
                                 const std::string& binary = fleetwave::testkit::render_binary(),
                                 const std::string& app = "apps/guestbook") const {
    return testkit::run_process(
        {binary, "--repo-root", repo_.string(), "--app", app, "--cluster", cluster, "--output", "yaml"}, e,
        work_.string());
  }

  // The output of a render without cache, which every cached render must equal.
  std::string uncached(const std::string& cluster, const std::string& app = "apps/guestbook") const {
    testkit::ProcessOutcome r = render(cluster, env(false), fleetwave::testkit::render_binary(), app);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "fleetwave-render: cache: off\n");
    return r.out;
  }

  // The directory's files: snapshot entries ("<hash>.fwcache"), or the stored outputs
  // ("<entry hash>-<hash>.fwcache") and anything else.
  std::vector<fs::path> files(bool snapshot_entries) const {
    std::vector<fs::path> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(cache_, ec)) {
      const bool entry = e.path().filename().string().find('-') == std::string::npos;
      if (entry == snapshot_entries) out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  std::vector<fs::path> entries() const { return files(true); }
  std::vector<fs::path> outputs() const { return files(false); }

  // Renders `cluster` through the cache and checks the output; returns the debug line.
  std::string cached(const std::string& cluster, const std::map<std::string, std::string>& e) const {
    testkit::ProcessOutcome r = render(cluster, e);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, uncached(cluster));
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    return r.err;
  }

  static bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

  fs::path work_, repo_, cache_;
};

TEST_F(RenderCacheProcess, WarmRendersEqualColdOnesForEveryClusterAndFormat) {
  EXPECT_TRUE(has(cached("eu-1", env()), "stored "));
  for (const std::string& cluster : kClusters) {
    SCOPED_TRACE(cluster);
    EXPECT_TRUE(has(cached(cluster, env()), "hit ")) << "one parse serves every cluster";
    testkit::ProcessOutcome json =
        testkit::run_process({fleetwave::testkit::render_binary(), "--repo-root", repo_.string(), "--app",
                              "apps/guestbook", "--cluster", cluster, "-o", "json"},
                             env(), work_.string());
    testkit::ProcessOutcome json_cold =
        testkit::run_process({fleetwave::testkit::render_binary(), "--repo-root", repo_.string(), "--app",
                              "apps/guestbook", "--cluster", cluster, "-o", "json"},
                             env(false), work_.string());
    EXPECT_EQ(json.out, json_cold.out);
  }
  // Another app is other inputs: its own entry.
  testkit::ProcessOutcome payments = render("eu-3", env(), fleetwave::testkit::render_binary(), "apps/payments");
  EXPECT_EQ(payments.out, uncached("eu-3", "apps/payments"));
  EXPECT_TRUE(has(payments.err, "stored ")) << payments.err;
  EXPECT_EQ(entries().size(), 2u);
  // Without FLEETWAVE_DEBUG a successful render prints nothing on stderr, hit or miss.
  auto quiet = env();
  quiet.erase("FLEETWAVE_DEBUG");
  testkit::ProcessOutcome r = render("us-1", quiet);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, uncached("us-1"));
  // An unknown cluster fails the same way warm as cold.
  testkit::ProcessOutcome unknown = render("mars-1", quiet);
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_EQ(unknown.out, "");
  EXPECT_EQ(unknown.err,
            "unknown cluster \"mars-1\"; the inventory has 7 clusters (ap-1, dev-1, eu-1, eu-2, eu-3, us-1, us-2)\n");
}

// Argo CD renders every Application again at each new commit; with the inputs unchanged, a
// cluster's render is its stored output, served only with the entry it came from.
TEST_F(RenderCacheProcess, ARenderAgainAtTheSameInputsIsItsStoredOutput) {
  std::string line = cached("eu-1", env());
  EXPECT_TRUE(has(line, "stored entry") || has(line, "stored ")) << line;
  EXPECT_TRUE(has(line, "stored output ")) << line;
  line = cached("eu-1", env());
  EXPECT_TRUE(has(line, "hit output ")) << line;
  line = cached("eu-2", env());
  EXPECT_TRUE(has(line, "no output stored")) << line;
  EXPECT_TRUE(has(line, "stored output ")) << line;
  // The format is part of what an output is for.
  auto json = [&](const std::map<std::string, std::string>& e) {
    return testkit::run_process({fleetwave::testkit::render_binary(), "--repo-root", repo_.string(), "--app",
                                 "apps/guestbook", "--cluster", "eu-1", "-o", "json"},
                                e, work_.string());
  };
  testkit::ProcessOutcome first = json(env()), again = json(env()), cold = json(env(false));
  EXPECT_TRUE(has(first.err, "no output stored")) << first.err;
  EXPECT_TRUE(has(again.err, "hit output ")) << again.err;
  EXPECT_EQ(first.out, cold.out);
  EXPECT_EQ(again.out, cold.out);
  ASSERT_EQ(outputs().size(), 3u);
  // A failed render stores nothing.
  EXPECT_EQ(render("mars-1", env()).exit_code, 1);
  EXPECT_EQ(outputs().size(), 3u);

  const std::string eu1_output = cached("eu-1", env()).substr(cached("eu-1", env()).find("hit output ") + 11, 57);
  const fs::path eu1 = cache_ / eu1_output;
  ASSERT_TRUE(fs::exists(eu1)) << eu1;
  const std::string whole = slurp(eu1);
  // Damaged, truncated or another cluster's: rendered from the snapshot and replaced.
  std::string flipped = whole;
  flipped[whole.size() - 20] ^= 0x20;
  std::string other_cluster;
  for (const fs::path& p : outputs()) {
    if (p != eu1 && slurp(p).find("eu-2") != std::string::npos) other_cluster = slurp(p);
  }
  ASSERT_FALSE(other_cluster.empty());
  for (const auto& [bad, why] :
       std::vector<std::pair<std::string, std::string>>{{flipped, "checksum mismatch"},
                                                        {whole.substr(0, whole.size() / 2), "truncated"},
                                                        {other_cluster, "for another entry or cluster"}}) {
    SCOPED_TRACE(why);
    spit(eu1, bad);
    line = cached("eu-1", env());
    EXPECT_TRUE(has(line, why) && has(line, "; rendered from the snapshot")) << line;
    EXPECT_TRUE(has(line, "stored output ")) << line;
    EXPECT_EQ(slurp(eu1), whole);
  }
  // A new entry for the same inputs (the old one was evicted) has a new stamp: the outputs of
  // the old one are not its own.
  fs::remove(entries()[0]);
  line = cached("eu-1", env());
  EXPECT_TRUE(has(line, "stored output ")) << line;
  EXPECT_FALSE(has(line, "hit output ")) << line;
  EXPECT_EQ(outputs().size(), 4u);
}

TEST_F(RenderCacheProcess, AChangedInputIsANewEntryNeverTheOldOutput) {
  cached("eu-1", env());
  std::string before = uncached("eu-1");
  std::string deployment = slurp(repo_ / "apps/guestbook/deployment.yaml");
  std::string changed = deployment;
  changed.replace(changed.find("image: "), 7, "image: mirror.example.com/");
  spit(repo_ / "apps/guestbook/deployment.yaml", changed);
  std::string line = cached("eu-1", env());
  EXPECT_TRUE(has(line, "miss ")) << line;
  EXPECT_NE(uncached("eu-1"), before);
  // A renamed file with the same bytes is other inputs too (paths appear in messages).
  fs::rename(repo_ / "apps/guestbook/service.yaml", repo_ / "apps/guestbook/svc.yaml");
  EXPECT_TRUE(has(cached("eu-1", env()), "miss "));
}

TEST_F(RenderCacheProcess, AMissingDirectoryIsCreatedPrivate) {
  cache_ = work_ / "not" / "yet" / "there";
  EXPECT_TRUE(has(cached("eu-2", env()), "stored "));
  struct stat st {};
  ASSERT_EQ(stat(cache_.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  EXPECT_EQ(entries().size(), 1u);
  struct stat entry {};
  ASSERT_EQ(stat(entries()[0].c_str(), &entry), 0);
  EXPECT_EQ(entry.st_mode & 0777, 0600u);
}

TEST_F(RenderCacheProcess, AnUnwritableDirectoryOnlyCostsTheCache) {
  // Root ignores permission bits; /proc refuses new directories to everyone.
  if (geteuid() == 0) {
    cache_ = "/proc/self/fleetwave-cache";
  } else {
    fs::create_directories(cache_);
    fs::permissions(cache_, fs::perms::owner_read | fs::perms::owner_exec);
  }
  std::string line = cached("eu-1", env());
  EXPECT_TRUE(has(line, "cannot")) << line;
  EXPECT_TRUE(has(cached("us-2", env()), "cannot"));
}

TEST_F(RenderCacheProcess, AFullDiskOnlyCostsTheCache) {
  // A file size limit of one block makes the entry's write fail midway, as a full disk would.
  std::vector<std::string> argv = {"/bin/sh",
                                   "-c",
                                   "ulimit -f 1 && exec \"$0\" \"$@\"",
                                   fleetwave::testkit::render_binary(),
                                   "--repo-root",
                                   repo_.string(),
                                   "--app",
                                   "apps/guestbook",
                                   "--cluster",
                                   "eu-1"};
  testkit::ProcessOutcome r = testkit::run_process(argv, env(), work_.string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, uncached("eu-1"));
  EXPECT_TRUE(has(r.err, "cannot write entry")) << r.err;
  EXPECT_TRUE(entries().empty() && outputs().empty()) << "the partial temporary file is removed";
  EXPECT_TRUE(has(cached("eu-1", env()), "stored ")) << "space again: stored";
}

// Flips one byte of a copy of the binary's ELF build id: another build of fleetwave-render.
std::string other_build(const fs::path& dir) {
  std::string bytes = slurp(fleetwave::testkit::render_binary());
  // An ELF note: namesz=4, descsz, type=3 (NT_GNU_BUILD_ID), "GNU\0", then the id.
  const std::string marker("\x04\x00\x00\x00\x14\x00\x00\x00\x03\x00\x00\x00GNU\x00", 16);
  std::size_t at = bytes.find(marker);
  if (at == std::string::npos) return {};
  bytes[at + marker.size()] = static_cast<char>(bytes[at + marker.size()] ^ 0x5A);
  fs::path copy = dir / "fleetwave-render-other";
  spit(copy, bytes);
  fs::permissions(copy, fs::perms::owner_all);
  return copy.string();
}

TEST_F(RenderCacheProcess, TwoBuildsShareTheDirectoryWithoutReadingEachOthersEntries) {
  std::string other = other_build(work_);
  ASSERT_FALSE(other.empty()) << "no GNU build id note in " << fleetwave::testkit::render_binary();
  std::string want = uncached("eu-3");
  testkit::ProcessOutcome a = render("eu-3", env());
  testkit::ProcessOutcome b = render("eu-3", env(), other);
  EXPECT_EQ(a.out, want);
  EXPECT_EQ(b.out, want);
  EXPECT_TRUE(has(b.err, "stored ")) << "the other build keeps its own entry: " << b.err;
  ASSERT_EQ(entries().size(), 2u);
  EXPECT_TRUE(has(render("eu-3", env()).err, "hit "));
  EXPECT_TRUE(has(render("eu-3", env(), other).err, "hit "));
  // An entry of the other build under this build's name is refused and replaced.
  std::string mine = a.err.substr(a.err.find("stored ") + 7, 40);
  std::string theirs = b.err.substr(b.err.find("stored ") + 7, 40);
  fs::rename(cache_ / theirs, cache_ / mine);
  testkit::ProcessOutcome again = render("eu-3", env());
  EXPECT_EQ(again.out, want);
  EXPECT_TRUE(has(again.err, "from another build")) << again.err;
  EXPECT_TRUE(has(again.err, "stored ")) << again.err;
  EXPECT_TRUE(has(render("eu-3", env()).err, "hit "));
}

// An entry without what differs between two stores of the same inputs: its random stamp (the
// last 16 bytes) and so its checksum.
std::string unstamped(std::string entry) {
  if (entry.size() < 48) return entry;
  entry.replace(24, 8, 8, '\0');
  entry.resize(entry.size() - 16);
  return entry;
}

TEST_F(RenderCacheProcess, TruncatedEntriesAreRenderedAroundAndReplaced) {
  cached("eu-1", env());
  ASSERT_EQ(entries().size(), 1u);
  const fs::path entry = entries()[0];
  const std::string whole = slurp(entry);
  for (std::size_t size : {std::size_t{0}, std::size_t{7}, std::size_t{31}, whole.size() / 2, whole.size() - 1}) {
    SCOPED_TRACE(size);
    spit(entry, whole.substr(0, size));
    std::string line = cached("us-1", env());
    EXPECT_TRUE(has(line, "; rendered from the inputs")) << line;
    EXPECT_TRUE(has(line, "stored ")) << "self-healing: " << line;
    EXPECT_EQ(unstamped(slurp(entry)), unstamped(whole));
  }
}

// Offsets of the three parts of an entry (its layout is in cmp/render_cache.cpp).
std::vector<std::pair<std::size_t, std::size_t>> parts(const std::string& entry) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  std::size_t at = 32;
  for (int i = 0; i < 3; ++i) {
    std::uint64_t n = 0;
    std::memcpy(&n, entry.data() + at, 8);
    out.push_back({at + 8, static_cast<std::size_t>(n)});
    at += 8 + n;
  }
  return out;
}

// A valid checksum for an edited entry: of the body without the stored inputs' bytes.
void reseal(std::string& entry) {
  auto [inputs_at, inputs_size] = parts(entry)[1];
  XXH3_state_t state;
  XXH3_64bits_reset(&state);
  XXH3_64bits_update(&state, entry.data() + 32, inputs_at - 32);
  XXH3_64bits_update(&state, entry.data() + inputs_at + inputs_size, entry.size() - inputs_at - inputs_size);
  std::uint64_t sum = XXH3_64bits_digest(&state);
  std::memcpy(entry.data() + 24, &sum, 8);
}

TEST_F(RenderCacheProcess, TamperedEntriesAreNeverServed) {
  cached("eu-1", env());
  const fs::path entry = entries()[0];
  const std::string whole = slurp(entry);
  auto [inputs_at, inputs_size] = parts(whole)[1];
  auto [snapshot_at, snapshot_size] = parts(whole)[2];
  ASSERT_GT(snapshot_size, 100u);

  // The entry's checksum covers its identity, lengths and stamp; the snapshot checks each record
  // (and its head: the magic and default namespace) as a render reads it.
  std::string stamp = whole;
  stamp[stamp.size() - 1] ^= 0x20;
  spit(entry, stamp);
  EXPECT_TRUE(has(cached("eu-2", env()), "checksum mismatch"));
  const std::size_t snapshot_namespace = snapshot_at + std::string_view("fleetwave-snapshot-4\n").size() + 1;
  ASSERT_EQ(whole.substr(snapshot_namespace, 7), "default");
  std::string head = whole;
  head[snapshot_namespace] ^= 0x20;
  spit(entry, head);
  EXPECT_TRUE(has(cached("eu-2", env()), "the stored snapshot is damaged"));

  // Stored inputs that differ from the real ones, whether damaged (the checksum leaves them to
  // the comparison) or under a valid checksum (a collision on the entry name): the byte
  // comparison refuses both.
  std::string other_inputs = whole;
  std::size_t image = other_inputs.find("image: ", inputs_at);
  ASSERT_LT(image, inputs_at + inputs_size);
  other_inputs[image + 7] ^= 0x01;
  spit(entry, other_inputs);
  EXPECT_TRUE(has(cached("eu-2", env()), "for other inputs"));
  reseal(other_inputs);
  spit(entry, other_inputs);
  EXPECT_TRUE(has(cached("eu-2", env()), "for other inputs"));

  // A damaged length breaks the layout; a damaged identity is compared with the build's own.
  std::string length = whole;
  length[inputs_at - 8] ^= 0x01;
  spit(entry, length);
  EXPECT_TRUE(has(cached("eu-2", env()), "corrupt"));
  std::string identity = whole;
  identity[parts(whole)[0].first] ^= 0x01;
  spit(entry, identity);
  EXPECT_TRUE(has(cached("eu-2", env()), "from another build"));
  // A damaged snapshot under a whole stamp still serves a stored output, which was rendered
  // from the snapshot before the damage and carries a checksum of its own; a cluster without
  // one finds the damage.
  spit(entry, head);
  EXPECT_TRUE(has(cached("eu-1", env()), "hit output "));
  EXPECT_TRUE(has(cached("us-1", env()), "the stored snapshot is damaged"));

  spit(entry, std::string("fwcache1") + std::string(100, '\0'));
  EXPECT_TRUE(has(cached("eu-2", env()), "; rendered from the inputs"));
  EXPECT_TRUE(has(cached("eu-2", env()), "hit "));
}

TEST_F(RenderCacheProcess, ADirectoryOthersCanWriteIsNotUsed) {
  cached("eu-1", env());
  fs::permissions(cache_, fs::perms::all);  // 0777: anyone could plant entries
  std::string line = cached("eu-1", env());
  EXPECT_TRUE(has(line, "not used")) << line;
  EXPECT_FALSE(has(line, "hit ")) << line;
  fs::permissions(cache_, fs::perms::owner_all);
  EXPECT_TRUE(has(cached("eu-1", env()), "hit "));
  // A symlink in place of an entry is not followed.
  fs::path entry = entries()[0];
  fs::remove(entry);
  fs::create_symlink("/etc/hostname", entry);
  EXPECT_TRUE(has(cached("eu-1", env()), "cannot open entry"));
}

TEST_F(RenderCacheProcess, RacingRendersFillOneEntryAndAllAreRight) {
  std::map<std::string, std::string> want;
  for (const std::string& c : kClusters) want[c] = uncached(c);
  constexpr int kRounds = 2;
  for (int round = 0; round < kRounds; ++round) {
    std::vector<testkit::ProcessOutcome> results(kClusters.size() * 2);
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < results.size(); ++i) {
      threads.emplace_back([&, i] { results[i] = render(kClusters[i % kClusters.size()], env()); });
    }
    for (std::thread& t : threads) t.join();
    for (std::size_t i = 0; i < results.size(); ++i) {
      EXPECT_EQ(results[i].exit_code, 0) << results[i].err;
      EXPECT_EQ(results[i].out, want[kClusters[i % kClusters.size()]]);
    }
  }
  ASSERT_EQ(entries().size(), 1u) << "one entry";
  // Renders that stored the entry at once stamped it differently: their outputs are apart.
  EXPECT_GE(outputs().size(), kClusters.size()) << "an output per cluster, no temporary file left behind";
  EXPECT_TRUE(has(cached("dev-1", env()), "hit "));
}

TEST_F(RenderCacheProcess, InputsChangingDuringRendersGiveTheOutputOfOneVersion) {
  const fs::path file = repo_ / "apps/guestbook/deployment.yaml";
  const std::string a = slurp(file);
  std::string b = a;
  b.replace(b.find("image: "), 7, "image: mirror.example.com/");
  const std::string want_a = uncached("eu-1");
  spit(file, b);
  const std::string want_b = uncached("eu-1");
  ASSERT_NE(want_a, want_b);
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    for (int i = 0; !stop; ++i) {
      fs::path temp = file.string() + ".next";  // not a .yaml file: never read
      spit(temp, i % 2 == 0 ? a : b);
      fs::rename(temp, file);
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });
  int seen_a = 0, seen_b = 0;
  for (int i = 0; i < 40; ++i) {
    testkit::ProcessOutcome r = render("eu-1", env());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(r.out == want_a || r.out == want_b) << "a render mixed versions or served stale output:\n" << r.out;
    seen_a += r.out == want_a;
    seen_b += r.out == want_b;
  }
  stop = true;
  writer.join();
  EXPECT_GT(seen_a + seen_b, 0);
}

TEST_F(RenderCacheProcess, TheDirectoryStaysWithinItsBound) {
  // Entries of ~0.4 MB (a large ConfigMap); a bound of 1 MiB holds two of them.
  std::string big = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big, namespace: guestbook}\ndata:\n";
  for (int i = 0; i < 4000; ++i) big += "  key-" + std::to_string(i) + ": value-" + std::string(60, 'x') + "\n";
  auto e = env();
  e["FLEETWAVE_CACHE_MAX_MB"] = "1";
  for (int variant = 0; variant < 6; ++variant) {
    SCOPED_TRACE(variant);
    spit(repo_ / "apps/guestbook/big.yaml", big + "  variant: \"" + std::to_string(variant) + "\"\n");
    std::string line = cached("eu-1", e);
    EXPECT_TRUE(has(line, "stored ")) << line;
    std::uintmax_t total = 0;
    for (const fs::path& p : entries()) total += fs::file_size(p);
    EXPECT_LE(total, 1u << 20);
    EXPECT_TRUE(has(cached("eu-2", e), "hit ")) << "the newest entry is kept";
  }
}

}  // namespace
}  // namespace fleetwave
