import { ClockTime, type CalendarEntry } from '@medsched/sdk/schemas';
import { z } from 'zod';
import type { CalendarEntryRecord } from '../../db/models.js';
import { invalid } from '../operation/problems.js';
import { clockTime, minutesOfDay } from './zoned-time.js';

/**
 * The time categories a client may write. The SDK's answer type stays open (the real service may
 * answer others), but this server takes only these: a category is a lookup key, and any other
 * string (`constructor`, `__proto__`, `toString`) once reached `Object.prototype` through it.
 */
export const TimeCategoryInput = z.enum(['morning', 'noon', 'evening', 'night']);
export type TimeCategoryInput = z.infer<typeof TimeCategoryInput>;

/** Start times of the time categories when an entry has no `intakeTime`: a Map, so no key reaches a prototype. */
export const timeCategoryStart: ReadonlyMap<string, string> = new Map<TimeCategoryInput, string>([
  ['morning', '08:00'],
  ['noon', '12:00'],
  ['evening', '18:00'],
  ['night', '22:00'],
]);
/** Entries without intakeTime and without a known category start in the morning. */
const defaultStart = '08:00';
const durationMinutes = 30;

/**
 * Fields the server owns: ignored in the input of create, replace and update, so that a
 * GET → edit → POST round trip works, and never stored as sent (a client could otherwise
 * claim a bake that never happened with `bakedAt`). `organization` is not here: the input may
 * name it, and it must be the caller's own.
 */
export const serverOwnedCalendarFields = ['id', 'userId', 'title', 'description', 'startTime', 'endTime', 'baked', 'bakedAt', 'seriesId', 'createdAt', 'updatedAt'] as const;

/** 400 unless `timeCategory` is absent or one of {@link TimeCategoryInput}: checked before it is ever used as a key. */
export function checkTimeCategory(value: unknown): void {
  if (value !== undefined && !TimeCategoryInput.safeParse(value).success) {
    throw invalid('timeCategory', `must be one of ${TimeCategoryInput.options.join(', ')} (or leave it out and give intakeTime)`);
  }
}

/** 400 unless `intakeTime` is a 24-hour HH:mm time: it becomes the entry's start time. */
export function checkIntakeTime(value: unknown): void {
  if (value !== undefined && !ClockTime.safeParse(value).success) {
    throw invalid('intakeTime', 'must be a 24-hour clock time HH:mm');
  }
}

export function startTimeOf(entry: CalendarEntryRecord): string {
  const intakeTime = entry.intakeTime;
  if (typeof intakeTime === 'string' && ClockTime.safeParse(intakeTime).success) return intakeTime;
  // Entries stored before the input was checked may hold any string (even `constructor`):
  // those start at the default time, and the answer shows their category as stored.
  const category = typeof entry.timeCategory === 'string' ? entry.timeCategory.toLowerCase() : '';
  return timeCategoryStart.get(category) ?? defaultStart;
}

/**
 * The answer shape of api-decisions.md: the stored input fields, then userId = patient,
 * title = name, description = instruction, startTime = intakeTime or the category's start,
 * endTime = startTime + 30 minutes.
 */
export function toCalendarEntry(entry: CalendarEntryRecord): CalendarEntry {
  const startTime = startTimeOf(entry);
  return {
    ...entry,
    userId: entry.patient,
    title: entry.name ?? '',
    description: entry.instruction ?? '',
    startTime,
    endTime: clockTime(minutesOfDay(startTime) + durationMinutes),
  };
}
