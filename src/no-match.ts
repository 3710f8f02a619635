// Why nothing matched, in words both faces give (the CLI's `list` and `random`, the API's random
// endpoints): `format` compares the file extension, so `jpeg` never matches `.jpg` files; when the
// other spelling of a format would match, both say so (docs/cli.md#filters-the-same-for-list-random-and-the-http-api).
// Text shared by siblings lives here, beside them, so neither face imports the other.
import type { Filters } from './core/types.js';

/** The two spellings of one format: each is a different extension. */
const SIBLINGS: Record<string, Filters['format']> = { jpeg: 'jpg', jpg: 'jpeg', tif: 'tiff', tiff: 'tif', heic: 'heif', heif: 'heic' };

/** `; FORMAT would match N: ...` when the other spelling of the `format` filter would match with the
 * other filters, FORMAT written as the face takes it (`--format jpg`, `format=jpg`); else empty. */
export function siblingHint(filters: Filters, countOf: (filters: Filters) => number, written: (format: string) => string): string {
  const other = filters.format ? SIBLINGS[filters.format] : undefined;
  const matches = other ? countOf({ ...filters, format: other }) : 0;
  return other && matches > 0 ? `; ${written(other)} would match ${matches}: format compares the file extension (.${other})` : '';
}
