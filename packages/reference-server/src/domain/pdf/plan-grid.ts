import { wallTimeAt } from '@medsched/sdk/recurrence';
import type { Database } from '../../db/database.js';
import type { CalendarEntryRecord, UserRecord } from '../../db/models.js';
import { startTimeOf } from '../calendars/calendar-mapping.js';
import { eachDate, minutesOfDay } from '../calendars/zoned-time.js';
import { planLabels, type PlanLabels } from './plan-labels.js';
import type { PlanLanguage } from './plan-language.js';
import type { PlanRange } from './plan-range.js';

/**
 * A patient's medication plan as a pharmacy prints it: one row per medication (name, strength,
 * unit, instructions), one column per day, each day split into the intake times morning, noon,
 * evening and night, each cell holding the dose. Built from the baked entries of the range: the
 * plan shows what was finalized, as the devices are filled.
 */

export const intakeSlots = ['morning', 'noon', 'evening', 'night'] as const;
export type IntakeSlot = (typeof intakeSlots)[number];

/** Where an intake time falls when the entry names no time category (local wall-clock time). */
export const slotHours = { morning: '05:00-10:59', noon: '11:00-14:59', evening: '15:00-20:59', night: '21:00-04:59' } as const;

export interface PlanRow {
  medication: string;
  /** e.g. `400 mg`, from the medication's `meta.strength` or the end of its name. */
  strength: string;
  /** The entries' unit, e.g. `tablet`. */
  unit: string;
  instructions: string;
  /** The distinct intake times, `HH:mm`, ascending. */
  times: string[];
  /** Dose text by day (`YYYY-MM-DD`) and slot; absent = nothing to take. */
  doses: Map<string, Partial<Record<IntakeSlot, string>>>;
}

export interface PlanGrid {
  /** The language of the plan's own words, dates and decimal marks (stored text prints as stored). */
  language: PlanLanguage;
  patient: { id: string; name: string; dateOfBirth: string | undefined };
  organization: string | undefined;
  range: PlanRange;
  timeZone: string;
  days: string[];
  rows: PlanRow[];
  /** Local time of generation in the patient's time zone, e.g. `2026-11-22 22:40` (German `22.11.2026 22:40`). */
  generatedAt: string;
  /** Who asked for the link, e.g. `Nina Nurse (user@sonnen.example)`. */
  generatedBy: string;
  pageUrl: string;
}

/** The time category if the entry names one, else the slot its local intake time falls in. */
export function slotOf(entry: CalendarEntryRecord): IntakeSlot {
  const category = String(entry.timeCategory ?? '').toLowerCase();
  if ((intakeSlots as readonly string[]).includes(category)) return category as IntakeSlot;
  const minutes = minutesOfDay(startTimeOf(entry));
  if (minutes >= 5 * 60 && minutes < 11 * 60) return 'morning';
  if (minutes >= 11 * 60 && minutes < 15 * 60) return 'noon';
  if (minutes >= 15 * 60 && minutes < 21 * 60) return 'evening';
  return 'night';
}

const fractions: Record<string, string> = { '0.25': '¼', '0.5': '½', '0.75': '¾' };

/**
 * `1`, `½`, `1½`, `0.3`-style amounts as a pharmacy writes them; `0,3` with a decimal comma.
 * Halves and quarters are glyphs, so no decimal mark can be misread on them.
 */
export function formatDose(amount: number, decimal: '.' | ',' = '.'): string {
  if (!Number.isFinite(amount)) return '?';
  const whole = Math.floor(amount);
  const fraction = fractions[String(Math.round((amount - whole) * 100) / 100)];
  if (fraction !== undefined) return whole === 0 ? fraction : `${whole}${fraction}`;
  const text = String(Math.round(amount * 1000) / 1000);
  return decimal === ',' ? text.replace('.', ',') : text;
}

// A strength at the end of a medication name: "Ibuprofen 400 mg", "Levothyroxine 50 µg".
const strengthAtEnd = /^(.*\S)\s+(\d+(?:[.,]\d+)?\s?(?:mg|µg|mcg|g|ml|mL|IU|I\.E\.|%|mmol)(?:\/\S+)?)$/;

function splitStrength(name: string, meta: Record<string, unknown> | undefined): { name: string; strength: string } {
  if (typeof meta?.strength === 'string') return { name, strength: meta.strength };
  const match = strengthAtEnd.exec(name);
  return match ? { name: match[1]!, strength: match[2]! } : { name, strength: '' };
}

function dateOfBirth(patient: UserRecord): string | undefined {
  for (const key of ['dateOfBirth', 'birthDate', 'birthdate']) {
    const value = patient.meta[key];
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  }
  return undefined;
}

/** When the plan was made, as the patient's wall clock showed it (the SDK's zone arithmetic). */
function localDateTime(instant: Date, timeZone: string, labels: PlanLabels): string {
  const { date, time } = wallTimeAt(instant, timeZone);
  return labels.dateTime(date, time);
}

export interface PlanGridInput {
  db: Database;
  patient: UserRecord;
  range: PlanRange;
  now: Date;
  /** The user who asked for the link, when known. */
  requestedBy: UserRecord | undefined;
  pageUrl: string;
  language: PlanLanguage;
}

/** Groups the patient's baked entries of the range into plan rows. */
export function buildPlanGrid(input: PlanGridInput): PlanGrid {
  const { db, patient, range } = input;
  const labels = planLabels(input.language);
  const rows = new Map<string, PlanRow & { order: number; amounts: Map<string, Partial<Record<IntakeSlot, number>>> }>();
  const entries = db.calendarEntries.group('patient', patient.id).filter((entry) => entry.baked && entry.date >= range.from && entry.date <= range.to);
  for (const entry of entries) {
    const medicationRecord = typeof entry.medication === 'string' ? db.medications.get(entry.medication) : undefined;
    const { name, strength } = splitStrength(medicationRecord?.name ?? entry.name ?? 'Medication', medicationRecord?.meta);
    let instructions = entry.instruction ?? '';
    const { alone, appended, alreadySaid } = labels.emptyStomach;
    if (entry.emptyStomach === true && !alreadySaid.test(instructions.normalize('NFC'))) instructions = instructions ? `${instructions}; ${appended}` : alone;
    const unit = entry.unit ?? '';
    const key = JSON.stringify([name, strength, unit, instructions]);
    const slot = slotOf(entry);
    const time = startTimeOf(entry);
    const order = intakeSlots.indexOf(slot) * 1440 + minutesOfDay(time);
    let row = rows.get(key);
    if (!row) {
      row = { medication: name, strength, unit, instructions, times: [], doses: new Map(), order, amounts: new Map() };
      rows.set(key, row);
    }
    row.order = Math.min(row.order, order);
    if (!row.times.includes(time)) row.times.push(time);
    const day = row.amounts.get(entry.date) ?? {};
    // Two entries of the same row in one slot add up (e.g. 1 at 07:00 and 1 at 09:00).
    day[slot] = (day[slot] ?? 0) + (entry.amount ?? 1);
    row.amounts.set(entry.date, day);
  }
  for (const row of rows.values()) {
    for (const [date, amounts] of row.amounts) {
      row.doses.set(date, Object.fromEntries(Object.entries(amounts).map(([slot, amount]) => [slot, formatDose(amount, labels.decimal)])));
    }
  }
  const sorted = [...rows.values()].sort((a, b) => a.order - b.order || a.medication.localeCompare(b.medication));
  for (const row of sorted) row.times.sort();
  const by = input.requestedBy;
  return {
    language: input.language,
    patient: { id: patient.id, name: patient.name, dateOfBirth: dateOfBirth(patient) },
    organization: db.organizations.get(patient.organization)?.name,
    range,
    timeZone: patient.timezone,
    days: eachDate(range.from, range.to),
    rows: sorted.map(({ order: _order, amounts: _amounts, ...row }) => row),
    generatedAt: localDateTime(input.now, patient.timezone, labels),
    generatedBy: by ? `${by.name}${by.email ? ` (${by.email})` : ''}` : labels.unknownSigner,
    pageUrl: input.pageUrl,
  };
}
