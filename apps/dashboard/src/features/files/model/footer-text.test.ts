import { describe, expect, it } from 'vitest';
import { clipboardText, cutToast, pasteLabel, selectionText } from './footer-text.ts';
import { isDirty } from './editor-state.ts';
import { validateFileName } from './name-validation.ts';

describe('footer texts', () => {
  it('counts selected and clipboard items in the spec wording', () => {
    expect(selectionText(0)).toBeNull();
    expect(selectionText(1)).toBe('1 item selected');
    expect(selectionText(4)).toBe('4 items selected');
    expect(clipboardText(0)).toBeNull();
    expect(clipboardText(1)).toBe('1 item in clipboard');
    expect(clipboardText(2)).toBe('2 items in clipboard');
    expect(pasteLabel(3)).toBe('Paste 3 file(s)');
    expect(cutToast(2)).toBe('2 file(s) cut to clipboard');
  });
});

describe('save and discard enablement', () => {
  it('is enabled only when the loaded content was changed', () => {
    expect(isDirty({ original: null, draft: 'x' })).toBe(false);
    expect(isDirty({ original: 'a', draft: null })).toBe(false);
    expect(isDirty({ original: 'a', draft: 'a' })).toBe(false);
    expect(isDirty({ original: 'a', draft: 'ab' })).toBe(true);
  });
});

describe('name validation', () => {
  it('requires a name', () => {
    expect(validateFileName('')).toBe('Required');
    expect(validateFileName('   ')).toBe('Required');
    expect(validateFileName('world')).toBeUndefined();
  });
});
