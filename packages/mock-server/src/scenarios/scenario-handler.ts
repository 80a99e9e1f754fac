import type { HttpHandler } from 'msw';
import type { Latency } from './latency.js';
import { handlerFor, type ParsedRoute } from './route-spec.js';

export interface ScenarioOptions {
  /** Apply to the next matching request only (msw's `once`). */
  once?: boolean;
}

/** Sets the outcome of a request a scenario answered in its journal entry. */
export type SettleOutcome = (request: Request, requestId: string, outcome: number | 'network-error') => Promise<void>;

/**
 * The msw handler of a scenario (`fail`, `respond`, `networkError`): the mock's latency first, as
 * for the reference server's answers, then the scenario's answer, its outcome journaled.
 */
export function scenarioHandler(
  route: ParsedRoute,
  basePath: string,
  latency: Latency,
  settle: SettleOutcome,
  answer: (request: Request, requestId: string) => Response,
  options: ScenarioOptions,
): HttpHandler {
  return handlerFor(
    route,
    basePath,
    async ({ request, requestId }) => {
      await latency.before(request);
      const response = answer(request, requestId);
      await settle(request, requestId, response.type === 'error' ? 'network-error' : response.status);
      return response;
    },
    options,
  );
}
