// Links from the board to the Git host's web pages (a commit, an approval branch), when the
// repository's web page is known: from board.gitWebUrl, else from the approvals provider's API
// URL and repository (the hosting table's web_root); and to Argo CD's page of each cluster's
// Application, when board.argocdUrl is set. Pure.
#pragma once

#include <string>

#include "base/result.h"

namespace fleetwave::serve {

struct GitLinks {
  std::string repository_url;  // "https://github.com/acme/fleet"; "" = no links
  std::string commit_path = "/commit/";
  std::string branch_path = "/tree/";

  bool known() const { return !repository_url.empty(); }
  std::string commit(const std::string& sha) const;
  std::string branch(const std::string& name) const;
};

// Every link the board draws: the Git host's pages and Argo CD's Application pages.
struct BoardLinks {
  GitLinks git;
  std::string argocd_url;  // board.argocdUrl, "https://argocd.example.com"; "" = no links

  // Argo CD's page of the Application the ApplicationSet gives `app` on `cluster`
  // (`fleetwave appset` names it <app>-<cluster>); "" without board.argocdUrl.
  std::string application(const std::string& app, const std::string& cluster) const;
};

// board.argocdUrl, checked: an http(s) URL (InvalidInput naming the key otherwise), trailing '/' dropped.
Result<std::string> argocd_web_url(const std::string& url);

// `provider`, `api_url`, `repository`: the approvals block (any may be empty). `web_url`:
// board.gitWebUrl, which wins; it must be an http(s) URL (InvalidInput naming the key otherwise).
// Paths follow the provider's style, GitHub's without one.
Result<GitLinks> make_git_links(const std::string& provider, const std::string& api_url, const std::string& repository,
                                const std::string& web_url);

}  // namespace fleetwave::serve
