import fs from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

// The axe-core pass (issue 17): every screen is scanned with all of axe's default rules, in the
// dark and the light theme, and fails on any critical or serious violation. Lesser ones are
// reported in the attachment, not failed on.

export type Theme = 'dark' | 'light';
export const THEMES: readonly Theme[] = ['dark', 'light'];
const BLOCKING: ReadonlySet<string> = new Set(['critical', 'serious']);

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

export interface ScanReport {
  screen: string;
  theme: Theme;
  blocking: Finding[];
  minor: Finding[];
  /** Visible level-one headings (one per screen). */
  headings: number;
}

/**
 * Switches the system colour scheme (the dashboard follows it while the preference is "system")
 * and waits until the page has repainted in it: its `data-theme` set, colour transitions over.
 */
export async function useSystemTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await settle(page);
}

/** Waits for running CSS transitions (a theme switch fades colours) to end. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running',
      ),
  );
}

function findings(results: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): Finding[] {
  return results.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map(
      (n) =>
        `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
    ),
  }));
}

/** One axe pass over the page as it is now. */
export async function scan(page: Page, screen: string, theme: Theme): Promise<ScanReport> {
  const results = await new AxeBuilder({ page }).analyze();
  const all = findings(results.violations);
  return {
    screen,
    theme,
    blocking: all.filter((f) => BLOCKING.has(f.impact)),
    minor: all.filter((f) => !BLOCKING.has(f.impact)),
    headings: await page.locator('h1:visible').count(),
  };
}

/** Readable text for a failed expectation: each blocking rule and the elements it hit. */
export function describeBlocking(report: ScanReport): string {
  return report.blocking
    .map((f) => `${f.impact} ${f.rule} (${f.help}):\n  ${f.targets.join('\n  ')}`)
    .join('\n');
}

/** Scans the page in both themes: dark first, then switched live to light. */
export async function scanBothThemes(page: Page, screen: string): Promise<ScanReport[]> {
  const reports: ScanReport[] = [];
  for (const theme of THEMES) {
    await useSystemTheme(page, theme);
    reports.push(await scan(page, screen, theme));
  }
  return reports;
}

/** Fails on any critical or serious violation, and unless told otherwise on h1 ≠ 1. */
export function expectClean(reports: readonly ScanReport[], options: { headings?: boolean } = {}) {
  for (const report of reports) {
    const where = `${report.screen} (${report.theme})`;
    if (options.headings !== false) expect(report.headings, `${where}: level-one headings`).toBe(1);
    expect(report.blocking, `${where}:\n${describeBlocking(report)}`).toEqual([]);
  }
}

/**
 * Attaches the reports to the test and adds a line per theme to test-results/axe-summary.txt
 * (what each screen scored, lesser findings included).
 */
export async function attachReports(
  testInfo: TestInfo,
  reports: readonly ScanReport[],
): Promise<void> {
  const name = reports[0]?.screen ?? 'screen';
  await testInfo.attach(`axe ${name}`, {
    body: JSON.stringify(reports, null, 2),
    contentType: 'application/json',
  });
  const lines = reports.map((r) => {
    const minor = r.minor.map((f) => `${f.impact} ${f.rule}`).join(', ');
    return `${r.screen} [${r.theme}]: ${r.blocking.length} critical/serious, ${r.minor.length} lesser${minor ? ` (${minor})` : ''}, ${r.headings} h1\n`;
  });
  await fs.mkdir(testInfo.project.outputDir, { recursive: true });
  await fs.appendFile(path.join(testInfo.project.outputDir, 'axe-summary.txt'), lines.join(''));
}

/** Scans in both themes, attaches the report to the test and fails on what `expectClean` does. */
export async function expectAccessible(
  page: Page,
  screen: string,
  testInfo: TestInfo,
  options: { headings?: boolean } = {},
): Promise<ScanReport[]> {
  const reports = await scanBothThemes(page, screen);
  await attachReports(testInfo, reports);
  expectClean(reports, options);
  return reports;
}
