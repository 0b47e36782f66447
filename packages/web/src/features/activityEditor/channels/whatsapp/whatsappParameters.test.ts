import { describe, expect, it } from 'vitest';
import { fillTemplateBody, fitParameters, isSendable, renderedParameters } from './whatsappParameters.ts';

describe('WhatsApp parameters', () => {
  it('fill each placeholder with its value, every time it appears', () => {
    expect(fillTemplateBody('Hi {{1}}, {{2}} is on. Bye {{ 1 }}', ['Alex', 'Two for Tuesday'])).toEqual([
      { text: 'Hi ' },
      { text: 'Alex', parameter: 1 },
      { text: ', ' },
      { text: 'Two for Tuesday', parameter: 2 },
      { text: ' is on. Bye ' },
      { text: 'Alex', parameter: 1 },
    ]);
  });

  it('show an unfilled placeholder as itself', () => {
    expect(fillTemplateBody('{{1}} and {{2}}', ['x', ''])).toEqual([
      { text: 'x', parameter: 1 },
      { text: ' and ' },
      { text: '{{2}}', parameter: 2 },
    ]);
    expect(fillTemplateBody('No placeholders', [])).toEqual([{ text: 'No placeholders' }]);
  });

  it('fit the parameters to the template, keeping what was written', () => {
    expect(fitParameters(['a', 'b', 'c'], 2)).toEqual(['a', 'b']);
    expect(fitParameters(['a'], 3)).toEqual(['a', '', '']);
  });

  it('allow only received templates to be chosen', () => {
    expect(isSendable({ status: 'received' })).toBe(true);
    for (const status of ['pending', 'paused', 'disabled'] as const)
      expect(isSendable({ status })).toBe(false);
  });

  it('read the rendered parameters back, one a line', () => {
    expect(renderedParameters('Alex\nSpring sale', ['{{ subscriber.firstname }}', 'Spring sale'])).toEqual([
      'Alex',
      'Spring sale',
    ]);
    expect(renderedParameters('a\nb\nc', ['x', 'y'])).toEqual(['x', 'y']);
    expect(renderedParameters('', [])).toEqual([]);
  });
});
