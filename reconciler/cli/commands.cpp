#include "cli/commands.h"

namespace fleetwave::cli {

std::vector<CommandSpec> builtin_commands() {
  return {reconcile_command(),    status_command(),  wait_command(),     plan_command(),    validate_command(),
          diff_command(),         history_command(), approve_command(),  pause_command(),   resume_command(),
          rollback_command(),     freeze_command(),  unfreeze_command(), promote_command(), hold_command(),
          release_hold_command(), cordon_command(),  uncordon_command(), appset_command(),  serve_command(),
          completion_command()};
}

}  // namespace fleetwave::cli
