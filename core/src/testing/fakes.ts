import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { PasswordHasher } from '../accounts/password-hasher.port.ts';
import type { TokenSigner } from '../notifications/token-signer.port.ts';
import { MessageComposer } from '../notifications/message-composer.ts';

/** Test doubles behind core's ports; the in-memory repositories come from adapters' in-memory unit of work. */
export class FixedClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date): void {
    this.current = date;
  }
}

export class SequentialIds implements IdGenerator {
  private n = 0;
  next(): string {
    this.n += 1;
    return `00000000-0000-4000-8000-${String(this.n).padStart(12, '0')}`;
  }
}

/** Fast and obviously not a real hash: unit tests check the use case's logic, argon2 has its own tests. */
export const plainTextHasher: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (hash, password) => hash === `plain:${password}`,
};

/** Obviously not a signature (`purpose.subject`): unit tests check who gets which link, HmacTokenSigner has its own tests. */
export const plainTokenSigner: TokenSigner = {
  sign: (purpose, subject) => `${purpose}.${subject}`,
  verify: (purpose, token) => (token.startsWith(`${purpose}.`) && token.length > purpose.length + 1 ? token.slice(purpose.length + 1) : null),
};

export const TEST_PUBLIC_URL = 'https://civicwatch.test';

/** One sequence for every test composer, so that outbox ids never collide within a test file. */
const messageIds = new SequentialIds();

/** The e-mail texts as the server writes them, with plain tokens and links to TEST_PUBLIC_URL. */
export const testMessages = (clock: Clock): MessageComposer => new MessageComposer(plainTokenSigner, TEST_PUBLIC_URL, clock, messageIds);
