#include "cmp/render_completion.h"

#include <algorithm>
#include <string>
#include <vector>

#include "base/shell_completion.h"

namespace fleetwave {
namespace {

const std::vector<std::string> kRenderWords = {"--repo-root",    "--app",          "--cluster",           "--output",
                                               "--clusters-dir", "--policies-dir", "--default-namespace", "--cordons",
                                               "--help",         "--version"};
const std::vector<std::string> kSummaryWords = {"--repo-root", "--apps-dir", "--clusters-dir", "--output", "--help"};

// The candidates for the last of `words`; a directory or file value is left to the shell.
std::vector<std::string> candidates_for(const std::vector<std::string>& words) {
  if (words.size() >= 2 && (words[words.size() - 2] == "-o" || words[words.size() - 2] == "--output"))
    return words[0] == "summary" ? std::vector<std::string>{"json", "text"} : std::vector<std::string>{"json", "yaml"};
  if (words.size() >= 2 && words[words.size() - 2].rfind("--", 0) == 0) return {};  // a flag's value
  if (words.size() <= 1) {
    std::vector<std::string> out = kRenderWords;
    out.insert(out.end(), {"summary", "completion"});
    return out;
  }
  if (words[0] == "completion")
    return words.size() == 2 ? std::vector<std::string>{"bash", "fish", "zsh"} : std::vector<std::string>{};
  return words[0] == "summary" ? kSummaryWords : kRenderWords;
}

}  // namespace

std::optional<CommandResult> run_completion_command(const ProcessContext& context) {
  const std::vector<std::string>& args = context.args;
  if (args.empty()) return std::nullopt;
  if (args[0] == "completion") {
    const std::string script = args.size() == 2 ? completion_script(args[1], "fleetwave-render") : "";
    if (script.empty()) return CommandResult{2, "", "fleetwave-render completion SHELL: expected bash, zsh or fish\n"};
    return CommandResult{0, script, ""};
  }
  if (args[0] != "__complete") return std::nullopt;
  const std::vector<std::string> words(args.begin() + 1, args.end());
  const std::string current = words.empty() ? "" : words.back();
  std::vector<std::string> offers;
  for (const std::string& c : candidates_for(words))
    if (c.compare(0, current.size(), current) == 0) offers.push_back(c);
  std::sort(offers.begin(), offers.end());
  std::string out;
  for (const std::string& o : offers) out += o + "\n";
  return CommandResult{0, out, ""};
}

}  // namespace fleetwave
