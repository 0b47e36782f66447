import { describe, it, expect } from 'vitest';
import { isFeatureEnabled, parseFeatureKeys } from './features.ts';

describe('parseFeatureKeys', () => {
  it.each<[string, string[], string[]]>([
    ['', [], []],
    ['integrations', ['integrations'], []],
    ['integrations\nlam', ['integrations', 'lam'], []],
    ['  integrations  \r\n\n\nlam\n', ['integrations', 'lam'], []],
    ['!integrations', [], ['integrations']],
    ['integrations\n! integrations', ['integrations'], ['integrations']],
    ['!\n!  \n', [], []],
  ])('%j', (text, enabled, excluded) => {
    const keys = parseFeatureKeys(text);
    expect([...keys.enabled]).toStrictEqual(enabled);
    expect([...keys.excluded]).toStrictEqual(excluded);
  });
});

describe('isFeatureEnabled', () => {
  it.each<[string, boolean, string, boolean]>([
    ['integrations', true, 'integrations', true],
    ['integrations', true, 'lam\nintegrations', true],
    ['integrations', false, 'integrations', false],
    ['integrations', true, '', false],
    ['integrations', true, 'lam', false],
    // An exclusion wins wherever it appears.
    ['integrations', true, 'integrations\n!integrations', false],
    ['integrations', true, '!integrations\nintegrations', false],
    ['lam', true, 'lam\n!integrations', true],
    // Keys are matched exactly, not as prefixes or case-insensitively.
    ['integration', true, 'integrations', false],
    ['Integrations', true, 'integrations', false],
  ])('%s with beta %s and keys %j → %s', (feature, enableBetaFeatures, featureKeys, expected) => {
    expect(isFeatureEnabled(feature, { enableBetaFeatures, featureKeys })).toBe(expected);
  });
});
