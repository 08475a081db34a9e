import type { Page } from 'playwright-core';
import type { FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';

/**
 * What the browser tests put in place of Stripe.js (js.stripe.com cannot be reached from here): the part of
 * its API the checkout uses. The card element is a plain input labelled "Card number"; confirmCardPayment
 * sends what Stripe.js sends, the card and billing details with the publishable key and the client secret,
 * to api.stripe.com, which the test routes to the local fake Stripe server. Declines and their messages
 * therefore come from the same fake the server talks to.
 */
const standInSource = String.raw`(() => {
  const API = 'https://api.stripe.com';
  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    const created = {};
    const makeElement = (type) => {
      const handlers = {};
      let input = null;
      const emit = (name, payload) => (handlers[name] || []).forEach((handler) => handler({ elementType: type, ...payload }));
      const element = {
        mount(target) {
          const node = typeof target === 'string' ? document.querySelector(target) : target;
          input = document.createElement('input');
          input.setAttribute('aria-label', 'Card number');
          input.setAttribute('inputmode', 'numeric');
          input.placeholder = '1234 1234 1234 1234';
          input.addEventListener('input', () => {
            const digits = input.value.replace(/\D/g, '');
            emit('change', { empty: digits.length === 0, complete: digits.length >= 16, error: undefined });
          });
          input.addEventListener('focus', () => emit('focus', {}));
          input.addEventListener('blur', () => emit('blur', {}));
          node.appendChild(input);
          setTimeout(() => emit('ready', {}), 0);
        },
        on(name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
        off(name, handler) { handlers[name] = (handlers[name] || []).filter((h) => h !== handler); return element; },
        update() {},
        focus() { if (input) input.focus(); },
        blur() { if (input) input.blur(); },
        clear() { if (input) input.value = ''; },
        unmount() { if (input) input.remove(); },
        destroy() { if (input) input.remove(); delete created[type]; },
        cardNumber() { return input ? input.value.replace(/\D/g, '') : ''; },
      };
      return element;
    };
    const elements = {
      create(type) { const element = makeElement(type); created[type] = element; return element; },
      getElement(type) { return created[type] || null; },
      update() {},
    };
    this.elements = () => elements;
    // React Stripe.js checks for these before it accepts the object; the checkout never calls them.
    const unsupported = async () => ({ error: { type: 'invalid_request_error', message: 'Not offered by the test stand-in for Stripe.js' } });
    this.createToken = unsupported;
    this.createPaymentMethod = unsupported;
    this._registerWrapper = () => {};
    this.registerAppInfo = () => {};
    this.confirmCardPayment = async (clientSecret, data = {}) => {
      const id = clientSecret.split('_secret_')[0];
      const method = data.payment_method || {};
      const body = new URLSearchParams({ key, client_secret: clientSecret, 'payment_method_data[type]': 'card' });
      body.set('payment_method_data[card][number]', method.card && method.card.cardNumber ? method.card.cardNumber() : '');
      const billing = method.billing_details || {};
      for (const [field, value] of Object.entries(billing)) {
        if (value && typeof value === 'object') {
          for (const [part, v] of Object.entries(value)) if (v) body.set('payment_method_data[billing_details][' + field + '][' + part + ']', v);
        } else if (value) body.set('payment_method_data[billing_details][' + field + ']', value);
      }
      const response = await fetch(API + '/v1/payment_intents/' + id + '/confirm', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
      const json = await response.json();
      return response.ok ? { paymentIntent: json } : { error: json.error };
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/** Serves the stand-in as Stripe.js and sends the page's Stripe API calls to the fake Stripe server. */
export async function routeStripe(page: Page, fake: FakeStripe): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: standInSource }));
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${fake.apiBase}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}
