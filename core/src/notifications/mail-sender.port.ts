import type { Mail } from './outbox.port.ts';

/**
 * Hands one message to a mail server. Resolves when the server accepted it; throws when it refused or
 * could not be reached (infrastructure, the outbox retries).
 */
export interface MailSender {
  send(mail: Mail): Promise<void>;
}
export const MailSender = Symbol('MailSender');
