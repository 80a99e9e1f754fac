// An app's component: the organization's patients and a patient's calendar, through the app's own
// SDK client (its base URL is the page's origin; the mock answers there).
import { createClient } from '@medsched/sdk';
import { useEffect, useState } from 'react';

/** The app's client in mock mode: the demo key of sonnen's nurse. */
const client = createClient({ baseUrl: `${location.origin}/v1`, apiKey: 'msk_demo_sonnen_user', maxRetries: 0 });
const sonnen = '64d001000000000000000001';

/** What a failed call shows: its HTTP status. */
function failure(error: unknown): string {
  return `error ${String((error as { status?: number }).status)}`;
}

export function Calendar({ patient }: { patient: string }) {
  const [patients, setPatients] = useState<string[] | undefined>();
  const [calendar, setCalendar] = useState('loading');
  useEffect(() => {
    void (async () => {
      try {
        setPatients((await client.users.list({ organization: sonnen, role: 'patient' })).items.map((user) => user.name));
      } catch (error) {
        setPatients([failure(error)]);
      }
    })();
    void (async () => {
      try {
        setCalendar(`${(await client.calendars.list({ patient })).total} entries`);
      } catch (error) {
        setCalendar(failure(error));
      }
    })();
  }, [patient]);
  return (
    <section>
      <ul aria-label="patients" data-loaded={String(patients !== undefined)}>
        {patients?.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <p data-testid="calendar">{calendar}</p>
    </section>
  );
}
