import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator } from './createTranslator.ts';
import { I18nProvider } from './I18nProvider.tsx';
import { useTranslation } from './useTranslation.ts';

// The unit tests run without a DOM, so this renders to a string: it checks the hook reads the provider's
// translator and its current strings. Re-rendering on a change is the store's subscription
// (createTranslator.test.ts) and, end to end, the browser tests that switch language.
function Probe() {
  const { t, i18n } = useTranslation();
  return (
    <p lang={i18n.language}>
      {t('login.submit')} {t('greeting', { name: 'Ana' })}
    </p>
  );
}

describe('useTranslation', () => {
  it('answers t and the translator given to I18nProvider, in its current language and strings', async () => {
    const i18n = createTranslator({ login: { submit: 'Sign in' } });
    const render = () =>
      renderToString(
        <I18nProvider i18n={i18n}>
          <Probe />
        </I18nProvider>,
      );
    expect(render()).toBe('<p lang="en">Sign in<!-- --> <!-- -->greeting</p>');
    i18n.addResourceBundle('en', 'translation', { greeting: 'Hello {name}' }, true, false);
    i18n.addResourceBundle('ja', 'translation', { login: { submit: 'サインイン' } }, true, true);
    await i18n.changeLanguage('ja');
    expect(render()).toBe('<p lang="ja">サインイン<!-- --> <!-- -->Hello Ana</p>');
  });

  it('names the mistake when there is no provider', () => {
    expect(() => renderToString(<Probe />)).toThrow('useTranslation needs an I18nProvider above it');
  });
});
