import type { Database, ReferenceServer } from '@medsched/reference-server';
import type { OperationId } from '@medsched/sdk/schemas';
import type { ScenarioBase } from './scenario-base.js';
import { TokenExpiry } from './scenarios/token-expiry.js';

/**
 * One test's world (a generation): the reference server with the scenario's data, and the token
 * expiry scenario of its identity provider. `reset()` makes the next one; a request keeps the
 * generation it arrived in.
 */
export class MockState {
  readonly tokens: TokenExpiry;
  /** Requests of this generation inside the reference server right now. */
  busy = 0;

  constructor(readonly base: ScenarioBase) {
    this.tokens = new TokenExpiry(base.reference.identityProvider);
  }

  get reference(): ReferenceServer {
    return this.base.reference;
  }

  get db(): Database {
    return this.base.reference.db;
  }
}

/** The API operation a request addresses, as the reference server's router sees it. */
export function operationOf(reference: ReferenceServer, request: Request): OperationId | undefined {
  const { pathname } = new URL(request.url);
  const { basePath } = reference;
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  const match = reference.pipeline.router.match(request.method, pathname.slice(basePath.length));
  return match.kind === 'route' ? (match.route.operation.id as OperationId) : undefined;
}
