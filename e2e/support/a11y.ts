import fs from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

// The axe-core pass (issue 17): every screen is scanned with all of axe's default rules and its
// experimental ones (issue 23 item 21), in the dark and the light theme, and fails on any
// violation, whatever its impact — except the few elements below that a rule misreads, each with
// the reason, which are reported in the attachment instead.

export type Theme = 'dark' | 'light';
export const THEMES: readonly Theme[] = ['dark', 'light'];

interface Excuse {
  rule: string;
  /** Matched against the element's opening tag as axe reports it. */
  element: RegExp;
  why: string;
}

const EXCUSED: readonly Excuse[] = [
  {
    rule: 'focus-order-semantics',
    element: /^<span data-radix-focus-guard=""/,
    why:
      'Radix puts a transparent span at each end of the page while a popup is open; focusing it ' +
      'moves focus straight back into the popup, so no one lands on it',
  },
  {
    rule: 'focus-order-semantics',
    element:
      /^<div role="separator" aria-label="Resize [^"]+" aria-orientation="vertical" aria-valuenow="/,
    why:
      'a focusable separator with a value is the ARIA window splitter (a widget in WAI-ARIA 1.2); ' +
      "axe's table lists separator as structure only",
  },
];

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

export interface ScanReport {
  screen: string;
  theme: Theme;
  /** Every violation, all impacts. */
  blocking: Finding[];
  /** What a rule misreads (EXCUSED), with the reason. */
  excused: Finding[];
  /** How many experimental rules the scan ran (passed, failed, incomplete or not applicable). */
  experimentalRules: number;
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

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];
type ViolationNode = Violation['nodes'][number];

function finding(v: Violation, nodes: ViolationNode[], why?: string): Finding {
  return {
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: why ? `${v.help} — excused: ${why}` : v.help,
    targets: nodes.map(
      (n) =>
        `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
    ),
  };
}

/** Splits the violations into what fails the scan and what EXCUSED names. */
function sortFindings(violations: Violation[]): { blocking: Finding[]; excused: Finding[] } {
  const blocking: Finding[] = [];
  const excused: Finding[] = [];
  for (const v of violations) {
    const kept: ViolationNode[] = [];
    for (const node of v.nodes) {
      const excuse = EXCUSED.find((e) => e.rule === v.id && e.element.test(node.html));
      if (excuse) excused.push(finding(v, [node], excuse.why));
      else kept.push(node);
    }
    if (kept.length > 0) blocking.push(finding(v, kept));
  }
  return { blocking, excused };
}

/**
 * Rule ids of one full pass: axe's default rules and its experimental ones. axe leaves rules tagged
 * `experimental` out unless a run asks for that tag, and a run that names tags runs only the rules
 * carrying them, so the first scan is two runs (a rule axe later adds to either set is run without
 * a change here); it keeps the ids both ran, and every later scan runs exactly those in one run.
 */
let everyRule: string[] | undefined;

/**
 * axe in legacy mode: axe.run in the page, which checks same-origin frames too (the dashboard
 * has no other kind). The default mode finishes each run in a new blank page, which doubled the
 * time of this suite.
 */
const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

type Results = Awaited<ReturnType<AxeBuilder['analyze']>>;
const ruleResults = (results: Results) => [
  ...results.passes,
  ...results.violations,
  ...results.incomplete,
  ...results.inapplicable,
];

async function runEveryRule(page: Page): Promise<Results> {
  if (everyRule) return axe(page).withRules(everyRule).analyze();
  const defaults = await axe(page).analyze();
  const experimental = await axe(page).withTags(['experimental']).analyze();
  everyRule = [
    ...new Set([...ruleResults(defaults), ...ruleResults(experimental)].map((r) => r.id)),
  ];
  const merged: Results = { ...defaults };
  for (const key of ['passes', 'violations', 'incomplete', 'inapplicable'] as const)
    merged[key] = [...defaults[key], ...experimental[key]];
  return merged;
}

/** One axe pass over the page as it is now: the default rules and the experimental ones. */
export async function scan(page: Page, screen: string, theme: Theme): Promise<ScanReport> {
  const results = await runEveryRule(page);
  return {
    screen,
    theme,
    ...sortFindings(results.violations),
    experimentalRules: new Set(
      ruleResults(results)
        .filter((r) => r.tags.includes('experimental'))
        .map((r) => r.id),
    ).size,
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

/** Fails on any violation, on a scan without the experimental rules, and unless told otherwise on h1 ≠ 1. */
export function expectClean(reports: readonly ScanReport[], options: { headings?: boolean } = {}) {
  for (const report of reports) {
    const where = `${report.screen} (${report.theme})`;
    if (options.headings !== false) expect(report.headings, `${where}: level-one headings`).toBe(1);
    expect(report.experimentalRules, `${where}: experimental rules run`).toBeGreaterThan(0);
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
    const list = (fs: Finding[]) => fs.map((f) => `${f.impact} ${f.rule}`).join(', ');
    const blocking = r.blocking.length ? ` (${list(r.blocking)})` : '';
    const excused = r.excused.length ? ` (${list(r.excused)})` : '';
    return `${r.screen} [${r.theme}]: ${r.blocking.length} violations${blocking}, ${r.excused.length} excused${excused}, ${r.experimentalRules} experimental rules run, ${r.headings} h1\n`;
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
