import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export interface AxeProblem {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/**
 * Runs axe-core (the root devDependency) in the page and returns its violations. The source is
 * evaluated through the DevTools protocol, not added as a <script>: the app's Content Security
 * Policy (script-src 'self') blocks inline scripts, as it should.
 */
async function axeViolations(page: Page, tags?: string[]): Promise<AxeProblem[]> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (runOnlyTags) => {
    type Result = {
      violations: {
        id: string;
        impact?: string | null;
        help: string;
        nodes: { target: unknown[] }[];
      }[];
    };
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<Result> } }
    ).axe;
    const options = runOnlyTags
      ? { runOnly: { type: 'tag', values: runOnlyTags }, resultTypes: ['violations'] }
      : { resultTypes: ['violations'] };
    const result = await axe.run(document, options);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  }, tags ?? null);
}

const serious = (problems: AxeProblem[]) =>
  problems.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/** Serious and critical axe violations on the page (WCAG 2 A/AA rules). */
export async function seriousViolations(page: Page): Promise<AxeProblem[]> {
  return serious(await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']));
}

/** Serious and critical axe violations of every rule axe runs by default (WCAG and best practice). */
export async function seriousViolationsAllRules(page: Page): Promise<AxeProblem[]> {
  return serious(await axeViolations(page));
}
