import { UsageError } from '../usage-error.js';
import { callDevRoute, type AdminTarget } from './admin-client.js';

/** `medsched-server keys create|revoke|list`: API keys of a running server. */
export async function runKeysCommand(
  target: AdminTarget,
  action: string | undefined,
  flags: { email?: string | undefined; description?: string | undefined; organization?: string | undefined; id?: string | undefined; key?: string | undefined },
): Promise<void> {
  let answer: unknown;
  if (action === 'create') {
    if (!flags.email) throw new UsageError('keys create needs --email <address>');
    answer = await callDevRoute(target, 'POST', '/dev/admin/keys', { email: flags.email, organizationId: flags.organization, description: flags.description });
  } else if (action === 'revoke') {
    if (!flags.id && !flags.key) throw new UsageError('keys revoke needs --id <key id> or --key <msk_…>');
    answer = await callDevRoute(target, 'POST', '/dev/admin/keys/revoke', flags.id ? { id: flags.id } : { apiKey: flags.key });
  } else if (action === 'list') {
    if (!flags.email) throw new UsageError('keys list needs --email <address>');
    const query = new URLSearchParams({ email: flags.email, ...(flags.organization ? { organizationId: flags.organization } : {}) });
    answer = await callDevRoute(target, 'GET', `/dev/admin/keys?${query}`);
  } else {
    throw new UsageError('keys create --email X [--description D] | keys revoke --id ID | --key K | keys list --email X');
  }
  console.log(JSON.stringify(answer, null, 2));
}
