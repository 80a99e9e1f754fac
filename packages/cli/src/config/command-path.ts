import type { Command } from 'commander';

/** `calendar list` for the command an action runs (its names up to the program's), as profile settings name it. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}
