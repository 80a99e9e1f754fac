/**
 * The published demo keys (`msk_demo_<org>_<user>`, in the README): fine on a developer's own
 * machine, a way in for anyone once the server is reachable from elsewhere or keeps real data.
 * Where they are off, every key of that form is refused, whatever a data file holds.
 */
export const demoKeyPrefix = 'msk_demo_';

export const isDemoApiKey = (key: string): boolean => key.startsWith(demoKeyPrefix);

/** Why a demo key is refused: what to use instead, and how to switch them on where that is safe. */
export const demoKeysOffDetail =
  'the published demo keys (msk_demo_…) are off on this server (it is reachable beyond loopback, or keeps a data file); use the keys it printed at its first start, or create one with medsched-server keys create, or start it with --demo-keys on';
