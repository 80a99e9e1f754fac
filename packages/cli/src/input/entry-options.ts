import { InvalidArgumentError } from 'commander';

/** The time categories the service maps to default times (api-decisions.md). */
export const timeCategories = ['morning', 'noon', 'evening', 'night'] as const;

/** Commander parser for `--amount`: a number above zero (`1`, `0.5`). */
export function amountValue(value: string): number {
  const amount = Number(value);
  if (value.trim() === '' || !Number.isFinite(amount) || amount <= 0) throw new InvalidArgumentError('must be a number above zero, e.g. 1 or 0.5');
  return amount;
}

/** Commander parser for `--time`: a 24-hour clock time. */
export function clockTime(value: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) throw new InvalidArgumentError('must be a 24-hour time HH:mm, e.g. 08:00 or 21:30');
  return `${match[1]?.padStart(2, '0')}:${match[2]}`;
}

/** Commander parser for `--alarm-enable`: 0 or 1, as the device field takes it. */
export function alarmEnable(value: string): number {
  if (value !== '0' && value !== '1') throw new InvalidArgumentError('must be 1 (alarms on) or 0 (off)');
  return Number(value);
}
