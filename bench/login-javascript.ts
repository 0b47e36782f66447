import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { repositoryRoot, startServerProcess } from './server-process.ts';

const CHROMIUM = '/usr/bin/chromium';

/**
 * The JavaScript `/login` loads before it is interactive: Chromium opens /login on a real server and every
 * script it fetches until the sign-in button shows is counted, gzip-compressed at level 9 as served.
 */
export async function benchLoginJavaScript(): Promise<string[]> {
  const dist = path.join(repositoryRoot, 'packages/web/dist');
  if (!existsSync(path.join(dist, 'index.html')))
    return ['/login JavaScript: web app not built (run npm run build)'];
  if (!existsSync(CHROMIUM)) return [`/login JavaScript: ${CHROMIUM} missing (apt-get install -y chromium)`];
  const server = await startServerProcess();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Continue' }).waitFor({ timeout: 30_000 });
    let raw = 0;
    let gzipped = 0;
    for (const script of scripts) {
      const content = await readFile(path.join(dist, script));
      raw += content.length;
      gzipped += gzipSync(content, { level: 9 }).length;
    }
    return [
      `/login JavaScript before interactive: ${(gzipped / 1024).toFixed(1)} KB gzip ` +
        `(${(raw / 1024).toFixed(1)} KB raw, ${scripts.size} files; target ≤ 200 KB gzip)`,
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
