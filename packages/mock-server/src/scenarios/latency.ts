import { delay as mswDelay } from 'msw';
import { routeMatcher, type ParsedRoute } from './route-spec.js';

/** One `mock.delay()` call: where it applies, how long, and whether the next match uses it up. */
interface DelayRule {
  /** The requests it applies to: the operation the route names, as the reference server routes it. */
  matches: (request: Request) => boolean;
  ms: number;
  once: boolean;
}

/**
 * The latency of `mock.delay()`, kept apart from msw's handler chain. As a handler in the chain
 * it applied only to the handlers behind it, so `delay` then `fail` answered at once (the later
 * `fail` stood in front) and `fail` then `delay` waited: the order of two lines changed what a
 * test meant. Here every answer the mock gives (the reference server's, `fail`, `respond`,
 * `networkError`) first waits for the latency of every delay that matches the request, whatever
 * order the calls were made in. Matching delays add up (a global and a per-route delay: both).
 */
export class Latency {
  #rules: DelayRule[] = [];

  constructor(private readonly basePath: string) {}

  add(route: ParsedRoute, ms: number, once: boolean): void {
    this.#rules = [...this.#rules, { matches: routeMatcher(route, this.basePath), ms, once }];
  }

  /** Drops every delay (`reset()`, `clearScenarios()`); a request already waiting keeps its wait. */
  clear(): void {
    this.#rules = [];
  }

  /**
   * Waits for the latency that applies to `request` (nothing when no delay matches), using up the
   * `once` delays it matched. Called by every answer of the mock before it is made.
   */
  async before(request: Request): Promise<void> {
    if (this.#rules.length === 0) return;
    const matching = this.#rules.filter((rule) => rule.matches(request));
    if (matching.length === 0) return;
    this.#rules = this.#rules.filter((rule) => !(rule.once && matching.includes(rule)));
    const total = matching.reduce((sum, rule) => sum + rule.ms, 0);
    if (total > 0) await mswDelay(total);
  }
}
