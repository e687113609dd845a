import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookList, WebhookTarget } from '@hearth/protocol';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { instanceInfo, publicUser } from '@/test/fixtures.ts';
import { renderApp, signInWithInstances } from '@/test/render-app.tsx';
import { SecretDialog } from './secret-dialog.tsx';

const OWNER = publicUser({ uid: 'USER_owner', username: 'owner', is_owner: true });

const delivered: WebhookDelivery = {
  id: 7,
  at: Date.now() - 60_000,
  event: 'crash',
  summary: 'Crashed',
  instance: { uuid: 'INSTANCE_1', name: 'Survival' },
  status: 'delivered',
  attempts: 3,
  http_status: 204,
  message: '',
};
const target: WebhookTarget = {
  id: 'WEBHOOK_1',
  name: 'Ops channel',
  kind: 'discord',
  url: 'https://discord.com/…',
  events: ['crash', 'players'],
  instance_uuids: null,
  enabled: true,
  signed: false,
  created_at: 1,
  last_delivery: delivered,
  queued: 0,
  dropped: 0,
};

function signedIn(list: WebhookList, extra: Record<string, FakeHandler> = {}) {
  return signInWithInstances(OWNER, [instanceInfo({ uuid: 'INSTANCE_1', name: 'Survival' })], {
    'GET /user/list': { body: [OWNER] },
    'GET /webhooks': { body: list },
    ...extra,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Webhooks settings (owner)', () => {
  it('lists targets with a masked URL, their events and the last delivery', async () => {
    signedIn({ allow_private_targets: false, targets: [target] });
    renderApp('/settings/webhooks');
    const row = await screen.findByRole('listitem', { name: 'Ops channel' });
    expect(within(row).getByText('https://discord.com/…')).toBeInTheDocument();
    expect(
      within(row).getByText(/Crashes and errors, Players joining and leaving · All instances/),
    ).toBeInTheDocument();
    expect(within(row).getByText('Delivered (204)')).toBeInTheDocument();
    // A finger-sized target on a phone (dashboard README: 44 px, `h-11`).
    expect(within(row).getByRole('button', { name: 'Delivery log' })).toHaveClass('min-h-11');
    expect(screen.getByRole('switch', { name: 'Allow private targets' })).not.toBeChecked();
    expect(await screen.findByRole('link', { name: 'Webhooks' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it("shows a failed delivery's whole error, wrapped, not cut", async () => {
    const message =
      'connect ECONNREFUSED 10.0.0.7:8080 after 3 attempts; the target refused every try';
    signedIn({
      allow_private_targets: false,
      targets: [
        {
          ...target,
          last_delivery: { ...delivered, status: 'failed', http_status: null, message },
        },
      ],
    });
    renderApp('/settings/webhooks');
    const row = await screen.findByRole('listitem', { name: 'Ops channel' });
    expect(within(row).getByText(message)).not.toHaveClass('truncate');
  });

  it("the delivery log names each delivery's instance", async () => {
    signedIn(
      { allow_private_targets: false, targets: [target] },
      {
        'GET /webhooks/WEBHOOK_1/deliveries': {
          body: [
            delivered,
            { ...delivered, id: 6, instance: { uuid: 'INSTANCE_gone', name: 'Old world' } },
            { ...delivered, id: 5, event: 'test', summary: 'Test', instance: null },
          ],
        },
      },
    );
    const { user } = renderApp('/settings/webhooks');
    const row = await screen.findByRole('listitem', { name: 'Ops channel' });
    await user.click(within(row).getByRole('button', { name: 'Delivery log' }));
    const log = await within(row).findByRole('table', { name: 'Deliveries' });
    expect(within(log).getByRole('columnheader', { name: 'Instance' })).toBeInTheDocument();
    const cells = within(log)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[2]!.textContent);
    expect(cells).toEqual(['Survival', 'Old world', '—']);
  });

  it('says how many deliveries a full queue dropped', async () => {
    signedIn({ allow_private_targets: false, targets: [{ ...target, queued: 3, dropped: 57 }] });
    renderApp('/settings/webhooks');
    const row = await screen.findByRole('listitem', { name: 'Ops channel' });
    expect(within(row).getByText('3 waiting')).toBeInTheDocument();
    expect(within(row).getByText('57 dropped (queue full)')).toBeInTheDocument();
  });

  it('sends a test and says how it went', async () => {
    const net = signedIn(
      { allow_private_targets: false, targets: [target] },
      {
        'POST /webhooks/WEBHOOK_1/test': {
          body: {
            ...delivered,
            id: 8,
            event: 'test',
            status: 'failed',
            http_status: 404,
            message: 'answered 404',
          },
        },
      },
    );
    const { user } = renderApp('/settings/webhooks');
    const row = await screen.findByRole('listitem', { name: 'Ops channel' });
    await user.click(within(row).getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test to Ops channel failed: answered 404')).toBeInTheDocument();
    expect(net.callsTo('POST', '/webhooks/WEBHOOK_1/test')).toHaveLength(1);
  });

  it('adds a signed target, checks the form first, and shows the secret once', async () => {
    const net = signedIn(
      { allow_private_targets: false, targets: [] },
      {
        'POST /webhooks': {
          body: {
            target: { ...target, id: 'WEBHOOK_2', kind: 'json', signed: true },
            secret: 's3cr3t-value',
          },
        },
      },
    );
    const { user } = renderApp('/settings/webhooks');
    await screen.findByText('No webhooks yet.');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('URL is required')).toBeInTheDocument();
    expect(net.callsTo('POST', '/webhooks')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Receiver');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'json');
    await user.type(within(dialog).getByLabelText('URL'), 'https://hooks.example/in');
    await user.click(within(dialog).getByRole('checkbox', { name: 'State changes' }));
    await user.click(within(dialog).getByRole('button', { name: /^Instances: / }));
    await user.click(await screen.findByRole('checkbox', { name: 'Survival' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(net.callsTo('POST', '/webhooks')).toHaveLength(1));
    expect(net.callsTo('POST', '/webhooks')[0]!.body).toEqual({
      name: 'Receiver',
      kind: 'json',
      url: 'https://hooks.example/in',
      events: ['state', 'crash'],
      instance_uuids: ['INSTANCE_1'],
      enabled: true,
    });
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByLabelText('Signing secret')).toHaveTextContent('s3cr3t-value');
  });

  it('edits without ever showing the stored URL, and sends a URL only when one is typed', async () => {
    const net = signedIn(
      { allow_private_targets: false, targets: [target] },
      { 'PUT /webhooks/WEBHOOK_1': { body: { target, secret: null } } },
    );
    const { user } = renderApp('/settings/webhooks');
    const row = await screen.findByRole('listitem', { name: 'Ops channel' });
    await user.click(within(row).getByRole('button', { name: 'Edit Ops channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit "Ops channel"' });
    expect(within(dialog).getByLabelText('URL')).toHaveValue('');
    await user.click(within(dialog).getByRole('switch', { name: 'Enabled' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('PUT', '/webhooks/WEBHOOK_1')).toHaveLength(1));
    const body = net.callsTo('PUT', '/webhooks/WEBHOOK_1')[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('url');
    expect(body.enabled).toBe(false);
  });

  it('turns on private targets and deletes a target after confirming', async () => {
    const net = signedIn(
      { allow_private_targets: false, targets: [target] },
      {
        'PUT /webhooks/settings/private_targets': { body: null },
        'DELETE /webhooks/WEBHOOK_1': { body: null },
      },
    );
    const { user } = renderApp('/settings/webhooks');
    await screen.findByRole('listitem', { name: 'Ops channel' });
    await user.click(screen.getByRole('switch', { name: 'Allow private targets' }));
    await waitFor(() =>
      expect(net.callsTo('PUT', '/webhooks/settings/private_targets')[0]?.body).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Ops channel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete "Ops channel"' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(net.callsTo('DELETE', '/webhooks/WEBHOOK_1')).toHaveLength(1));
  });

  it('is the owner’s only', async () => {
    signInWithInstances(publicUser({ uid: 'USER_bob', username: 'bob' }), []);
    renderApp('/settings/webhooks');
    expect(await screen.findByText('Only the owner can manage webhooks.')).toBeInTheDocument();
  });
});

describe('Webhooks settings in other languages', () => {
  it('German: the target, what it hears and its last delivery', async () => {
    await activateLocale('de');
    signedIn({ allow_private_targets: false, targets: [{ ...target, enabled: false }] });
    renderApp('/settings/webhooks');
    const row = await screen.findByRole('listitem', { name: 'Ops channel' });
    expect(
      within(row).getByText(/Abstürze und Fehler, Spieler treten bei und gehen · Alle Instanzen/),
    ).toBeInTheDocument();
    expect(within(row).getByText('Zugestellt (204)')).toBeInTheDocument();
    expect(within(row).getByText('Deaktiviert')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Ops channel bearbeiten' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Private Ziele erlauben' })).not.toBeChecked();
  });

  it('German: the signing secret dialog keeps the header names and the signed text as they are', async () => {
    await activateLocale('de');
    render(<SecretDialog secret="s3cret" onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Signaturgeheimnis' });
    expect(
      within(dialog).getByText(
        "Ihr Empfänger prüft damit den Header x-hearth-signature: HMAC-SHA256 von '<x-hearth-timestamp>.<body>'. Es wird nur jetzt angezeigt.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Kopieren' })).toBeInTheDocument();
  });

  it('Chinese: the add dialog refuses an empty form in Chinese', async () => {
    await activateLocale('zh-CN');
    signedIn({ allow_private_targets: false, targets: [] });
    const { user } = renderApp('/settings/webhooks');
    expect(await screen.findByText('还没有 Webhook。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '添加 Webhook' }));
    const dialog = await screen.findByRole('dialog', { name: '添加 Webhook' });
    await user.click(within(dialog).getByRole('button', { name: '添加 Webhook' }));
    expect(await within(dialog).findByText('名称为必填项')).toBeInTheDocument();
    expect(within(dialog).getByText('URL 为必填项')).toBeInTheDocument();
  });
});
