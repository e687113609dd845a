import { useSyncExternalStore } from 'react';
import type { ComponentProps } from 'react';
import { LinguiContext, Trans as LinguiTrans } from '@lingui/react';
import type { I18nContext } from '@lingui/react';
import { i18n } from './i18n.ts';

// What the React macros (`useLingui`, `<Trans>`, `<Plural>` from @lingui/react/macro) call at
// run time (lingui.config.ts `runtimeConfigModule`): the one global `i18n` read through a store,
// so a component re-renders when the language changes and needs no provider above it — a
// component test renders it bare, as before.

function contextOf(): I18nContext {
  // A new object per language, so what depends on `i18n` or `_` (memo, effect deps) updates.
  return { i18n: new Proxy(i18n, {}), _: i18n.t.bind(i18n) };
}

let snapshot = contextOf();
let snapshotLocale = i18n.locale;

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

function current(): I18nContext {
  if (snapshotLocale !== i18n.locale) {
    snapshotLocale = i18n.locale;
    snapshot = contextOf();
  }
  return snapshot;
}

export function useLingui(): I18nContext {
  return useSyncExternalStore(subscribe, current, current);
}

export function Trans(props: ComponentProps<typeof LinguiTrans>) {
  return (
    <LinguiContext.Provider value={useLingui()}>
      <LinguiTrans {...props} />
    </LinguiContext.Provider>
  );
}
