import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NUL_CHARACTER_MESSAGE, registerSchema, textField } from '../index.ts';
import { createPromoSchema } from './promo.contract.ts';

const messagesOf = (result: z.ZodSafeParseResult<unknown>) => (result.success ? [] : result.error.issues.map((i) => i.message));

describe('a text field', () => {
  const title = textField().pipe(z.string().trim().max(20));

  it('refuses a NUL character with a message of its own, wherever it is', () => {
    for (const text of ['\u0000', 'Ro\u0000sa', 'Rosa\u0000']) expect(messagesOf(title.safeParse(text))).toEqual([NUL_CHARACTER_MESSAGE]);
    expect(messagesOf(registerSchema.safeParse({ firstName: 'Ro\u0000sa', email: 'rosa@example.org', password: 'liberty1' }))).toEqual([NUL_CHARACTER_MESSAGE]);
  });

  it('keeps the other characters PostgreSQL stores, and mends half an emoji', () => {
    expect(title.parse(' Tab\there\u007f ')).toBe('Tab\there\u007f');
    expect(title.parse('Half \ud83d')).toBe('Half \ufffd');
  });
});

describe('a promo code as created', () => {
  const promo = (fields: Record<string, unknown>) => createPromoSchema.safeParse({ code: 'SPRING', credits: 1, expiresAt: '2099-01-01', ...fields });

  it('has at most a million uses, whatever the number is written as', () => {
    expect(promo({ maxUses: 1_000_000 }).success).toBe(true);
    for (const maxUses of [1_000_001, 2 ** 31, '2147483648', 1e20]) expect(promo({ maxUses }).success, String(maxUses)).toBe(false);
  });

  it('expires by the end of 2099', () => {
    expect(promo({ expiresAt: '2099-12-31' }).success).toBe(true);
    expect(promo({ expiresAt: '2100-01-01T00:00:00Z' }).success).toBe(true);
    for (const expiresAt of ['2100-01-01T00:00:01Z', '9999-12-31', '+275760-09-13T00:00:00.000Z']) {
      expect(promo({ expiresAt }).success, expiresAt).toBe(false);
    }
    expect(messagesOf(promo({ expiresAt: '9999-12-31' }))).toEqual(['The expiry date must be 2099-12-31 or earlier']);
  });
});
