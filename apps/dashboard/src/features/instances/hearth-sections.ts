import { setupI18n } from '@lingui/core';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  GENERIC_PORT_SETTING_ID,
  GENERIC_SECTION_ID,
  LIMIT_SETTING_IDS,
  LIMITS_SECTION_ID,
} from '@hearth/protocol';
import type { LimitSettingId, SectionManifest, SettingManifest } from '@hearth/protocol';

// The Instance Settings tab shows the core's manifest. Most sections are a game definition's and
// are shown as written; two are Hearth's own (the core builds them: apps/core/src/services/
// instance-limits.ts, apps/core/src/runtime/handlers/generic-section.ts), and those are worded here
// in the reader's language by their protocol ids and typed parts (the default). Their English here
// is word for word the core's (hearth-sections.test.ts builds the core's sections to compare), and a
// text is worded only when the core sent exactly that English: another core's (or an older one's)
// text under the same id is shown as written. What the core appends beyond the known sentence —
// the sandbox's notes on the section, "Not enforced on this host." on a limit (the manifest has no
// typed flag for it) — is the core's English, shown as written after the worded part.

/** A manifest text on screen: the part worded here, then what the core wrote beyond it, as written. */
export interface ShownText {
  worded: string;
  asWritten: string;
}

export interface SettingWords {
  name: ShownText;
  description: ShownText;
}

export interface SectionWords {
  name: ShownText;
  description: ShownText;
  settings: Record<string, SettingWords>;
}

/** The whole text as one string (an accessible name, a widget's label). */
export function shownString(text: ShownText): string {
  return [text.worded, text.asWritten].filter((part) => part !== '').join(' ');
}

/** How a Hearth text reads; `rest`: the core may append sentences of its own after it. */
interface Wording {
  message: MessageDescriptor;
  rest?: boolean;
}

interface SettingWording {
  name: Wording;
  description: Wording;
}

interface SectionWording {
  name: Wording;
  description: Wording;
  setting: (setting: SettingManifest) => SettingWording | null;
}

// Descriptors keep their English (i18n/vite-plugin.ts): an English instance with no catalog reads it.
const english = setupI18n({ locale: 'en', messages: { en: {} } });

function shown(coreText: string, wording: Wording | null, i18n: I18n): ShownText {
  const asSent = { worded: '', asWritten: coreText };
  if (wording === null) return asSent;
  const known = english._(wording.message);
  if (coreText === known) return { worded: i18n._(wording.message), asWritten: '' };
  if (wording.rest === true && coreText.startsWith(`${known} `))
    return { worded: i18n._(wording.message), asWritten: coreText.slice(known.length + 1) };
  return asSent;
}

const portSetting = (setting: SettingManifest): SettingWording | null =>
  setting.setting_id === GENERIC_PORT_SETTING_ID
    ? {
        name: { message: msg`Port` },
        description: {
          message: msg`The port the server listens on (passed to the definition at start).`,
        },
      }
    : null;

/** A limit's description: what it limits, then what 0 does (its default, or no limit). */
const LIMIT_WORDS: Record<
  LimitSettingId,
  {
    name: MessageDescriptor;
    withDefault: (defaultValue: string) => MessageDescriptor;
    noLimit: MessageDescriptor;
  }
> = {
  [LIMIT_SETTING_IDS.memory]: {
    name: msg`Memory limit (MiB)`,
    withDefault: (defaultValue) =>
      msg`RAM and swap of the whole server, JVM overhead included (a Minecraft server's default is its max RAM + 25 % + 512 MiB). 0 sets it back to the default (${defaultValue}).`,
    noLimit: msg`RAM and swap of the whole server, JVM overhead included (a Minecraft server's default is its max RAM + 25 % + 512 MiB). 0 sets it back to the default (no limit).`,
  },
  [LIMIT_SETTING_IDS.cpu]: {
    name: msg`CPU limit (% of one core)`,
    withDefault: (defaultValue) =>
      msg`100 is one core, 250 two and a half. 0 sets it back to the default (${defaultValue}).`,
    noLimit: msg`100 is one core, 250 two and a half. 0 sets it back to the default (no limit).`,
  },
  [LIMIT_SETTING_IDS.processes]: {
    name: msg`Process and thread limit`,
    withDefault: (defaultValue) =>
      msg`Processes and threads at once (a Java server uses dozens of threads; at least 8). 0 sets it back to the default (${defaultValue}).`,
    noLimit: msg`Processes and threads at once (a Java server uses dozens of threads; at least 8). 0 sets it back to the default (no limit).`,
  },
};

const isLimitId = (id: string): id is LimitSettingId => Object.hasOwn(LIMIT_WORDS, id);

function limitSetting(setting: SettingManifest): SettingWording | null {
  const id = setting.setting_id;
  const fallback = setting.default_value;
  if (!isLimitId(id) || fallback?.type !== 'UnsignedInteger') return null;
  const words = LIMIT_WORDS[id];
  // The core's default of 0 is "no limit" (a limit of 0 is refused).
  const description =
    fallback.value === 0 ? words.noLimit : words.withDefault(String(fallback.value));
  return { name: { message: words.name }, description: { message: description, rest: true } };
}

const HEARTH_SECTIONS: Record<string, SectionWording> = {
  [GENERIC_SECTION_ID]: {
    name: { message: msg`Instance Settings` },
    description: {
      message: msg`Settings Hearth keeps for this instance. Changes apply on the next start.`,
    },
    setting: portSetting,
  },
  [LIMITS_SECTION_ID]: {
    name: { message: msg`Resource Limits` },
    description: {
      message: msg`Limits of the server's sandbox, applied at its next start; 0 means the default.`,
      rest: true,
    },
    setting: limitSetting,
  },
};

/** The section's texts as the reader sees them: Hearth's own worded, a definition's as written. */
export function sectionWords(section: SectionManifest, i18n: I18n): SectionWords {
  const wording = Object.hasOwn(HEARTH_SECTIONS, section.section_id)
    ? HEARTH_SECTIONS[section.section_id]
    : undefined;
  const settings: Record<string, SettingWords> = {};
  for (const [key, setting] of Object.entries(section.settings)) {
    const words = wording?.setting(setting) ?? null;
    settings[key] = {
      name: shown(setting.name, words?.name ?? null, i18n),
      description: shown(setting.description, words?.description ?? null, i18n),
    };
  }
  return {
    name: shown(section.name, wording?.name ?? null, i18n),
    description: shown(section.description, wording?.description ?? null, i18n),
    settings,
  };
}
