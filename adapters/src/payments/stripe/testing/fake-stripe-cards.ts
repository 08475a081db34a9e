// Stripe's test cards (https://docs.stripe.com/testing): the test PaymentMethod tokens the server side
// uses, and the card numbers a browser types.
import { FakeStripeError, type FormParams, type FormValue } from './fake-stripe-wire.ts';

/** The test PaymentMethods the fake knows by name. */
export type FakeTestPaymentMethod =
  | 'pm_card_visa'
  | 'pm_card_mastercard'
  | 'pm_card_chargeDeclined'
  | 'pm_card_chargeDeclinedInsufficientFunds'
  | 'pm_card_chargeDeclinedExpiredCard';

export interface CardDecline {
  code: string;
  declineCode?: string;
  message: string;
}

export interface TestCard {
  brand: 'visa' | 'mastercard';
  last4: string;
  expMonth: number;
  expYear: number;
  /** Set when every charge on this card is declined. */
  decline: CardDecline | null;
}

const genericDecline: CardDecline = { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };
const insufficientFunds: CardDecline = { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' };
const expiredCard: CardDecline = { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' };
const incorrectCvc: CardDecline = { code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: "Your card's security code is incorrect." };

const nextYear = new Date().getUTCFullYear() + 1;

const byNumber: Record<string, Omit<TestCard, 'last4' | 'expMonth' | 'expYear'>> = {
  '4242424242424242': { brand: 'visa', decline: null },
  '4000056655665556': { brand: 'visa', decline: null },
  '5555555555554444': { brand: 'mastercard', decline: null },
  '4000000000000002': { brand: 'visa', decline: genericDecline },
  '4000000000009995': { brand: 'visa', decline: insufficientFunds },
  '4000000000000069': { brand: 'visa', decline: expiredCard },
  '4000000000000127': { brand: 'visa', decline: incorrectCvc },
};

const byToken: Record<FakeTestPaymentMethod, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
};

export function isTestPaymentMethod(id: string): id is FakeTestPaymentMethod {
  return Object.hasOwn(byToken, id);
}

export function testCardOfToken(token: FakeTestPaymentMethod): TestCard {
  return cardOfNumber(byToken[token], 12, nextYear);
}

/**
 * The card in `payment_method_data` (Stripe.js sends `type=card` and `card[number]`, `card[exp_month]`,
 * `card[exp_year]`, `card[cvc]`). A number Stripe would not accept is refused as a card error, before any
 * charge, as Stripe does.
 */
export function testCardOfPaymentMethodData(data: FormValue): TestCard {
  if (typeof data !== 'object' || Array.isArray(data)) throw FakeStripeError.invalidRequest('Invalid payment_method_data', 'payment_method_data');
  if (data.type !== 'card') throw FakeStripeError.invalidRequest('The fake Stripe server only takes card payment methods.', 'payment_method_data[type]');
  const card = data.card as FormParams | undefined;
  const number = typeof card?.number === 'string' ? card.number.replace(/\s+/g, '') : '';
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    throw new FakeStripeError(402, { type: 'card_error', code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' });
  }
  const expMonth = Number(card?.exp_month ?? 12);
  const expYear = Number(card?.exp_year ?? nextYear);
  return cardOfNumber(number, expMonth, expYear < 100 ? 2000 + expYear : expYear);
}

function cardOfNumber(number: string, expMonth: number, expYear: number): TestCard {
  const known = byNumber[number];
  const brand = known?.brand ?? (number.startsWith('5') ? 'mastercard' : 'visa');
  return { brand, last4: number.slice(-4), expMonth, expYear, decline: known?.decline ?? null };
}

function passesLuhn(number: string): boolean {
  let sum = 0;
  [...number].reverse().forEach((char, index) => {
    let digit = Number(char);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  });
  return sum % 10 === 0;
}
