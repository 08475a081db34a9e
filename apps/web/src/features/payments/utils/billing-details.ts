import { z } from 'zod';

/** The checkout's countries (docs/product/screens.md "Checkout"), default US. */
export const billingCountries = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['AU', 'Australia'],
] as const;
const billingCountryCodes = billingCountries.map(([code]) => code) as unknown as readonly ['US', 'CA', 'GB', 'AU'];

const required = (label: string) => z.string().trim().min(1, { message: `${label} is required` }).max(200, { message: `${label} is too long` });

/**
 * The checkout's billing form (docs/product/screens.md "Form checks"): everything but the phone is required. Its
 * shape is Stripe's `billing_details`, which the card confirmation sends on as it is.
 */
export const billingDetailsSchema = z.object({
  name: required('Name'),
  email: z.string().trim().min(1, { message: 'Email is required' }).pipe(z.email({ message: 'Invalid email address' })),
  phone: z.string().trim().max(40, { message: 'Phone is too long' }),
  address: z.object({
    line1: required('Address'),
    city: required('City'),
    state: required('State'),
    postal_code: required('ZIP code'),
    country: z.enum(billingCountryCodes),
  }),
});
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;
export type BillingDetails = z.output<typeof billingDetailsSchema>;
