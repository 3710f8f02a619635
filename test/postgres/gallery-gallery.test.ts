// The gallery suite of test/gallery/gallery.test.ts (a real Chromium), served from a PostgreSQL index
// (helpers/backends.ts).
import { onPostgres } from '../helpers/backends.js';

await onPostgres(import.meta.url, '../gallery/gallery.test.ts');
