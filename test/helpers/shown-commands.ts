// The `wallpaper` command lines a Markdown page shows, for test/docs.test.ts: in fenced code blocks
// (read as a shell would: prompts, comments, pipes, cron fields, sudo/npx/node wrappers, `\` line
// ends) and in inline code that starts with `wallpaper `. What a block prints is not a command: in a
// block with `$ ` prompts only the prompted lines count, and `text`/`json` blocks are output.

export interface ShownCommand {
  /** The line as written, for the message. */
  line: string;
  /** The words after `wallpaper`, quotes removed. */
  words: string[];
  /** Inline code is a synopsis (`[--json]`, `add|list|remove`, placeholders): read loosely. */
  synopsis: boolean;
}

const OUTPUT_BLOCKS = new Set(['text', 'json', 'http']);
/** Commands that run the next word as a command (with their own options first). */
const WRAPPERS: Record<string, Set<string>> = {
  sudo: new Set(['-u', '-g', '-C', '-D', '-h', '-p', '-U']),
  npx: new Set(['-p', '--package']),
  exec: new Set(),
  env: new Set(),
  nohup: new Set(),
  time: new Set(),
  node: new Set(['-r', '--require', '--import']),
};
const CRON_FIELD = /^[\d*/,-]+$/;

type Token = { word: string } | { op: string };

/** Shell words and operators of one line; a `#` starting a word ends the line. */
function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let word: string | undefined;
  const end = () => {
    if (word !== undefined) tokens.push({ word });
    word = undefined;
  };
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (char === "'") {
      const close = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, close === -1 ? line.length : close);
      i = close === -1 ? line.length : close;
    } else if (char === '"') {
      // Inside double quotes a backslash keeps only " \ $ and ` literal.
      let inner = '';
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === '\\' && '"\\$`'.includes(line[i + 1] ?? '')) i++;
        inner += line[i];
      }
      word = (word ?? '') + inner;
    } else if (char === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else if (/\s/.test(char)) {
      end();
    } else if (char === '#' && word === undefined) {
      break;
    } else if ('|&;()<>`'.includes(char) || (char === '$' && line[i + 1] === '(')) {
      if ((char === '>' || char === '<') && word !== undefined && /^\d$/.test(word)) word = undefined; // 2>>
      end();
      let op = char === '$' ? '$(' : char;
      while (i + 1 < line.length && '|&<>('.includes(line[i + 1]!) && !(op === '$(' || op === '(')) op += line[++i];
      tokens.push({ op });
    } else {
      word = (word ?? '') + char;
    }
  }
  end();
  return tokens;
}

/** The words after each `wallpaper` (or `wallpaper.js`) run in this shell line. */
export function invocations(line: string): string[][] {
  const found: string[][] = [];
  let tokens = tokenize(line.replace(/^\s*(?:\$ |ExecStart=)/, ''));
  // A crontab line: five time fields, then the command.
  const first = tokens.slice(0, 5);
  if (first.length === 5 && first.every((token) => 'word' in token && CRON_FIELD.test(token.word))) tokens = tokens.slice(5);
  let position = true; // the next word is a command name
  let skip = 0; // words that are the values of a wrapper's option or a redirection
  let current: string[] | undefined;
  let wrapperOptions: Set<string> | undefined; // the options of the wrapper just read (sudo -u USER)
  for (const token of tokens) {
    if ('op' in token) {
      current = undefined;
      wrapperOptions = undefined;
      if (/^[<>]/.test(token.op) && token.op !== '<(') skip = 1;
      else position = true;
      continue;
    }
    const word = token.word;
    if (skip > 0) {
      skip--;
      continue;
    }
    if (current) {
      current.push(word);
      continue;
    }
    if (!position) continue;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) continue; // VAR=value before a command
    const name = word.split('/').at(-1)!;
    const wrapper = WRAPPERS[name];
    if (wrapper) {
      // The wrapper's options (and their values) come before the command it runs.
      wrapperOptions = wrapper;
      continue;
    }
    if (wrapperOptions && word.startsWith('-')) {
      if (wrapperOptions.has(word)) skip = 1;
      continue;
    }
    wrapperOptions = undefined;
    if (name === 'wallpaper' || name === 'wallpaper.js') {
      current = [];
      found.push(current);
    }
    position = false;
  }
  return found;
}

/** Every `wallpaper` command a Markdown page shows. */
export function shownCommands(markdown: string): ShownCommand[] {
  const shown: ShownCommand[] = [];
  for (const [, info, body] of markdown.matchAll(/^```([\w-]*)[^\n]*\n([\s\S]*?)^```/gm)) {
    if (OUTPUT_BLOCKS.has(info!)) continue;
    const lines = body!.replace(/\\\n/g, ' ').split('\n');
    const prompted = lines.some((line) => line.startsWith('$ '));
    for (const line of lines) {
      if (prompted && !line.startsWith('$ ')) continue;
      for (const words of invocations(line)) shown.push({ line: line.trim(), words, synopsis: false });
    }
  }
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  // Inline code may run over a line break (not a blank line).
  for (const [, code] of prose.matchAll(/`((?:[^`\n]|\n(?!\s*\n))+)`/g)) {
    const synopsis = /^(?:\$ )?(?:npx )?wallpaper(?: (.*))?$/.exec(code!.replace(/\s+/g, ' ').trim());
    if (!synopsis) continue;
    const words = (synopsis[1] ?? '')
      .split(/\s+/)
      .map((word) => word.replace(/^[[(]+|[\]),.]+$/g, ''))
      .filter((word) => word !== '' && word !== '|' && word !== '...');
    shown.push({ line: code!, words, synopsis: true });
  }
  return shown;
}
