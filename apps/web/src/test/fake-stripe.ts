import { vi } from 'vitest';

/**
 * A stand-in for Stripe.js, for `vi.mock('@stripe/stripe-js', () => import('../test/fake-stripe.ts'))`.
 * The card element mounts a plain input where Stripe's iframe would be; `confirmCardPayment` succeeds
 * with `pi_test_123` unless a test says otherwise. One instance per test file: the app keeps the Stripe
 * instance of a key, so tests change these functions' behaviour, never the objects.
 */
export const fakeCard = {
  mount: vi.fn(),
  destroy: vi.fn(),
  unmount: vi.fn(),
  on: vi.fn(),
  off: vi.fn(),
  update: vi.fn(),
};

const fakeElements = {
  create: vi.fn(() => fakeCard),
  getElement: vi.fn((type: unknown) => (type === 'card' ? fakeCard : null)),
  update: vi.fn(),
};

export const fakeStripe = {
  elements: vi.fn(() => fakeElements),
  createToken: vi.fn(),
  createPaymentMethod: vi.fn(),
  confirmCardPayment: vi.fn(),
};

/** The mocked module's export: resolves the fake. */
export const loadStripe = vi.fn();

/** Restores the default behaviour; call in beforeEach. */
export function resetFakeStripe() {
  for (const fn of [...Object.values(fakeCard), ...Object.values(fakeStripe), loadStripe]) fn.mockClear();
  fakeCard.mount.mockImplementation((node: HTMLElement) => {
    const input = document.createElement('input');
    input.setAttribute('aria-label', 'Card number');
    node.replaceChildren(input);
  });
  fakeStripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_test_123', status: 'succeeded' } });
  loadStripe.mockResolvedValue(fakeStripe);
}
