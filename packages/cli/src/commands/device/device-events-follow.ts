import type { DeviceEvent, DeviceEventsQuery, MedschedClient } from '@medsched/sdk';
import { SeenWindow } from './device-events-seen.js';
import { cliProcess } from '../../io/cli-process.js';

export interface FollowOptions {
  deviceId: string;
  query: DeviceEventsQuery;
  intervalMs: number;
  /** Print the events that already exist (when the user asked with --since). */
  includeExisting: boolean;
  print(events: DeviceEvent[]): void;
  note(text: string): void;
  /** With --debug: one line per poll saying how many ids are remembered (what a test reads to see memory stay flat). */
  debug?: ((text: string) => void) | undefined;
}

/**
 * Polls a device's events like `stripe logs tail`: prints only events not seen before, and
 * stops cleanly on Ctrl-C (SIGINT) or SIGTERM, aborting the request in flight. When the server
 * goes away (a restart), it says so and tries again with back-off instead of exiting.
 * The next poll starts at the newest timestamp seen (DateStart is inclusive) and drops ids
 * already printed, so events sharing a timestamp are neither lost nor repeated, and the
 * client's clock never matters. Only the ids at that newest instant are remembered (`SeenWindow`):
 * nothing older can come back in the window asked for, so memory stays flat however long it runs.
 */
export async function followDeviceEvents(client: MedschedClient, options: FollowOptions): Promise<void> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  cliProcess().once('SIGINT', onSignal);
  cliProcess().once('SIGTERM', onSignal);
  const seen = new SeenWindow(options.query.DateStart);
  let outsideNoted = false;
  let first = true;
  let outages = 0;
  try {
    while (!stop.signal.aborted) {
      const query = { ...options.query, ...(seen.newest !== undefined && { DateStart: seen.newest }) };
      let events: DeviceEvent[];
      try {
        events = await client.devices.events(options.deviceId, query, { signal: stop.signal });
      } catch (error) {
        if (stop.signal.aborted) break;
        // A restart or an outage is not the end of following: wait longer each time (1 s up to 30 s) and say so.
        if (!isOutage(error)) throw error;
        const wait = backOffMs(outages++);
        options.note(`Lost the server (${(error as Error).message.split('\n')[0]}); trying again in ${wait / 1000} s. Press Ctrl-C to stop.`);
        await pause(wait, stop.signal);
        continue;
      }
      if (outages > 0) {
        options.note(`Reconnected after ${outages === 1 ? 'one failed attempt' : `${outages} failed attempts`}; following again.`);
        outages = 0;
      }
      const { fresh, outside } = seen.take(events);
      // A server answering before the DateStart asked for: those are not printed (they would repeat every poll).
      if (outside > 0 && !outsideNoted) {
        options.note(`The server sent ${outside} event(s) older than the ${seen.newest ?? 'start'} asked for; left out. It does not keep to DateStart.`);
        outsideNoted = true;
      }
      options.debug?.(`debug: following: ${seen.size} event id(s) remembered (at ${seen.newest ?? 'no event yet'}); heap ${Math.round(process.memoryUsage().heapUsed / 1_048_576)} MB`);
      if (!first || options.includeExisting) options.print(fresh);
      if (first) options.note(`Following events of device ${options.deviceId} every ${options.intervalMs / 1000} s; press Ctrl-C to stop.`);
      first = false;
      await pause(options.intervalMs, stop.signal);
    }
  } finally {
    cliProcess().off('SIGINT', onSignal);
    cliProcess().off('SIGTERM', onSignal);
  }
  options.note('Stopped.');
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** A failure that a later poll may not have: no connection, no answer, or the server's 5xx while it restarts. */
function isOutage(error: unknown): boolean {
  const failure = error as { code?: unknown; status?: unknown };
  return failure.code === 'connection_error' || failure.code === 'timeout' || (typeof failure.status === 'number' && failure.status >= 500);
}

/** 1, 2, 4, 8, 16, 30, 30, … seconds. */
function backOffMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** attempt);
}
