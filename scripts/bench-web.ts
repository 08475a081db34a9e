/**
 * The web app as a browser loads it: the app is built (`npm run build`), served by the real server, and
 * opened in Debian's Chromium (as the browser tests do). Counts the gzipped JavaScript of the landing page's
 * first load, and records on which pages jsPDF, the report's font and Stripe.js are fetched: never on pages that
 * do not use them, and on those that do, when they do (the checkout with payments on, Export PDF of an analysis).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { startFakeStripe, stripeEnvironment } from '../adapters/src/payments/stripe/testing/fake-stripe-server.ts';
import { launchChromium } from '../apps/web/e2e/support/browser.ts';
import { fixed, type Measure } from './bench-kit.ts';
import { postAnalysis, startBenchServer } from './bench-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const BUDGET_KB = 150;

/**
 * What a request fetched: the app's chunks and assets by file name (Rolldown names a library's chunk after it,
 * Vite an asset after its file), Stripe.js by host.
 */
const libraryOf = (url: string): 'jsPDF' | 'report font' | 'Stripe.js' | null => {
  if (/\/assets\/jspdf[.-]/.test(url)) return 'jsPDF';
  if (/\/assets\/DejaVuSans[.-]/.test(url)) return 'report font';
  if (url.startsWith('https://js.stripe.com/') || /\/assets\/stripe-js-/.test(url)) return 'Stripe.js';
  return null;
};

interface PageLoad {
  scripts: Array<{ url: string; gzipBytes: number }>;
  /** Every request's URL, scripts or not (the report's font is fetched). */
  urls: string[];
}

/** Opens `url` in a fresh page, waits until the network is quiet (and for `then`), and answers every request made. */
async function visit(context: BrowserContext, url: string, then?: (page: Page) => Promise<void>): Promise<PageLoad> {
  const page = await context.newPage();
  const scripts: Array<Promise<{ url: string; gzipBytes: number }>> = [];
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(request.response().then(async (response) => ({ url: request.url(), gzipBytes: response ? gzipSync(await response.body()).length : 0 })));
  });
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'script') scripts.push(Promise.resolve({ url: request.url(), gzipBytes: 0 }));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await then?.(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  return { scripts: await Promise.all(scripts), urls };
}

export async function measureWebBundle(): Promise<Measure> {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const stripe = await startFakeStripe();
  const bench = await startBenchServer(stripeEnvironment(stripe));
  const browser = await launchChromium();
  try {
    const base = bench.server.url;
    const cookie = await bench.register('web@bench.example.org');
    const analysis = await postAnalysis(bench.server, cookie, { text: 'The council shall publish the budget thirty days before the vote. Residents may comment in writing until the hearing.' });
    if (analysis.status !== 200) throw new Error(`analysing: ${analysis.status} ${analysis.body}`);

    const signedOut = await browser.newContext();
    // js.stripe.com is unreachable here: the attempt to fetch it is what is recorded.
    await signedOut.route('https://js.stripe.com/**', (route) => route.abort());
    const landing = await visit(signedOut, `${base}/`);
    const signedIn = await browser.newContext({ acceptDownloads: true });
    await signedIn.route('https://js.stripe.com/**', (route) => route.abort());
    const [name, value] = cookie.split('=') as [string, string];
    await signedIn.addCookies([{ name, value, url: base }]);
    const withoutLibraries: Array<[string, PageLoad]> = [
      ['/ (signed out)', landing],
      ['/login', await visit(signedOut, `${base}/login`)],
      ['/signup', await visit(signedOut, `${base}/signup`)],
      ['/subscribe', await visit(signedOut, `${base}/subscribe`)],
      ['/ (signed in)', await visit(signedIn, `${base}/`)],
      ['/history', await visit(signedIn, `${base}/history`)],
      ['/account', await visit(signedIn, `${base}/account`)],
    ];
    const checkout = await visit(signedIn, `${base}/checkout?tier=patriot`);
    const exported = await visit(signedIn, `${base}/`, async (page) => {
        await page.getByRole('button', { name: 'View Results' }).first().click();
        await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PDF' }).click()]);
    });
    await signedOut.close();
    await signedIn.close();

    const firstLoad = landing.scripts.filter((script) => script.url.startsWith(base));
    const kb = firstLoad.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
    const libraries = (load: PageLoad) => [...new Set(load.urls.map(libraryOf).filter(Boolean))].sort().join(', ') || 'none';
    const libraryRows: Array<[string, string, string]> = [
      ...withoutLibraries.map(([page, load]): [string, string, string] => [page, libraries(load), 'none']),
      ['/checkout (payments on)', libraries(checkout), 'Stripe.js'],
      ['/ (signed in), then Export PDF', libraries(exported), 'jsPDF, report font'],
    ];
    const splitOk = libraryRows.every(([, fetched, expected]) => fetched === expected);
    return {
      name: 'Web: the landing page\'s first load',
      table: {
        header: ['script or page', 'gzip KB', 'libraries fetched', 'expected'],
        rows: [
          ...firstLoad.map((script) => [new URL(script.url).pathname, fixed(script.gzipBytes / 1024), '', '']),
          ['first load of /, all JavaScript', fixed(kb), '', ''],
          [`share of the ${BUDGET_KB} KB budget`, `${fixed((100 * kb) / BUDGET_KB, 0)}%`, '', ''],
          ...libraryRows.map(([page, fetched, expected]) => [page, '', fetched, expected]),
        ],
      },
      figure: `${fixed(kb)} KB gzipped (${fixed(kb / BUDGET_KB, 2)}x the budget); jsPDF, the report font and Stripe.js ${splitOk ? 'only where used' : 'ALSO ELSEWHERE or missing'}`,
      target: `under ${BUDGET_KB} KB; jsPDF, the report font and Stripe.js only on the pages that use them`,
      met: kb < BUDGET_KB && splitOk,
      notes: [
        'Every script Chromium fetched for a signed-out visit to / until the network was quiet, each gzipped here (zlib default level), as served by the built app.',
        'Stripe.js: the app\'s loader chunk and js.stripe.com (refused here, the attempt is what counts); the checkout runs with payments on against the fake Stripe server of the tests.',
      ],
    };
  } finally {
    await browser.close();
    await bench.close();
    await stripe.close();
  }
}
