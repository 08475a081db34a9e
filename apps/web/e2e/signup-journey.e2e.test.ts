import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { ServerProcess } from './support/server.ts';

const artifacts = path.resolve(import.meta.dirname, '../../../test-artifacts/e2e');
let server: ServerProcess;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
  dataDir = await mkdtemp(path.join(tmpdir(), 'cw-e2e-'));
  server = await ServerProcess.create(dataDir);
  await server.start();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });

test('a new citizen signs up, edits her profile, survives a server restart and signs out', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const email = `rosa.${Date.now()}@example.org`;

  await page.goto(`${server.url}/signup`);
  await page.getByLabel('Username').fill('Rosa');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('liberty1');
  await page.getByLabel('Confirm Password').fill('liberty1');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await page.waitForURL(`${server.url}/`);
  await expect.poll(() => page.getByRole('heading', { name: 'Welcome back, Rosa!' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('1 credit remaining').isVisible()).toBe(true);
  await shot(page, '01-signed-in-home');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Last Name').fill('Parks');
  await page.getByLabel('State', { exact: true }).selectOption('AL');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect.poll(() => page.getByText('Your profile has been updated successfully.', { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Parks').first().isVisible()).toBe(true);
  await shot(page, '02-profile-saved');

  // The session and the data live in the database under DATA_DIR: a restart loses neither.
  await server.stop();
  await server.start();
  await page.reload();
  await expect.poll(() => page.getByRole('heading', { name: 'Welcome back, Rosa!' }).isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.getByText('Parks').first().isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Alabama').first().isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect.poll(() => page.getByRole('link', { name: 'Get Started - Free' }).isVisible()).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/');
  await shot(page, '03-signed-out-landing');

  // Signed out for real: the API no longer knows this browser.
  const status = await page.evaluate(async () => (await fetch('/api/user')).status);
  expect(status).toBe(401);
});
