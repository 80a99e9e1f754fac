import { describe, expect, it } from 'vitest';
import { importSigningKey, signLink, verifyLink } from '../src/domain/pdf/link-signing.js';

describe('signed links', async () => {
  const key = await importSigningKey('test-secret');
  const path = '/files/pdf?url=https%3A%2F%2Fapp.medsched.test%2Fplan';
  const expiresAt = Math.floor(Date.now() / 1000) + 300;
  const expires = String(expiresAt);

  it('verifies what it signed, until the expiry', async () => {
    const signature = await signLink(key, 'GET', path, expiresAt);
    expect(await verifyLink(key, 'GET', path, expires, signature)).toEqual({ ok: true });
    expect(await verifyLink(key, 'GET', path, expires, signature, (expiresAt + 1) * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses any changed byte: path, expiry, method, signature or key', async () => {
    const signature = await signLink(key, 'GET', path, expiresAt);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect((await verifyLink(key, 'GET', `${path}x`, expires, signature)).ok).toBe(false);
    expect((await verifyLink(key, 'GET', path, String(expiresAt + 1), signature)).ok).toBe(false);
    // The same number spelled differently is a different link.
    for (const respelled of [`0${expires}`, `${expires}.0`, `+${expires}`, `${expires} `]) {
      expect((await verifyLink(key, 'GET', path, respelled, signature)).ok, respelled).toBe(false);
    }
    expect((await verifyLink(key, 'POST', path, expires, signature)).ok).toBe(false);
    expect((await verifyLink(key, 'GET', path, expires, flipped)).ok).toBe(false);
    expect((await verifyLink(key, 'GET', path, expires, '%%%')).ok).toBe(false);
    expect((await verifyLink(await importSigningKey('other'), 'GET', path, expires, signature)).ok).toBe(false);
  });
});
