import { render, screen } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { describe, expect, it, vi } from 'vitest';
import { CodeEditor } from './code-editor.tsx';

function renderEditor(value: string, onChange: (text: string) => void) {
  const props = { language: 'plain', readOnly: false, label: 'File content', onChange } as const;
  const { rerender } = render(<CodeEditor value={value} {...props} />);
  const view = EditorView.findFromDOM(screen.getByTestId('code-editor'));
  if (!view) throw new Error('no CodeMirror view');
  return {
    view,
    text: () => view.state.doc.toString(),
    type: (insert: string) =>
      view.dispatch({ changes: { from: view.state.doc.length, insert }, userEvent: 'input.type' }),
    rerender: (next: string) => rerender(<CodeEditor value={next} {...props} />),
  };
}

describe('CodeEditor', () => {
  it('keeps keys typed after a render that gives back an older text of its own', () => {
    const onChange = vi.fn();
    const editor = renderEditor('a', onChange);
    editor.type('b');
    editor.type('c');
    expect(onChange).toHaveBeenLastCalledWith('abc');
    // The render for the first key arrives once the second is in the editor.
    editor.rerender('ab');
    expect(editor.text()).toBe('abc');
    editor.rerender('abc');
    expect(editor.text()).toBe('abc');
  });

  it('takes a text from outside (Discard Changes, a reload) in place of its own', () => {
    const onChange = vi.fn();
    const editor = renderEditor('a', onChange);
    editor.type('b');
    editor.rerender('ab');
    editor.rerender('a');
    expect(editor.text()).toBe('a');
    editor.rerender('saved elsewhere');
    expect(editor.text()).toBe('saved elsewhere');
  });
});
