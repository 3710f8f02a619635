// A wallpaper's JSON as the API sends it, built by SQLite in the read itself (json_object), for the
// hottest answer, GET /api/wallpapers/random. Measured at 100k: the row read, the record object,
// withUrls and JSON.stringify took ~17 us a pick; one json_object read ~9.5 us (bench/RESULTS.md).
// The text must equal JSON.stringify(withUrls(record)) byte for byte (a test checks every field
// kind): same keys in the same order, whole numbers without ".0", and download_url, whose file name
// is percent-encoded as encodeURIComponent does, spliced in here. SQLite's only: on PostgreSQL the
// store answers through postgres/batched-picks.ts.
import type { Connection } from './connection.js';
import { SOURCE_OF_RECORD } from './sql.js';

const mark = (name: string) =>
  `CASE WHEN EXISTS (SELECT 1 FROM marks m WHERE m.mark = '${name}' AND m.id = wallpapers.id) THEN json('true') ELSE json('false') END`;

/** SQLite writes a REAL with an integral value as `1.0`; JSON.stringify writes `1`. */
const number = (column: string) => `CASE WHEN ${column} = CAST(${column} AS INTEGER) THEN CAST(${column} AS INTEGER) ELSE ${column} END`;

/** The record up to `dominant_hue` (download_url comes next), the rest from `palette` on, the file name. */
const SQL = `SELECT
  json_object('id', id, 'filename', filename, 'path', path,
    'url', '/api/wallpapers/' || id || '/image', 'thumbnail_url', '/api/wallpapers/' || id || '/thumbnail',
    'width', width, 'height', height, 'size_bytes', size_bytes, 'added_at', added_at, 'content_type', content_type,
    'brightness', brightness, 'aspect_ratio', aspect_ratio, 'orientation', orientation, 'luminance', ${number('luminance')},
    'dominant_hue', dominant_hue),
  json_object('palette', json(coalesce(palette, '[]')), 'favorite', ${mark('favorite')}, 'hidden', ${mark('hidden')},
    'tags', (SELECT json_group_array(name) FROM (SELECT DISTINCT name FROM tags t WHERE t.id = wallpapers.id ORDER BY name)),
    'pair_id', pair_id, 'title', coalesce(title, filename), 'source', json(${SOURCE_OF_RECORD.sqlite}), 'dynamic', json(dynamic)),
  filename
  FROM wallpapers WHERE id = ?`;

export class RecordJson {
  private readonly statement: ReturnType<Connection['prepare']>;

  constructor(conn: Connection) {
    this.statement = conn.prepare(SQL).raw();
  }

  /** The API's JSON of the wallpaper `id`, or undefined when it is not indexed. */
  of = (id: string): string | undefined => {
    const row = this.statement.get(id) as [string, string, string] | undefined;
    if (!row) return undefined;
    const [head, tail, filename] = row;
    const download = JSON.stringify(`/api/wallpapers/${id}/download/${encodeURIComponent(filename)}`);
    return `${head.slice(0, -1)},"download_url":${download},${tail.slice(1)}`;
  };
}
