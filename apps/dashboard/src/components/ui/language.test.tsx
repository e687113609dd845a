import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { LazyToaster, notify } from '@/lib/toast.ts';
import { DialogActions } from './dialog-actions.tsx';
import { Modal } from './dialog.tsx';
import { MultiSelect } from './multi-select.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { Spinner } from './spinner.tsx';
import { TextSetting } from './text-setting.tsx';

// The primitives' own texts (their defaults; the callers' texts come as props) follow the
// language chosen.

const field = (name: string) => ({ name, value: '', onChange: () => {}, error: undefined });

function PasswordDialog() {
  return (
    <Modal
      open
      closable
      onOpenChange={() => {}}
      title="Passwort ändern"
      actions={<DialogActions confirmLabel="Ändern" onCancel={() => {}} onConfirm={() => {}} />}
    >
      <NewPasswordFields password={field('password')} confirm={field('confirm')} />
      <Spinner />
    </Modal>
  );
}

const OPTIONS = [
  { value: 'a', label: 'Survival' },
  { value: 'b', label: 'Creative' },
  { value: 'c', label: 'Skyblock' },
];

describe('UI primitives in another language', () => {
  it('name their own buttons, fields and status in German', async () => {
    await activateLocale('de');
    render(<PasswordDialog />);
    const dialog = screen.getByRole('dialog', { name: 'Passwort ändern' });
    expect(within(dialog).getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Passwort')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Passwort bestätigen')).toBeInTheDocument();
    expect(within(dialog).getByRole('status', { name: 'Lädt' })).toBeInTheDocument();
  });

  it('a text setting saves and explains itself in German', async () => {
    await activateLocale('de');
    render(
      <TextSetting
        label="Name"
        tip="Der Name des Cores"
        value="Hearth"
        validate={() => null}
        save={() => Promise.resolve()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Info zu Name' })).toBeInTheDocument();
  });

  it('a multi-select says what is chosen in Chinese', async () => {
    const user = userEvent.setup();
    await activateLocale('zh-CN');
    const { rerender } = render(
      <MultiSelect label="实例" options={OPTIONS} selected={[]} onChange={() => {}} />,
    );
    expect(screen.getByRole('button', { name: '实例：无' })).toBeInTheDocument();
    rerender(
      <MultiSelect label="实例" options={OPTIONS} selected={['a', 'b', 'c']} onChange={() => {}} />,
    );
    expect(screen.getByRole('button', { name: '实例：已选择 3 项' })).toHaveTextContent(
      '已选择 3 项',
    );
    rerender(
      <MultiSelect label="实例" options={OPTIONS} selected={['a', 'b']} onChange={() => {}} />,
    );
    expect(screen.getByRole('button', { name: '实例：Survival、Creative' })).toBeInTheDocument();
    rerender(<MultiSelect label="实例" options={[]} selected={[]} onChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: '实例：无' }));
    expect(await screen.findByText('没有可选项')).toBeInTheDocument();
  });

  it('changes language while on screen, and English stays the English of before', async () => {
    render(
      <MultiSelect
        label="Games"
        options={OPTIONS}
        selected={['a', 'b', 'c']}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Games: 3 selected' })).toBeInTheDocument();
    render(
      <MultiSelect label="Mods" options={OPTIONS} selected={['a', 'b']} onChange={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Mods: Survival, Creative' })).toBeInTheDocument();
    await act(() => activateLocale('de'));
    expect(screen.getByRole('button', { name: 'Games: 3 ausgewählt' })).toBeInTheDocument();
  });

  it('names the toast region in German', async () => {
    await activateLocale('de');
    render(<LazyToaster />);
    act(() => notify('info', 'Sicherung gestartet'));
    expect(await screen.findByText('Sicherung gestartet')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Benachrichtigungen/ })).toBeInTheDocument();
  });
});
