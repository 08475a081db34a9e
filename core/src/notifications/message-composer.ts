import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { User } from '../accounts/user.ts';
import { MAX_NAME_LENGTH, isOneLineName } from '../contracts/fields.ts';
import { accountLinkPaths, type AccountTokenPurpose } from '../accounts/account-token.ts';
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
/**
 * What a user typed (a document's title), as an e-mail may show it: one line without controls or direction
 * marks, so that it cannot add headers, run on or reorder the text after it; cut at `max`; in double quotes
 * (its own turned into single ones, so it cannot close them), so that it reads as the user's words and not as
 * CivicWatch's.
 */
const quoted = (text: string, max = 80) => {
  const flat = text.toWellFormed().replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ').replace(/\s+/g, ' ').trim().replaceAll('"', "'");
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
};

/**
 * Whether an e-mail may show what the account's holder typed (a name, a title): only to the account's own
 * address once it is verified. Anyone can register any address, or ask for a change to one, and choose the
 * name and titles that would be sent there: an unverified address may belong to someone who never saw them.
 */
const writesToItsTypist = (user: User, to: string) => user.emailVerifiedAt !== null && to === user.email;

/**
 * The texts of CivicWatch's e-mail, ready for the outbox. Every message ends with the link that turns off
 * optional e-mail (docs/product/accounts.md "E-mail and unsubscribing"), signed for its recipient; essential account e-mail (welcome, the
 * account's links and security notices) is sent whatever the preferences say. Receipts go to users who keep
 * them on in account settings (the place that enqueues them checks); the link leaves that setting alone.
 */
export class MessageComposer {
  /** `publicUrl`: the address users reach the web app at, without a trailing slash. */
  constructor(
    private readonly signer: TokenSigner,
    private readonly publicUrl: string,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** The link of the /unsubscribe page for this user (docs/product/screens.md "Unsubscribe"). */
  unsubscribeUrl(userId: string): string {
    return `${this.publicUrl}/unsubscribe?token=${encodeURIComponent(this.signer.sign('unsubscribe', userId))}`;
  }

  /** The page an account link opens, carrying its token (ADR 0008). */
  accountLinkUrl(purpose: AccountTokenPurpose, token: string): string {
    return `${this.publicUrl}${accountLinkPaths[purpose]}?token=${encodeURIComponent(token)}`;
  }

  /** `verificationToken`: the token of the link that confirms the address the account was opened with. */
  welcome(user: User, credits: number, verificationToken: string): NewOutboxMessage {
    return this.message(user, 'welcome', 'Welcome to CivicWatch', [
      'Welcome to CivicWatch.',
      `Your Citizen account is ready, with ${count(credits, 'free analysis', 'free analyses')} to start.`,
      'Upload a bill, an ordinance or any government document, or paste its text: CivicWatch summarises it, checks it against the Constitution and tells you how to act.',
      `Please confirm that this is your e-mail address by opening this link within 24 hours (you need a confirmed address to subscribe to a paid plan):\n${this.accountLinkUrl('email_verification', verificationToken)}`,
      `Start here: ${this.publicUrl}/`,
    ]);
  }

  emailVerification(user: User, token: string): NewOutboxMessage {
    return this.message(user, 'email_verification', 'Confirm your e-mail address for CivicWatch', [
      'Please confirm that this is the e-mail address of your CivicWatch account by opening this link:',
      this.accountLinkUrl('email_verification', token),
      'The link works for 24 hours. If you did not ask for it, you can ignore this e-mail.',
    ]);
  }

  passwordReset(user: User, token: string): NewOutboxMessage {
    return this.message(user, 'password_reset', 'Reset your CivicWatch password', [
      'We received a request to reset the password of your CivicWatch account. Choose a new password here:',
      this.accountLinkUrl('password_reset', token),
      'The link works once, for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ]);
  }

  passwordChanged(user: User): NewOutboxMessage {
    return this.message(user, 'password_changed', 'Your CivicWatch password was changed', [
      `The password of your CivicWatch account was changed on ${this.clock.now().toISOString().slice(0, 10)}. Every other device signed in to your account was signed out.`,
      `If you did not change it, reset your password at once: ${this.publicUrl}/forgot-password`,
    ]);
  }

  /**
   * To the new address: the link that makes it the account's e-mail. That address may be anyone's, so the
   * message says nothing of the account (its name, its current address, its unsubscribe link).
   */
  emailChangeConfirmation(user: User, newEmail: string, token: string): NewOutboxMessage {
    return this.message(user, 'email_change_confirmation', 'Confirm your new e-mail address for CivicWatch', [
      `Someone asked to use ${newEmail} as the e-mail address of their CivicWatch account. If it was you, confirm it by opening this link:`,
      this.accountLinkUrl('email_change', token),
      'The link works for 24 hours. If you did not ask for this, ignore this e-mail: nothing changes.',
    ], newEmail);
  }

  /** To the current address: someone asked to move the account away from it. */
  emailChangeNotice(user: User, newEmail: string): NewOutboxMessage {
    return this.message(user, 'email_change_notice', 'A change of your CivicWatch e-mail address was requested', [
      `Someone signed in to your CivicWatch account asked to change its e-mail address to ${newEmail}. Nothing changes until the link we sent to that address is opened.`,
      `If this was not you, change your password at once in your account settings: ${this.publicUrl}/account`,
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

  /** The document's title only where its typist reads it (writesToItsTypist), quoted as theirs. */
  analysisComplete(user: User, analysis: AnalysisDetails): NewOutboxMessage {
    const title = writesToItsTypist(user, user.email) ? quoted(analysis.title) : null;
    return this.message(user, 'analysis_complete', title ? `Your CivicWatch analysis is ready: ${title}` : 'Your CivicWatch analysis is ready', [
      title ? `Your analysis of the document titled ${title} is complete.` : 'Your analysis is complete.',
      `Read the findings, export or share them from your history: ${this.publicUrl}/history`,
    ]);
  }

  /**
   * `to`: another recipient than the account's current address (the new address of an e-mail change), who is
   * told nothing of the account. The greeting names the user only where writesToItsTypist, and only a name
   * that keeps the rule of names (one written before that rule may not).
   */
  private message(user: User, kind: MessageKind, subject: string, paragraphs: string[], to = user.email): NewOutboxMessage {
    const name = user.firstName?.trim() ?? '';
    const greeting = writesToItsTypist(user, to) && name && isOneLineName(name) && name.length <= MAX_NAME_LENGTH ? `Hello ${name},` : 'Hello,';
    const footer = (to === user.email
      ? [
        '--',
        `You receive this e-mail because you have a CivicWatch account (${user.email}).`,
        `Stop optional e-mails (analysis notices and product news): ${this.unsubscribeUrl(user.id)}`,
        'Essential account e-mails, such as password resets, are always sent. Choose whether you also receive payment receipts, '
          + `analysis notices and product news in your account settings: ${this.publicUrl}/account`,
      ]
      : ['--', `You receive this e-mail because someone asked to use ${to} for a CivicWatch account.`]
    ).join('\n');
    return {
      id: this.ids.next(),
      userId: user.id,
      to,
      kind,
      subject,
      text: [greeting, ...paragraphs, 'The CivicWatch team', footer].join('\n\n') + '\n',
      createdAt: this.clock.now(),
    };
  }
}
