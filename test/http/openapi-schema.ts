// Checks a real HTTP answer against openapi/openapi.json with ajv (JSON Schema 2020-12, the dialect
// of OpenAPI 3.1): the status must be documented for the operation, the Content-Type among its
// media types, every documented header that is present must match its schema, and a JSON or text
// body must match the body schema. Returns the problems found, so a test can say which answer broke.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Reply } from './helpers.js';

export const OPENAPI_PATH = fileURLToPath(new URL('../../openapi/openapi.json', import.meta.url));

type Json = Record<string, unknown>;
export const document = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as {
  paths: Record<string, Record<string, Json>>;
  components: Record<string, Record<string, Json>>;
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
ajv.addSchema(document, 'openapi.json');

/** Follow a local `$ref` (`#/components/responses/NotFound`) to what it names. */
function resolve<T = Json>(value: Json): T {
  const ref = value.$ref;
  if (typeof ref !== 'string') return value as T;
  return ref
    .slice(2)
    .split('/')
    .reduce<Json>((node, key) => node[key] as Json, document as unknown as Json) as T;
}

/** A schema as ajv sees it: local refs made absolute within the added document. */
const validatorOf = (schema: Json) =>
  ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/')) as Json);

/** What is wrong with `reply` as the answer to `method` on the documented `path`; [] when nothing. */
export function openApiProblems(method: string, path: string, reply: Reply): string[] {
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation) return [`${method} ${path} is not in the document`];
  const responses = operation.responses as Record<string, Json>;
  const documented = responses[String(reply.status)];
  if (!documented) return [`${method} ${path}: status ${reply.status} is not documented (${Object.keys(responses).join(', ')})`];
  const response = resolve<{ headers?: Record<string, Json>; content?: Record<string, { schema?: Json }> }>(documented);
  const problems: string[] = [];
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const value = reply.headers[name.toLowerCase()];
    if (value === undefined) continue;
    const schema = resolve<{ schema: Json }>(header).schema;
    const typed = schema.type === 'integer' ? Number(value) : value;
    const validate = validatorOf(schema);
    if (!validate(typed))
      problems.push(`${method} ${path} ${reply.status}: header ${name} ${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`);
  }
  const contentType = String(reply.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  if (!response.content) {
    if (reply.body.length > 0 && method !== 'HEAD') problems.push(`${method} ${path} ${reply.status}: a body where none is documented`);
    return problems;
  }
  const media = response.content[contentType];
  if (!media)
    return [
      ...problems,
      `${method} ${path} ${reply.status}: Content-Type ${contentType} is not one of ${Object.keys(response.content).join(', ')}`,
    ];
  if (!media.schema || media.schema.format === 'binary' || method === 'HEAD') return problems;
  const body = contentType === 'application/json' ? (JSON.parse(reply.text) as unknown) : reply.text;
  const validate = validatorOf(media.schema);
  if (!validate(body)) problems.push(`${method} ${path} ${reply.status}: body: ${ajv.errorsText(validate.errors)}`);
  return problems;
}
