import type { MedschedClient } from '@medsched/sdk';
import { cleanText } from '../output/clean-text.js';

/**
 * An organization's name for what a person reads ("Sonnen-Apotheke"), or undefined where the
 * credential may not read it (a patient) or the id is unknown: then the id alone is shown.
 */
export async function organizationName(client: MedschedClient, id: string | undefined): Promise<string | undefined> {
  if (id === undefined) return undefined;
  try {
    return cleanText((await client.organizations.get(id)).name);
  } catch {
    return undefined;
  }
}

/** "Sonnen-Apotheke (64d0…01)", or the id alone. */
export function organizationText(id: string, name: string | undefined): string {
  return name === undefined ? id : `${name} (${id})`;
}
