// The one redaction of credentials in URLs and in free text (libgit2 and server messages, Argo CD
// and Git hosting answers) before they reach logs, errors or status (CONTRIBUTING.md, house
// rule 10).
//
//   https://user:pw@host/r           -> https://***@host/r     (http(s): userinfo may be a token)
//   ssh://git:pw@host/r              -> ssh://git:***@host/r   (ssh: the user name is kept)
//   https://host/r?access_token=abc  -> https://host/r?access_token=***
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace fleetwave {

// Redacts one URL. Text that is not a scheme://... URL is returned unchanged (scp-like
// "git@host:path" carries no secret).
std::string redact_url(std::string_view url);

// Redacts every scheme://... URL found in `text`, then replaces every occurrence of each of
// `secrets` (values shorter than 4 characters are ignored, to keep messages readable) with ***.
std::string redact_text(std::string_view text, const std::vector<std::string>& secrets = {});

// Text from a server made safe to quote in an error: redacted as redact_text, control characters
// replaced by spaces, and cut to `max_length` bytes (with "..." when cut, never inside a UTF-8
// sequence).
std::string quotable_server_text(std::string_view text, const std::vector<std::string>& secrets,
                                 std::size_t max_length = 200);

}  // namespace fleetwave
