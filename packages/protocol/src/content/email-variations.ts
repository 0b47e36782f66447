import { designToMjml, type DesignToMjmlOptions } from './design-to-mjml.ts';
import { designBlocks, type EmailBlock, type EmailDesign, type EmailVariation } from './email-design.ts';

/** What the variation functions read of an e-mail's content. */
export interface VariedEmail {
  subject: string;
  mjml?: string | undefined;
  design?: EmailDesign | undefined;
  variations?: readonly EmailVariation[] | undefined;
  multivariate?: boolean | undefined;
}

/**
 * One thing a multivariate e-mail varies: its subject, or one block. `choices[0]` is null, the original; the
 * others are the indexes of the variations that change it, in order.
 */
export interface VariationDimension {
  /** `subject`, or the block's id. */
  key: string;
  choices: Array<number | null>;
}

/** The dimensions of a multivariate e-mail: the subject first, then its blocks in reading order. */
export function variationDimensions(email: VariedEmail): VariationDimension[] {
  const variations = email.variations ?? [];
  const subject: VariationDimension = { key: 'subject', choices: [null] };
  const blocks = new Map<string, VariationDimension>();
  for (const block of email.design ? designBlocks(email.design) : [])
    blocks.set(block.id, { key: block.id, choices: [null] });
  variations.forEach((variation, index) => {
    if (variation.subject !== undefined) subject.choices.push(index);
    for (const block of variation.blocks ?? []) {
      const dimension = blocks.get(block.id) ?? { key: block.id, choices: [null] };
      if (!dimension.choices.includes(index)) dimension.choices.push(index);
      blocks.set(block.id, dimension);
    }
  });
  return [subject, ...blocks.values()].filter((dimension) => dimension.choices.length > 1);
}

/**
 * How many versions of the e-mail there are (functional §4): with multivariate on, every choice of every
 * dimension multiplies; without it, the original and each variation. Counting stops past the limit's reach, so
 * a count above EMAIL_VARIATION_LIMITS.combinations may be a floor.
 */
export function countCombinations(email: VariedEmail): number {
  const variations = email.variations ?? [];
  if (!email.multivariate) return 1 + variations.length;
  let count = 1;
  for (const dimension of variationDimensions(email)) {
    count *= dimension.choices.length;
    if (count > Number.MAX_SAFE_INTEGER / 64) return count;
  }
  return count;
}

/**
 * Which variation each dimension takes in combination `n` (0 is the original): the subject's choice is the
 * most significant digit, the last block's the least. Undefined when n is not one of the combinations.
 */
export function combinationChoices(
  email: VariedEmail,
  n: number,
): Array<{ key: string; variation: number | null }> | undefined {
  if (!Number.isInteger(n) || n < 0 || n >= countCombinations(email)) return undefined;
  const variations = email.variations ?? [];
  if (!email.multivariate) {
    const variation = n === 0 ? undefined : variations[n - 1];
    if (!variation) return [];
    const keys = [
      ...(variation.subject === undefined ? [] : ['subject']),
      ...(variation.blocks ?? []).map((b) => b.id),
    ];
    return keys.map((key) => ({ key, variation: n - 1 }));
  }
  const dimensions = variationDimensions(email);
  const picked: Array<{ key: string; variation: number | null }> = [];
  let rest = n;
  for (let at = dimensions.length - 1; at >= 0; at--) {
    const dimension = dimensions[at]!;
    const digit = rest % dimension.choices.length;
    rest = Math.floor(rest / dimension.choices.length);
    picked.unshift({ key: dimension.key, variation: dimension.choices[digit]! });
  }
  return picked.filter((choice) => choice.variation !== null);
}

/**
 * Combination `n` of an e-mail as plain content: its subject, and its design and MJML with the chosen blocks
 * in place (the MJML rewritten by designToMjml only when a block changed). Its variations are gone. Undefined
 * when n is not one of the combinations.
 */
export function emailCombination<E extends VariedEmail>(
  email: E,
  n: number,
  options: DesignToMjmlOptions = {},
): Omit<E, 'variations' | 'multivariate'> | undefined {
  const choices = combinationChoices(email, n);
  if (!choices) return undefined;
  const { variations = [], multivariate: _multivariate, ...plain } = email;
  let subject = email.subject;
  const replacements = new Map<string, EmailBlock>();
  for (const { key, variation } of choices) {
    const chosen = variations[variation!]!;
    if (key === 'subject') subject = chosen.subject ?? subject;
    else {
      const block = chosen.blocks?.find((b) => b.id === key);
      if (block) replacements.set(key, block);
    }
  }
  const result = { ...plain, subject };
  if (replacements.size === 0 || !email.design) return result;
  const design = withBlocks(email.design, replacements);
  return { ...result, design, mjml: designToMjml(design, options) };
}

function withBlocks(design: EmailDesign, replacements: ReadonlyMap<string, EmailBlock>): EmailDesign {
  return {
    ...design,
    sections: design.sections.map((section) => ({
      ...section,
      columns: section.columns.map((column) => ({
        ...column,
        blocks: column.blocks.map((block) => replacements.get(block.id) ?? block),
      })),
    })),
  };
}
