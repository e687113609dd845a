import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { formatMacroDate as formatMacroDateEnglish } from '@hearth/protocol';
import { formatDate } from '@/lib/i18n/format.ts';

/**
 * A macro table's time in the active language. English keeps the reference dashboard's own form
 * ("Jan 5 2026 at 4:30 AM", dashboard.md §2, the protocol's formatMacroDate) word for word; the
 * other languages get their usual medium date and short time from Intl.
 */
export function formatMacroDate(unixSeconds: number | null | undefined): string {
  if (i18n.locale === 'en' || i18n.locale === '') return formatMacroDateEnglish(unixSeconds);
  if (unixSeconds === null || unixSeconds === undefined) return t`N/A`;
  return formatDate(unixSeconds * 1000);
}
