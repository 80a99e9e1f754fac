// A page that starts the mock server's browser entry, as an app's mock mode does.
import { setupMockWorker } from '@medsched/mock-server/browser';

const mock = setupMockWorker();
await mock.start({ quiet: true });
document.body.dataset.ready = String(mock.journal.size === 0);
