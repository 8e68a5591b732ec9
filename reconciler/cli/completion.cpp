#include "cli/completion.h"

#include <algorithm>
#include <sstream>

namespace fleetwave::cli {
namespace {

enum class Arg { App, Cluster, Shell, Other };

// The positional arguments of a command as its usage line names them: "fleetwave hold APP
// CLUSTER... --reason TEXT" is {App, Cluster...}; `repeats` says whether the last one repeats.
std::vector<Arg> positionals_of(const CommandSpec& spec, bool& repeats) {
  std::istringstream usage{std::string(spec.usage)};
  std::string word;
  usage >> word >> word;  // "fleetwave" and the command
  std::vector<Arg> out;
  repeats = false;
  while (usage >> word) {
    std::string bare;
    for (char c : word)
      if (c != '[' && c != ']') bare += c;
    if (bare.empty() || bare[0] == '-' || bare[0] == '(' || bare == "flags" || bare.find('|') != std::string::npos)
      break;
    repeats = bare.size() > 3 && bare.compare(bare.size() - 3, 3, "...") == 0;
    if (repeats) bare.resize(bare.size() - 3);
    out.push_back(bare == "APP"       ? Arg::App
                  : bare == "CLUSTER" ? Arg::Cluster
                  : bare == "SHELL"   ? Arg::Shell
                                      : Arg::Other);
  }
  return out;
}

const FlagSpec* flag_named(const CommandSpec& spec, const std::string& word) {
  for (const FlagSpec& f : spec.flags) {
    if (word == "--" + std::string(f.name)) return &f;
    if (f.short_name != 0 && word == std::string("-") + f.short_name) return &f;
  }
  return nullptr;
}

// The app the line names so far: its first APP positional or --app.
std::string app_on_line(const CommandSpec& spec, const std::vector<std::string>& words) {
  bool repeats = false;
  const std::vector<Arg> kinds = positionals_of(spec, repeats);
  std::size_t index = 0;
  for (std::size_t i = 1; i + 1 < words.size(); ++i) {
    if (words[i] == "--app" && i + 2 < words.size()) return words[i + 1];
    if (const FlagSpec* f = flag_named(spec, words[i])) {
      if (!f->value_name.empty()) ++i;
    } else if (!words[i].empty() && words[i][0] != '-') {
      if (index < kinds.size() && kinds[index] == Arg::App) return words[i];
      ++index;
    }
  }
  return "";
}

std::vector<std::string> flag_values(const CommandSpec& spec, const FlagSpec& flag,
                                     const std::vector<std::string>& words, const CompletionNames& names) {
  const std::string name(flag.name);
  if (name == "app") return names.apps();
  if (name == "cluster") return names.clusters();
  if (name == "wave" || name == "to-wave") return names.waves(app_on_line(spec, words));
  if (name == "output") return {"json", "text", "yaml"};
  if (name == "for") return {"Held", "Paused", "Stable", "WaitingApproval"};
  return {};
}

std::vector<std::string> positional_values(const CommandSpec& spec, const std::vector<std::string>& words,
                                           const CompletionNames& names) {
  bool repeats = false;
  const std::vector<Arg> kinds = positionals_of(spec, repeats);
  std::size_t index = 0;  // of the word being completed among the positionals
  for (std::size_t i = 1; i + 1 < words.size(); ++i) {
    if (const FlagSpec* f = flag_named(spec, words[i])) {
      if (!f->value_name.empty()) ++i;
    } else if (words[i].empty() || words[i][0] != '-') {
      ++index;
    }
  }
  if (kinds.empty() || (index >= kinds.size() && !repeats)) return {};
  switch (kinds[std::min(index, kinds.size() - 1)]) {
    case Arg::App:
      return names.apps();
    case Arg::Cluster:
      return names.clusters();
    case Arg::Shell:
      return {"bash", "fish", "zsh"};
    case Arg::Other:
      return {};
  }
  return {};
}

std::vector<std::string> candidates_for(const std::vector<CommandSpec>& commands, const std::vector<std::string>& words,
                                        const CompletionNames& names) {
  if (words.size() <= 1) {
    std::vector<std::string> out = {"help", "--help", "--version"};
    for (const CommandSpec& c : commands) out.emplace_back(c.name);
    return out;
  }
  auto spec = std::find_if(commands.begin(), commands.end(), [&](const CommandSpec& c) { return c.name == words[0]; });
  if (spec == commands.end())
    return words[0] == "help" && words.size() == 2 ? candidates_for(commands, {}, names) : std::vector<std::string>{};
  if (const FlagSpec* f = flag_named(*spec, words[words.size() - 2]); f != nullptr && !f->value_name.empty())
    return flag_values(*spec, *f, words, names);
  if (!words.back().empty() && words.back()[0] == '-') {
    std::vector<std::string> out = {"--help"};
    for (const FlagSpec& f : spec->flags) out.push_back("--" + std::string(f.name));
    return out;
  }
  return positional_values(*spec, words, names);
}

}  // namespace

std::vector<std::string> complete_words(const std::vector<CommandSpec>& commands, const std::vector<std::string>& words,
                                        const CompletionNames& names) {
  const std::string current = words.empty() ? "" : words.back();
  std::vector<std::string> out;
  for (std::string& c : candidates_for(commands, words, names))
    if (c.compare(0, current.size(), current) == 0) out.push_back(std::move(c));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace fleetwave::cli
