import { fromFetchRequest, toFetchResponse } from '@medsched/reference-server';
import { HttpResponse, type HttpHandler } from 'msw';
import { createApiHandler, isApiRequest } from './api-handler.js';
import { GenerationGate } from './generation-gate.js';
import type { Generations } from './generations.js';
import type { HandlerHost } from './handler-host.js';
import { InFlightRequests, type Flight } from './in-flight.js';
import type { RequestJournal } from './journal.js';
import { operationOf, type MockState } from './mock-state.js';
import type { Latency } from './scenarios/latency.js';

/** Every mock's API handler, to tell which mock is in front where a request runs (see `#open`). */
const apiHandlers = new WeakSet<object>();

/** What a mock's answers go through: its generations, latency, journal and msw host. */
export interface MockAnswersParts {
  basePath: string;
  generations: Generations;
  latency: Latency;
  journal: RequestJournal;
  host: HandlerHost;
}

/**
 * A mock's answers to the API: its one msw handler, which hands each request to the reference
 * pipeline of the generation it arrived in, and the journal entry of each request it follows
 * from msw's `request:start` to its answer (by the reference server or by a scenario).
 */
export class MockAnswers {
  /** The mock's msw handler, behind the scenarios and the app's own handlers. */
  readonly handler: HttpHandler;
  #inFlight: InFlightRequests | undefined;

  constructor(private readonly parts: MockAnswersParts) {
    this.handler = createApiHandler((request, requestId) => this.#answer(request, requestId), parts.basePath);
    apiHandlers.add(this.handler);
  }

  /** Starts following msw's events (at the mock's start; again after `dispose`). */
  follow(): void {
    this.#inFlight ??= new InFlightRequests(this.parts.host.events, (request, requestId) => this.#open(request, requestId));
  }

  /** Stops following msw's events (an isolated scope at the end of its test). */
  dispose(): void {
    this.#inFlight?.dispose();
    this.#inFlight = undefined;
  }

  /** Whether a request of `generation` is still on its way (then it must not be reverted in place). */
  inUse(generation: Promise<MockState>): boolean {
    return this.#inFlight?.has(generation) ?? false;
  }

  /** A request's flight: the generation it arrived in and its journal entry. */
  #flight(request: Request, requestId: string): Flight | undefined {
    return this.#inFlight?.of(request, requestId);
  }

  /** Sets the outcome of a request a scenario answered, once its journal entry is complete. */
  async settle(request: Request, requestId: string, outcome: number | 'network-error'): Promise<void> {
    const flight = this.#flight(request, requestId);
    if (!flight) return;
    await flight.body;
    flight.entry.outcome = outcome;
  }

  /**
   * Answers an API request: waits for the generation it belongs to (the one a running reset is
   * making, if it arrived meanwhile) and hands it to that generation's reference pipeline. It
   * always answers: a failure to make the generation is a network error with a message, never
   * a pass to the real network.
   */
  async #answer(request: Request, requestId: string): Promise<Response> {
    const flight = this.#flight(request, requestId);
    const generation = flight?.generation ?? this.parts.generations.current;
    let state: MockState;
    try {
      if (!generation) throw GenerationGate.notStarted();
      state = await generation;
    } catch (error) {
      console.error(`[@medsched/mock-server] ${request.method} ${request.url} cannot be answered:`, error);
      if (flight) flight.entry.outcome = 'network-error';
      return HttpResponse.error();
    }
    state.busy++;
    try {
      await this.parts.latency.before(request);
      const response = toFetchResponse(await state.reference.pipeline.handle(fromFetchRequest(await state.tokens.apply(request))));
      if (flight) {
        await flight.body;
        flight.entry.outcome = response.status;
      }
      return response;
    } finally {
      state.busy--;
    }
  }

  /**
   * Journals an API request in the current generation (the one being made, during a reset), if
   * this mock is the one in front where the request runs (with `isolated`, the test's own scope,
   * not the shared mock behind it).
   */
  #open(request: Request, requestId: string): Flight | undefined {
    const generation = this.parts.generations.current;
    if (!generation || !isApiRequest(request, this.parts.basePath)) return undefined;
    const front = this.parts.host.listHandlers().find((handler) => typeof handler === 'object' && handler !== null && apiHandlers.has(handler));
    if (front !== undefined && front !== this.handler) return undefined;
    const base = this.parts.generations.base;
    const { entry, body } = this.parts.journal.open(request, requestId, base ? operationOf(base.reference, request) : undefined);
    return { generation, entry, body };
  }
}
