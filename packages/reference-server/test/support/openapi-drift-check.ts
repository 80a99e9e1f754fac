import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { corsExposedHeaders } from '../../src/pipeline/cors.js';
import type { CallAnswer } from './http-call.js';
import type { OpenApiDocument, OpenApiNode, OpenApiOperation } from './openapi-shapes.js';

/**
 * The SDK's published OpenAPI document (`@medsched/sdk/openapi.json`) as a checker of real
 * answers: status declared for the operation, declared headers present and within their schemas,
 * no answer header the server exposes left undeclared, body valid against the declared schema.
 * The document's schemas are compiled with Ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect).
 */

const documentPath = createRequire(import.meta.url).resolve('@medsched/sdk/openapi.json');
export const document = JSON.parse(readFileSync(documentPath, 'utf8')) as OpenApiDocument;

const documentId = 'medsched-openapi.json';
// strict off: the document holds OpenAPI keywords (`example`, `x-…`) beside JSON Schema ones.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, documentId);

/** A JSON pointer segment, escaped (RFC 6901) and percent-encoded for a URI fragment. */
const segment = (key: string) => encodeURIComponent(key.replaceAll('~', '~0').replaceAll('/', '~1'));

/** Follows a local `$ref` (`#/components/...`) until the object itself. */
function resolved(value: OpenApiNode): OpenApiNode {
  let node = value;
  while (typeof node.$ref === 'string') {
    node = node.$ref
      .slice(2)
      .split('/')
      .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], document) as OpenApiNode;
  }
  return node;
}

/** One operation of the document, found by its operationId. */
export interface DocumentOperation {
  id: string;
  method: string;
  path: string;
  operation: OpenApiOperation;
}

export const documentOperations: DocumentOperation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ id: operation.operationId, method: method.toUpperCase(), path, operation })),
);

export function operationById(id: string): DocumentOperation {
  const found = documentOperations.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`the document has no operation ${id}`);
  return found;
}

/** The statuses the document declares for an operation. */
export const declaredStatuses = (id: string): number[] => Object.keys(operationById(id).operation.responses).map(Number);

/** Answer headers the server may send that a client reads: each one sent must be declared where it is sent. */
const readableHeaders = new Set<string>([...corsExposedHeaders, 'access-control-allow-origin', 'access-control-expose-headers']);

/** A header's text as the JSON value its schema describes (digits for integer headers). */
function headerValue(text: string, schema: OpenApiNode): unknown {
  return schema.type === 'integer' && /^-?\d{1,16}$/.test(text) ? Number(text) : text;
}

function schemaErrors(pointer: string, value: unknown): string[] {
  const validate = ajv.getSchema(`${documentId}#${pointer}`);
  if (!validate) return [`no schema at ${pointer}`];
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}

/**
 * Everything in an answer the document does not allow for the operation, as readable lines
 * (empty when the answer is within the document).
 */
export function driftOf(id: string, answer: CallAnswer): string[] {
  const { operation, path, method } = operationById(id);
  const entry = operation.responses[String(answer.status)];
  if (!entry) return [`${id}: status ${answer.status} is not declared (declared: ${Object.keys(operation.responses).join(', ')}); body ${answer.text.slice(0, 200)}`];
  const response = resolved(entry);
  const where = `${id} ${answer.status}`;
  const problems: string[] = [];
  const base = responsePointer(path, method, answer.status, entry);
  // name in lower case (HTTP names are case-insensitive) → the header object and where it sits
  const declared = new Map(
    Object.entries(response.headers ?? {}).map(([name, header]) => {
      const at = typeof header.$ref === 'string' ? header.$ref.slice(1) : `${base}/headers/${segment(name)}`;
      return [name.toLowerCase(), { header: resolved(header), at }] as const;
    }),
  );
  for (const [name, { header, at }] of declared) {
    const text = answer.headers.get(name);
    if (text === null) {
      if (header.required) problems.push(`${where}: required header ${name} missing`);
      continue;
    }
    for (const error of schemaErrors(`${at}/schema`, headerValue(text, header.schema!))) problems.push(`${where}: header ${name}: ${text.slice(0, 120)}: ${error}`);
  }
  for (const [name] of answer.headers) {
    if (readableHeaders.has(name) && !declared.has(name)) problems.push(`${where}: header ${name} sent but not declared`);
  }
  const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const content = response.content;
  if (!content?.[mediaType]) {
    problems.push(`${where}: content type ${mediaType || '(none)'} not declared (declared: ${Object.keys(content ?? {}).join(', ') || 'none'})`);
  } else {
    const pointer = `${base}/content/${segment(mediaType)}/schema`;
    for (const error of schemaErrors(pointer, answer.body)) problems.push(`${where}: body ${error}`);
  }
  return problems;
}

/** The pointer of a response object: the component it refers to, or the one inside the operation. */
function responsePointer(path: string, method: string, status: number, entry: OpenApiNode): string {
  if (typeof entry.$ref === 'string') return entry.$ref.slice(1);
  return `/paths/${segment(path)}/${method.toLowerCase()}/responses/${status}`;
}
