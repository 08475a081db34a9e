import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startLocalSmtpServer, type LocalSmtpServer } from '@civicwatch/adapters/notifications/testing/local-smtp-server.ts';
import { openJourney, type Journey } from './support/journey.ts';

// Account recovery in Chromium against the real server, which sends e-mail through a local SMTP server
// (SMTP_URL: only then does it ask for a verified address, and show the banner); the links are read from
// the outbox with `civicwatch outbox --json`, as the person would read them in their mailbox.
let smtp: LocalSmtpServer;
let j: Journey;
beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  j = await openJourney({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await j?.close();
  await smtp?.close();
});

const visible = (page: Page, locator: ReturnType<Page['getByRole']>) => expect.poll(() => locator.first().isVisible(), { timeout: 10_000 }).toBe(true);

test('a new citizen verifies her address with the link of the welcome e-mail, and the banner goes', async () => {
  const page = await j.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const email = await j.signUp(page, 'Rosa');
  const banner = page.getByRole('region', { name: 'E-mail verification' });
  await visible(page, banner);
  expect(await banner.textContent()).toContain(`We sent a link to ${email}`);
  await j.shot(page, 'recovery-01-verification-banner');

  await page.goto(await j.emailedLink(email, '/verify-email'));
  await visible(page, page.getByRole('heading', { name: 'E-mail Address Verified' }));
  await j.shot(page, 'recovery-02-verified');
  await page.getByRole('link', { name: 'Go to CivicWatch' }).click();
  await visible(page, page.getByRole('heading', { name: 'Welcome, Rosa!' }));
  expect(await banner.count()).toBe(0);
  await page.close();
});

test('a citizen who forgot her password resets it from the e-mailed link; the old password stops working', async () => {
  const page = await j.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const email = await j.signUp(page, 'Ada');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await visible(page, page.getByRole('link', { name: 'Get Started - Free' }));

  await page.goto(`${j.server.url}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await visible(page, page.getByRole('heading', { name: 'Forgot your password?' }));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await visible(page, page.getByText('If an account uses this e-mail address, we have sent it a link to choose a new password.', { exact: false }));
  await j.shot(page, 'recovery-03-reset-link-sent');

  const link = await j.emailedLink(email, '/reset-password');
  expect(link.startsWith(`${j.server.url}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('freedom22');
  await page.getByLabel('Confirm New Password').fill('freedom22');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await visible(page, page.getByText('Your password has been changed', { exact: false }));
  await j.shot(page, 'recovery-04-password-reset');

  // The link worked once: opened again, it says so and offers a new one.
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('takeover9');
  await page.getByLabel('Confirm New Password').fill('takeover9');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await visible(page, page.getByText('This password reset link has already been used.', { exact: false }));

  const signIn = async (password: string) => {
    await page.goto(`${j.server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };
  await signIn('liberty1');
  await visible(page, page.getByText('Invalid credentials'));
  expect(new URL(page.url()).pathname).toBe('/login');

  await signIn('freedom22');
  await visible(page, page.getByRole('heading', { name: 'Welcome back, Ada!' }));
  await j.shot(page, 'recovery-05-signed-in-with-new-password');
  await page.close();
});
