import type { BakeResult } from '@medsched/sdk';
import type { Session } from '../../client/session.js';
import { amountText, exactDecimal, exactNumber, type ExactAmount } from '../../amounts/exact-amount.js';
import { perDayRange, summarizeIntakes, type CountedIntake, type IntakeSummary, type MedicationTotal } from '../../amounts/intake-summary.js';
import { addDays, weekdayName } from '../../dates/calendar-date.js';
import type { Column } from '../../output/columns.js';
import { plural } from '../../output/plural.js';
import { bakedRows, medicationIdsNote } from '../../output/bake-rows.js';

/** The patient column of the home's own rows: no resident is written in brackets. */
export const wholeHome = '(whole home)';

/** One line of the summary: a medication and unit, for one patient or the whole home. */
export interface SummaryRow {
  patient: string;
  /** Null on the whole home's rows. */
  patientId: string | null;
  /** Name with strength, whole. */
  medication: string;
  unit: string;
  /** Baked intakes summed. */
  intakes: number;
  /** "1½" when each day is the same, else the smallest and largest day: "0–2". */
  perDay: string;
  /** Exact: a sum of halves and quarters is a number JSON holds without loss. */
  total: number;
  /** "10½". */
  totalText: string;
  /** The total of each day, by date. */
  byDay: Record<string, number>;
  /** The same as a person reads it ("1½"). */
  byDayText: Record<string, string>;
}

/** Fields of a summary row besides its CSV columns (JSON, NDJSON and --fields see them). */
export const summaryRecordFields = ['perDay', 'totalText', 'byDay', 'byDayText'] as const;

/** Every calendar date from `from` to `to`, inclusive. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

function rowOf(patient: string, patientId: string | null, total: MedicationTotal, days: readonly string[]): SummaryRow {
  const { low, high } = perDayRange(total.byDay);
  const day = <T>(read: (amount: ExactAmount) => T) => Object.fromEntries(days.map((date, index) => [date, read(total.byDay[index] as ExactAmount)]));
  return {
    patient,
    patientId,
    medication: total.medication,
    unit: total.unit,
    intakes: total.intakes,
    perDay: amountText(low) === amountText(high) ? amountText(low) : `${amountText(low)}–${amountText(high)}`,
    total: exactNumber(total.total),
    totalText: amountText(total.total),
    byDay: day(exactNumber),
    byDayText: day(amountText),
  };
}

/** The summary as rows: each patient's medications in name order, then (home-wide) the whole home's. */
export function summaryRows(summary: IntakeSummary, withHome: boolean): SummaryRow[] {
  const rows = summary.patients.flatMap((patient) => patient.medications.map((total) => rowOf(patient.patient, patient.patientId, total, summary.days)));
  if (withHome) rows.push(...summary.home.map((total) => rowOf(wholeHome, null, total, summary.days)));
  return rows;
}

/**
 * A day's column in a table: "Mon-4" within four weeks (each day of the month once), else the
 * date; one word, so that the "left out" note's `--fields` example works in a shell.
 */
function dayHeader(date: string, dayCount: number): string {
  return dayCount <= 28 ? `${weekdayName(date)}-${Number(date.slice(8))}` : date;
}

/**
 * Columns: who, what, unit, one per day (weekday and day in a table, the date in CSV), the
 * per-day range and the total. On a narrow terminal the patient's id goes first, then the day
 * columns, last day first, named in a note; what is taken, per day and in total, always stays.
 */
export function summaryColumns(days: readonly string[], format: string): Column<SummaryRow>[] {
  const exactCsv = (value: number, text: string) => (Number.isInteger(value * 4) ? value : text);
  return [
    { header: 'patient', value: (row) => row.patient, whole: true },
    { header: 'patientId', value: (row) => row.patientId, drop: 1 },
    { header: 'medication', value: (row) => row.medication, whole: true },
    { header: 'unit', value: (row) => row.unit },
    ...days.map((date, index): Column<SummaryRow> => ({
      header: format === 'table' ? dayHeader(date, days.length) : date,
      value: (row) => row.byDayText[date],
      csv: (row) => exactCsv(row.byDay[date] ?? 0, row.byDayText[date] ?? ''),
      drop: 1 + days.length - index,
    })),
    ...(format === 'table' ? [{ header: 'per day', value: (row: SummaryRow) => row.perDay }] : []),
    { header: 'total', value: (row) => row.totalText, csv: (row) => exactCsv(row.total, row.totalText) },
    { header: 'intakes', value: (row) => row.intakes },
  ];
}

/**
 * The intakes of bake results as the summary counts them; those without an amount cannot be
 * summed and are returned apart, so that the command says so instead of counting them as zero.
 */
export async function countedIntakes(session: Session, result: BakeResult, names: Map<string, string>): Promise<{ counted: CountedIntake[]; withoutAmount: number }> {
  const zoneOf = (patient: string) => session.patientZones.get(patient) ?? session.settings.timezone;
  const rows = await bakedRows(await session.client(), result, names, zoneOf, () => session.printer.noteOnce('medication ids', medicationIdsNote));
  const medicationIds = new Map(result.data.map((entry) => [entry.id, typeof entry.medication === 'string' ? entry.medication : null]));
  const counted: CountedIntake[] = [];
  let withoutAmount = 0;
  for (const row of rows) {
    if (row.amount === null) {
      withoutAmount += 1;
      continue;
    }
    counted.push({
      patientId: row.patientId,
      patient: row.patient,
      medicationId: medicationIds.get(row.id) ?? null,
      medication: row.medication || row.title,
      unit: row.unit ?? '',
      date: row.date,
      amount: row.amount,
    });
  }
  return { counted, withoutAmount };
}

/** JSON without chosen fields: the whole summary, totals as exact numbers beside their text. */
function summaryDocument(summary: IntakeSummary, from: string, to: string, withHome: boolean): object {
  const totals = (total: MedicationTotal) => ({
    medication: total.medication,
    medicationId: total.medicationId,
    unit: total.unit,
    intakes: total.intakes,
    total: exactNumber(total.total),
    totalText: amountText(total.total),
    totalExact: exactDecimal(total.total),
    byDay: summary.days.map((date, index) => ({ date, amount: exactNumber(total.byDay[index] as ExactAmount), amountText: amountText(total.byDay[index] as ExactAmount) })),
  });
  return {
    from,
    to,
    days: summary.days,
    patients: summary.patients.map((patient) => ({ patientId: patient.patientId, patient: patient.patient, medications: patient.medications.map(totals) })),
    ...(withHome && { home: summary.home.map(totals) }),
  };
}

/** Prints the summary of `intakes` over `from`–`to` in the chosen format. */
export function printSummary(
  session: Session,
  intakes: { counted: CountedIntake[]; withoutAmount: number },
  range: { from: string; to: string },
  patientOrder: readonly string[],
  withHome: boolean,
): void {
  const { printer } = session;
  const days = daysOf(range.from, range.to);
  const summary = summarizeIntakes(intakes.counted, days, patientOrder);
  if (intakes.withoutAmount > 0)
    printer.warn(
      `${plural(intakes.withoutAmount, 'baked intake has', 'baked intakes have')} no amount and ${intakes.withoutAmount === 1 ? 'is' : 'are'} not in the totals: see \`medsched bake show\`.`,
    );
  if (printer.format === 'json' && printer.fields === undefined) return printer.record(summaryDocument(summary, range.from, range.to, withHome));
  printer.list(summaryRows(summary, withHome), summaryColumns(days, printer.format));
}
