import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { Download, FileWarning } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { editorLanguage } from '../model/file-kind.ts';
import { editorProblem } from '../model/editor-error.ts';
import type { OpenFile } from '../use-open-file.ts';
import { FileIcon } from './file-icon.tsx';

const CodeEditor = lazy(async () => ({ default: (await import('./code-editor.tsx')).CodeEditor }));

function Placeholder({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-8 text-center">
      <h2 className="text-base font-semibold text-fg">
        <Trans>File Editor</Trans>
      </h2>
      {children}
    </div>
  );
}

function Loading() {
  return (
    <p className="text-sm text-muted">
      <Trans>Loading...</Trans>
    </p>
  );
}

export interface EditorPaneProps {
  open: OpenFile;
  canWrite: boolean;
  onDownload: () => void;
}

/** The right side of the Files tab: placeholder, Loading..., the error, or the editor. */
export function EditorPane({ open, canWrite, onDownload }: EditorPaneProps) {
  const { t } = useLingui();
  const { file, content } = open;
  if (!file) {
    return (
      <Placeholder>
        <p className="text-sm text-muted">
          <Trans>Select a file to view its contents</Trans>
        </p>
      </Placeholder>
    );
  }
  if (content.isPending)
    return (
      <Placeholder>
        <Loading />
      </Placeholder>
    );
  if (content.isError) {
    const problem = editorProblem(content.error);
    const name = file.name;
    return (
      <Placeholder>
        <FileWarning aria-hidden className="size-8 text-faint" />
        <p role="alert" className="max-w-md text-sm text-muted">
          {problem.text}
        </p>
        {problem.kind === 'error' ? null : (
          <Button size="sm" onClick={onDownload} className="mt-2">
            <Download aria-hidden className="size-4" />
            <Trans>Download {name}</Trans>
          </Button>
        )}
      </Placeholder>
    );
  }
  const name = file.name;
  return (
    <section aria-label={t`Editing ${name}`} className="flex h-full min-h-0 flex-col">
      <header className="flex h-9 shrink-0 items-center gap-2 border-b border-line px-3 text-[13px]">
        <FileIcon file={file} />
        <span className="truncate font-medium text-fg" title={file.path}>
          {file.path}
        </span>
        {open.dirty ? (
          <span className="text-xs text-warning">
            <Trans>Unsaved changes</Trans>
          </span>
        ) : null}
        {canWrite ? null : (
          <span className="ml-auto text-xs text-faint">
            <Trans>Read only</Trans>
          </span>
        )}
      </header>
      <div className="min-h-0 flex-1">
        <Suspense
          fallback={
            <Placeholder>
              <Loading />
            </Placeholder>
          }
        >
          <CodeEditor
            key={file.path}
            value={open.text}
            language={editorLanguage(file)}
            readOnly={!canWrite}
            onChange={open.edit}
            label={t`Contents of ${name}`}
          />
        </Suspense>
      </div>
    </section>
  );
}
