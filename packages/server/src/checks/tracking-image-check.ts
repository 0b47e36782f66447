import type { CheckResult } from '@herald/protocol';
import { checkOutcome, type Finding } from './check-findings.ts';
import type { CheckedContent } from './checked-content.ts';

/** Whether an image is a tracking pixel: one pixel wide and high. */
function isPixel(width: string | undefined, height: string | undefined): boolean {
  const one = (value: string | undefined) => value !== undefined && /^\s*[01](px)?\s*$/i.test(value);
  return one(width) && one(height);
}

/**
 * `trackingImage`: Herald adds its open-tracking image to every e-mail when it sends (activities have no
 * setting that turns it off), so an e-mail passes with that said; a 1×1 image already in the content is another
 * tool's pixel, counting opens somewhere else, and warns. Other channels track no opens with an image.
 */
export function checkTrackingImage(content: CheckedContent): CheckResult {
  if (content.channel !== 'email')
    return checkOutcome('trackingImage', [], 'Opens are not tracked with an image on this channel.');
  const findings: Finding[] = [];
  for (const { variation, page } of content.versions)
    for (const image of page.images)
      if (isPixel(image.width, image.height) && image.src)
        findings.push({
          status: 'warn',
          text: `A 1×1 image from ${hostOf(image.src)} tracks opens for another tool: remove it, Herald adds its own.`,
          variation,
        });
  return checkOutcome(
    'trackingImage',
    findings,
    'Herald adds the open-tracking image when it sends.',
    content.versions.length,
  );
}

function hostOf(src: string): string {
  try {
    return new URL(src).hostname || src;
  } catch {
    return src.length > 40 ? `${src.slice(0, 37)}…` : src;
  }
}
