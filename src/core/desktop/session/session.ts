// The desktop session of this process, detected once: the setter (per set_command, since the
// settings may change while `serve` runs) and the monitors (per --monitors; kept a few seconds, so
// one call detects once and a long-running serve still sees a monitor plugged in later).
import type { Monitor } from '../monitors/index.js';
import type { Detection } from '../setters/index.js';
import { type SetterInfo, type SetterOptions, describeSetter, detectOnce } from '../setters/index.js';

/** How long detected monitors are trusted. */
const MONITORS_TTL_MS = 10_000;

export interface Session {
  env: NodeJS.ProcessEnv;
  /** The options the setters run with for a set_command (detection included). */
  setterOptions(setCommand?: string | null): SetterOptions;
  /** What the setter for a set_command is and can do, or why there is none. */
  setter(setCommand?: string | null): SetterInfo;
  monitors(override?: string): Promise<Monitor[]>;
}

export function openSession(env: NodeJS.ProcessEnv): Session {
  const detections = new Map<string, Detection>();
  const infos = new Map<string, SetterInfo>();
  const monitorLists = new Map<string, { at: number; list: Promise<Monitor[]> }>();
  const setterOptions = (setCommand?: string | null): SetterOptions => {
    const key = setCommand ?? '';
    let detection = detections.get(key);
    if (!detection) {
      detection = detectOnce({ env, setCommand });
      detections.set(key, detection);
    }
    return { env, setCommand, detection };
  };
  return {
    env,
    setterOptions,
    setter(setCommand) {
      const key = setCommand ?? '';
      let info = infos.get(key);
      if (!info) {
        info = describeSetter(setterOptions(setCommand));
        infos.set(key, info);
      }
      return info;
    },
    monitors(override) {
      const key = override ?? '\0';
      const cached = monitorLists.get(key);
      if (cached && Date.now() - cached.at < MONITORS_TTL_MS) return cached.list;
      // The detection (each desktop's parser) on the first ask: `current` on most desktops names
      // its monitors from the read-back and never asks.
      const list = import('../monitors/index.js').then(({ detectMonitors }) => detectMonitors({ env, override }));
      monitorLists.set(key, { at: Date.now(), list });
      // A failure is not kept: the next call asks again.
      list.catch(() => monitorLists.delete(key));
      return list;
    },
  };
}
