import type { SettingKey } from '../../contracts/prompt-settings.ts';
import type { SettingRepository } from '../../settings/setting-repository.port.ts';
import type { InMemoryDatabase } from './in-memory-database.ts';

export class InMemorySettingRepository implements SettingRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async get(key: SettingKey): Promise<string | null> {
    return this.db.state.settings.get(key) ?? null;
  }

  async list(): Promise<Array<{ key: SettingKey; value: string }>> {
    return [...this.db.state.settings].map(([key, value]) => ({ key, value })).sort((a, b) => a.key.localeCompare(b.key));
  }

  async set(key: SettingKey, value: string): Promise<void> {
    this.db.state.settings.set(key, value);
  }
}
