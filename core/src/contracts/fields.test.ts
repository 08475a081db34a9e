import { describe, expect, it } from 'vitest';
import { registerSchema, signUpFormSchema } from './auth.contract.ts';
import { MAX_NAME_LENGTH, isOneLineName, nameField, usernameField } from './fields.ts';
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
