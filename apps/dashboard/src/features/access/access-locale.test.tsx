// Issue 29: the account-security screens in German and Simplified Chinese.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { emptyPermissions } from '@hearth/protocol';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { CustomScopeFields, emptyChoice } from './components/custom-scope-fields.tsx';
import { RecoveryCodes } from './components/recovery-codes.tsx';
import { TwoFactorCodeDialog } from './components/two-factor-code-dialog.tsx';
import { describeScope } from './key-scope.ts';
import type { HeldRights } from './key-scope.ts';

const noop = () => undefined;

describe('access in another language', () => {
  it('recovery codes and a key scope speak German', async () => {
    await activateLocale('de');
    render(<RecoveryCodes codes={['aaaa-bbbb', 'cccc-dddd']} username="alice" />);
    expect(screen.getByRole('list', { name: 'Wiederherstellungscodes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Herunterladen' })).toBeInTheDocument();

    const held = {
      owner: false,
      admin: false,
      instance: { ...emptyPermissions(), can_view_instance: ['A'] },
      global: ['can_create_instance'],
    } as unknown as HeldRights;
    render(
      <CustomScopeFields
        held={held}
        instances={[{ uuid: 'A', name: 'Alpha' }]}
        choice={emptyChoice}
        onChange={noop}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Instanzen erstellen' })).toBeInTheDocument();
    expect(screen.getByText('Berechtigungen dieses Schlüssels')).toBeInTheDocument();

    const permissions = { ...emptyPermissions(), can_view_instance: ['A', 'B'] };
    expect(describeScope({ is_owner: false, is_admin: true, permissions })).toBe(
      'Administrator, Instanz ansehen (2 Instanzen)',
    );
  });

  it('the code dialog speaks Chinese', async () => {
    await activateLocale('zh-CN');
    render(
      <TwoFactorCodeDialog
        title="t"
        description="d"
        submitLabel="s"
        allowRecovery
        onSubmit={() => Promise.resolve()}
        onClose={noop}
      />,
    );
    expect(screen.getByRole('textbox', { name: '验证码或恢复码' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取消' })).toBeInTheDocument();
  });
});
