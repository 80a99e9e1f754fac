import type { CalendarEntry } from '@medsched/sdk';
import type { BakeSummary } from './calendar-data.js';

/** The page's markup; `data-testid`s are what the tests look for. */
export const pageMarkup = `
  <main>
    <h1>Calendar</h1>
    <p>Patient <code data-testid="patient"></code>, week <span data-testid="week"></span></p>
    <button type="button" data-testid="bake">Bake week</button>
    <p role="status" data-testid="status">Loading…</p>
    <ul data-testid="entries"></ul>
  </main>`;

const byTestId = (root: ParentNode, id: string): HTMLElement => {
  const element = root.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!element) throw new Error(`the page has no [data-testid="${id}"]: was pageMarkup rendered?`);
  return element;
};

/** Reads and writes the page's elements; no API calls here. */
export class CalendarView {
  constructor(private readonly root: ParentNode) {}

  get bakeButton(): HTMLButtonElement {
    return byTestId(this.root, 'bake') as HTMLButtonElement;
  }

  showHeader(patient: string, from: string, to: string): void {
    byTestId(this.root, 'patient').textContent = patient;
    byTestId(this.root, 'week').textContent = `${from} – ${to}`;
  }

  showEntries(entries: CalendarEntry[]): void {
    const list = byTestId(this.root, 'entries');
    const document = list.ownerDocument;
    list.replaceChildren(
      ...entries.map((entry) => {
        const item = document.createElement('li');
        item.dataset.baked = String(entry.baked);
        // A draft with a recurrence rule is the series itself; a bake adds its occurrences.
        const state = entry.baked ? 'baked' : typeof entry.rrule === 'string' ? 'series' : 'draft';
        item.textContent = `${entry.date} ${entry.startTime} ${entry.title} (${state})`;
        return item;
      }),
    );
  }

  showStatus(text: string, kind: 'info' | 'error' = 'info'): void {
    const status = byTestId(this.root, 'status');
    status.textContent = text;
    status.dataset.kind = kind;
  }

  showBaked(summary: BakeSummary): void {
    this.showStatus(`Baked ${summary.baked} entries; ${summary.alarms} alarms on ${summary.devices} devices`);
  }
}
