// The server's clock, read from the `Date` header of an answer (whole seconds, RFC 9110). The
// watermark of the next night comes from it, never from this machine's clock, which may differ,
// nor from the newest row seen, which says nothing about rows written but not yet read.

/** The server's time (ms since the epoch) when it answered a cheap read, rounded down to the second. */
export async function serverNow(client, organization) {
  const { headers } = await client.organizations.get(organization).withResponse();
  const date = Date.parse(headers.get('date') ?? '');
  if (Number.isNaN(date)) throw new Error(`the server's answer carries no readable Date header (${headers.get('date')}); a copy needs the server's clock for its watermark`);
  return date;
}
