#include "base/shell_completion.h"

#include <utility>

namespace fleetwave {
namespace {

// The scripts with PROG for the program's name and FN for the shell function's.
constexpr const char* kBash =
    "# bash completion for PROG (source it, or save it as /usr/share/bash-completion/completions/PROG)\n"
    "FN() {\n"
    "  local IFS=$'\\n'\n"
    "  COMPREPLY=($(PROG __complete \"${COMP_WORDS[@]:1:COMP_CWORD}\" 2>/dev/null))\n"
    "}\n"
    "complete -o default -F FN PROG\n";

constexpr const char* kZsh =
    "#compdef PROG\n"
    "# zsh completion for PROG (save it as _PROG in a directory of $fpath)\n"
    "FN() {\n"
    "  local -a candidates\n"
    "  candidates=(\"${(@f)$(PROG __complete \"${(@)words[2,CURRENT]}\" 2>/dev/null)}\")\n"
    "  (( ${#candidates} )) && compadd -a candidates || _files\n"
    "}\n"
    "compdef FN PROG\n";

constexpr const char* kFish =
    "# fish completion for PROG (save it as ~/.config/fish/completions/PROG.fish)\n"
    "function FN\n"
    "    set -l words (commandline -opc) (commandline -ct)\n"
    "    PROG __complete $words[2..-1] 2>/dev/null\n"
    "end\n"
    "complete -c PROG -a '(FN)'\n";

std::string filled(std::string text, const std::string& program) {
  std::string fn = "_" + program;
  for (char& c : fn)
    if (c == '-') c = '_';
  for (const auto& [mark, value] : {std::pair<std::string, std::string>{"PROG", program}, {"FN", fn}}) {
    for (std::size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + value.size()))
      text.replace(at, mark.size(), value);
  }
  return text;
}

}  // namespace

std::string completion_script(const std::string& shell, const std::string& program) {
  if (shell == "bash") return filled(kBash, program);
  if (shell == "zsh") return filled(kZsh, program);
  if (shell == "fish") return filled(kFish, program);
  return "";
}

}  // namespace fleetwave
