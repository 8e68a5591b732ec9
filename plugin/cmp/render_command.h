#pragma once
namespace fleetwave {
int run_render_command(int argc, char** argv);
}
