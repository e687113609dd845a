import { useEffect, useRef } from 'react';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { StreamLanguage, bracketMatching, indentOnInput } from '@codemirror/language';
import { toml } from '@codemirror/legacy-modes/mode/toml';
import { Compartment, EditorState } from '@codemirror/state';
import type { Extension } from '@codemirror/state';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useResolvedTheme } from '@/lib/theme.ts';
import type { EditorLanguage } from '../model/file-kind.ts';
import { editorTheme } from './editor-theme.ts';

// CodeMirror 6, in its own lazily loaded chunk (dashboard.md §2: dark theme — and the light one in
// the light theme —, word wrap on, no minimap; json for the instance config file, toml for .toml).
// Ctrl/Cmd+S is handled by the tab.

export interface CodeEditorProps {
  value: string;
  language: EditorLanguage;
  readOnly: boolean;
  onChange: (text: string) => void;
  /** The accessible name of the text area. */
  label: string;
}

function languageExtension(language: EditorLanguage): Extension {
  switch (language) {
    case 'json':
      return json();
    case 'toml':
      return StreamLanguage.define(toml);
    case 'plain':
      return [];
  }
}

const layout = EditorView.theme({
  '&': { height: '100%', fontSize: '13px' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.55' },
  // The focus ring goes round the whole editor, not round its text area inside the scroller.
  '&.cm-focused': { outline: '2px solid var(--color-focus)', outlineOffset: '-2px' },
  '.cm-content:focus-visible': { outline: 'none' },
});

export function CodeEditor({ value, language, readOnly, onChange, label }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const themeSlot = useRef(new Compartment());
  const theme = useResolvedTheme();
  const themeNow = useRef(theme);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
    themeNow.current = theme;
  });
  /** Texts the editor reported that no render has given back yet (oldest first). */
  const echoes = useRef<string[]>([]);

  // One view per mount (the pane remounts it per file, so undo history never spans files).
  useEffect(() => {
    if (!host.current) return undefined;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          indentOnInput(),
          bracketMatching(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          themeSlot.current.of(editorTheme(themeNow.current === 'dark')),
          layout,
          languageExtension(language),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const text = update.state.doc.toString();
            echoes.current.push(text);
            changed.current(text);
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The document is set once here and kept in sync below; language and mode are per file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, readOnly, label]);

  // A theme switch restyles the open editor in place (no remount: the undo history stays).
  useEffect(() => {
    view.current?.dispatch({
      effects: themeSlot.current.reconfigure(editorTheme(theme === 'dark')),
    });
  }, [theme]);

  // Outside changes (Discard Changes, a save that reloaded the text) replace the document. A value
  // the editor reported itself is not one, even when more keys have been typed since that render:
  // putting it back would undo them, the editor would report that, and the two texts would chase
  // each other for ever.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const echo = echoes.current.indexOf(value);
    if (echo >= 0) {
      echoes.current.splice(0, echo + 1);
      return;
    }
    echoes.current = [];
    const current = editor.state.doc.toString();
    if (current !== value)
      editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  return <div ref={host} className="h-full min-h-0 overflow-hidden" data-testid="code-editor" />;
}
