#include "serve/serve_config.h"

#include "adapters/hosting/hosting_providers.h"
#include "base/nearest_name.h"
#include "codec/yaml_codec.h"
#include "reconcile/notify/notify_settings.h"

namespace fleetwave::serve {
namespace {

bool is_path_key(const std::string& key) {
  return key == "cacheDir" || (key.size() > 4 && key.compare(key.size() - 4, 4, "File") == 0);
}

std::string valid_keys(const std::vector<ConfigKey>& keys) {
  std::string out;
  for (const ConfigKey& k : keys) out += (out.empty() ? "" : ", ") + k.key;
  return out;
}

// "unknown key; did you mean board.url?", or the whole list when nothing is close.
std::string unknown_key(const std::string& key, const std::vector<ConfigKey>& keys) {
  std::vector<std::string_view> names;
  for (const ConfigKey& k : keys) names.push_back(k.key);
  const std::string near = nearest_name(key, names);
  if (!near.empty()) return "unknown key; did you mean " + near + "?";
  return "unknown key (valid keys: " + valid_keys(keys) + ")";
}

// One leaf value as the flag's text: strings as is, booleans for the boolean flags.
Result<std::string> leaf_value(const Json& value, const std::string& key, const ConfigKey& setting,
                               const std::string& file) {
  const std::string& flag = setting.flag;
  if (flag == "allowed-reviewers" && value.is_array()) {  // a list of logins, as the flag's comma list
    std::string logins;
    for (const Json& login : value) {
      if (!login.is_string() || login.get<std::string>().empty() ||
          login.get<std::string>().find(',') != std::string::npos)
        return invalid_input(file + ": " + key + ": expected a list of logins");
      logins += (logins.empty() ? "" : ",") + login.get<std::string>();
    }
    if (logins.empty()) return invalid_input(file + ": " + key + ": must not be empty (remove the key instead)");
    return logins;
  }
  if (setting.boolean) {
    if (!value.is_boolean()) return invalid_input(file + ": " + key + ": expected true or false");
    return std::string(value.get<bool>() ? "true" : "false");
  }
  if (!value.is_string()) return invalid_input(file + ": " + key + ": expected a string (quote it, e.g. \"30s\")");
  std::string text = value.get<std::string>();
  if (text.empty()) return invalid_input(file + ": " + key + ": must not be empty (remove the key instead)");
  return text;
}

std::string absolute(const std::string& path, const std::string& base) {
  if (path.empty() || path[0] == '/' || base.empty()) return path;
  return base + (base.back() == '/' ? "" : "/") + path;
}

// notifications.webhooks, checked, with each urlFile made absolute, as the JSON text of the
// --notifications-webhooks flag.
Result<std::string> webhooks_value(const Json& value, const std::string& key, const std::string& file,
                                   const std::string& base) {
  auto webhooks = parse_webhook_settings(value, key);
  if (!webhooks.ok()) return webhooks.error().with_context(file);
  Json out = Json::array();
  for (const WebhookSettings& w : *webhooks) {
    Json item = {{"events", w.events}, {"format", w.format}};
    if (!w.url.empty()) item["url"] = w.url;
    else item["urlFile"] = absolute(w.url_file, base);
    out.push_back(std::move(item));
  }
  return out.dump();
}

}  // namespace

Result<std::map<std::string, std::string>> config_file_flags(std::string_view text, const std::string& file,
                                                             const std::string& base_dir,
                                                             const std::vector<ConfigKey>& keys) {
  FW_TRY(docs, parse_yaml_stream(text, file));
  std::map<std::string, std::string> flags;
  if (docs.empty() || docs[0].value.is_null()) return flags;  // an empty file configures nothing
  if (docs.size() > 1)
    return invalid_input(file + ": expected one YAML document, found " + std::to_string(docs.size()));
  const Json& root = docs[0].value;
  if (!root.is_object()) return invalid_input(file + ": expected a mapping of keys (repo, branch, git, argocd, ...)");
  std::map<std::string, const ConfigKey*> flag_of;
  for (const ConfigKey& k : keys) flag_of.emplace(k.key, &k);
  for (const auto& [top, value] : root.items()) {
    std::vector<std::pair<std::string, const Json*>> leaves;
    if (value.is_object()) {
      for (const auto& [sub, leaf] : value.items()) leaves.emplace_back(top + "." + sub, &leaf);
    } else {
      leaves.emplace_back(top, &value);
    }
    for (const auto& [key, leaf] : leaves) {
      auto it = flag_of.find(key);
      if (it == flag_of.end()) return invalid_input(file + ": " + key + ": " + unknown_key(key, keys));
      const std::string& flag = it->second->flag;
      if (flag == "notifications-webhooks") {
        FW_TRY(webhooks, webhooks_value(*leaf, key, file, base_dir));
        flags[flag] = webhooks;
        continue;
      }
      FW_TRY(v, leaf_value(*leaf, key, *it->second, file));
      flags[flag] = is_path_key(key) ? absolute(v, base_dir) : v;
    }
  }
  return flags;
}

Result<ListenAddress> parse_listen_address(const std::string& text) {
  auto bad = [&](const std::string& why) {
    return invalid_input("--listen \"" + text + "\": " + why +
                         "; expected \":8080\" or \"127.0.0.1:8080\" (port 0 picks a free port)");
  };
  const std::size_t colon = text.rfind(':');
  if (colon == std::string::npos) return bad("no port");
  ListenAddress a;
  a.host = colon == 0 ? "0.0.0.0" : text.substr(0, colon);
  if (a.host.size() > 2 && a.host.front() == '[' && a.host.back() == ']') a.host = a.host.substr(1, a.host.size() - 2);
  const std::string port = text.substr(colon + 1);
  if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos)
    return bad("bad port");
  a.port = std::stoi(port);
  if (a.port > 65535) return bad("port out of range");
  return a;
}

Result<ApprovalsConfig> validate_approvals(ApprovalsConfig c) {
  const std::string names = hosting_provider_names(" or ");
  if (c.provider.empty()) {
    if (!c.api_url.empty() || !c.repository.empty() || !c.token_file.empty() || !c.ca_file.empty()) {
      return invalid_input("--approvals-provider is required with the other --approvals-* settings (" + names + ")");
    }
    return c;
  }
  const HostingProvider* provider = find_hosting_provider(c.provider);
  if (provider == nullptr) return invalid_input("--approvals-provider \"" + c.provider + "\": expected " + names);
  if (c.api_url.empty()) c.api_url = provider->default_api_url;
  if (c.api_url.rfind("http://", 0) != 0 && c.api_url.rfind("https://", 0) != 0) {
    return invalid_input("--approvals-api-url \"" + c.api_url + "\": expected an http(s):// URL");
  }
  if (!provider->valid_repository(c.repository)) {  // the same rule the client factory applies
    return invalid_input("--approvals-repository \"" + c.repository + "\": expected " +
                         std::string(provider->repository_form));
  }
  if (c.token_file.empty())
    return invalid_input("--approvals-provider " + c.provider + " needs --approvals-token-file");
  return c;
}

}  // namespace fleetwave::serve
