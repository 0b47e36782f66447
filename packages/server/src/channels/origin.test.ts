import { describe, expect, it } from 'vitest';
import { allowedOriginSet, isOriginAllowed } from './origin.ts';

describe('Origin allow-list', () => {
  const localhost = allowedOriginSet('http://localhost:8080', ['https://Console.Example.com/']);
  const hosted = allowedOriginSet('https://herald.example.com', []);

  it.each([
    [localhost, 'http://localhost:8080', true],
    [localhost, 'http://127.0.0.1:8080', true],
    [localhost, 'http://[::1]:8080', true],
    [localhost, 'http://localhost:8081', false],
    [localhost, 'https://localhost:8080', false],
    [localhost, 'https://console.example.com', true],
    [localhost, 'https://CONSOLE.example.com', true],
    [localhost, 'https://console.example.com.evil.net', false],
    [localhost, 'null', false],
    [hosted, 'https://herald.example.com', true],
    [hosted, 'http://herald.example.com', false],
    [hosted, 'http://localhost', false],
    [hosted, 'https://127.0.0.1', false],
    [hosted, undefined, true],
  ])('%#: %s allows %s → %s', (allowed, origin, expected) => {
    expect(isOriginAllowed(origin, allowed)).toBe(expected);
  });
});
