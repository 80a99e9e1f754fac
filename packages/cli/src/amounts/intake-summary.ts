import { addExact, compareExact, exactFromNumber, zeroAmount, type ExactAmount } from './exact-amount.js';

/** One baked intake as the summary counts it. */
export interface CountedIntake {
  patientId: string;
  /** The patient's name where known, else the id. */
  patient: string;
  /** The medication's id (or the entry's own reference); null when the entry names none. */
  medicationId: string | null;
  /** The medication's name with its strength, as stored ("Metformin 500 mg"); never shortened. */
  medication: string;
  unit: string;
  date: string;
  amount: number;
}

/** The totals of one medication and unit, for one patient or the whole home. */
export interface MedicationTotal {
  medicationId: string | null;
  medication: string;
  unit: string;
  /** How many intakes were summed. */
  intakes: number;
  /** The total per day of the range, in the order of `days` (zero where nothing is taken). */
  byDay: ExactAmount[];
  /** The total of the range. */
  total: ExactAmount;
}

export interface PatientSummary {
  patientId: string;
  patient: string;
  medications: MedicationTotal[];
}

/** What a range of baked intakes adds up to, per patient and for the whole home. */
export interface IntakeSummary {
  days: string[];
  patients: PatientSummary[];
  home: MedicationTotal[];
}

/** Medication and unit: two strengths or two units are never added together. */
function keyOf(intake: { medicationId: string | null; medication: string; unit: string }): string {
  return JSON.stringify([intake.medicationId, intake.medication, intake.unit]);
}

function addTo(totals: Map<string, MedicationTotal>, intake: CountedIntake, dayIndex: number, amount: ExactAmount, dayCount: number): void {
  const key = keyOf(intake);
  let total = totals.get(key);
  if (total === undefined) {
    total = { medicationId: intake.medicationId, medication: intake.medication, unit: intake.unit, intakes: 0, byDay: Array.from({ length: dayCount }, () => zeroAmount), total: zeroAmount };
    totals.set(key, total);
  }
  total.intakes += 1;
  total.byDay[dayIndex] = addExact(total.byDay[dayIndex] ?? zeroAmount, amount);
  total.total = addExact(total.total, amount);
}

const byMedication = (a: MedicationTotal, b: MedicationTotal) => a.medication.localeCompare(b.medication, 'und') || a.unit.localeCompare(b.unit, 'und');

/**
 * Sums intakes exactly (½ + 1½ = 2) per patient, medication and unit, per day of `days` and
 * for the range, and the same for the whole home. Patients keep the order of `patientOrder`
 * (name order); an intake dated outside `days` is a RangeError, never silently dropped.
 */
export function summarizeIntakes(intakes: readonly CountedIntake[], days: readonly string[], patientOrder: readonly string[]): IntakeSummary {
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  const perPatient = new Map<string, { patient: string; totals: Map<string, MedicationTotal> }>();
  const home = new Map<string, MedicationTotal>();
  for (const intake of intakes) {
    const index = dayIndex.get(intake.date);
    if (index === undefined) throw new RangeError(`an intake of ${intake.date} lies outside the summed days ${days[0]} to ${days.at(-1)}`);
    const amount = exactFromNumber(intake.amount);
    let patient = perPatient.get(intake.patientId);
    if (patient === undefined) {
      patient = { patient: intake.patient, totals: new Map() };
      perPatient.set(intake.patientId, patient);
    }
    addTo(patient.totals, intake, index, amount, days.length);
    addTo(home, intake, index, amount, days.length);
  }
  const rank = new Map(patientOrder.map((id, index) => [id, index]));
  const patients = [...perPatient.entries()]
    .sort(([a], [b]) => (rank.get(a) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b) ?? Number.MAX_SAFE_INTEGER) || (a < b ? -1 : 1))
    .map(([patientId, { patient, totals }]) => ({ patientId, patient, medications: [...totals.values()].sort(byMedication) }));
  return { days: [...days], patients, home: [...home.values()].sort(byMedication) };
}

/** "1½" when every day of the range is the same, else the smallest and largest day ("0–2"). */
export function perDayRange(byDay: readonly ExactAmount[]): { low: ExactAmount; high: ExactAmount } {
  let low = byDay[0] ?? zeroAmount;
  let high = low;
  for (const amount of byDay) {
    if (compareExact(amount, low) < 0) low = amount;
    if (compareExact(amount, high) > 0) high = amount;
  }
  return { low, high };
}
