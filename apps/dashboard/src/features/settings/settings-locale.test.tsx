// Issue 29: the core settings' dialogs and rules in German and Simplified Chinese.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { TEST_CORE } from '@/test/fixtures.ts';
import { OpenPortDialog } from './components/open-port-dialog.tsx';
import { checkOpenPort, validateCoreName } from './core-settings-validation.ts';

describe('core settings in another language', () => {
  it('the Open Port dialog speaks German', async () => {
    await activateLocale('de');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OpenPortDialog core={TEST_CORE} open onOpenChange={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Port öffnen (UPnP)' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Zu öffnender Port' });
    fireEvent.change(field, { target: { value: 'abc' } });
    expect(screen.getByText('Der Port muss eine Zahl sein')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });

  it('the rules speak Chinese', async () => {
    await activateLocale('zh-CN');
    expect(validateCoreName('')).toBe('名称不能为空');
    expect(checkOpenPort('0')).toEqual({ ok: false, message: '端口必须在 1 到 65535 之间' });
  });
});
