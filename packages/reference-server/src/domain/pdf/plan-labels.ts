import type { PlanLanguage } from './plan-language.js';

/**
 * The words and date formats of a printed plan, in each language it prints in. German follows
 * what a German care home reads on a medication plan: Medikationsplan, the intake times morgens,
 * mittags, abends, zur Nacht (short `mo mi ab zN` in the narrow columns, as on the federal
 * Medikationsplan, spelled out in the legend), Hinweise, dates as `30.11.2026`.
 * Only the plan's own words change: what was stored (names, strengths, units, instructions)
 * prints as stored.
 */

type Slot = 'morning' | 'noon' | 'evening' | 'night';

export interface PlanLabels {
  title: string;
  /** `born 14 Mar 1950`. */
  born: (date: string) => string;
  noDateOfBirth: string;
  /** `23 Nov 2026 to 29 Nov 2026`. */
  range: (from: string, to: string) => string;
  thisPage: (from: string, to: string) => string;
  timeZone: (zone: string) => string;
  patientId: (id: string) => string;
  notInFont: (codes: string) => string;
  storedUnchanged: string;
  medication: string;
  strengthUnit: string;
  instructions: string;
  intakeTimes: string;
  /** The short label of an intake time in its narrow column. */
  slotShort: Record<Slot, string>;
  /** The intake time spelled out, for the legend. */
  slotLong: Record<Slot, string>;
  /** `at 08:00, 18:00`. */
  at: (times: string) => string;
  /** The instruction added when an entry is to be taken on an empty stomach, and how to see it is already said. */
  emptyStomach: { alone: string; appended: string; alreadySaid: RegExp };
  legend: (slots: string) => string;
  nothingBaked: string;
  /** `Generated 2026-11-25 11:00 (Europe/Berlin) by …`. */
  generated: (when: string, zone: string, by: string) => string;
  server: string;
  unknownSigner: string;
  page: (number: number, count: number) => string;
  /** `Mon 23 Nov`: a day's column. */
  dayLabel: (date: string) => string;
  /** `23 Nov 2026`. */
  longDate: (date: string) => string;
  /** `2026-11-25 11:00` from the local parts. */
  dateTime: (date: string, time: string) => string;
  /** The decimal mark of doses that are not a fraction glyph. */
  decimal: '.' | ',';
  /** The PDF's title. */
  documentTitle: (patient: string, from: string, to: string) => string;
}

const englishWeekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const englishMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const germanWeekdays = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
/** `30.11.2026` from `2026-11-30`. */
const germanDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

const english: PlanLabels = {
  title: 'Medication plan',
  born: (date) => `born ${english.longDate(date)}`,
  noDateOfBirth: 'date of birth not recorded',
  range: (from, to) => `${english.longDate(from)} to ${english.longDate(to)}`,
  thisPage: (from, to) => `(this page: ${english.longDate(from)} to ${english.longDate(to)})`,
  timeZone: (zone) => `times in ${zone}`,
  patientId: (id) => `patient id ${id}`,
  notInFont: (codes) => `Not in this font, printed as [U+code]: ${codes}`,
  storedUnchanged: 'The stored text is unchanged; the app shows it in full.',
  medication: 'Medication',
  strengthUnit: 'strength · unit',
  instructions: 'Instructions',
  intakeTimes: 'intake times',
  slotShort: { morning: 'morn', noon: 'noon', evening: 'eve', night: 'night' },
  slotLong: { morning: 'morning', noon: 'noon', evening: 'evening', night: 'night' },
  at: (times) => `at ${times}`,
  emptyStomach: { alone: 'On an empty stomach', appended: 'on an empty stomach', alreadySaid: /stomach/i },
  legend: (slots) => `Intake times: ${slots} (or the entry's time category). Doses in the row's unit; ½ = half.`,
  nothingBaked: 'No baked entries in this range. Bake it first (POST /v1/calendars/bake, or: medsched bake), then ask for a new link.',
  generated: (when, zone, by) => `Generated ${when} (${zone}) by ${by}`,
  server: 'medsched reference server',
  unknownSigner: 'the medsched reference server',
  page: (number, count) => `Page ${number} of ${count}`,
  dayLabel: (date) => {
    const day = utcDay(date);
    return `${englishWeekdays[day.getUTCDay()]} ${day.getUTCDate()} ${englishMonths[day.getUTCMonth()]}`;
  },
  longDate: (date) => {
    const day = utcDay(date);
    return `${day.getUTCDate()} ${englishMonths[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
  },
  dateTime: (date, time) => `${date} ${time}`,
  decimal: '.',
  documentTitle: (patient, from, to) => `Medication plan: ${patient}, ${from} to ${to}`,
};

const german: PlanLabels = {
  title: 'Medikationsplan',
  born: (date) => `Geburtsdatum ${germanDate(date)}`,
  noDateOfBirth: 'Geburtsdatum nicht erfasst',
  range: (from, to) => `${germanDate(from)} bis ${germanDate(to)}`,
  thisPage: (from, to) => `(diese Seite: ${germanDate(from)} bis ${germanDate(to)})`,
  timeZone: (zone) => `Zeitzone ${zone}`,
  patientId: (id) => `Patienten-ID ${id}`,
  notInFont: (codes) => `Nicht in dieser Schrift, gedruckt als [U+Code]: ${codes}`,
  storedUnchanged: 'Der gespeicherte Text ist unverändert; die App zeigt ihn vollständig.',
  medication: 'Medikament',
  strengthUnit: 'Stärke · Einheit',
  instructions: 'Hinweise',
  intakeTimes: 'Einnahmezeiten',
  slotShort: { morning: 'mo', noon: 'mi', evening: 'ab', night: 'zN' },
  slotLong: { morning: 'morgens', noon: 'mittags', evening: 'abends', night: 'zur Nacht' },
  at: (times) => `um ${times}`,
  emptyStomach: { alone: 'Nüchtern', appended: 'nüchtern', alreadySaid: /nüchtern|stomach/i },
  legend: (slots) => `Einnahmezeiten: ${slots} (oder die Tageszeit des Eintrags). Dosis in der Einheit der Zeile; ½ = halbe.`,
  nothingBaked: 'Keine festgeschriebenen Einnahmen in diesem Zeitraum. Zuerst festschreiben (POST /v1/calendars/bake oder: medsched bake), dann einen neuen Link anfordern.',
  generated: (when, zone, by) => `Erstellt am ${when} (${zone}) von ${by}`,
  server: 'medsched-Referenzserver',
  unknownSigner: 'dem medsched-Referenzserver',
  page: (number, count) => `Seite ${number} von ${count}`,
  dayLabel: (date) => `${germanWeekdays[utcDay(date).getUTCDay()]} ${date.slice(8, 10)}.${date.slice(5, 7)}.`,
  longDate: germanDate,
  dateTime: (date, time) => `${germanDate(date)} ${time}`,
  decimal: ',',
  documentTitle: (patient, from, to) => `Medikationsplan: ${patient}, ${germanDate(from)} bis ${germanDate(to)}`,
};

const labels: Record<PlanLanguage, PlanLabels> = { de: german, en: english };

/** The words and formats of a plan in `language`. */
export function planLabels(language: PlanLanguage): PlanLabels {
  return labels[language];
}
