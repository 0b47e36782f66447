import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

/** Platform §7: an uncaught error in the browser reaches the team's chat, and the user sees nothing of it. */
describe('client errors', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let chat: Server;
  const posts: string[] = [];
  let wake: (() => void) | undefined;

  beforeAll(async () => {
    chat = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        posts.push((JSON.parse(body) as { text: string }).text);
        wake?.();
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
    const chatUrl = `http://127.0.0.1:${(chat.address() as AddressInfo).port}/hook`;
    [herald, browser] = await Promise.all([
      startHeraldForBrowser({ chatWebhookUrl: chatUrl }),
      launchBrowser(),
    ]);
    baseUrl = herald.config.publicUrl;
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
    await new Promise<void>((resolve) => chat?.close(() => resolve()));
  });

  it('posts an uncaught error to the server, stripped, and shows the user nothing', async () => {
    const organizationId = await createOrganization(herald, 'Client Errors Org');
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { page, context } = await openPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await signIn(page, baseUrl, user.email, user.password);
    const arrived = new Promise<void>((resolve) => (wake = resolve));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Broken widget with password=letmein');
      });
    });
    await arrived;
    expect(posts[0]).toContain('Uncaught error: Error: Broken widget with password=[redacted]');
    expect(posts[0]).not.toContain('letmein');
    expect(posts[0]).toContain('/organizations');
    // Nothing for the user: no alert, no error page, no console noise from the error itself.
    expect(await page.getByTestId('app-alert').count()).toBe(0);
    await page.getByRole('heading', { name: 'Choose organization' }).waitFor();
    expect(consoleErrors.filter((text) => text.includes('Broken widget'))).toEqual([]);
    await context.close();
  });
});
