import type { MedschedClient } from '@medsched/sdk';
import { bakeWeek, loadWeek, type Week } from './calendar-data.js';
import { CalendarView, pageMarkup } from './calendar-view.js';

export interface CalendarPageOptions {
  client: MedschedClient;
  patient: string;
  week: Week;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Renders the page into `root`, lists the patient's week, and bakes it on "Bake week".
 * Resolves when the first list is shown.
 */
export async function startCalendarPage(root: Element, options: CalendarPageOptions): Promise<CalendarView> {
  const { client, patient, week } = options;
  root.innerHTML = pageMarkup;
  const view = new CalendarView(root);
  view.showHeader(patient, week.from, week.to);

  const refresh = async () => view.showEntries(await loadWeek(client, patient, week));
  try {
    await refresh();
    view.showStatus('Ready');
  } catch (error) {
    view.showStatus(`Could not load the calendar: ${messageOf(error)}`, 'error');
  }

  // A listener's returned promise is dropped by the DOM: the handler catches everything itself.
  view.bakeButton.addEventListener(
    'click',
    () =>
      void (async () => {
        view.bakeButton.disabled = true;
        view.showStatus('Baking…');
        try {
          const summary = await bakeWeek(client, patient, week);
          await refresh();
          view.showBaked(summary);
        } catch (error) {
          view.showStatus(`Bake failed: ${messageOf(error)}`, 'error');
        } finally {
          view.bakeButton.disabled = false;
        }
      })(),
  );
  return view;
}
