import { input, password, select } from '@inquirer/prompts';
import type { Credential } from '../config/settings.js';

export interface LoginAnswers {
  baseUrl: string;
  credential: Credential;
  profileName: string;
  organization: string | undefined;
}

/** The questions of an interactive `medsched login`, like `gh auth login`. Loaded only on a terminal. */
export async function askLogin(defaults: { baseUrl: string; profileName: string; organization: string | undefined }): Promise<LoginAnswers> {
  const baseUrl = await input({
    message: 'API base URL',
    default: defaults.baseUrl,
    validate: (value) => /^https?:\/\/[^/]/.test(value.trim()) || 'an http(s) address, e.g. http://127.0.0.1:4010/v1',
  });
  const kind = await select<'apiKey' | 'token'>({
    message: 'How do you authenticate?',
    choices: [
      { name: 'API key', value: 'apiKey', description: 'sent as x-api-key' },
      { name: 'Bearer token', value: 'token', description: 'a JWT from your identity provider' },
    ],
  });
  const secret = await password({
    message: kind === 'apiKey' ? 'Paste your API key' : 'Paste your token',
    mask: '*',
    validate: (value) => value.trim().length > 0 || 'required',
  });
  const profileName = await input({ message: 'Profile name', default: defaults.profileName, validate: (value) => /^[\w.-]+$/.test(value.trim()) || 'letters, digits, . _ - only' });
  const organization = await input({
    message: 'Default organization id (optional)',
    default: defaults.organization ?? '',
    validate: (value) => value.trim() === '' || /^[0-9a-f]{24}$/.test(value.trim()) || '24 lower-case hex characters, or empty',
  });
  return {
    baseUrl: baseUrl.trim().replace(/\/+$/, ''),
    credential: { kind, secret: secret.trim(), source: 'flag' },
    profileName: profileName.trim(),
    organization: organization.trim() || undefined,
  };
}
