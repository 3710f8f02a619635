// What a database URL is allowed to be and how it is shown: kept apart from opening one, so the
// CLI can check `--database` and mask passwords in its error lines without loading the PostgreSQL
// bridge (docs/design.md#how-the-program-is-built-and-started).

/** What `--database` accepts. */
export const isPostgresUrl = (value: string): boolean => /^postgres(ql)?:\/\//i.test(value);

/** Every `scheme://user:password@` in a text with the password masked: error lines and logs pass
 * through it, so a URL in any message (a mistyped scheme, a driver's error) never shows one. The
 * password runs to the last `@` of the word, as URL parsers read an unescaped `@` in it. */
export const maskPasswords = (text: string): string => text.replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@'"]*:)[^\s'"]*@/gi, '$1***@');

/** A URL without its password, for messages and logs. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return maskPasswords(parsed.toString());
  } catch {
    return maskPasswords(url);
  }
}

/** The form of a database URL in messages: written so that it is no `user:password@` itself, which
 * maskPasswords would turn into `user:***@`. */
const URL_FORM = 'postgres://USER@HOST:5432/NAME, with :PASSWORD after USER when it needs one';

/** What is wrong with a database URL, in words, or undefined when it can be used. */
export function databaseUrlProblem(url: string): string | undefined {
  if (!isPostgresUrl(url)) return `expected a PostgreSQL URL, ${URL_FORM} (got "${redacted(url)}")`;
  if (!URL.canParse(url)) return `"${redacted(url)}" is not a URL: expected ${URL_FORM} (@, : and / in the password percent-encoded)`;
  return undefined;
}
