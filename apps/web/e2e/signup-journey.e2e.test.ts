import { afterAll, beforeAll, expect, test } from 'vitest';
import { openJourney, type Journey } from './support/journey.ts';

let j: Journey;
beforeAll(async () => { j = await openJourney(); });
afterAll(async () => { await j?.close(); });

test('a new citizen signs up, edits her profile, survives a server restart and signs out', async () => {
  const page = await j.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const email = await j.signUp(page, 'Rosa');
  // Her first visit: welcomed, not welcomed back.
  await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Rosa!' }).isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => page.getByText('1 credit remaining').isVisible()).toBe(true);
  await j.shot(page, '01-signed-in-home');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Last Name').fill('Parks');
  await page.getByLabel('State', { exact: true }).selectOption('AL');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect.poll(() => page.getByText('Your profile has been updated successfully.', { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Parks').first().isVisible()).toBe(true);
  await j.shot(page, '02-profile-saved');

  // The session and the data live in the database under DATA_DIR: a restart loses neither.
  await j.server.stop();
  await j.server.start();
  await page.reload();
  await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Rosa!' }).isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.getByText('Parks').first().isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Alabama').first().isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect.poll(() => page.getByRole('link', { name: 'Get Started - Free' }).isVisible()).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/');
  await j.shot(page, '03-signed-out-landing');

  // Signed out for real: the API no longer knows this browser.
  const status = await page.evaluate(async () => (await fetch('/api/user')).status);
  expect(status).toBe(401);

  // Coming back is a visit after the first.
  await page.goto(`${j.server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('liberty1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Welcome back, Rosa!' }).isVisible(), { timeout: 10_000 }).toBe(true);
});
