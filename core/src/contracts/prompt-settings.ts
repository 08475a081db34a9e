/**
 * The administrator's AI prompts (docs/product/administration.md "Admin panel"), named once: the key each is stored
 * under, and the label and hint the prompt editor shows it with. An analysis type names the prompt it runs with in
 * the analysis catalogue; a new prompt starts here, and its text is seeded by a migration of its own.
 */
export const promptSettings = [
  { key: 'free_user_prompt', label: 'Free User Prompt', hint: null },
  { key: 'paid_user_prompt', label: 'Paid User Prompt', hint: "Use {{STATE}} and {{COUNTRY}} where the user's jurisdiction belongs." },
  { key: 'summary_prompt', label: 'Summary Prompt', hint: null },
] as const satisfies ReadonlyArray<{ key: string; label: string; hint: string | null }>;

export const settingKeys = promptSettings.map((prompt) => prompt.key);
export type SettingKey = (typeof settingKeys)[number];
