/**
 * Hostile requests for one OpenAPI operation: wrong types, NUL characters, huge strings, deep
 * nesting, negative and huge numbers, malformed multipart bodies and path-traversal names,
 * generated from the operation's own schemas so that every field of every route is reached.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
}

export interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface HostileRequest {
  /** What is wrong with it, for the report. */
  variant: string;
  url: string;
  payload?: string;
  headers?: Record<string, string>;
}

const HUGE = 'A'.repeat(200_000);
const NUL = 'nul\u0000here';
const TRAVERSAL = '../../../../etc/passwd';

/** Values for a path or query parameter, already URL-encoded. */
export const HOSTILE_PARAMETER_VALUES: [string, string][] = [
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['long', 'x'.repeat(5_000)],
  ['path traversal', encodeURIComponent(TRAVERSAL)],
  ['encoded slashes', '..%2F..%2Fetc%2Fpasswd'],
  ['negative', '-1'],
  ['huge number', '99999999999999999999999999'],
  ['not a number', '1e309'],
  ['zero uuid', '00000000-0000-0000-0000-000000000000'],
  ['impossible date', '2026-02-30'],
  ['quote', encodeURIComponent("' OR '1'='1")],
  ['emoji', '%F0%9F%92%A9'],
  ['invalid UTF-8', '%C3%28'],
];

function firstType(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  const branch = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return branch?.map(firstType).find(Boolean);
}

/** A plausible value for a schema, so that one wrong field is judged among right ones. */
export function sampleValue(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.enum?.length) return schema.enum[0];
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch?.length)
    return sampleValue(
      branch.find((s) => firstType(s) !== 'null'),
      depth + 1,
    );
  switch (firstType(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        value[key] = sampleValue(property, depth + 1);
      }
      return value;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-0000-0000-000000000000';
      if (schema.format === 'email') return 'fuzz@firstcu.org';
      if (schema.format === 'date') return '2026-12-31';
      if (schema.format === 'date-time') return '2026-12-31T12:00:00.000Z';
      if (schema.format === 'uri') return 'https://example.org/';
      return 'x'.repeat(Math.max(1, Math.min(schema.minLength ?? 1, 50)));
    default:
      return null;
  }
}

const HOSTILE_FIELD_VALUES: [string, unknown][] = [
  ['NUL', NUL],
  ['huge string', HUGE],
  ['number for text', 12345],
  ['text for number', 'twelve'],
  ['negative', -1],
  ['huge number', 1e308],
  ['unsafe integer', Number.MAX_SAFE_INTEGER + 2],
  ['object', { nested: { deeper: NUL } }],
  ['array', [NUL, 1, null]],
  ['null', null],
  ['empty', ''],
  ['path traversal', TRAVERSAL],
  ['impossible date', '2026-02-30'],
];

function deepNesting(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

/** Whole bodies and field-by-field changes of a plausible body. */
export function hostileJsonBodies(schema: JsonSchema | undefined): [string, string][] {
  const bodies: [string, string][] = [
    ['empty object', '{}'],
    ['null body', 'null'],
    ['array body', '[]'],
    ['string body', '"text"'],
    ['truncated JSON', '{"a": '],
    ['deep nesting', deepNesting(5_000)],
    ['prototype pollution', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
  ];
  const base = sampleValue(schema);
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    bodies.push(['plausible', JSON.stringify(base)]);
    for (const key of Object.keys(base)) {
      for (const [name, value] of HOSTILE_FIELD_VALUES) {
        bodies.push([`${key}: ${name}`, JSON.stringify({ ...base, [key]: value })]);
      }
      const nested = JSON.stringify({ ...base, [key]: '__deep__' });
      bodies.push([`${key}: deep nesting`, nested.replace('"__deep__"', deepNesting(2_000))]);
    }
    bodies.push(['NUL key', JSON.stringify({ ...base, ['k\u0000']: 1 })]);
  }
  return bodies;
}

/** Multipart bodies a browser would never send. */
export const MALFORMED_MULTIPART: [string, string, string][] = [
  ['boundary only', 'multipart/form-data; boundary=b', '--b\r\n\r\n'],
  [
    'no boundary',
    'multipart/form-data',
    '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b--',
  ],
  [
    'unterminated',
    'multipart/form-data; boundary=b',
    '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
  ],
  [
    'traversal file name',
    'multipart/form-data; boundary=b',
    `--b\r\nContent-Disposition: form-data; name="file"; filename="${TRAVERSAL}"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b--\r\n`,
  ],
  [
    'NUL field',
    'multipart/form-data; boundary=b',
    '--b\r\nContent-Disposition: form-data; name="subject"\r\n\r\nnul\u0000here\r\n--b--\r\n',
  ],
  ['not multipart at all', 'multipart/form-data; boundary=b', 'garbage'],
];

/** Fills a path template (`/api/x/{id}`) with a plausible value for every parameter. */
export function plausiblePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, (match) =>
    /date/i.test(match) ? '2026-12-31' : '00000000-0000-0000-0000-000000000000',
  );
}

/** Every hostile request for one operation. */
export function hostileRequests(
  method: string,
  path: string,
  operation: OpenApiOperation,
): HostileRequest[] {
  const requests: HostileRequest[] = [];
  const baseUrl = plausiblePath(path);
  const pathParameters = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  for (const name of pathParameters) {
    for (const [variant, value] of HOSTILE_PARAMETER_VALUES) {
      const url = path
        .replace(`{${name}}`, value)
        .replace(/\{[^}]+\}/g, (match) => plausiblePath(match));
      requests.push({ variant: `path ${name}: ${variant}`, url });
    }
  }
  const queryParameters = (operation.parameters ?? []).filter((p) => p.in === 'query');
  for (const { name } of queryParameters) {
    for (const [variant, value] of HOSTILE_PARAMETER_VALUES) {
      requests.push({ variant: `query ${name}: ${variant}`, url: `${baseUrl}?${name}=${value}` });
    }
    requests.push({ variant: `query ${name}: repeated`, url: `${baseUrl}?${name}=1&${name}=2` });
    requests.push({ variant: `query ${name}: bracketed`, url: `${baseUrl}?${name}[a]=1` });
  }
  const json = operation.requestBody?.content?.['application/json'];
  if (json) {
    for (const [variant, payload] of hostileJsonBodies(json.schema)) {
      requests.push({
        variant: `body ${variant}`,
        url: baseUrl,
        payload,
        headers: { 'content-type': 'application/json' },
      });
    }
  } else if (method !== 'GET' && method !== 'DELETE') {
    // No JSON body: the uploads are here (multipart), and so are actions without a body.
    for (const [variant, contentType, payload] of MALFORMED_MULTIPART) {
      requests.push({
        variant: `multipart ${variant}`,
        url: baseUrl,
        payload,
        headers: { 'content-type': contentType },
      });
    }
  }
  requests.push({ variant: 'plain', url: baseUrl });
  return requests;
}
