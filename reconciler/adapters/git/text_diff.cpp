#include "rollout/line_diff.h"

#include <algorithm>
#include <unordered_map>

namespace fleetwave {
namespace {

// Marks the lines of a deleted and of b inserted by a shortest edit script. Lines are compared
// as integer ids. The recursion halves the edit distance at every level (depth O(log D)).
class Myers {
 public:
  Myers(const std::vector<int>& a, const std::vector<int>& b)
      : a_(a), b_(b), deleted_(a.size(), false), inserted_(b.size(), false) {}

  void run() { compare(0, static_cast<long>(a_.size()), 0, static_cast<long>(b_.size())); }
  const std::vector<bool>& deleted() const { return deleted_; }
  const std::vector<bool>& inserted() const { return inserted_; }

 private:
  void compare(long a0, long a1, long b0, long b1) {
    while (a0 < a1 && b0 < b1 && a_[a0] == b_[b0]) ++a0, ++b0;
    while (a0 < a1 && b0 < b1 && a_[a1 - 1] == b_[b1 - 1]) --a1, --b1;
    if (a0 == a1) {
      std::fill(inserted_.begin() + b0, inserted_.begin() + b1, true);
      return;
    }
    if (b0 == b1) {
      std::fill(deleted_.begin() + a0, deleted_.begin() + a1, true);
      return;
    }
    long x = 0, y = 0;
    if (!middle_snake(a0, a1, b0, b1, x, y)) {  // nothing in common
      std::fill(deleted_.begin() + a0, deleted_.begin() + a1, true);
      std::fill(inserted_.begin() + b0, inserted_.begin() + b1, true);
      return;
    }
    compare(a0, a0 + x, b0, b0 + y);
    compare(a0 + x, a1, b0 + y, b1);
  }

  // Finds a point (x, y), relative to (a0, b0), on the middle snake of a shortest path, by
  // running the forward and the reverse search until they overlap.
  bool middle_snake(long a0, long a1, long b0, long b1, long& out_x, long& out_y) {
    const long n = a1 - a0, m = b1 - b0;
    const long max_d = (n + m + 1) / 2, offset = max_d, length = 2 * max_d + 2;
    forward_.assign(static_cast<std::size_t>(length), -1);
    backward_.assign(static_cast<std::size_t>(length), -1);
    forward_[offset + 1] = 0;
    backward_[offset + 1] = 0;
    const long delta = n - m;
    const bool odd = delta % 2 != 0;
    long k1start = 0, k1end = 0, k2start = 0, k2end = 0;
    for (long d = 0; d < max_d; ++d) {
      for (long k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
        const long i = offset + k1;
        long x1 = (k1 == -d || (k1 != d && forward_[i - 1] < forward_[i + 1])) ? forward_[i + 1] : forward_[i - 1] + 1;
        long y1 = x1 - k1;
        while (x1 < n && y1 < m && a_[a0 + x1] == b_[b0 + y1]) ++x1, ++y1;
        forward_[i] = x1;
        if (x1 > n) {
          k1end += 2;
        } else if (y1 > m) {
          k1start += 2;
        } else if (odd) {
          const long j = offset + delta - k1;
          if (j >= 0 && j < length && backward_[j] != -1 && x1 >= n - backward_[j]) {
            out_x = x1, out_y = y1;
            return true;
          }
        }
      }
      for (long k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
        const long i = offset + k2;
        long x2 =
            (k2 == -d || (k2 != d && backward_[i - 1] < backward_[i + 1])) ? backward_[i + 1] : backward_[i - 1] + 1;
        long y2 = x2 - k2;
        while (x2 < n && y2 < m && a_[a1 - x2 - 1] == b_[b1 - y2 - 1]) ++x2, ++y2;
        backward_[i] = x2;
        if (x2 > n) {
          k2end += 2;
        } else if (y2 > m) {
          k2start += 2;
        } else if (!odd) {
          const long j = offset + delta - k2;
          if (j >= 0 && j < length && forward_[j] != -1) {
            const long x1 = forward_[j];
            if (x1 >= n - x2) {
              out_x = x1, out_y = offset + x1 - j;
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  const std::vector<int>& a_;
  const std::vector<int>& b_;
  std::vector<bool> deleted_, inserted_;
  std::vector<long> forward_, backward_;
};

struct Step {
  LineOp op;
  std::size_t a_before, b_before;  // lines of a and b before this one
};

std::string range(std::size_t before, std::size_t count) {
  if (count == 1) return std::to_string(before + 1);
  return std::to_string(count == 0 ? before : before + 1) + "," + std::to_string(count);
}

void append_line(std::string& out, char prefix, std::string_view line) {
  out += prefix;
  out.append(line);
  if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

}  // namespace

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    end = end == std::string_view::npos ? text.size() : end + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

std::vector<LineOp> diff_lines(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b) {
  std::unordered_map<std::string_view, int> ids;  // only equality matters: never feeds output order
  auto encode = [&](const std::vector<std::string_view>& lines) {
    std::vector<int> out;
    out.reserve(lines.size());
    for (std::string_view l : lines) out.push_back(ids.emplace(l, static_cast<int>(ids.size())).first->second);
    return out;
  };
  const std::vector<int> ea = encode(a), eb = encode(b);
  Myers myers(ea, eb);
  myers.run();
  std::vector<LineOp> ops;
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && myers.deleted()[i]) {
      ops.push_back(LineOp::Delete), ++i;
    } else if (j < b.size() && myers.inserted()[j]) {
      ops.push_back(LineOp::Insert), ++j;
    } else {
      ops.push_back(LineOp::Equal), ++i, ++j;
    }
  }
  return ops;
}

std::string unified_diff(std::string_view a_text, std::string_view b_text, const std::string& from_label,
                         const std::string& to_label, int context) {
  const std::vector<std::string_view> a = split_lines(a_text), b = split_lines(b_text);
  std::vector<Step> steps;
  std::size_t ai = 0, bi = 0;
  for (LineOp op : diff_lines(a, b)) {
    steps.push_back({op, ai, bi});
    if (op != LineOp::Insert) ++ai;
    if (op != LineOp::Delete) ++bi;
  }
  const std::size_t ctx = static_cast<std::size_t>(std::max(context, 0));
  std::string out;
  std::size_t i = 0;
  while (i < steps.size()) {
    while (i < steps.size() && steps[i].op == LineOp::Equal) ++i;
    if (i == steps.size()) break;
    std::size_t start = i >= ctx ? i - ctx : 0;
    std::size_t end = i;  // one past the last change of the hunk
    for (std::size_t k = i; k < steps.size(); ++k) {
      if (steps[k].op != LineOp::Equal) end = k + 1;
      else if (k - end + 1 > 2 * ctx) break;  // the gap of equal lines is too wide: hunk ends
    }
    end = std::min(end + ctx, steps.size());
    std::size_t a_count = 0, b_count = 0;
    for (std::size_t k = start; k < end; ++k) {
      if (steps[k].op != LineOp::Insert) ++a_count;
      if (steps[k].op != LineOp::Delete) ++b_count;
    }
    if (out.empty()) out = "--- " + from_label + "\n+++ " + to_label + "\n";
    out += "@@ -" + range(steps[start].a_before, a_count) + " +" + range(steps[start].b_before, b_count) + " @@\n";
    for (std::size_t k = start; k < end; ++k) {
      switch (steps[k].op) {
        case LineOp::Equal:
          append_line(out, ' ', a[steps[k].a_before]);
          break;
        case LineOp::Delete:
          append_line(out, '-', a[steps[k].a_before]);
          break;
        case LineOp::Insert:
          append_line(out, '+', b[steps[k].b_before]);
          break;
      }
    }
    i = end;
  }
  return out;
}

}  // namespace fleetwave
