// A program the desktop's tools run, and what running one needs: found on PATH, the environment,
// the timeout.

/** A program found on PATH: `name` is what messages show, `path` what is executed. */
export interface Tool {
  readonly name: string;
  readonly path: string;
}

/** Everything a setter needs to run its commands. */
export interface SetContext {
  /** Environment the tools run with (the caller's, never process.env behind its back). */
  readonly env: NodeJS.ProcessEnv;
  /** Per-command timeout in ms. */
  readonly timeoutMs: number;
  /** The tools detection found for this setter, by name. */
  readonly tools: ReadonlyMap<string, Tool>;
}

/** The tool `name` resolved by detection; its absence is a bug in detect.ts, not a user error. */
export function toolOf(context: SetContext, name: string): Tool {
  const tool = context.tools.get(name);
  if (!tool) throw new Error(`setter tool ${name} was not resolved by detection`);
  return tool;
}
