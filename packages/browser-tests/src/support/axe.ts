import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** One axe-core violation found on a screen, as the check prints it. */
export interface ScreenViolation {
  screen: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The impacts that fail the check; moderate and minor ones are only printed. */
export const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

/**
 * Waits until the screen has settled: its lazy page and data have come in (no page loader, no skeleton) and
 * no transition is running (a menu or modal fading in would be measured half transparent).
 */
export async function waitForSettledScreen(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const loading = document.querySelector(
      '[data-page-loading], .mantine-Skeleton-root[data-visible="true"], [data-shell-skeleton]',
    );
    const heading = document.querySelector('h1, h2, [role="dialog"]');
    // Spinners loop forever; only animations that end are waited for.
    const moving = document
      .getAnimations()
      .some(
        (animation) =>
          animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
      );
    return heading !== null && loading === null && !moving;
  });
}

/**
 * Runs axe-core on the page as it is and answers its violations. axe's source goes in through the DevTools
 * protocol (evaluate), which the console's Content-Security-Policy rightly does not let a script tag do.
 */
export async function axeViolations(page: Page, screen: string): Promise<ScreenViolation[]> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const runner = (window as unknown as { axe: typeof axe }).axe;
    const results = await runner.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.map((violation) => ({ screen, ...violation }));
}

/** One line per violation: the screen, the rule, its impact and where. */
export function describeViolations(violations: readonly ScreenViolation[]): string {
  return violations
    .map(
      (violation) =>
        `[${violation.screen}] ${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.targets.map((target) => `    ${target}`).join('\n'),
    )
    .join('\n');
}
