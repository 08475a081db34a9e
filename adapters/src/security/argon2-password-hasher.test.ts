import { describe, expect, it } from 'vitest';
import { Argon2PasswordHasher } from './argon2-password-hasher.ts';
import { CryptoIdGenerator } from './crypto-id-generator.ts';

describe('Argon2PasswordHasher', () => {
  const hasher = new Argon2PasswordHasher();

  it('hashes with argon2id and verifies the right password only', async () => {
    const hashed = await hasher.hash('correct horse battery staple');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hashed).not.toContain('correct horse');
    expect(await hasher.verify(hashed, 'correct horse battery staple')).toBe(true);
    expect(await hasher.verify(hashed, 'Correct horse battery staple')).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hasher.hash('same password')).not.toBe(await hasher.hash('same password'));
  });

  it('answers false for a malformed hash instead of throwing', async () => {
    expect(await hasher.verify('', 'x')).toBe(false);
    expect(await hasher.verify('$argon2id$garbage', 'x')).toBe(false);
    expect(await hasher.verify('plain-text-password', 'plain-text-password')).toBe(false);
  });

  it('still verifies hashes made with other parameters', async () => {
    const older = await new Argon2PasswordHasher({ memoryCost: 8_192, timeCost: 1, parallelism: 1 }).hash('pw');
    expect(await hasher.verify(older, 'pw')).toBe(true);
  });
});

describe('CryptoIdGenerator', () => {
  it('gives distinct version 4 UUIDs', () => {
    const ids = new CryptoIdGenerator();
    const many = new Set(Array.from({ length: 1000 }, () => ids.next()));
    expect(many.size).toBe(1000);
    for (const id of many) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
