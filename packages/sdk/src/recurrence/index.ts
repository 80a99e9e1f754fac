/**
 * @medsched/sdk/recurrence: the contract's rules for series and time zones, pure and without
 * the client, for previews and counts that must match what the server bakes.
 *
 * - {@link seriesIntakes}: which intakes a series produces between two dates, in a zone.
 * - {@link expandRecurrence}, {@link checkRecurrence}, {@link parseRecurrenceRule}: the rules
 *   (RFC 5545 subset) on floating wall-clock time, as the bake stores them.
 * - {@link zonedInstant}, {@link instantOf}, {@link offsetAt}, {@link wallTimeAt}: zone
 *   arithmetic, a repeated wall time being its first occurrence and a skipped one moving forward.
 *
 * @example
 * import { seriesIntakes } from '@medsched/sdk/recurrence';
 * const intakes = seriesIntakes(entry, { from: '2026-10-01', to: '2026-10-31', timeZone: 'Europe/Berlin' });
 */
export { seriesIntakes, type Intake, type IntakeRange, type SeriesFields } from './intakes.js';
export { checkRecurrence, expandRecurrence, expansionCost, expansionSteps, maxCountedPeriods, type Occurrence, type RecurrenceCheck } from './expansion.js';
export { ExpansionBudgetExceeded, type ExpansionBudget } from './budget.js';
export { frequencies, maxCount, maxInterval, parseRecurrenceRule, RuleError, type ByDay, type Frequency, type RecurrenceRule, type Weekday } from './rule.js';
export { instantOf, isTimeZone, offsetAt, offsetText, TimeZoneError, wallTimeAt, zonedInstant, type WallTime, type WallTimeKind, type ZonedInstant } from './zone.js';
