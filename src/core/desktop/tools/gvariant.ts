// Reads GVariant text, what `gdbus call` prints (Mutter's GetCurrentState, the settings portal's
// Read): tuples and arrays become arrays, dictionaries objects, variants their value; type
// annotations (`uint32 3`, `@a{sv} {}`) are skipped. Enough of the format for D-Bus answers.

export type GValue = string | number | boolean | null | GValue[] | { [key: string]: GValue };

const TYPE_WORDS = /^(?:u?int(?:16|32|64)|byte|double|handle|boolean|string|objectpath|signature)\b/;

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new Error(`unreadable GVariant text at ${this.at}: ${what}`);
  }

  private space(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++;
  }

  private peek(): string {
    this.space();
    return this.text[this.at] ?? '';
  }

  private take(char: string): void {
    if (this.peek() !== char) this.fail(`expected ${char}`);
    this.at++;
  }

  end(): void {
    if (this.peek() !== '') this.fail('text after the value');
  }

  value(): GValue {
    const char = this.peek();
    if (char === '@') {
      // `@a{sv} {}`: a type for the value that follows.
      while (this.at < this.text.length && !/\s/.test(this.text[this.at]!)) this.at++;
      return this.value();
    }
    const word = TYPE_WORDS.exec(this.text.slice(this.at));
    if (word) {
      this.at += word[0].length;
      return this.value();
    }
    if (char === '(' || char === '[') return this.list(char === '(' ? ')' : ']');
    if (char === '{') return this.dict();
    if (char === '<') {
      this.take('<');
      const inner = this.value();
      this.take('>');
      return inner;
    }
    if (char === "'" || char === '"') return this.string();
    if (this.text.startsWith('b', this.at) && /['"]/.test(this.text[this.at + 1] ?? '')) {
      this.at++;
      return this.string();
    }
    const literal = /^(?:true|false|nothing|-?(?:0x[0-9a-f]+|\d+(?:\.\d+)?(?:e[-+]?\d+)?)|-?inf|nan)/i.exec(this.text.slice(this.at));
    if (!literal) this.fail('expected a value');
    this.at += literal[0].length;
    const text = literal[0];
    if (text === 'true' || text === 'false') return text === 'true';
    if (text === 'nothing') return null;
    return Number(text);
  }

  private list(close: string): GValue[] {
    this.at++;
    const items: GValue[] = [];
    while (this.peek() !== close) {
      items.push(this.value());
      if (this.peek() === ',') this.at++;
      else if (this.peek() !== close) this.fail(`expected , or ${close}`);
    }
    this.at++;
    return items;
  }

  private dict(): { [key: string]: GValue } {
    this.take('{');
    const entries: { [key: string]: GValue } = {};
    while (this.peek() !== '}') {
      const key = this.value();
      this.take(':');
      entries[String(key)] = this.value();
      if (this.peek() === ',') this.at++;
      else if (this.peek() !== '}') this.fail('expected , or }');
    }
    this.at++;
    return entries;
  }

  private string(): string {
    const quote = this.text[this.at++]!;
    let out = '';
    for (;;) {
      const char = this.text[this.at++];
      if (char === undefined) this.fail('unterminated string');
      if (char === quote) return out;
      if (char === '\\') {
        const next = this.text[this.at++] ?? '';
        out += ({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[next] ?? next;
      } else out += char;
    }
  }
}

/** The value written as GVariant text; throws on text it cannot read. */
export function parseGVariant(text: string): GValue {
  const reader = new Reader(text);
  const value = reader.value();
  reader.end();
  return value;
}
