/**
 * A calendar entry as a hand-written upstream answers it, in the formats the schema requires
 * (ids, dates, timestamps), for the tests that put a server breaking the contract behind the proxy.
 * `fields` replaces or adds what each test breaks (`isBaked` instead of `baked`, say).
 */
export function calendarEntryAnswer(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: '64d005000000000000000001',
    userId: '64d002000000000000000003',
    date: '2026-01-05',
    startTime: '08:00',
    endTime: '08:30',
    title: 't',
    description: '',
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    ...fields,
  });
}
