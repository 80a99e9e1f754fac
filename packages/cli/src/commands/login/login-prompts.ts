import { input, password, select } from '@inquirer/prompts';
import type { Credential, Settings } from '../../config/settings.js';
import { createApiClient } from '../../client/create-api-client.js';
import { checkBaseUrl } from '../../identity/base-url-check.js';
import { discoverIdentity, type Identity } from '../../identity/identity.js';
import { openPromptTerminal } from '../../input/prompt-context.js';

export interface LoginAnswers {
  baseUrl: string;
  credential: Credential;
  identity: Identity;
  profileName: string;
  organization: string | undefined;
}

/**
 * The questions of an interactive `medsched login`, like `gh auth login`, drawn on the
 * terminal (stderr or /dev/tty).
 * Each answer is checked where it is given: the base URL answers as a medsched API before the
 * key is asked, the key is tried at once, and a wrong one is asked again rather than failing
 * after the last question.
 */
export async function askLogin(settings: Settings, defaults: { organization: string | undefined; debug: boolean }): Promise<LoginAnswers> {
  const terminal = openPromptTerminal();
  const context = terminal.context;
  try {
    const baseUrl = (
      await input(
        {
          message: 'API base URL',
          default: settings.baseUrl,
          validate: async (value) => (await checkBaseUrl(value)) ?? true,
        },
        context,
      )
    )
      .trim()
      .replace(/\/+$/, '');
    const kind = await select<'apiKey' | 'token'>(
      {
        message: 'How do you authenticate?',
        choices: [
          { name: 'API key', value: 'apiKey', description: 'sent as x-api-key' },
          { name: 'Bearer token', value: 'token', description: 'a JWT from your identity provider' },
        ],
      },
      context,
    );
    const what = kind === 'apiKey' ? 'key' : 'token';
    let identity: Identity | undefined;
    let secret = '';
    // Why the last secret was refused: said by the next prompt itself. Written before it, the
    // words showed while the terminal was between prompts (echo on, not masked): a key pasted
    // as soon as they appeared was echoed in clear on the screen, as a loaded test machine showed.
    let problem: string | undefined;
    // A refused secret is asked for again on an empty field (a prompt's own validation keeps the
    // wrong value in the field, which a masked field hides: the user would type after it).
    while (identity === undefined) {
      const ask = kind === 'apiKey' ? 'Paste your API key' : 'Paste your token';
      secret = await password(
        {
          message: problem === undefined ? ask : `${problem}\n${ask}`,
          mask: '*',
          validate: (value) => value.trim().length > 0 || 'required',
        },
        context,
      );
      const credential: Credential = { kind, secret: secret.trim(), source: 'flag' };
      try {
        identity = await discoverIdentity(await createApiClient({ ...settings, baseUrl, credential }, { debug: defaults.debug }), credential);
      } catch (error) {
        const status = (error as { status?: number }).status;
        problem = status === 401 ? `the server refused this ${what} (401): paste it again, or Ctrl-C to stop` : `could not check it: ${(error as Error).message}`;
      }
    }
    const profileName = await input({ message: 'Profile name', default: settings.profileName, validate: (value) => /^[\w.-]+$/.test(value.trim()) || 'letters, digits, . _ - only' }, context);
    const organization = await input(
      {
        message: "Default organization id (the credential's unless you change it)",
        default: defaults.organization ?? identity?.organization ?? '',
        validate: (value) => value.trim() === '' || /^[0-9a-f]{24}$/.test(value.trim()) || '24 lower-case hex characters, or empty',
      },
      context,
    );
    return {
      baseUrl,
      credential: { kind, secret: secret.trim(), source: 'flag' },
      identity,
      profileName: profileName.trim(),
      organization: organization.trim() || undefined,
    };
  } finally {
    terminal.close();
  }
}
