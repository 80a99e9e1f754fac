/** Prints msw's own message about an unhandled request, as a warning or as an error. */
export interface UnhandledRequestPrint {
  warning(): void;
  error(): void;
}

/**
 * What to do with a request no handler answers (another host, a path outside the API):
 * `'error'` prints it and makes the app's fetch reject, `'warn'` prints it and lets it through,
 * `'bypass'` lets it through silently; a function decides per request.
 */
export type UnhandledRequestStrategy = 'error' | 'warn' | 'bypass' | ((request: Request, print: UnhandledRequestPrint) => void);

/** msw 3's callback argument, reduced to what we read (msw 2 has no frames). */
interface UnhandledFrame {
  frame: { protocol: string; data: unknown };
  defaults: { warn: () => void; error: () => void };
}

/**
 * The option for both msw lines: msw 2 reads `onUnhandledRequest`, msw 3 reads `onUnhandledFrame`
 * and ignores the old name (an unhandled request would silently reach the network), so both are
 * given. Frames other than HTTP (WebSocket) fall back to the same strategy name, or to an error.
 */
export function unhandledRequestOptions(strategy: UnhandledRequestStrategy): { onUnhandledRequest: never; onUnhandledFrame: unknown } {
  const onUnhandledFrame =
    typeof strategy === 'string'
      ? strategy
      : ({ frame, defaults }: UnhandledFrame) => {
          const request = frame.protocol === 'http' ? (frame.data as { request?: Request }).request : undefined;
          if (request) strategy(request, { warning: defaults.warn, error: defaults.error });
          else defaults.error();
        };
  return { onUnhandledRequest: strategy as never, onUnhandledFrame };
}
