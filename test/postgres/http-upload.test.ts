// The HTTP suite of test/http/upload.test.ts, on a PostgreSQL index (helpers/backends.ts).
import { onPostgres } from '../helpers/backends.js';

await onPostgres(import.meta.url, '../http/upload.test.ts');
