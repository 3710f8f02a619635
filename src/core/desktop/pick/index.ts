// The part that chooses (docs/design.md#the-desktop-room): with the library's rules (the filters,
// light and dark, one per monitor that fits it, never a recent one) what would go on the screen,
// without placing it. `change` places and records what it chooses; `random` without --set asks
// it alone.
// May use: monitors, session.
export { appearanceChoices, chooseFor } from './choose.js';
export { type Choices, lightChoices, pickAmong } from './choices.js';
export { pickLightDark } from './light-dark.js';
export { MONITOR_UPSCALE, pickForMonitors } from './monitor-picks.js';
