// Whether a command may colour what it writes: never with `--no-color` or a non-empty NO_COLOR
// (no-color.org), always with FORCE_COLOR (other than 0), otherwise only on a terminal that is not
// `TERM=dumb`. Colour is decoration: the text says the same without it.
import type { Command } from 'commander';
import type { CliContext } from './context.js';

export function colorEnabled(ctx: CliContext, command: Command, stream: { isTTY?: boolean }): boolean {
  if (command.optsWithGlobals<{ color?: boolean }>().color === false) return false;
  if (ctx.env.NO_COLOR) return false;
  if (ctx.env.FORCE_COLOR !== undefined && ctx.env.FORCE_COLOR !== '' && ctx.env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY) && ctx.env.TERM !== 'dumb';
}

const CODES = { green: 32, yellow: 33, red: 31, bold: 1 } as const;

/** `text` in a colour when `enabled`, else as it is. */
export const paint = (enabled: boolean, color: keyof typeof CODES, text: string): string =>
  enabled ? `\u001b[${CODES[color]}m${text}\u001b[0m` : text;
