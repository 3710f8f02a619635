// Where the lines of what runs after a change go (a failed `on_change` hook, the colors setting), per
// environment: the CLI names its stderr before it knows whether its command changes the desktop, so
// this is kept apart from the desktop facade and a short command loads none of the room for it
// (docs/design.md#how-the-program-is-built-and-started).
const listeners = new WeakMap<NodeJS.ProcessEnv, (line: string) => void>();

/** Send the after-change lines of the desktop opened for `env` to `listener` (the last one named). */
export function reportAfterChanges(env: NodeJS.ProcessEnv, listener: (line: string) => void): void {
  listeners.set(env, listener);
}

/** Report one after-change line for `env`, to whoever asked for them (nobody: dropped). */
export function reportAfterChangeLine(env: NodeJS.ProcessEnv, line: string): void {
  listeners.get(env)?.(line);
}
