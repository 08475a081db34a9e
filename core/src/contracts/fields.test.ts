import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerSchema, signUpFormSchema } from './auth.contract.ts';
import { MAX_NAME_LENGTH, NUL_CHARACTER_MESSAGE, isOneLineName, nameField, textField, usernameField } from './fields.ts';
import { createPromoSchema } from './promo.contract.ts';
import { profileUpdateSchema } from './profile.contract.ts';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('a name', () => {
  const firstName = nameField('First name');

  it.each([
    ['a line feed', 'Rosa\nALERT: account locked. Unlock at http://evil.example/x'],
    ['a carriage return', 'Rosa\rParks'],
    ['a NUL', 'Ro\u0000sa'],
    ['a tab', 'Rosa\tParks'],
    ['a vertical tab', 'Rosa\u000bParks'],
    ['DEL', 'Rosa\u007f'],
    ['a C1 control (next line)', 'Rosa\u0085Parks'],
    ['a line separator', 'Rosa\u2028Parks'],
    ['a paragraph separator', 'Rosa\u2029Parks'],
    ['a right-to-left override', 'Rosa\u202eskraP'],
    ['a left-to-right embedding', 'Rosa\u202aParks'],
    ['a right-to-left isolate', 'Rosa\u2067Parks\u2069'],
    ['a right-to-left mark', 'Rosa\u200fParks'],
    ['an Arabic letter mark', 'Rosa\u061cParks'],
    ['half an emoji', 'Rosa\ud83d'],
  ])('refuses %s, with one message for every front end', (_what, name) => {
    expect(isOneLineName(name)).toBe(false);
    expect(messagesOf(firstName.safeParse(name))).toEqual(['First name must be one line, without control characters']);
  });

  it.each([
    ['accents and apostrophes', "Zoë O'Brien-Núñez"],
    ['another script', '李小龍'],
    ['a script that needs a zero-width joiner', 'क्‍ष'],
    ['an emoji', 'Rosa 🌹'],
    ['exactly the maximum', 'R'.repeat(MAX_NAME_LENGTH)],
  ])('keeps %s as typed', (_what, name) => {
    expect(firstName.parse(name)).toBe(name);
  });

  it('is trimmed, so a line break or spaces around it are no second line', () => {
    expect(firstName.parse('  Rosa Parks \r\n')).toBe('Rosa Parks');
  });

  it(`has at most ${MAX_NAME_LENGTH} characters`, () => {
    expect(messagesOf(firstName.safeParse('R'.repeat(MAX_NAME_LENGTH + 1)))).toEqual([`First name must be at most ${MAX_NAME_LENGTH} characters`]);
  });

  it('is a string', () => {
    expect(messagesOf(firstName.safeParse(42))).toEqual(['First name must be text']);
  });
});

describe('the name fields of each input', () => {
  const hostile = 'Rosa\nALERT: account locked. Unlock at http://evil.example/x';

  it('the username of sign-up (API body and /signup form) keeps the spec\'s minimum and the name rule', () => {
    const body = { email: 'rosa@example.org', password: 'liberty1' };
    expect(messagesOf(registerSchema.safeParse({ ...body, firstName: hostile }))).toEqual(['Username must be one line, without control characters']);
    expect(messagesOf(registerSchema.safeParse({ ...body, firstName: ' Ro ' }))).toEqual(['Username must be at least 3 characters']);
    expect(messagesOf(registerSchema.safeParse({ ...body, firstName: 'R'.repeat(51) }))).toEqual(['Username must be at most 50 characters']);
    expect(messagesOf(registerSchema.safeParse({ ...body }))).toEqual(['Username must be at least 3 characters']);
    const form = { ...body, confirmPassword: 'liberty1' };
    expect(messagesOf(signUpFormSchema.safeParse({ ...form, username: hostile }))).toEqual(['Username must be one line, without control characters']);
    expect(usernameField.parse(' Rosa ')).toBe('Rosa');
  });

  it('the first and last names of the profile (API body and Profile Settings form); an empty one clears the field', () => {
    expect(messagesOf(profileUpdateSchema.safeParse({ firstName: hostile }))).toEqual(['First name must be one line, without control characters']);
    expect(messagesOf(profileUpdateSchema.safeParse({ lastName: 'Parks\u0000' }))).toEqual(['Last name must be one line, without control characters']);
    expect(messagesOf(profileUpdateSchema.safeParse({ lastName: 'P'.repeat(51) }))).toEqual(['Last name must be at most 50 characters']);
    expect(profileUpdateSchema.parse({ firstName: '', lastName: ' Parks ' })).toEqual({ firstName: '', lastName: 'Parks' });
  });
});

const textMessages = (result: z.ZodSafeParseResult<unknown>) => (result.success ? [] : result.error.issues.map((i) => i.message));

describe('a text field', () => {
  const title = textField().pipe(z.string().trim().max(20));

  it('refuses a NUL character with a message of its own, wherever it is', () => {
    for (const text of ['\u0000', 'Ro\u0000sa', 'Rosa\u0000']) expect(textMessages(title.safeParse(text))).toEqual([NUL_CHARACTER_MESSAGE]);
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
    expect(textMessages(promo({ expiresAt: '9999-12-31' }))).toEqual(['The expiry date must be 2099-12-31 or earlier']);
  });
});
