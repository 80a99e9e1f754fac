import type { DeviceEvent, DeviceEventsQuery, MedschedClient } from '@medsched/sdk';

export interface FollowOptions {
  deviceId: string;
  query: DeviceEventsQuery;
  intervalMs: number;
  /** Print the events that already exist (when the user asked with --since). */
  includeExisting: boolean;
  print(events: DeviceEvent[]): void;
  note(text: string): void;
}

function later(a: string, b: string | undefined): string {
  return b === undefined || Date.parse(a) > Date.parse(b) ? a : (b as string);
}

/**
 * Polls a device's events like `stripe logs tail`: prints only events not seen before, and
 * stops cleanly on Ctrl-C (SIGINT) or SIGTERM, aborting the request in flight.
 * The next poll starts at the newest timestamp seen (DateStart is inclusive) and drops ids
 * already printed, so events sharing a timestamp are neither lost nor repeated, and the
 * client's clock never matters.
 */
export async function followDeviceEvents(client: MedschedClient, options: FollowOptions): Promise<void> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const seen = new Set<string>();
  let newest: string | undefined = options.query.DateStart;
  let first = true;
  try {
    while (!stop.signal.aborted) {
      const query = { ...options.query, ...(newest !== undefined && { DateStart: newest }) };
      let events: DeviceEvent[];
      try {
        events = await client.devices.events(options.deviceId, query, { signal: stop.signal });
      } catch (error) {
        if (stop.signal.aborted) break;
        throw error;
      }
      const fresh = events.filter((event) => !seen.has(event.id));
      for (const event of fresh) {
        seen.add(event.id);
        newest = later(event.timestamp, newest);
      }
      if (!first || options.includeExisting) options.print(fresh);
      if (first) options.note(`Following events of device ${options.deviceId} every ${options.intervalMs / 1000} s; press Ctrl-C to stop.`);
      first = false;
      await pause(options.intervalMs, stop.signal);
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
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
