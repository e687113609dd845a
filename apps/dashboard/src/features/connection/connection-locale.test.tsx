import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { AddCoreForm } from './components/add-core-form.tsx';
import { WelcomePanel } from './components/welcome-panel.tsx';
import { versionOutcome } from './version-rule.ts';

// Issue 29: the connection screens in German and Simplified Chinese, found by role.
vi.setConfig({ testTimeout: 20_000 });

describe('the connection screens in German', () => {
  it('labels the add-core form and says what is missing in German', async () => {
    await activateLocale('de');
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AddCoreForm onAdded={() => undefined} onBack={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('combobox', { name: 'API-Version' })).toBeInTheDocument();
    const address = screen.getByRole('textbox', { name: 'IP-Adresse/Domain' });
    await user.clear(screen.getByRole('textbox', { name: 'Port' }));
    await user.type(screen.getByRole('textbox', { name: 'Port' }), '70000');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen und weiter' }));
    expect(
      await screen.findByText('Der Port muss zwischen 1 und 65535 liegen'),
    ).toBeInTheDocument();
    expect(address).toHaveAccessibleDescription('Erforderlich');
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeInTheDocument();
  });

  it('says a patch-version difference in German', async () => {
    await activateLocale('de');
    expect(versionOutcome('0.5.0', '0.5.1')).toMatchObject({
      kind: 'toast',
      message:
        'Versionen passen nicht zusammen! Ist Ihr Core veraltet? Core: 0.5.0, Dashboard: 0.5.1.',
    });
  });
});

describe('the welcome panel in Simplified Chinese', () => {
  it('offers to connect or download in Chinese', async () => {
    await activateLocale('zh-CN');
    render(<WelcomePanel onConnect={() => undefined} onNavigate={() => undefined} />);
    expect(screen.getByRole('button', { name: '连接现有核心' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '下载核心' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '文档' })).toBeInTheDocument();
    expect(screen.getByText('版本')).toBeInTheDocument();
  });
});
