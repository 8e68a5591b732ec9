#include "cli/flag_parser.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "base/nearest_name.h"
#include "base/text.h"

namespace fleetwave::cli {
namespace {

const FlagSpec* find_spec(const std::vector<FlagSpec>& specs, std::string_view name) {
  auto it = std::find_if(specs.begin(), specs.end(), [&](const FlagSpec& s) { return s.name == name; });
  return it == specs.end() ? nullptr : &*it;
}

// "; did you mean --NAME?" for the flag of `specs` nearest to a mistyped one; "" when none is near.
std::string did_you_mean(const std::vector<FlagSpec>& specs, std::string_view name) {
  std::vector<std::string_view> names;
  for (const FlagSpec& s : specs) names.push_back(s.name);
  return flag_suggestion(name, names);
}

const FlagSpec* find_short(const std::vector<FlagSpec>& specs, char letter) {
  auto it = std::find_if(specs.begin(), specs.end(), [&](const FlagSpec& s) { return s.short_name == letter; });
  return it == specs.end() ? nullptr : &*it;
}

// "-o json" and "-ojson" as "--output json" (the short form takes a value, or is a boolean
// alone); nullopt when `arg` is no known short flag.
std::optional<std::string> long_form(const std::vector<FlagSpec>& specs, const std::string& arg) {
  const FlagSpec* spec = arg.size() >= 2 && arg[1] != '-' ? find_short(specs, arg[1]) : nullptr;
  if (spec == nullptr) return std::nullopt;
  std::string out = "--" + std::string(spec->name);
  if (arg.size() > 2) out += "=" + arg.substr(arg[2] == '=' ? 3 : 2);
  return out;
}

Error usage(const std::string& command, const std::string& message) {
  return invalid_input(message + " (see " + command + " --help)");
}

// Booleans from the environment: 1/true/yes or 0/false/no/"" (any case).
Result<bool> parse_bool(const std::string& variable, const std::string& text) {
  const std::string v = ascii_lower(text);
  if (v == "1" || v == "true" || v == "yes") return true;
  if (v.empty() || v == "0" || v == "false" || v == "no") return false;
  return invalid_input(variable + ": expected true or false, got \"" + text + "\"");
}

}  // namespace

std::string ParsedArgs::get(std::string_view name, const std::string& fallback) const {
  auto it = values_.find(std::string(name));
  return it == values_.end() ? fallback : it->second.first;
}

std::string flag_label(const ParsedArgs& args, std::string_view flag) {
  if (!args.has(flag)) return "--" + std::string(flag);
  switch (args.source(flag)) {
    case FlagSource::Environment:
      return env_name(flag);
    case FlagSource::ConfigFile:
      return args.origin(flag);
    case FlagSource::CommandLine:
      break;
  }
  return "--" + std::string(flag);
}

const std::string& ParsedArgs::origin(std::string_view name) const {
  static const std::string kNone;
  auto it = origins_.find(std::string(name));
  return it == origins_.end() ? kNone : it->second;
}

FlagSource ParsedArgs::source(std::string_view name) const {
  auto it = values_.find(std::string(name));
  return it == values_.end() ? FlagSource::CommandLine : it->second.second;
}

void ParsedArgs::set(const std::string& name, std::string value, FlagSource source, std::string origin) {
  values_[name] = {std::move(value), source};
  if (source == FlagSource::ConfigFile) origins_[name] = std::move(origin);
  else origins_.erase(name);
}

std::string env_name(std::string_view flag) {
  std::string out = "FLEETWAVE_";
  for (char c : flag) out += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

Result<ParsedArgs> parse_flags(const std::vector<std::string>& args, const std::vector<FlagSpec>& specs,
                               const std::map<std::string, std::string>& env, const std::string& command) {
  ParsedArgs out;
  bool flags_done = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (flags_done || arg.size() < 2 || arg[0] != '-') {
      out.positionals.push_back(arg);
      continue;
    }
    if (arg == "--") {
      flags_done = true;
      continue;
    }
    if (arg == "--help" || arg == "-h") {
      out.help = true;
      continue;
    }
    std::string name = arg.substr(2);
    if (arg.compare(0, 2, "--") != 0) {
      auto expanded = long_form(specs, arg);
      if (!expanded) return usage(command, "unknown flag " + arg);
      name = expanded->substr(2);
    }
    std::optional<std::string> inline_value;
    if (std::size_t eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    const FlagSpec* spec = find_spec(specs, name);
    if (spec == nullptr) return usage(command, "unknown flag --" + name + did_you_mean(specs, name));
    if (out.has(name)) return usage(command, "flag --" + name + " given twice");
    if (spec->value_name.empty()) {
      if (inline_value) return usage(command, "flag --" + name + " takes no value");
      out.set(name, "true", FlagSource::CommandLine);
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= args.size())
        return usage(command, "flag --" + name + " needs a value (" + std::string(spec->value_name) + ")");
      inline_value = args[++i];
    }
    out.set(name, std::move(*inline_value), FlagSource::CommandLine);
  }
  for (const FlagSpec& spec : specs) {
    if (!spec.env || out.has(spec.name)) continue;
    const std::string variable = env_name(spec.name);
    auto it = env.find(variable);
    if (it == env.end()) continue;
    if (!spec.value_name.empty()) {
      if (!it->second.empty()) out.set(std::string(spec.name), it->second, FlagSource::Environment);
      continue;
    }
    FW_TRY(on, parse_bool(variable, it->second));
    if (on) out.set(std::string(spec.name), "true", FlagSource::Environment);
  }
  return out;
}

std::string format_flags(const std::vector<FlagSpec>& specs) {
  std::vector<std::string> left;
  std::size_t width = 0;
  for (const FlagSpec& s : specs) {
    std::string l = s.short_name != 0 ? std::string("  -") + s.short_name + ", --" : std::string("  --");
    l += std::string(s.name);
    if (!s.value_name.empty()) l += " " + std::string(s.value_name);
    width = std::max(width, l.size());
    left.push_back(std::move(l));
  }
  std::string out;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    out += left[i] + std::string(width - left[i].size() + 2, ' ') + std::string(specs[i].help);
    if (specs[i].env) out += " [$" + env_name(specs[i].name) + "]";
    out += "\n";
  }
  return out;
}

}  // namespace fleetwave::cli
