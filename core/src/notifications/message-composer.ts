import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { User } from '../accounts/user.ts';
import type { MessageKind, NewOutboxMessage } from './outbox.port.ts';
import type { TokenSigner } from './token-signer.port.ts';

export interface ReceiptDetails {
  tierName: string;
  amountCents: number;
  creditsGranted: number;
  /** A renewal reads as the month's payment, a first invoice as a new plan. */
  renewal: boolean;
  invoiceId: string;
}

export interface AnalysisDetails {
  title: string;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** A subject is one line: whatever a user typed as a title cannot add headers or run on. */
const oneLine = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * The texts of CivicWatch's e-mail, ready for the outbox. Every message ends with the link that turns off
 * optional e-mail (DECISIONS "Other"), signed for its recipient; essential account e-mail (welcome,
 * receipts) is sent whatever the preferences say.
 */
export class MessageComposer {
  /** `publicUrl`: the address users reach the web app at, without a trailing slash. */
  constructor(
    private readonly signer: TokenSigner,
    private readonly publicUrl: string,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** The link of the /unsubscribe page for this user (spec §2). */
  unsubscribeUrl(userId: string): string {
    return `${this.publicUrl}/unsubscribe?token=${encodeURIComponent(this.signer.sign('unsubscribe', userId))}`;
  }

  welcome(user: User, credits: number): NewOutboxMessage {
    return this.message(user, 'welcome', 'Welcome to CivicWatch', [
      'Welcome to CivicWatch.',
      `Your Citizen account is ready, with ${count(credits, 'free analysis', 'free analyses')} to start.`,
      'Upload a bill, an ordinance or any government document, or paste its text: CivicWatch summarises it, checks it against the Constitution and tells you how to act.',
      `Start here: ${this.publicUrl}/`,
    ]);
  }

  paymentReceipt(user: User, receipt: ReceiptDetails): NewOutboxMessage {
    const paidAt = this.clock.now().toISOString().slice(0, 10);
    return this.message(user, 'payment_receipt', `Your CivicWatch receipt: ${receipt.tierName} plan`, [
      receipt.renewal
        ? `Thank you for staying with CivicWatch. We received this month's payment for your ${receipt.tierName} plan.`
        : `Thank you for supporting CivicWatch. We received your payment for the ${receipt.tierName} plan.`,
      [
        `Amount paid: ${money(receipt.amountCents)}`,
        `Plan: ${receipt.tierName} (monthly)`,
        `Credits added: ${receipt.creditsGranted}`,
        `Date: ${paidAt}`,
        `Reference: ${receipt.invoiceId}`,
      ].join('\n'),
      `Your plan: ${this.publicUrl}/subscribe`,
    ]);
  }

  analysisComplete(user: User, analysis: AnalysisDetails): NewOutboxMessage {
    const title = oneLine(analysis.title);
    return this.message(user, 'analysis_complete', `Your CivicWatch analysis is ready: ${title}`, [
      `Your analysis of "${title}" is complete.`,
      `Read the findings, export or share them from your history: ${this.publicUrl}/history`,
    ]);
  }

  private message(user: User, kind: MessageKind, subject: string, paragraphs: string[]): NewOutboxMessage {
    const greeting = user.firstName?.trim() ? `Hello ${user.firstName.trim()},` : 'Hello,';
    const footer = [
      '--',
      `You receive this e-mail because you have a CivicWatch account (${user.email}).`,
      `Stop optional e-mails (analysis notices and product news): ${this.unsubscribeUrl(user.id)}`,
      'Essential account e-mails, such as receipts, are always sent. Your e-mail preferences are in your account settings.',
    ].join('\n');
    return {
      id: this.ids.next(),
      userId: user.id,
      to: user.email,
      kind,
      subject,
      text: [greeting, ...paragraphs, 'The CivicWatch team', footer].join('\n\n') + '\n',
      createdAt: this.clock.now(),
    };
  }
}
