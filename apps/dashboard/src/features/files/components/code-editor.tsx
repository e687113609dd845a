import { useEffect, useRef } from 'react';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { StreamLanguage, bracketMatching, indentOnInput } from '@codemirror/language';
import { toml } from '@codemirror/legacy-modes/mode/toml';
import { EditorState } from '@codemirror/state';
import type { Extension } from '@codemirror/state';
import { oneDark } from '@codemirror/theme-one-dark';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import type { EditorLanguage } from '../model/file-kind.ts';

// CodeMirror 6, in its own lazily loaded chunk (dashboard.md §2: dark theme, word wrap on, no
// minimap; json for the instance config file, toml for .toml). Ctrl/Cmd+S is handled by the tab.

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
  '&.cm-focused': { outline: 'none' },
});

export function CodeEditor({ value, language, readOnly, onChange, label }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

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
          oneDark,
          layout,
          languageExtension(language),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
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

  // Outside changes (Discard Changes, a save that reloaded the text) replace the document.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value)
      editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  return <div ref={host} className="h-full min-h-0 overflow-hidden" data-testid="code-editor" />;
}
