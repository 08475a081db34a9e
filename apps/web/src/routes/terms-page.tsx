import { LegalPage, LegalSection } from '../features/legal/components/legal-page.tsx';

/** The Terms of Service (issue 7's trust pages): the service, credits and plans as the product runs them. */
export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" lead="The rules of using CivicWatch, in plain words.">
      <LegalSection title="What CivicWatch is">
        <p>
          CivicWatch helps you read government documents: it summarises them, points to constitutional questions,
          suggests what a citizen can do, and cites the page each point rests on. It is an aid to reading, not legal
          advice: check what matters against the document itself, and ask a lawyer before acting on a legal question.
        </p>
      </LegalSection>
      <LegalSection title="Your account and your documents">
        <p>
          Keep your password to yourself; you are responsible for what is done with your account. Upload only
          documents you may share with this service. Do not use CivicWatch to break the law, to overload it, or to
          reach other people&apos;s data.
        </p>
      </LegalSection>
      <LegalSection title="Credits and plans">
        <p>
          Each analysis uses one credit. An analysis that fails gives its credit back. A new account starts with one
          free credit on the Citizen plan. Paid plans (Patriot and Defender) renew every month and add that month&apos;s
          credits when the payment goes through. A discount code applies to the first month only. Promo codes can be
          redeemed once per account and may expire.
        </p>
        <p>
          You can cancel a paid plan at any time: it ends when the month you paid for ends, and you keep your credits.
          We offer a 30-day money-back guarantee on your first payment; refunds are made to the card you paid with.
        </p>
      </LegalSection>
      <LegalSection title="Changes and availability">
        <p>
          We work to keep CivicWatch available and correct, but cannot promise it will never be interrupted or wrong.
          If these terms change, the new terms apply from the day they are published here.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
