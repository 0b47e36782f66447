import { describe, expect, it } from 'vitest';
import { interpolate, lookup, translate } from './translator.ts';

const english = {
  login: { submit: 'Sign in', title: 'Welcome' },
  greeting: 'Hello {name}',
  range: '{from}–{to} of {total}',
  twice: '{name} and {name} again',
  emptyHere: '',
  deep: { er: { still: 'Found' } },
};
const japanese = { login: { submit: 'サインイン', title: '' }, greeting: 'こんにちは {name}' };

describe('lookup', () => {
  it('reads top-level and nested keys', () => {
    expect(lookup(english, 'greeting')).toBe('Hello {name}');
    expect(lookup(english, 'login.submit')).toBe('Sign in');
    expect(lookup(english, 'deep.er.still')).toBe('Found');
  });

  it('is undefined for a missing key, a group, an empty text, and what only the prototype has', () => {
    expect(lookup(english, 'login.nothing')).toBeUndefined();
    expect(lookup(english, 'nothing.at.all')).toBeUndefined();
    expect(lookup(english, 'login')).toBeUndefined();
    expect(lookup(english, 'greeting.more')).toBeUndefined();
    expect(lookup(english, 'emptyHere')).toBeUndefined();
    expect(lookup(english, 'toString')).toBeUndefined();
    expect(lookup(english, 'login.constructor')).toBeUndefined();
    expect(lookup(undefined, 'login.submit')).toBeUndefined();
  });
});

describe('interpolate', () => {
  it('fills several placeholders, and one written twice both times', () => {
    expect(interpolate(english.range, { from: 1, to: 20, total: 345 })).toBe('1–20 of 345');
    expect(interpolate(english.twice, { name: 'Ana' })).toBe('Ana and Ana again');
  });

  it('writes values with String(), as i18next did: numbers unformatted', () => {
    expect(interpolate('[{n}]', { n: 1234567.5 })).toBe('[1234567.5]');
    expect(interpolate('[{n}]', { n: 0 })).toBe('[0]');
    expect(interpolate('[{n}]', { n: -1.5 })).toBe('[-1.5]');
    expect(interpolate('[{n}]', { n: false })).toBe('[false]');
    expect(interpolate('[{n}]', { n: [1, 2] })).toBe('[1,2]');
  });

  it('leaves a placeholder not given showing, and writes nothing for one given as null or undefined', () => {
    expect(interpolate(english.range, { from: 1 })).toBe('1–{to} of {total}');
    expect(interpolate(english.greeting, undefined)).toBe('Hello {name}');
    expect(interpolate('[{a}][{b}]', { a: null, b: undefined })).toBe('[][]');
  });

  it('does not read placeholders inside values, nor treat $ patterns specially, nor escape', () => {
    expect(interpolate('{a} {b}', { a: '{b}', b: 'B' })).toBe('{b} B');
    expect(interpolate('{a}', { a: '$& $1 $$ <b>\'"' })).toBe('$& $1 $$ <b>\'"');
  });

  it('fills only names of word characters, as the locale files write them', () => {
    expect(interpolate('{a b} {a-b} {}', { 'a b': 1, 'a-b': 2, '': 3 })).toBe('{a b} {a-b} {}');
  });
});

describe('translate', () => {
  const both = [japanese, english];

  it('reads the interface language first', () => {
    expect(translate(both, 'login.submit')).toBe('サインイン');
    expect(translate(both, 'greeting', { name: 'Ana' })).toBe('こんにちは Ana');
  });

  it('falls back to English for a key the language lacks or leaves empty', () => {
    expect(translate(both, 'range', { from: 1, to: 2, total: 3 })).toBe('1–2 of 3');
    expect(translate(both, 'login.title')).toBe('Welcome');
  });

  it('falls back to the default value, filled, when no language has the key', () => {
    expect(translate(both, 'roles.Unknown.Role', { defaultValue: 'Unknown.Role' })).toBe('Unknown.Role');
    expect(translate(both, 'nothing', { defaultValue: 'For {name}', name: 'Ana' })).toBe('For Ana');
    expect(translate(both, 'emptyHere', { defaultValue: 'Default' })).toBe('Default');
  });

  it('prefers a translation to the default value', () => {
    expect(translate(both, 'login.submit', { defaultValue: 'Other' })).toBe('サインイン');
  });

  it('answers the key, never an empty string, when nothing has it', () => {
    expect(translate(both, 'nothing.here')).toBe('nothing.here');
    expect(translate(both, 'nothing.here', { defaultValue: '' })).toBe('nothing.here');
    expect(translate(both, 'emptyHere')).toBe('emptyHere');
    expect(translate(both, 'login')).toBe('login');
    expect(translate([undefined, english], 'login.submit')).toBe('Sign in');
  });
});
