import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { addCore, getSession } from '@/lib/session.ts';
import { installFakeFetch } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo } from '@/test/fixtures.ts';
import { connectTo, renderApp } from '@/test/render-app.tsx';
import { activateLocale } from '@/lib/i18n/i18n.ts';

afterEach(() => vi.unstubAllGlobals());

const OTHER = { address: 'box.lan', port: 9000, protocol: 'https', apiVersion: 'v1' } as const;

describe('select core (/login/core/select)', () => {
  it('lists the saved cores and connects to the chosen one', async () => {
    connectTo(TEST_CORE);
    addCore(OTHER);
    installFakeFetch({
      'box.lan:9000': { 'GET /info': { body: coreInfo() } },
      'core.test:16662': { 'GET /info': { body: coreInfo() } },
    });
    const { user, router } = renderApp('/login/core/select');
    const select = await screen.findByLabelText('Core');
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'http://core.test:16662',
      'https://box.lan:9000',
    ]);
    await user.selectOptions(select, 'https://box.lan:9000');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(getSession().current).toEqual(OTHER);
    expect(new URLSearchParams(router.state.location.search).get('address')).toBe('box.lan');
  });

  it('shows why a saved core cannot be reached', async () => {
    connectTo(TEST_CORE);
    installFakeFetch({});
    const { user } = renderApp('/login/core/select');
    await user.click(await screen.findByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
  });

  it('in Chinese (issue 29)', async () => {
    await activateLocale('zh-CN');
    connectTo(TEST_CORE);
    installFakeFetch({ 'core.test:16662': { 'GET /info': { body: coreInfo() } } });
    renderApp('/login/core/select');
    expect(await screen.findByRole('heading', { name: '选择核心' })).toBeInTheDocument();
    expect(screen.getByText('选择此浏览器连接过的一个核心。')).toBeInTheDocument();
  });

  it('Connect a new core opens the add-core form', async () => {
    connectTo(TEST_CORE);
    installFakeFetch({});
    const { user } = renderApp('/login/core/select');
    await user.click(await screen.findByRole('button', { name: 'Connect a new core' }));
    expect(await screen.findByRole('heading', { name: 'Connect a new core' })).toBeInTheDocument();
  });
});
