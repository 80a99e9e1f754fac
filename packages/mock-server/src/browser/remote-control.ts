import type { JournalFilter } from '../journal.js';
import type { MockScope } from '../mock-scope.js';
import { remoteControlName, remoteQueueErrorName, remoteQueueName, tableOfFactory, type RemoteCommand, type WireJournalFilter } from '../remote/protocol.js';

type Global = Record<string, unknown>;

/**
 * Lets a test drive this page's mock from outside (the Playwright fixture): exposes one function
 * on `globalThis` that runs a JSON command, and first runs the commands the test queued before the
 * page loaded, so that they apply before the app's first request.
 */
export async function exposeRemoteControl(mock: MockScope): Promise<void> {
  const run = (command: RemoteCommand) => runCommand(mock, command);
  const queued = ((globalThis as Global)[remoteQueueName] as RemoteCommand[] | undefined) ?? [];
  try {
    for (const command of queued) await run(command);
  } catch (error) {
    // The test waits for this page's mock: hand it the real message rather than let it time out.
    (globalThis as Global)[remoteQueueErrorName] = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw error;
  }
  (globalThis as Global)[remoteControlName] = run;
}

async function runCommand(mock: MockScope, command: RemoteCommand): Promise<unknown> {
  switch (command.kind) {
    case 'seed': {
      // A queued seed carries its id: after a reload with persistence, it is already stored.
      const id = command.input.id;
      const stored = typeof id === 'string' ? mock.db[tableOfFactory[command.factory]].get(id) : undefined;
      return stored ?? mock.seed[command.factory](command.input as never);
    }
    case 'scenario':
      return (mock[command.method] as (...args: unknown[]) => unknown)(...command.args);
    case 'reset':
      return mock.reset();
    case 'journal':
      return mock.journal.find(fromWire(command.filter));
    case 'calls':
      return mock.journal.calls(command.operation);
    case 'as': {
      // The SDK client stays in the page: the test gets what it can hand to the app.
      const { credential, headers } = mock.as(command.who, command.options);
      return { credential, headers };
    }
    case 'signIn': {
      const { client: _client, ...signedIn } = await mock.signIn(command.who, command.options);
      return signedIn;
    }
  }
}

function fromWire(filter: WireJournalFilter): JournalFilter {
  const { path, ...rest } = filter;
  if (path === undefined) return rest;
  return { ...rest, path: typeof path === 'string' ? path : new RegExp(path.regexp, path.flags) };
}
