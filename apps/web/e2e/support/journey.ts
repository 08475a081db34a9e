import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { ServerProcess } from './server.ts';

export const artifactsDir = path.resolve(import.meta.dirname, '../../../../test-artifacts/e2e');

/** One browser journey's world: its own server on its own data dir, Chromium, and screenshots kept as artifacts. */
export interface Journey {
  server: ServerProcess;
  browser: Browser;
  shot(page: Page, name: string): Promise<void>;
  /**
   * Signs up on /signup and waits for the signed-in home; answers the e-mail used: `email` when given (an
   * address ADMIN_EMAILS names makes the account an administrator), otherwise a fresh citizen's.
   */
  signUp(page: Page, username: string, email?: string): Promise<string>;
  /** Runs `civicwatch` against this journey's server, as its administrator would. */
  cli(...args: string[]): Promise<void>;
  /**
   * The newest link to `path` (`/verify-email`, `/reset-password`) e-mailed to `email`, read from the
   * outbox with `civicwatch outbox --json` as the recipient would read it in the e-mail.
   */
  emailedLink(email: string, path: string): Promise<string>;
  /** Opens the verification link e-mailed to `email` in `page`, as a new user does before subscribing. */
  verifyEmail(page: Page, email: string): Promise<void>;
  close(): Promise<void>;
}

/** `env` configures the server, as a self-hoster's environment would (Stripe keys, say). */
export async function openJourney(env: Record<string, string> = {}): Promise<Journey> {
  await mkdir(artifactsDir, { recursive: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cw-e2e-'));
  const server = await ServerProcess.create(dataDir, env);
  await server.start();
  const browser = await launchChromium();
  const emailedLink = async (email: string, linkPath: string) => {
    const { messages } = JSON.parse(await server.cliOutput(['outbox', '--json', '--page-size', '100'])) as { messages: Array<{ to: string; text: string }> };
    const pattern = new RegExp(`https?://\\S+${linkPath}\\?token=\\S+`);
    const link = messages.filter((m) => m.to === email).map((m) => pattern.exec(m.text)?.[0]).find(Boolean);
    if (!link) throw new Error(`no ${linkPath} link e-mailed to ${email}`);
    return link;
  };
  return {
    server,
    browser,
    shot: async (page, name) => {
      await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
    },
    signUp: async (page, username, email = `${username.toLowerCase()}.${Date.now()}@example.org`) => {
      await page.goto(`${server.url}/signup`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('liberty1');
      await page.getByLabel('Confirm Password').fill('liberty1');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(`${server.url}/`);
      return email;
    },
    cli: (...args) => server.cli(args),
    emailedLink,
    verifyEmail: async (page, email) => {
      await page.goto(await emailedLink(email, '/verify-email'));
      await page.getByRole('heading', { name: 'E-mail Address Verified' }).waitFor();
    },
    close: async () => {
      await browser.close();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
