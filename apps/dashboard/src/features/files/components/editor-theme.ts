import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

// The editor's look from the theme tokens (styles/index.css): it follows the dark and the light
// theme by itself, and every syntax colour keeps 4.5:1 on the editor's background and on its
// current line and selection (styles/theme-contrast.test.ts).

const highlight = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.operatorKeyword, tags.modifier],
    color: 'var(--color-syntax-keyword)',
  },
  {
    tag: [tags.string, tags.special(tags.string), tags.regexp],
    color: 'var(--color-syntax-string)',
  },
  { tag: [tags.number, tags.integer, tags.float], color: 'var(--color-syntax-number)' },
  { tag: [tags.bool, tags.null, tags.atom], color: 'var(--color-syntax-atom)' },
  {
    tag: [tags.propertyName, tags.definition(tags.propertyName), tags.attributeName],
    color: 'var(--color-syntax-property)',
  },
  { tag: [tags.heading, tags.className], color: 'var(--color-syntax-keyword)', fontWeight: '600' },
  { tag: tags.comment, color: 'var(--color-syntax-comment)', fontStyle: 'italic' },
  { tag: tags.invalid, color: 'var(--color-danger)' },
]);

function surfaces(dark: boolean): Extension {
  return EditorView.theme(
    {
      '&': { color: 'var(--color-fg)', backgroundColor: 'var(--color-bg)' },
      '.cm-content': { caretColor: 'var(--color-accent)' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--color-accent)' },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
        { backgroundColor: 'var(--color-editor-selection)' },
      '.cm-activeLine': { backgroundColor: 'var(--color-editor-active-line)' },
      '.cm-gutters': {
        backgroundColor: 'var(--color-panel)',
        color: 'var(--color-faint)',
        border: 'none',
        borderRight: '1px solid var(--color-line)',
      },
      '.cm-activeLineGutter': { backgroundColor: 'var(--color-hover)', color: 'var(--color-fg)' },
      '&.cm-focused .cm-matchingBracket': {
        backgroundColor: 'transparent',
        outline: '1px solid var(--color-edge)',
      },
    },
    { dark },
  );
}

/** The editor's colours; `dark` tells CodeMirror's own base styles which theme is in force. */
export function editorTheme(dark: boolean): Extension {
  return [surfaces(dark), syntaxHighlighting(highlight)];
}
