// Shared set-up of the reliability tests (not a test itself): hand-built multipart bodies, a
// listing of every file under a folder (to prove nothing was left behind anywhere in the home),
// and the bin's index opened read-only for integrity checks.
import { readdirSync, lstatSync } from 'node:fs';
import { join, relative } from 'node:path';

export const BOUNDARY = '----wallpaper-reliability-boundary';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export interface Part {
  field?: string;
  /** The raw Content-Disposition filename parameter (quoted as given), or absent for a field. */
  filename?: string;
  /** Extra Content-Disposition parameters, e.g. `filename*=UTF-8''...`. */
  extra?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, so tests control every byte (names, framing). */
export function multipart(parts: readonly Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const name = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const disposition = `form-data; name="${part.field ?? 'file'}"${name}${part.extra ? `; ${part.extra}` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The head of one file part, for bodies fed by hand (stalls, kills). */
export const partHead = (filename: string, boundary = BOUNDARY) =>
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`);

/** Every file (not folder) under `root`, relative, sorted; links are listed, not followed. */
export function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (lstatSync(path).isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

/** Files of the data home that change on their own (the index and its journal). */
export const withoutIndex = (files: readonly string[]) => files.filter((file) => !/^index\.sqlite(-wal|-shm|-journal)?$/.test(file));
