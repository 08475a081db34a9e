import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@civicwatch/core/contracts/index.ts';
import { publicConfigQuery } from '../lib/public-config.ts';
import { LegalPage, LegalSection } from '../features/legal/components/legal-page.tsx';

/** Who, besides this server, reads a document: it depends on how this server is configured. */
function documentRecipients(config: PublicConfig | undefined): string {
  switch (config?.analyzer) {
    case 'openai':
      return 'This server analyses documents with a language model reached through the OpenAI API (or a server compatible with it that its operator chose): the extracted text of your document, your jurisdiction and your custom focus are sent to that service for each analysis, and its answer comes back to this server.';
    case 'ollama':
      return 'This server analyses documents with a language model run through Ollama on a machine its operator controls: the extracted text of your document, your jurisdiction and your custom focus are sent to that machine for each analysis.';
    case 'embedded':
      return 'This server analyses documents itself, with its built-in analyzer: no outside service sees your document.';
    default:
      return 'Which analyzer reads your document depends on how this server is configured; this page names it once the configuration has loaded.';
  }
}

/** Whether a paid plan needs a confirmed address follows whether e-mail leaves this server (docs/product). */
function addressConfirmation(config: PublicConfig | undefined): string {
  if (config === undefined) return 'Whether you must confirm your e-mail address depends on how this server is configured; this page says so once the configuration has loaded.';
  return config.verifiedEmailRequired
    ? 'This server sends e-mail: before you subscribe to a paid plan, you confirm your address by opening the link we send to it, because receipts and the payment provider use that address.'
    : 'No mail server is connected to this server, so no confirmation link could reach you: you can subscribe to a paid plan without confirming your address, and receipts and the payment provider use the address you registered with as you typed it.';
}

/** The Privacy Policy (issue 7's trust pages): what this product really stores, for how long, and who sees what. */
export function PrivacyPage() {
  const config = useQuery(publicConfigQuery).data;
  return (
    <LegalPage title="Privacy Policy" lead="What CivicWatch keeps about you and your documents, for how long, and who else sees them.">
      <LegalSection title="Your documents">
        <p>
          A PDF you upload or text you paste is held in memory only while it is analysed. Scanned pages are read by
          text recognition on this server. When the analysis completes or fails, the document is gone: what stays is
          the result (summary, insights, issues, actions, risks, sentiment), its title and type, word and page counts,
          and the short quotes the result cites, each with its page.
        </p>
        <p>{documentRecipients(config)}</p>
        <p>Your analyses stay in your history until you delete them there.</p>
        <p>
          If you create a public link to an analysis, anyone who has the link can read its results, without signing in,
          until you stop sharing it or delete the analysis. The shared page shows neither your name, your e-mail nor
          the document&apos;s title, and asks search engines not to list it.
        </p>
      </LegalSection>
      <LegalSection title="Your account">
        <p>
          We keep your e-mail address, your name, state and country if you give them, your plan, your credit balance
          and every change to it (sign-up credit, analyses, promo codes, payments, refunds, changes by an
          administrator), and your e-mail preferences. Your password is stored only as an Argon2id hash. A sign-in
          lasts up to 30 days in a cookie that scripts cannot read.
        </p>
        <p>
          Administrators of this server can see accounts, change plans and credits, refund payments and delete
          accounts; every such action is recorded with who did it and when.
        </p>
        <p>
          In your account settings you can download everything your account holds as one file, and delete your
          account. Deleting an account, yourself or by an administrator, ends any paid plan at once and removes its
          analyses and their share links, credit history, sessions, e-mails and personal details. Only the record of
          each paid month that payment law requires (its amount, date, plan and invoice number) is kept, with nothing
          that names you.
        </p>
      </LegalSection>
      <LegalSection title="Payments">
        {config?.paymentsEnabled ? (
          <p>
            Paid plans are billed by Stripe. Your card details go from your browser straight to Stripe and never reach
            this server; we keep your Stripe customer and subscription ids, and for each paid month its amount, any
            refund and the credits it gave. Stripe&apos;s own privacy policy covers what it keeps.
          </p>
        ) : (
          <p>This server takes no payments, so no payment provider sees anything about you.</p>
        )}
      </LegalSection>
      <LegalSection title="E-mail">
        <p>
          We write to you when you register, when a payment goes through and, unless you turn it off, when an analysis is
          complete. Each optional e-mail carries a link that turns optional e-mail off; essential account e-mail is
          still sent. Until this server&apos;s operator connects a mail server, messages wait in an outbox that its
          administrators can read.
        </p>
        <p>{addressConfirmation(config)}</p>
      </LegalSection>
      <LegalSection title="What we do not do">
        <p>No advertising, no tracking scripts, no selling or sharing of your data beyond the services named above.</p>
      </LegalSection>
    </LegalPage>
  );
}
