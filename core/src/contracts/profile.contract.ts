import { z } from 'zod';
import { nameField, textField } from './fields.ts';
import { countryCodes } from './geography.ts';

const optionalText = (max: number) =>
  textField().pipe(z.string().trim().max(max, { message: `Must be at most ${max} characters` })).optional();

/**
 * PATCH /api/profile and the Profile Settings form (docs/product/accounts.md "Profile").
 * An empty string clears a field; names keep the rule of fields.ts' nameField. The state is a two-letter code in
 * the United States and free text elsewhere.
 */
export const profileUpdateSchema = z.object({
  firstName: nameField('First name').optional(),
  lastName: nameField('Last name').optional(),
  country: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(countryCodes, { message: 'Please choose a country from the list' })).optional(),
  state: optionalText(100),
}).meta({ id: 'ProfileUpdate', description: 'The profile fields to change; an empty string clears a field' });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
