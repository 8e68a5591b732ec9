// selectGroups (pkg/scheduler/core/spreadconstraint/select_groups.go): a depth-first search over
// combinations of groups, kept step for step because its quirks decide which regions win.
#include <algorithm>

#include "schedule/spread_constraints.h"

namespace fleetwave {
namespace {

struct Path {
  int id = 0;
  std::vector<GroupCandidate> groups;
  std::int64_t weight = 0;
  int value = 0;
};

class FeasiblePaths {
 public:
  FeasiblePaths(const std::vector<GroupCandidate>& groups, int min_groups, int max_groups, int target)
      : groups_(groups), min_(min_groups), max_(max_groups), target_(target) {}

  std::vector<Path> find() {
    dfs(0, 0);
    return std::move(paths_);
  }

 private:
  int length() const { return static_cast<int>(current_.size()); }

  // dfsPath.next: numbers the path, totals it and orders its groups by weight, then name.
  void record() {
    Path p;
    p.id = ++counter_;
    p.groups = current_;
    for (const GroupCandidate& g : p.groups) {
      p.weight += g.weight;
      p.value += g.value;
    }
    std::sort(p.groups.begin(), p.groups.end(), [](const GroupCandidate& a, const GroupCandidate& b) {
      return a.weight != b.weight ? a.weight > b.weight : a.name < b.name;
    });
    paths_.push_back(std::move(p));
  }

  void dfs(int sum, std::size_t begin) {
    if (sum >= target_ && length() >= min_ && length() <= max_) {
      record();
      return;
    }
    if (length() >= max_) return;
    for (std::size_t i = begin; i < groups_.size(); ++i) {
      sum += groups_[i].value;
      current_.push_back(groups_[i]);
      dfs(sum, i + 1);
      // Karmada stops backtracking when every group is needed for the minimum. The check is the
      // same at every depth, so all levels stop and the unpopped path is never read again.
      if (static_cast<int>(groups_.size()) == min_) break;
      sum -= groups_[i].value;
      current_.pop_back();
    }
  }

  const std::vector<GroupCandidate>& groups_;
  int min_, max_, target_;
  int counter_ = 0;
  std::vector<GroupCandidate> current_;
  std::vector<Path> paths_;
};

// matchSubPath: `sub` is shorter and a name-for-name prefix of `path`.
bool has_sub_path(const Path& path, const Path& sub) {
  if (sub.groups.size() >= path.groups.size()) return false;
  for (std::size_t i = 0; i < sub.groups.size(); ++i) {
    if (path.groups[i].name != sub.groups[i].name) return false;
  }
  return true;
}

// prioritizePaths: weight desc, value desc, discovery order; a shorter prefix of the winner wins.
Path prioritize(std::vector<Path> paths) {
  if (paths.size() == 1) return paths.front();
  std::sort(paths.begin(), paths.end(), [](const Path& a, const Path& b) {
    if (a.weight != b.weight) return a.weight > b.weight;
    if (a.value != b.value) return a.value > b.value;
    return a.id < b.id;
  });
  std::size_t best = 0;
  for (std::size_t i = 1; i < paths.size(); ++i) {
    if (has_sub_path(paths[best], paths[i])) best = i;
  }
  return paths[best];
}

}  // namespace

std::vector<GroupCandidate> select_groups(std::vector<GroupCandidate> groups, int min_groups, int max_groups,
                                          int target) {
  if (groups.empty()) return {};
  std::sort(groups.begin(), groups.end(), [](const GroupCandidate& a, const GroupCandidate& b) {
    if (a.value != b.value) return a.value < b.value;
    if (a.weight != b.weight) return a.weight > b.weight;
    return a.name < b.name;
  });
  std::vector<Path> paths = FeasiblePaths(groups, min_groups, max_groups, target).find();
  if (paths.empty()) return {};
  return prioritize(std::move(paths)).groups;
}

}  // namespace fleetwave
