import type { ReactNode } from 'react';
import { Wordmark } from './logo.tsx';

/** The centred card every login and setup screen sits in. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-[26rem]">
        <div className="mb-6 flex justify-center">
          <Wordmark />
        </div>
        <section className="rounded-xl border border-line bg-panel p-5 shadow-xl shadow-black/30 sm:p-7">
          <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
          {subtitle ? <div className="mt-1.5 text-sm text-muted">{subtitle}</div> : null}
          <div className="mt-6">{children}</div>
        </section>
        {footer ? <div className="mt-4 text-center text-[13px] text-faint">{footer}</div> : null}
      </div>
    </main>
  );
}
