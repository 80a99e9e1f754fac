import { createReferenceServer, type Database, type ReferenceServer, type SeedName } from '@medsched/reference-server';
import type { OperationId } from '@medsched/sdk/schemas';
import { TokenExpiry } from './scenarios/token-expiry.js';

/**
 * One test's world: a reference server on a fresh in-memory database, and the token expiry
 * scenario that belongs to its identity provider. `reset()` replaces the whole state, so that
 * nothing of the previous test stays reachable.
 */
export class MockState {
  private constructor(
    readonly reference: ReferenceServer,
    readonly tokens: TokenExpiry,
  ) {}

  /** A state on a fresh database with the seed, or on `database` as it is (restored from storage). */
  static async create(seed: SeedName, basePath: string, database?: Database): Promise<MockState> {
    const reference = await createReferenceServer({
      seed,
      basePath,
      ...(database ? { database } : {}),
      // Bugs of the reference server show up in the test output with the request id.
      onError: (error, requestId) => console.error(`[@medsched/mock-server] request ${requestId} failed inside the reference server:`, error),
    });
    return new MockState(reference, new TokenExpiry(reference.identityProvider));
  }

  /** The API operation a request addresses, as the reference server's router sees it. */
  operationOf(request: Request): OperationId | undefined {
    const { pathname } = new URL(request.url);
    const { basePath } = this.reference;
    if (!pathname.startsWith(`${basePath}/`)) return undefined;
    const match = this.reference.pipeline.router.match(request.method, pathname.slice(basePath.length));
    return match.kind === 'route' ? (match.route.operation.id as OperationId) : undefined;
  }
}
