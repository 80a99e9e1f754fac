import { InvalidArgumentError } from 'commander';

/** Commander parser for whole-number options (`--limit 20`); a bad value is a usage error. */
export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
}

/** Commander parser for positive seconds (`--interval 0.5`). */
export function positiveSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new InvalidArgumentError('must be a positive number of seconds');
  return seconds;
}
