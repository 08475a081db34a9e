export const settingKeys = ['free_user_prompt', 'paid_user_prompt', 'summary_prompt'] as const;
export type SettingKey = (typeof settingKeys)[number];

export interface SettingRepository {
  get(key: SettingKey): Promise<string | null>;
  list(): Promise<Array<{ key: SettingKey; value: string }>>;
  set(key: SettingKey, value: string): Promise<void>;
}
