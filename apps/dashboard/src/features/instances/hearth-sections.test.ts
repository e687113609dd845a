import { describe, expect, it } from 'vitest';
import type { SectionManifest } from '@hearth/protocol';
import { i18n, activateLocale } from '@/lib/i18n/i18n.ts';
// The core's own builders of these sections (pure modules): the English worded here must be word
// for word what they send.
import { limitsSection } from '../../../../core/src/services/instance-limits.ts';
import { genericSection } from '../../../../core/src/runtime/handlers/generic-section.ts';
import { sectionWords, shownString } from './hearth-sections.ts';
import type { SectionWords, ShownText } from './hearth-sections.ts';

const MIB = 1024 * 1024;
const ENFORCED = { memory: true, cpu: true, pids: true, problems: [] };
const NOT_ENFORCED = {
  memory: false,
  cpu: false,
  pids: false,
  problems: ['Resource limits are switched off for this core.'],
};
const DEFAULTS = { memoryBytes: 4608 * MIB, cpuPercent: 250, maxProcesses: 512 };

function texts(words: SectionWords): ShownText[] {
  return [
    words.name,
    words.description,
    ...Object.values(words.settings).flatMap((s) => [s.name, s.description]),
  ];
}

/** Every text of the section as the reader gets it, beside the core's own. */
function expectSameAsCore(section: SectionManifest, words: SectionWords) {
  expect(shownString(words.name)).toBe(section.name);
  expect(shownString(words.description)).toBe(section.description);
  for (const [key, setting] of Object.entries(section.settings)) {
    expect(shownString(words.settings[key]!.name)).toBe(setting.name);
    expect(shownString(words.settings[key]!.description)).toBe(setting.description);
  }
}

const CORE_SECTIONS: [string, SectionManifest][] = [
  ['the generic port section', genericSection(25565)],
  ['the limits, enforced, no defaults', limitsSection({}, ENFORCED)],
  ['the limits, enforced, with defaults', limitsSection({ cpuPercent: 100 }, ENFORCED, DEFAULTS)],
  ['the limits, not enforced, with defaults', limitsSection({}, NOT_ENFORCED, DEFAULTS)],
  ['the limits, not enforced, no defaults', limitsSection({}, NOT_ENFORCED)],
];

describe("Hearth's own settings sections in the reader's language", () => {
  it.each(CORE_SECTIONS)('%s: the English is word for word the core’s', (_, section) => {
    const words = sectionWords(section, i18n);
    expectSameAsCore(section, words);
    // Every text is recognised, not passed through as written.
    for (const text of texts(words)) expect(text.worded).not.toBe('');
  });

  it('what the core appends (not enforced, the sandbox notes) stays its English, as written', () => {
    const words = sectionWords(limitsSection({}, NOT_ENFORCED, DEFAULTS), i18n);
    expect(words.description.asWritten).toBe('Resource limits are switched off for this core.');
    expect(words.settings.memory_limit_mib!.description).toEqual({
      worded:
        "RAM and swap of the whole server, JVM overhead included (a Minecraft server's default is its max RAM + 25 % + 512 MiB). 0 sets it back to the default (4608).",
      asWritten: 'Not enforced on this host.',
    });
    const enforced = sectionWords(limitsSection({}, ENFORCED), i18n);
    expect(enforced.settings.process_limit!.description.asWritten).toBe('');
  });

  it.each(CORE_SECTIONS)('%s: in German', async (_, section) => {
    await activateLocale('de');
    const words = sectionWords(section, i18n);
    for (const text of texts(words)) expect(text.worded).not.toBe('');
    expect(shownString(words.name)).not.toBe(section.name);
  });

  it('words the default and no limit in German and Chinese', async () => {
    await activateLocale('de');
    const limits = limitsSection({}, NOT_ENFORCED, { cpuPercent: 250 });
    let words = sectionWords(limits, i18n);
    expect(words.name.worded).toBe('Ressourcenlimits');
    expect(words.settings.cpu_limit_percent!.description.worded).toContain('(250)');
    expect(words.settings.process_limit!.description.worded).toContain('kein Limit');
    expect(words.settings.process_limit!.description.asWritten).toBe('Not enforced on this host.');
    await activateLocale('zh-CN');
    words = sectionWords(genericSection(25565), i18n);
    expect(words.name.worded).toBe('实例设置');
    expect(words.settings.port!.name.worded).toBe('端口');
  });

  it("a definition's section, or a text the core words otherwise, is shown as written", async () => {
    await activateLocale('de');
    const definition: SectionManifest = { ...genericSection(25565), section_id: 'server' };
    const other: SectionManifest = { ...genericSection(25565), name: 'Instance settings' };
    for (const section of [definition, other]) {
      const words = sectionWords(section, i18n);
      expect(words.name).toEqual({ worded: '', asWritten: section.name });
    }
    expect(sectionWords(definition, i18n).settings.port!.name).toEqual({
      worded: '',
      asWritten: 'Port',
    });
  });
});
