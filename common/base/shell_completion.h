// The shell side of completion for fleetwave and fleetwave-render: a bash, zsh or fish script
// that offers, for the words typed so far, each line `PROGRAM __complete WORD...` prints (the
// words after the program up to the cursor, the last one partial). The program decides what to
// offer; the scripts only ask, so they never go stale.
#pragma once

#include <string>

namespace fleetwave {

// The script for `shell` (bash, zsh or fish); "" for another shell.
std::string completion_script(const std::string& shell, const std::string& program);

}  // namespace fleetwave
