// The store's SQL is written for SQLite; these rules make it PostgreSQL's, once per statement text.
// Each rule is one difference between the two (a table test lists them); anything else is already
// common SQL. The PRAGMAs have no translation: connection.ts answers them itself.

const RULES: [RegExp, string][] = [
  // SQLite's planner hint: PostgreSQL plans for itself.
  [/\bINDEXED BY \w+/g, ''],
  // INSERT OR IGNORE: skip rows that would break a key.
  [/\bINSERT OR IGNORE INTO ([^;]+?VALUES \([^)]*\))/g, 'INSERT INTO $1 ON CONFLICT DO NOTHING'],
  // A record's tags, joined by newlines in name order.
  [
    /\(SELECT group_concat\(name, char\(10\)\) FROM \(SELECT DISTINCT name FROM tags t WHERE t\.id = wallpapers\.id ORDER BY name\)\)/g,
    '(SELECT string_agg(DISTINCT name, chr(10) ORDER BY name) FROM tags t WHERE t.id = wallpapers.id)',
  ],
  // A JSON array bound as one parameter: of numbers (the colour search's cells), of strings (ids).
  [/cell IN \(SELECT value FROM json_each\(\?\)\)/g, 'cell IN (SELECT value::bigint FROM json_array_elements_text(?::json))'],
  [/SELECT value FROM json_each\(\?\)/g, 'SELECT value FROM json_array_elements_text(?::json)'],
  // A record's source attribution as one JSON object (sql.ts SOURCE_OF_RECORD).
  [/\(SELECT json_object\('name', s\.name/g, "(SELECT json_build_object('name', s.name"],
  // PostgreSQL folds unquoted names to lower case: a camelCase alias keeps its case quoted.
  [/\bAS ([a-z]+[A-Z]\w*)/g, 'AS "$1"'],
  // SQLite's LIKE ignores the case of ASCII letters.
  [/\bLIKE\b/g, 'ILIKE'],
];

/** Numbered placeholders for SQLite's `?` (none of our SQL has a `?` inside a string literal). */
function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export function toPostgres(sql: string): string {
  let out = sql;
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return numberPlaceholders(out);
}
