import { createTransport } from 'nodemailer';
import type { Mail, MailSender } from '@civicwatch/core';

export interface SmtpConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start). */
  url: string;
  /** The From header, e.g. `CivicWatch <no-reply@example.org>`. */
  from: string;
}

/**
 * Plain-text e-mail over SMTP with nodemailer, one connection per message (the outbox sends a few at a
 * time). Timeouts end a stuck attempt long before the outbox's claim on the message runs out.
 */
export class NodemailerMailSender implements MailSender {
  private readonly transport;

  constructor(config: SmtpConfig) {
    this.transport = createTransport(
      { url: config.url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000, dnsTimeout: 30_000 },
      { from: config.from },
    );
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
    // A server may accept the message yet refuse its only recipient; that is a failed delivery too.
    if (info.rejected.length > 0 || info.accepted.length === 0) {
      throw new Error(`The mail server refused the recipient: ${info.response}`);
    }
  }

  close(): void {
    this.transport.close();
  }
}
