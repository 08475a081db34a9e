import { FindUser, type User } from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { failedWith, parsedFailed, parsedOk, type Parsed } from './command-outcome.ts';

/** The account a command names by its id or its e-mail; `user.not_found` otherwise. */
export async function resolveUser(runtime: Runtime, command: string, idOrEmail: string): Promise<Parsed<User>> {
  const found = await runtime.container.get(FindUser).execute(idOrEmail);
  return found.ok ? parsedOk(found.value) : parsedFailed(failedWith(command, found.error));
}
