import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { onTestFailed, onTestFinished } from 'vitest';

export const CHROMIUM_PATH = process.env.HERALD_CHROMIUM ?? '/usr/bin/chromium';
/** Screenshots of failed browser tests land here; CI prints the folder. */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../../test-results/screenshots');

// Without the background-networking flags Chromium keeps dialling Google on this closed network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let shared: Promise<Browser> | undefined;

/**
 * The test worker's Chromium: launched by its first file and shared by the next ones (the browser project
 * runs without isolation, so this module outlives a file). Each file ends with `releaseBrowser`, which closes
 * what the file opened and leaves the browser running; Playwright ends it when the worker exits.
 */
export async function launchBrowser(): Promise<Browser> {
  const current = await shared?.catch(() => undefined);
  if (current?.isConnected()) return current;
  shared = chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return shared;
}

/** Closes every browser context a file opened (files of a worker run one after another). */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
}

/**
 * A fresh browser profile (cookies, storage) for one person, with a screenshot taken if the test fails.
 * `locale` sets navigator.language and Accept-Language, as a browser set to that language would.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  /**
   * Violations a test provokes on purpose, such as hostile content in a sandboxed preview being refused; they
   * are not the console's own and do not fail it.
   */
  expected: { cspViolations?: RegExp } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  const page = await context.newPage();
  // The server's Content-Security-Policy must never block what the console itself does: a violation fails the test.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || !message.text().includes('Content Security Policy')) return;
    if (!expected.cspViolations?.test(message.text())) violations.push(message.text());
  });
  onTestFinished(() => {
    if (violations.length > 0)
      throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
  });
  onTestFailed(async ({ task }) => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
    await page
      .screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true })
      .catch(() => undefined);
  });
  return { context, page };
}
