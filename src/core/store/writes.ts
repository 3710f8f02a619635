// The writes of a scan, an upload or a delete: files in, files out, and after each, every touched
// wallpaper settled on its canonical file (or dropped when no file holds its bytes any more).
// Also the two marks a scan or a read leaves: files away (their folder could not be walked) and
// files stale (found changed behind the index, so never served under their old id).
import { basename } from 'node:path';
import type { Analysis } from '../analysis/index.js';
import type { FileState } from '../types/scan.js';
import type { DynamicInfo } from '../types.js';
import { cellOf } from '../analysis/index.js';
import { stemOf } from '../packages/index.js';
import type { Connection } from './connection.js';
import { FILE_ORDER, formatOf } from './sql.js';

/** The outcome of one file of a scan or upload, ready to be written. */
export interface FileResult {
  path: string;
  state: FileState;
  analysis?: Analysis;
  error?: string;
  /** A dynamic wallpaper (its analysis is its noon frame's): its kind and frames. */
  dynamic?: DynamicInfo;
  /** The `format` filter's word when it is not the file's extension: a timed file's frames' format. */
  format?: string;
}

/** What a write changed, by wallpaper id. */
export interface WriteEffect {
  added: string[];
  removed: string[];
  /** Kept wallpapers whose canonical file moved or was re-read. */
  updated: string[];
}

const emptyEffect = (): WriteEffect => ({ added: [], removed: [], updated: [] });

/** Write analysed (or failed) files in one transaction; `now` is the added_at of new wallpapers. */
export function writeFiles(conn: Connection, results: readonly FileResult[], now: string): WriteEffect {
  const effect = emptyEffect();
  conn.write(() => {
    const touched = new Set<string>();
    for (const result of results) {
      const previous = conn.prepare('SELECT id FROM files WHERE path = ?').pluck().get(result.path) as string | null | undefined;
      if (previous) touched.add(previous);
      const id = result.analysis?.id ?? null;
      conn
        .prepare(
          `INSERT INTO files (path, size, mtime_ms, id, error, link, away) VALUES (?, ?, ?, ?, ?, ?, 0)
         ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, id = excluded.id,
           error = excluded.error, link = excluded.link, away = 0`,
        )
        .run(result.path, result.state.size, Math.trunc(result.state.mtimeMs), id, result.error ?? null, result.state.link ? 1 : 0);
      if (!result.analysis) continue;
      const a = result.analysis;
      // The palette as the record shows it (its OKLab colours go to palette_colors).
      const palette = JSON.stringify(a.palette.map(({ color, share }) => ({ color, share })));
      const dynamic = result.dynamic ? JSON.stringify({ kind: result.dynamic.kind, frames: result.dynamic.frames }) : null;
      const inserted = conn
        .prepare(
          `INSERT INTO wallpapers (id, path, filename, format, size_bytes, added_at, content_type, width, height,
           brightness, aspect_ratio, orientation, luminance, dominant_hue, palette, fingerprint, title, grid, dynamic)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
        )
        .run(
          a.id,
          result.path,
          basename(result.path),
          result.format ?? formatOf(result.path),
          result.state.size,
          now,
          a.content_type,
          a.width,
          a.height,
          a.brightness,
          a.aspect_ratio,
          a.orientation,
          a.luminance,
          a.dominant_hue,
          palette,
          a.fingerprint,
          stemOf(basename(result.path)),
          a.grid ?? null,
          dynamic,
        );
      if (inserted.changes > 0) {
        effect.added.push(a.id);
        writePalette(conn, a);
        continue;
      }
      // Known, and now read as dynamic (an Apple HEIC indexed by its primary image before migration
      // 15): its record becomes its noon frame's.
      if (dynamic !== null) redoDynamic(conn, a, dynamic, result.format ?? formatOf(result.path), palette);
      // Indexed before curation (migration 7 queued its files for one re-read): complete it. Then
      // settled like any other file of a known wallpaper (it may have moved meanwhile).
      if (
        conn
          .prepare('UPDATE wallpapers SET palette = ?, fingerprint = ? WHERE id = ? AND fingerprint IS NULL')
          .run(palette, a.fingerprint, a.id).changes > 0
      ) {
        writePalette(conn, a);
      }
      // Indexed before the grid (migration 14 queued its files likewise): the fingerprint is made
      // again with it, so the two always come from the same code.
      conn
        .prepare('UPDATE wallpapers SET fingerprint = ?, grid = ? WHERE id = ? AND grid IS NULL')
        .run(a.fingerprint, a.grid ?? null, a.id);
      touched.add(a.id);
      if (previous === a.id) effect.updated.push(a.id);
    }
    settle(conn, touched, effect);
  });
  return dedupe(effect);
}

/** A known wallpaper read again as a dynamic one: its kind and its noon frame's analysis. Written
 * only when its kind or frames changed, so a rescan that changes nothing moves no version. */
function redoDynamic(conn: Connection, a: Analysis, dynamic: string, format: string, palette: string): void {
  const changed = conn
    .prepare(
      `UPDATE wallpapers SET dynamic = ?, format = ?, content_type = ?, width = ?, height = ?, brightness = ?, aspect_ratio = ?,
       orientation = ?, luminance = ?, dominant_hue = ?, palette = ? WHERE id = ? AND (dynamic IS NULL OR dynamic != ?)`,
    )
    .run(
      dynamic,
      format,
      a.content_type,
      a.width,
      a.height,
      a.brightness,
      a.aspect_ratio,
      a.orientation,
      a.luminance,
      a.dominant_hue,
      palette,
      a.id,
      dynamic,
    );
  if (changed.changes === 0) return;
  conn.prepare('DELETE FROM palette_colors WHERE id = ?').run(a.id);
  writePalette(conn, a);
}

/** A new wallpaper's palette colours, each in its OKLab cell (the colour search's index). */
function writePalette(conn: Connection, analysis: Analysis): void {
  const insert = conn.prepare('INSERT INTO palette_colors (id, cell, l, a, b, share) VALUES (?, ?, ?, ?, ?, ?)');
  for (const { lab, share } of analysis.palette) insert.run(analysis.id, cellOf(lab), lab[0], lab[1], lab[2], share);
}

/** Drop files from the index (gone from disk, or moved to the trash). */
export function removeFiles(conn: Connection, paths: readonly string[]): WriteEffect {
  const effect = emptyEffect();
  if (paths.length === 0) return effect;
  conn.write(() => {
    const touched = new Set<string>();
    for (const path of paths) {
      const id = conn.prepare('DELETE FROM files WHERE path = ? RETURNING id').pluck().get(path) as string | null | undefined;
      if (id) touched.add(id);
    }
    settle(conn, touched, effect);
  });
  return dedupe(effect);
}

/** After files changed: each touched wallpaper points at its first file (FILE_ORDER) and is away
 * when that one is, or goes when it has none. */
function settle(conn: Connection, ids: Iterable<string>, effect: WriteEffect): void {
  for (const id of ids) {
    const first = conn.prepare(`SELECT path, size, away FROM files WHERE id = ? ${FILE_ORDER} LIMIT 1`).get(id) as
      | { path: string; size: number; away: number }
      | undefined;
    if (!first) {
      if (conn.prepare('DELETE FROM wallpapers WHERE id = ?').run(id).changes > 0) {
        effect.removed.push(id);
        conn.prepare('DELETE FROM palette_colors WHERE id = ?').run(id);
        conn.prepare("DELETE FROM tags WHERE id = ? AND source = 'folder'").run(id);
      }
      continue;
    }
    const moved = conn
      // A dynamic wallpaper's format is its frames' (writeFiles), whatever its file is named.
      .prepare(
        'UPDATE wallpapers SET path = ?, filename = ?, format = CASE WHEN dynamic IS NULL THEN ? ELSE format END, size_bytes = ? WHERE id = ? AND path != ?',
      )
      .run(first.path, basename(first.path), formatOf(first.path), first.size, id, first.path);
    conn.prepare('UPDATE wallpapers SET away = ? WHERE id = ? AND away != ?').run(first.away, id, first.away);
    if (moved.changes > 0 && !effect.added.includes(id)) effect.updated.push(id);
  }
}

/** Mark exactly `paths` as away (under a folder the scan could not walk) and every other file as
 * reachable. Writes nothing when nothing changes, so an ordinary rescan does not move the version. */
export function setAway(conn: Connection, paths: readonly string[]): void {
  const away = new Set(paths);
  const before = new Set(conn.prepare('SELECT path FROM files WHERE away = 1').pluck().all() as string[]);
  const flips = [...paths.filter((path) => !before.has(path)), ...[...before].filter((path) => !away.has(path))];
  if (flips.length === 0) return;
  conn.write(() => {
    const touched = new Set<string>();
    for (const path of flips) {
      const id = conn
        .prepare('UPDATE files SET away = ? WHERE path = ? RETURNING id')
        .pluck()
        .get(away.has(path) ? 1 : 0, path) as string | null | undefined;
      if (id) touched.add(id);
    }
    settle(conn, touched, emptyEffect());
  });
}

/** A file found changed behind the index (its size or mtime): recorded as unknown, so it is never
 * served under its old id and the next scan reads it again. False when it was not indexed, or
 * already marked. */
export const markStale = (conn: Connection, path: string): boolean =>
  conn.run('UPDATE files SET mtime_ms = -1 WHERE path = ? AND mtime_ms != -1', path) > 0;

function dedupe(effect: WriteEffect): WriteEffect {
  const added = new Set(effect.added);
  const removed = new Set(effect.removed);
  return {
    added: [...added].filter((id) => !removed.has(id)),
    removed: [...removed].filter((id) => !added.has(id)),
    updated: [...new Set(effect.updated)].filter((id) => !added.has(id) && !removed.has(id)),
  };
}

/** Make the light/dark pairs exactly `pairs` (of file paths): each member's pair_id is the other's
 * id. Written only when something changed, so a scan that changes nothing keeps every cache. */
export function setPairs(conn: Connection, pairs: readonly [string, string][]): void {
  const idOf = conn.prepare('SELECT id FROM files WHERE path = ? AND id IS NOT NULL').pluck();
  const wanted = new Map<string, string>();
  for (const [light, dark] of pairs) {
    const a = idOf.get(light) as string | undefined;
    const b = idOf.get(dark) as string | undefined;
    if (!a || !b || a === b) continue;
    wanted.set(a, b);
    wanted.set(b, a);
  }
  const current = new Map(conn.prepare('SELECT id, pair_id FROM wallpapers WHERE pair_id IS NOT NULL').raw().all() as [string, string][]);
  const same = current.size === wanted.size && [...wanted].every(([id, pair]) => current.get(id) === pair);
  if (same) return;
  conn.write(() => {
    conn.prepare('UPDATE wallpapers SET pair_id = NULL WHERE pair_id IS NOT NULL').run();
    const set = conn.prepare('UPDATE wallpapers SET pair_id = ? WHERE id = ?');
    for (const [id, pair] of wanted) set.run(pair, id);
  });
}
