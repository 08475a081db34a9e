import type { SettingKey } from '../contracts/prompt-settings.ts';

export interface SettingRepository {
  get(key: SettingKey): Promise<string | null>;
  list(): Promise<Array<{ key: SettingKey; value: string }>>;
  set(key: SettingKey, value: string): Promise<void>;
}
