import { countCombinations, emailCombination, type ActivityContent } from '@herald/protocol';
import { validation } from '../query/resources.ts';

/**
 * Version `variation` of a content (functional §4): an e-mail's combination of its variations, any other
 * channel's only version, 0. An index that is not one of them is the caller's mistake.
 */
export function contentVersion(content: ActivityContent, variation: number): ActivityContent {
  const email = content.channels.email;
  if (!email) {
    if (variation !== 0) throw validation('variation', 'This content has no variations');
    return content;
  }
  const combination = emailCombination(email, variation);
  if (!combination) {
    const count = countCombinations(email);
    throw validation('variation', `This e-mail has ${count} version${count === 1 ? '' : 's'}, from 0`);
  }
  return { ...content, channels: { ...content.channels, email: combination } };
}
