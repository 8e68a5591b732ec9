#include "serve/board/git_links.h"

#include <algorithm>
#include <cctype>

#include "adapters/hosting/hosting_providers.h"
#include "net/percent_encode.h"

namespace fleetwave::serve {
namespace {

// A branch name or sha as URL path segments: each '/'-separated part percent-encoded.
std::string encode_path(const std::string& text) {
  std::string out;
  for (std::size_t start = 0;;) {
    const std::size_t slash = text.find('/', start);
    out += percent_encode(std::string_view(text).substr(start, slash - start));
    if (slash == std::string::npos) return out;
    out += '/';
    start = slash + 1;
  }
}

bool http_url(const std::string& url) {
  const bool scheme = url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0;
  return scheme && std::none_of(url.begin(), url.end(), [](unsigned char c) {
           return c <= 0x20 || c == '"' || c == '<' || c == '>' || c == '\'' || c == '\\' || c == 0x7f;
         });
}

std::string without_trailing_slash(std::string url) {
  while (!url.empty() && url.back() == '/') url.pop_back();
  return url;
}

}  // namespace

std::string GitLinks::commit(const std::string& sha) const {
  return known() && !sha.empty() ? repository_url + commit_path + encode_path(sha) : "";
}

std::string GitLinks::branch(const std::string& name) const {
  return known() && !name.empty() ? repository_url + branch_path + encode_path(name) : "";
}

Result<GitLinks> make_git_links(const std::string& provider, const std::string& api_url, const std::string& repository,
                                const std::string& web_url) {
  GitLinks links;
  const HostingProvider* host = provider.empty() ? nullptr : find_hosting_provider(provider);
  if (host != nullptr) {
    links.commit_path = std::string(host->commit_path);
    links.branch_path = std::string(host->branch_path);
  }
  if (!web_url.empty()) {
    if (!http_url(web_url)) {
      return invalid_input("board.gitWebUrl: " + web_url +
                           " is not an http(s) URL (the repository's web page, e.g. https://github.com/acme/fleet)");
    }
    links.repository_url = without_trailing_slash(web_url);
    return links;
  }
  const bool numeric_id = !repository.empty() && std::all_of(repository.begin(), repository.end(),
                                                             [](unsigned char c) { return std::isdigit(c); });
  if (host == nullptr || repository.empty() || numeric_id) return links;  // no page known: no links
  const std::string root =
      host->web_root(without_trailing_slash(api_url.empty() ? std::string(host->default_api_url) : api_url));
  if (!root.empty() && http_url(root)) links.repository_url = root + "/" + encode_path(repository);
  return links;
}

std::string BoardLinks::application(const std::string& app, const std::string& cluster) const {
  if (argocd_url.empty()) return "";
  return argocd_url + "/applications/" + percent_encode(app + "-" + cluster);
}

Result<std::string> argocd_web_url(const std::string& url) {
  if (url.empty()) return url;
  if (!http_url(url))
    return invalid_input("board.argocdUrl: " + url +
                         " is not an http(s) URL; give Argo CD's web address, e.g. "
                         "https://argocd.example.com");
  return without_trailing_slash(url);
}

}  // namespace fleetwave::serve
