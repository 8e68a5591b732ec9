// bake: once every cluster of the wave is pinned and healthy, the wave must stay healthy for
// `minSuccessTime` (counted from the latest finished sync among its clusters) before the next
// wave starts.
#include <algorithm>

#include "base/duration_text.h"
#include "rollout/gates/wave_gate.h"

namespace fleetwave {

GateVerdict bake_gate(const GateContext& ctx) {
  if (fast_forwarded(*ctx.in.plan, ctx.release, ctx.index))
    return GateVerdict::pass("promoted to wave " + ctx.release.promoted_to + " by a person");
  if (ctx.in.plan->expedite_failover && only_cordons_changed(ctx.in.state.stable_inputs, ctx.release.inputs))
    return GateVerdict::pass("a failover: only cordons changed and spec.failover.expedite is set");
  const WaveProgress& p = *ctx.progress;
  const std::int64_t now = ctx.in.now_ms;
  const std::int64_t since = p.bake_unknown || !p.done_since ? now : *p.done_since;
  const std::int64_t baked = now - since;
  if (baked >= ctx.wave.min_success_time_ms) return GateVerdict::pass();
  // Time left rounds up, so "1s left" is never shown for a bake already over.
  const std::int64_t left = ctx.wave.min_success_time_ms - std::max<std::int64_t>(baked, 0);
  return GateVerdict::wait("wave " + ctx.label + " healthy for " + format_elapsed_ms(baked) + " of minSuccessTime " +
                           format_duration_ms(ctx.wave.min_success_time_ms) + ", " +
                           format_elapsed_ms((left + 999) / 1000 * 1000) + " left");
}

}  // namespace fleetwave
