// fleetwave-bench-read-floor FILE...: opens, checks and reads every file as fleetwave-render's
// repository reader does (open, fstat, read, close; cmp/repo_reader.cpp) and does nothing else.
// Linked as fleetwave-render is (statically), so its start costs the same: what it takes is the
// least any render of those inputs can cost, the floor the render benchmark holds a release to.
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <sys/stat.h>
#include <vector>

int main(int argc, char** argv) {
  std::vector<char> buffer;
  unsigned long long total = 0;
  for (int i = 1; i < argc; ++i) {
    const int fd = ::open(argv[i], O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
    if (fd < 0) return 1;
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return 1;
    buffer.resize(static_cast<std::size_t>(st.st_size) + 1);
    const ssize_t n = ::read(fd, buffer.data(), buffer.size());
    ::close(fd);
    if (n < 0) return 1;
    total += static_cast<unsigned long long>(n);
  }
  return total > 0 ? 0 : 1;
}
