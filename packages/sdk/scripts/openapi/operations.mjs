/**
 * `paths`: one Operation Object per catalogue operation, with its parameters, body, success
 * answer and the problem answers it can really get (response-statuses.mjs).
 */
import { operations } from '../../dist/schemas/index.js';
import { examples } from '../openapi-examples.mjs';
import { successHeaders } from './headers.mjs';
import { parametersFrom } from './parameters.mjs';
import { problemResponses } from './problem-responses.mjs';
import { problemStatuses, takesIdempotencyKey } from './response-statuses.mjs';
import { requestSchema, responseSchema } from './schema-refs.mjs';
import { operationNotes } from './texts.mjs';

function successResponse(op, contract) {
  const example = examples[op.id]?.response;
  return {
    description: op.status === 201 ? 'Created.' : 'OK.',
    headers: successHeaders({ paginated: op.paginated, replayable: takesIdempotencyKey(op) }),
    content: { 'application/json': { schema: responseSchema(op.response, contract), ...(example !== undefined && { example }) } },
  };
}

/** What the description says about retrying the operation. */
function retryNote(op) {
  if (op.method === 'PATCH') {
    return 'Idempotent: it sets the given fields to the given values, so sending it again leaves the same state; safe to retry after a network error or a 408, 429 or 5xx answer (the SDK does, without a key). An `Idempotency-Key` is optional and honoured as for creates: a repeat with the same key gets the first answer again (`Idempotent-Replayed: true`), e.g. its `updatedAt`.';
  }
  if (op.idempotent) return 'Idempotent: safe to retry after a network error or a 408, 429 or 5xx answer (the SDK does).';
  return 'Creates a record: send an `Idempotency-Key` to make retries safe (the SDK does, and then retries it like the other calls).';
}

function buildOperation(op, contract) {
  const [tag] = op.id.split('.');
  const parameters = [
    ...(op.params ? parametersFrom(requestSchema(op.params, contract), 'path', contract.input) : []),
    ...(op.query ? parametersFrom(requestSchema(op.query, contract), 'query', contract.input) : []),
  ].map((parameter) => {
    // The operation's example request, parameter by parameter.
    const example = examples[op.id]?.[parameter.in === 'path' ? 'params' : 'query']?.[parameter.name];
    return example === undefined ? parameter : { ...parameter, example };
  });
  if (takesIdempotencyKey(op)) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const responses = { [op.status]: successResponse(op, contract) };
  for (const status of problemStatuses(op, contract)) {
    responses[status] = { $ref: `#/components/responses/${problemResponses[status].name}` };
  }
  return {
    operationId: op.id, // the catalogue id; dots are legal in an operationId and keep the SDK and the document in step
    summary: op.summary,
    description: [operationNotes[op.id], retryNote(op)].filter(Boolean).join('\n\n'),
    tags: [tag],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: requestSchema(op.body, contract), ...(examples[op.id]?.request !== undefined && { example: examples[op.id].request }) } },
          },
        }
      : {}),
    responses,
    'x-idempotent': op.idempotent,
  };
}

/** `paths`: keys are the catalogue's paths verbatim; catalogue order is kept within each path. */
export function buildPaths(contract) {
  const paths = {};
  for (const op of Object.values(operations)) {
    paths[op.path] ??= {};
    const method = op.method.toLowerCase();
    if (paths[op.path][method]) throw new Error(`two operations for ${op.method} ${op.path}`);
    paths[op.path][method] = buildOperation(op, contract);
  }
  return paths;
}

/** The resource groups, in catalogue order (the SDK's `client.<tag>`). */
export const tagNames = () => [...new Set(Object.values(operations).map((op) => op.id.split('.')[0]))];
