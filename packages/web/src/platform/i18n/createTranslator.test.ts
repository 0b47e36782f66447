import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from './createTranslator.ts';
import { mergeTranslations } from './mergeTranslations.ts';

const signIn = { login: { submit: 'Sign in' }, errors: { Oops: 'Oops, {what}' } };

describe('createTranslator', () => {
  it('starts in English with the strings given', () => {
    const i18n = createTranslator(signIn);
    expect(i18n.language).toBe('en');
    expect(i18n.t('login.submit')).toBe('Sign in');
    expect(i18n.t('errors.Oops', { what: 'no' })).toBe('Oops, no');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('ja', 'translation')).toBe(false);
  });

  it('changes language, reading English for what the language lacks, and any unknown language as English', async () => {
    const i18n = createTranslator(signIn);
    i18n.addResourceBundle('ja', 'translation', { errors: { Oops: 'おっと、{what}' } }, true, true);
    await i18n.changeLanguage('ja');
    expect(i18n.language).toBe('ja');
    expect(i18n.t('errors.Oops', { what: '失敗' })).toBe('おっと、失敗');
    expect(i18n.t('login.submit')).toBe('Sign in');
    await i18n.changeLanguage('fr');
    expect(i18n.t('errors.Oops', { what: 'non' })).toBe('Oops, non');
  });

  it('merges a bundle deeply: new strings join old groups; overwrite decides who wins', () => {
    const i18n = createTranslator(signIn);
    i18n.addResourceBundle(
      'en',
      'translation',
      { login: { submit: 'Log in', forgot: 'Forgot?' } },
      true,
      false,
    );
    expect(i18n.t('login.submit')).toBe('Sign in');
    expect(i18n.t('login.forgot')).toBe('Forgot?');
    expect(i18n.t('errors.Oops', { what: 'x' })).toBe('Oops, x');
    i18n.addResourceBundle('en', 'translation', { login: { submit: 'Log in' } }, true, true);
    expect(i18n.t('login.submit')).toBe('Log in');
    expect(i18n.t('login.forgot')).toBe('Forgot?');
  });

  it('replaces top-level groups when not deep, as i18next did', () => {
    const i18n = createTranslator(signIn);
    i18n.addResourceBundle('en', 'translation', { login: { forgot: 'Forgot?' } });
    expect(i18n.t('login.submit')).toBe('login.submit');
    expect(i18n.t('login.forgot')).toBe('Forgot?');
    expect(i18n.t('errors.Oops', { what: 'x' })).toBe('Oops, x');
  });

  it('tells subscribers of new strings and a new language, with a new t each time', async () => {
    const i18n = createTranslator(signIn);
    const listener = vi.fn();
    const unsubscribe = i18n.subscribe(listener);
    const first = i18n.t;
    expect(i18n.t).toBe(first);

    i18n.addResourceBundle('en', 'translation', { dashboard: { title: 'Dashboard' } }, true, false);
    expect(listener).toHaveBeenCalledTimes(1);
    const second = i18n.t;
    expect(second).not.toBe(first);
    expect(second('dashboard.title')).toBe('Dashboard');

    await i18n.changeLanguage('ja');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(i18n.t).not.toBe(second);

    await i18n.changeLanguage('ja');
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    await i18n.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('lets a listener unsubscribe while the others are told', () => {
    const i18n = createTranslator(signIn);
    const later = vi.fn();
    const unsubscribeFirst = i18n.subscribe(() => unsubscribeFirst());
    i18n.subscribe(later);
    i18n.addResourceBundle('en', 'translation', { a: 'A' }, true);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('an older t reads the strings and language of the moment', async () => {
    const i18n = createTranslator(signIn);
    const kept = i18n.t;
    i18n.addResourceBundle('ja', 'translation', { login: { submit: 'サインイン' } }, true, true);
    await i18n.changeLanguage('ja');
    expect(kept('login.submit')).toBe('サインイン');
  });

  it('keeps the bundle handed in unchanged', () => {
    const bundle = { login: { submit: 'Sign in' } };
    const i18n = createTranslator(bundle);
    i18n.addResourceBundle('en', 'translation', { login: { other: 'Other' } }, true, true);
    expect(bundle).toEqual({ login: { submit: 'Sign in' } });
  });
});

describe('mergeTranslations', () => {
  it('merges groups at any depth and adds what is new', () => {
    expect(mergeTranslations({ a: { b: { c: 'C' } } }, { a: { b: { d: 'D' } }, e: 'E' }, false)).toEqual({
      a: { b: { c: 'C', d: 'D' } },
      e: 'E',
    });
  });

  it('lets overwrite decide between a text and a text, or a text and a group', () => {
    expect(mergeTranslations({ a: 'old', b: { c: 'C' } }, { a: 'new', b: 'text' }, false)).toEqual({
      a: 'old',
      b: { c: 'C' },
    });
    expect(mergeTranslations({ a: 'old', b: { c: 'C' } }, { a: 'new', b: 'text' }, true)).toEqual({
      a: 'new',
      b: 'text',
    });
  });

  it('never reaches the prototype', () => {
    const merged = mergeTranslations(
      {},
      JSON.parse('{"__proto__": {"polluted": "yes"}}') as Record<string, unknown>,
      true,
    );
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
