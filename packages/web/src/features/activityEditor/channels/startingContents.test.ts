import { channelContentSchemas } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { startingContents } from './startingContents.ts';

describe('starting contents', () => {
  it.each(Object.keys(startingContents) as Array<keyof typeof startingContents>)(
    '%s is valid against its content schema',
    (channel) => {
      const content = startingContents[channel]('Spring sale <2 for 1>');
      expect(channelContentSchemas[channel].safeParse(content).error).toBeUndefined();
    },
  );

  it('escapes the activity name in web HTML', () => {
    expect(startingContents.web('A <b>').html).toContain('A &#60;b&#62;');
  });
});
