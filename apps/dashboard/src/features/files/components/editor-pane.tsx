import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { Download, FileWarning } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { editorLanguage } from '../model/file-kind.ts';
import { editorProblem } from '../model/editor-error.ts';
import type { OpenFile } from '../use-open-file.ts';
import { FileIcon } from './file-icon.tsx';

const CodeEditor = lazy(async () => ({ default: (await import('./code-editor.tsx')).CodeEditor }));

function Placeholder({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-8 text-center">
      <h2 className="text-base font-semibold text-fg">File Editor</h2>
      {children}
    </div>
  );
}

const LOADING = <p className="text-sm text-muted">Loading...</p>;

export interface EditorPaneProps {
  open: OpenFile;
  canWrite: boolean;
  onDownload: () => void;
}

/** The right side of the Files tab: placeholder, Loading..., the error, or the editor. */
export function EditorPane({ open, canWrite, onDownload }: EditorPaneProps) {
  const { file, content } = open;
  if (!file) {
    return (
      <Placeholder>
        <p className="text-sm text-muted">Select a file to view its contents</p>
      </Placeholder>
    );
  }
  if (content.isPending) return <Placeholder>{LOADING}</Placeholder>;
  if (content.isError) {
    const problem = editorProblem(content.error);
    return (
      <Placeholder>
        <FileWarning aria-hidden className="size-8 text-faint" />
        <p role="alert" className="max-w-md text-sm text-muted">
          {problem.text}
        </p>
        {problem.kind === 'error' ? null : (
          <Button size="sm" onClick={onDownload} className="mt-2">
            <Download aria-hidden className="size-4" />
            Download {file.name}
          </Button>
        )}
      </Placeholder>
    );
  }
  return (
    <section aria-label={`Editing ${file.name}`} className="flex h-full min-h-0 flex-col">
      <header className="flex h-9 shrink-0 items-center gap-2 border-b border-line px-3 text-[13px]">
        <FileIcon file={file} />
        <span className="truncate font-medium text-fg" title={file.path}>
          {file.path}
        </span>
        {open.dirty ? <span className="text-xs text-warning">Unsaved changes</span> : null}
        {canWrite ? null : <span className="ml-auto text-xs text-faint">Read only</span>}
      </header>
      <div className="min-h-0 flex-1">
        <Suspense fallback={<Placeholder>{LOADING}</Placeholder>}>
          <CodeEditor
            key={file.path}
            value={open.text}
            language={editorLanguage(file)}
            readOnly={!canWrite}
            onChange={open.edit}
            label={`Contents of ${file.name}`}
          />
        </Suspense>
      </div>
    </section>
  );
}
