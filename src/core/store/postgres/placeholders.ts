// PostgreSQL's numbered parameters ($1, $2, ...) for the store's `?` placeholders, the one thing the
// store's SQL does not write per dialect: statements are otherwise PostgreSQL's own text (sql.ts
// writes both where the databases differ). A `?` inside a quoted literal or name is left alone.

export function numberedPlaceholders(sql: string): string {
  let out = '';
  let quote: string | undefined;
  let n = 0;
  for (const char of sql) {
    if (quote) {
      if (char === quote) quote = undefined;
      out += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      out += char;
    } else out += char === '?' ? `$${++n}` : char;
  }
  return out;
}
