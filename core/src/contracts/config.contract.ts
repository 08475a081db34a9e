import { z } from 'zod';

/** GET /api/config: what the web app may know of the server's configuration (docs/product). */
export const publicConfigSchema = z.object({
  productName: z.string(),
  paymentsEnabled: z.boolean(),
  stripePublishableKey: z.string().nullable(),
  /** Checkout asks for a verified e-mail address: true only where the server sends e-mail (docs/product). */
  verifiedEmailRequired: z.boolean(),
  devPagesEnabled: z.boolean(),
  analyzer: z.enum(['embedded', 'openai', 'ollama']),
}).meta({ id: 'PublicConfig', description: "What the web app may know of the server's configuration" });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
