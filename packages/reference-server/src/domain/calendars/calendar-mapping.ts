import { ClockTime, type CalendarEntry } from '@medsched/sdk/schemas';
import type { CalendarEntryRecord } from '../../db/models.js';
import { invalid } from '../operation/problems.js';
import { clockTime, minutesOfDay } from './zoned-time.js';

/** Start times of the time categories when an entry has no `intakeTime`. */
export const timeCategoryStart: Record<string, string> = {
  morning: '08:00',
  noon: '12:00',
  evening: '18:00',
  night: '22:00',
};
/** Entries without intakeTime and without a known category start in the morning. */
const defaultStart = '08:00';
const durationMinutes = 30;

/** Fields the server owns: ignored in input so that a GET → edit → POST round trip works. */
export const serverOwnedCalendarFields = [
  'id', 'userId', 'title', 'description', 'startTime', 'endTime', 'baked', 'seriesId', 'createdAt', 'updatedAt',
] as const;

/** 400 unless `intakeTime` is a 24-hour HH:mm time: it becomes the entry's start time. */
export function checkIntakeTime(value: unknown): void {
  if (value !== undefined && !ClockTime.safeParse(value).success) {
    throw invalid('intakeTime', 'must be a 24-hour clock time HH:mm');
  }
}

export function startTimeOf(entry: CalendarEntryRecord): string {
  const intakeTime = entry.intakeTime;
  if (typeof intakeTime === 'string' && ClockTime.safeParse(intakeTime).success) return intakeTime;
  return timeCategoryStart[String(entry.timeCategory ?? '').toLowerCase()] ?? defaultStart;
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
