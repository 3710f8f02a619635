// One finding of `wallpaper doctor`: a level, what was checked, what was found and what to do.

export type CheckLevel = 'ok' | 'note' | 'problem';

export interface Check {
  level: CheckLevel;
  /** What was checked: `node`, `sharp`, `index`, `folder`, `desktop`, `session bus`... */
  subject: string;
  detail: string;
  /** What to do about a problem or a note. */
  fix?: string;
}

/** A finding; `fix` only where there is something to do. */
export const check = (level: CheckLevel, subject: string, detail: string, fix?: string): Check => ({
  level,
  subject,
  detail,
  ...(fix ? { fix } : {}),
});
