import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHerald, type TestHerald } from './support/herald.ts';

describe('HTTP addresses (PROTOCOL §1)', () => {
  let herald: TestHerald;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'herald-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Herald</title><div id="root"></div>',
    );
    await writeFile(
      path.join(webDist, 'assets', 'app-abc123.js'),
      `console.log(${JSON.stringify('app '.repeat(2000))})`,
    );
    herald = await startTestHerald({ webDistDir: webDist });
  });
  afterAll(async () => {
    await herald.stop();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers /healthz while up', async () => {
    const response = await fetch(`${herald.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 while the database answers', async () => {
    const response = await fetch(`${herald.url}/readyz`);
    expect(response.status).toBe(200);
  });

  it('sets the herald_client cookie on /session-cookie: HttpOnly, SameSite=Lax, 128+ random bits', async () => {
    const response = await fetch(`${herald.url}/session-cookie`, { credentials: 'include' });
    expect(response.status).toBe(204);
    const cookie = response.headers.get('set-cookie') ?? '';
    const value = /herald_client=([^;]+)/.exec(cookie)?.[1] ?? '';
    expect(Buffer.from(value, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('keeps a well-formed cookie the browser already has, so its sessions stay bound', async () => {
    const first = await fetch(`${herald.url}/session-cookie`);
    const value = /herald_client=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
    const second = await fetch(`${herald.url}/session-cookie`, {
      headers: { cookie: `herald_client=${value}` },
    });
    expect(second.headers.get('set-cookie')).toContain(`herald_client=${value}`);
  });

  it.each(['/', '/login', '/organizations', '/7/dashboard', '/some/unknown/path?x=1'])(
    'serves index.html for the history-mode route %s',
    async (route) => {
      const response = await fetch(`${herald.url}${route}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('serves hashed assets with a long cache, and a missing asset is a 404, not index.html', async () => {
    const asset = await fetch(`${herald.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${herald.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { type: 'NotFoundError', message: expect.any(String) } });
  });

  it('sends assets gzip-compressed to a client that accepts it', async () => {
    const response = await fetch(`${herald.url}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('app app');
  });

  it('answers an unknown POST with a JSON error, not a stack trace', async () => {
    const response = await fetch(`${herald.url}/nowhere`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { type: string } };
    expect(body.error.type).toBe('NotFoundError');
  });

  it.each(['/login', '/assets/app-abc123.js', '/healthz', '/nowhere'])(
    'sends the security headers on %s',
    async (address) => {
      const response = await fetch(`${herald.url}${address}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("connect-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("frame-src 'none'");
      expect(policy).not.toContain('unsafe-eval');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      // Served over http here: no HSTS, which would lock a browser out of a plain-http install.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('adds Strict-Transport-Security and a Secure cookie when the public URL is https', async () => {
    const secure = await startTestHerald({ webDistDir: webDist, publicUrl: 'https://herald.example.test' });
    try {
      const page = await fetch(`${secure.url}/login`);
      expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
      const cookie = await fetch(`${secure.url}/session-cookie`);
      expect(cookie.headers.get('set-cookie')).toContain('Secure');
    } finally {
      await secure.stop();
    }
  });
});
