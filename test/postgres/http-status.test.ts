// The HTTP suite of test/http/status.test.ts, on a PostgreSQL index (helpers/backends.ts).
import { onPostgres } from '../helpers/backends.js';

await onPostgres(import.meta.url, '../http/status.test.ts');
