import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addExact, amountText, exactDecimal, exactFromNumber, exactNumber, sumExact } from '../src/amounts/exact-amount.js';
import { summarizeIntakes, type CountedIntake } from '../src/amounts/intake-summary.js';

const days = ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07'];
const patients = ['p1', 'p2', 'p3'];
const medications = ['Metformin 500 mg', 'Metformin 1000 mg', 'L-Thyroxin 75 µg'];

/** A baked intake of halves and quarters (0 to 4 tablets), as a care home's series make them. */
const intake: fc.Arbitrary<CountedIntake & { quarters: number }> = fc
  .record({
    patient: fc.constantFrom(...patients),
    medication: fc.constantFrom(...medications),
    unit: fc.constantFrom('tablet', 'capsule'),
    date: fc.constantFrom(...days),
    quarters: fc.integer({ min: 0, max: 16 }),
  })
  .map(({ patient, medication, unit, date, quarters }) => ({ patientId: patient, patient: `Name of ${patient}`, medicationId: medication, medication, unit, date, amount: quarters / 4, quarters }));

describe('exact amounts', () => {
  it('½ + 1½ = 2, ¼ + ½ = ¾, and 0.1 + 0.2 = 0.3 exactly', () => {
    expect(amountText(addExact(exactFromNumber(0.5), exactFromNumber(1.5)))).toBe('2');
    expect(amountText(addExact(exactFromNumber(0.25), exactFromNumber(0.5)))).toBe('¾');
    expect(exactDecimal(addExact(exactFromNumber(0.1), exactFromNumber(0.2)))).toBe('0.3');
    expect(amountText(exactFromNumber(2.25))).toBe('2¼');
    expect(exactDecimal(exactFromNumber(1e-7))).toBe('0.0000001');
    expect(exactDecimal(exactFromNumber(1e21))).toBe('1000000000000000000000');
  });

  it('every finite number converts without loss: its exact decimal reads back as the same number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const exact = exactFromNumber(value);
        expect(Number(exactDecimal(exact))).toBe(value === 0 ? 0 : value);
        expect(exactNumber(exact)).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('refuses what is not a finite amount instead of summing it', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(() => exactFromNumber(value)).toThrow(RangeError);
  });

  it('a sum of decimals is exact and independent of order, where floating point drifts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 60 }), (tenths) => {
        const amounts = tenths.map((value) => exactFromNumber(value / 10));
        const total = tenths.reduce((sum, value) => sum + value, 0);
        expect(exactDecimal(sumExact(amounts))).toBe(`${Math.floor(total / 10)}${total % 10 === 0 ? '' : `.${total % 10}`}`);
        expect(exactDecimal(sumExact([...amounts].reverse()))).toBe(exactDecimal(sumExact(amounts)));
      }),
    );
  });
});

describe('summarizeIntakes', () => {
  it('the totals per day, per range, per patient and for the home equal the sum of the intakes (halves and quarters)', () => {
    fc.assert(
      fc.property(fc.array(intake, { maxLength: 80 }), (intakes) => {
        const summary = summarizeIntakes(intakes, days, patients);
        const quarters = (filter: (item: (typeof intakes)[number]) => boolean) => intakes.filter(filter).reduce((sum, item) => sum + item.quarters, 0);
        for (const patient of summary.patients) {
          for (const total of patient.medications) {
            const same = (item: (typeof intakes)[number]) => item.patientId === patient.patientId && item.medication === total.medication && item.unit === total.unit;
            expect(exactNumber(total.total) * 4).toBe(quarters(same));
            expect(total.intakes).toBe(intakes.filter(same).length);
            days.forEach((day, index) => expect(exactNumber(total.byDay[index] ?? exactFromNumber(0)) * 4).toBe(quarters((item) => same(item) && item.date === day)));
          }
        }
        for (const total of summary.home) expect(exactNumber(total.total) * 4).toBe(quarters((item) => item.medication === total.medication && item.unit === total.unit));
        // Nothing lost, nothing counted twice.
        expect(summary.home.reduce((sum, total) => sum + total.intakes, 0)).toBe(intakes.length);
        // The text a person reads says the same amount.
        for (const total of summary.home) {
          const text = amountText(total.total);
          const value = [...text].reduce((sum, char) => (char === '½' ? sum + 0.5 : char === '¼' ? sum + 0.25 : char === '¾' ? sum + 0.75 : sum * 10 + Number(char)), 0);
          expect(value).toBe(exactNumber(total.total));
        }
        // Patients in the given order; strengths never added together.
        expect(summary.patients.map((patient) => patient.patientId)).toEqual(patients.filter((id) => intakes.some((item) => item.patientId === id)));
        expect(new Set(summary.home.map((total) => `${total.medication}|${total.unit}`)).size).toBe(summary.home.length);
      }),
    );
  });

  it('an intake outside the summed days is an error, never dropped', () => {
    expect(() => summarizeIntakes([{ patientId: 'p1', patient: 'P', medicationId: null, medication: 'M 5 mg', unit: 'tablet', date: '2027-02-01', amount: 1 }], days, patients)).toThrow(RangeError);
  });
});
