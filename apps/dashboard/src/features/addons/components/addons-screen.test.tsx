import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ADDON_SEARCH_LIMIT } from '@hearth/protocol';
import type {
  AddonProject,
  AddonSearchPage,
  AddonTarget,
  AddonVersion,
  InstalledAddon,
} from '@hearth/protocol';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { instanceInfo } from '@/test/fixtures.ts';
import { renderScreen } from '@/test/render-app.tsx';
import type { AddonRights } from '../addon-rights.ts';
import { AddonsScreen } from './addons-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const ALL: AddonRights = { read: true, write: true, writeJar: true };

const FABRIC: AddonTarget = {
  kinds: ['mod', 'datapack'],
  loaders: ['fabric'],
  game_version: '1.21.1',
  folders: { mod: 'mods', datapack: 'world/datapacks' },
  reason: null,
};

function installed(overrides: Partial<InstalledAddon> = {}): InstalledAddon {
  return {
    id: '1',
    instance_uuid: 'A',
    kind: 'mod',
    project_id: 'LITHIUM1',
    version_id: 'LV1',
    title: 'Lithium',
    version_number: '0.11.0',
    path: 'mods/lithium-0.11.0.jar',
    sha512: 'aa',
    size: 1000,
    installed_at: 1,
    installed_by: 'U',
    present: true,
    ...overrides,
  };
}

function version(overrides: Partial<AddonVersion> = {}): AddonVersion {
  return {
    id: 'SV2',
    project_id: 'SODIUM01',
    name: 'Sodium 0.6',
    version_number: '0.6.0',
    version_type: 'release',
    game_versions: ['1.21.1'],
    loaders: ['fabric'],
    date_published: '2026-01-01T00:00:00Z',
    downloads: 10,
    file: { filename: 'sodium-0.6.0.jar', size: 500, sha512: 'bb' },
    dependencies: [
      {
        project_id: 'FABRICAPI',
        version_id: null,
        file_name: null,
        dependency_type: 'required',
        title: 'Fabric API',
        installed: false,
      },
    ],
    ...overrides,
  };
}

const PAGE: AddonSearchPage = {
  kind: 'mod',
  offset: 0,
  limit: 20,
  total_hits: 1,
  hits: [
    {
      project_id: 'SODIUM01',
      slug: 'sodium',
      title: 'Sodium',
      description: 'Faster rendering',
      author: 'jelly',
      icon_url: null,
      downloads: 12_345,
      categories: ['optimization'],
      installed: false,
    },
  ],
};

const PROJECT: AddonProject = {
  id: 'SODIUM01',
  slug: 'sodium',
  title: 'Sodium',
  description: 'Faster rendering',
  icon_url: null,
  license: 'LGPL-3.0',
  kind: 'mod',
  versions: [version()],
};

function setup(
  options: {
    rights?: AddonRights;
    target?: AddonTarget;
    installed?: InstalledAddon[];
    routes?: Record<string, FakeHandler>;
  } = {},
) {
  let list = options.installed ?? [];
  const { network, user } = renderScreen(
    <AddonsScreen
      instance={instanceInfo({ uuid: 'A', name: 'Alpha' })}
      rights={options.rights ?? ALL}
    />,
    {
      'GET /instance/A/addons/target': { body: options.target ?? FABRIC },
      'GET /instance/A/addons': () => ({ body: list }),
      'GET /instance/A/addons/search': { body: PAGE },
      'GET /instance/A/addons/project/SODIUM01': { body: PROJECT },
      ...options.routes,
    },
  );
  return { network, user, setInstalled: (next: InstalledAddon[]) => (list = next) };
}

describe('Add-ons tab', () => {
  it('without can_read_instance_file shows No permission and asks the core nothing', () => {
    const { network } = setup({ rights: { read: false, write: false, writeJar: false } });
    expect(screen.getByText('No permission')).toBeInTheDocument();
    expect(network.calls.filter((c) => c.path.includes('/addons'))).toHaveLength(0);
  });

  it('says why a game takes no add-ons', async () => {
    setup({
      target: {
        kinds: [],
        loaders: [],
        game_version: null,
        folders: {},
        reason: 'Generic games take no add-ons from Modrinth',
      },
    });
    expect(
      await screen.findByText('Generic games take no add-ons from Modrinth'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('searches through the core, shows versions and dependencies, installs with dependencies', async () => {
    const { network, user, setInstalled } = setup({
      routes: {
        'POST /instance/A/addons': () => {
          setInstalled([installed({ id: '2', title: 'Sodium', project_id: 'SODIUM01' })]);
          return { body: [installed({ id: '2', title: 'Sodium', project_id: 'SODIUM01' })] };
        },
      },
    });
    expect(await screen.findByText(/Nothing installed from Modrinth yet/)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'sodium');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const hit = await screen.findByRole('listitem', { name: 'Sodium' });
    const search = network.callsTo('GET', '/instance/A/addons/search')[0]!;
    expect(search.url.searchParams.get('query')).toBe('sodium');
    expect(search.url.searchParams.get('kind')).toBe('mod');
    expect(hit).toHaveTextContent('12.3K downloads');

    await user.click(within(hit).getByRole('button', { name: 'Versions of Sodium' }));
    const row = await within(hit).findByRole('listitem', { name: '0.6.0' });
    expect(row).toHaveTextContent('Fabric API (required)');
    await user.click(within(row).getByRole('button', { name: 'Install 0.6.0' }));
    await vi.waitFor(() =>
      expect(network.callsTo('POST', '/instance/A/addons')[0]?.body).toEqual({
        version_id: 'SV2',
        with_dependencies: true,
      }),
    );
    const mine = await screen.findByRole('region', { name: 'Installed' });
    expect(await within(mine).findByRole('listitem', { name: 'Sodium' })).toBeInTheDocument();
  });

  it('searches datapacks when chosen', async () => {
    const { network, user } = setup();
    await screen.findByRole('search');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'datapack');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(
        network.callsTo('GET', '/instance/A/addons/search')[0]?.url.searchParams.get('kind'),
      ).toBe('datapack'),
    );
  });

  it('shows more than the first page: "Load more" asks for the next offset until all are shown', async () => {
    const total = ADDON_SEARCH_LIMIT * 2 + 5;
    const hits = Array.from({ length: total }, (_, i) => ({
      ...PAGE.hits[0]!,
      project_id: `MOD${String(i).padStart(5, '0')}`,
      slug: `mod-${i}`,
      title: `Mod ${i}`,
    }));
    const { network, user } = setup({
      routes: {
        'GET /instance/A/addons/search': ({ url }) => {
          const offset = Number(url.searchParams.get('offset') ?? 0);
          return {
            body: {
              ...PAGE,
              offset,
              total_hits: total,
              hits: hits.slice(offset, offset + ADDON_SEARCH_LIMIT),
            },
          };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Results' });
    await vi.waitFor(() =>
      expect(within(results).getAllByRole('listitem')).toHaveLength(ADDON_SEARCH_LIMIT),
    );
    expect(screen.getByText(`Showing ${ADDON_SEARCH_LIMIT} of ${total}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await within(results).findByRole('listitem', { name: `Mod ${ADDON_SEARCH_LIMIT * 2 - 1}` }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await within(results).findByRole('listitem', { name: `Mod ${total - 1}` }),
    ).toBeVisible();
    expect(within(results).getAllByRole('listitem')).toHaveLength(total);
    expect(screen.getByText(`Showing ${total} of ${total}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(
      network
        .callsTo('GET', '/instance/A/addons/search')
        .map((c) => c.url.searchParams.get('offset')),
    ).toEqual([null, String(ADDON_SEARCH_LIMIT), String(ADDON_SEARCH_LIMIT * 2)]);
  });

  it('checks for updates in one click, updates and removes', async () => {
    const newer = version({ id: 'LV2', project_id: 'LITHIUM1', version_number: '0.12.0' });
    const { network, user } = setup({
      installed: [installed(), installed({ id: '3', title: 'Tweaks', present: false })],
      routes: {
        'GET /instance/A/addons/updates': {
          body: [{ addon_id: '1', current_version_id: 'LV1', latest: newer }],
        },
        'PUT /instance/A/addons/1': {
          body: installed({ version_id: 'LV2', version_number: '0.12.0' }),
        },
        'DELETE /instance/A/addons/3': { body: null },
      },
    });
    const lithium = await screen.findByRole('listitem', { name: 'Lithium' });
    expect(screen.getByRole('listitem', { name: 'Tweaks' })).toHaveTextContent('File missing');
    expect(within(lithium).queryByRole('button', { name: 'Update Lithium' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Check for updates' }));
    const update = await within(lithium).findByRole('button', { name: 'Update Lithium' });
    expect(lithium).toHaveTextContent('Update: 0.12.0');
    await user.click(update);
    await vi.waitFor(() =>
      expect(network.callsTo('PUT', '/instance/A/addons/1')[0]?.body).toEqual({
        version_id: 'LV2',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Tweaks' }));
    await vi.waitFor(() =>
      expect(network.callsTo('DELETE', '/instance/A/addons/3')).toHaveLength(1),
    );
  });

  it('file write without the protected-file right changes datapacks but not jars', async () => {
    const { user } = setup({
      rights: { read: true, write: true, writeJar: false },
      installed: [
        installed(),
        installed({ id: '4', kind: 'datapack', title: 'Terralith', path: 'world/datapacks/t.zip' }),
      ],
    });
    const lithium = await screen.findByRole('listitem', { name: 'Lithium' });
    expect(within(lithium).queryByRole('button', { name: 'Remove Lithium' })).toBeNull();
    const pack = screen.getByRole('listitem', { name: 'Terralith' });
    expect(within(pack).getByRole('button', { name: 'Remove Terralith' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    const hit = await screen.findByRole('listitem', { name: 'Sodium' });
    await user.click(within(hit).getByRole('button', { name: 'Versions of Sodium' }));
    const row = await within(hit).findByRole('listitem', { name: '0.6.0' });
    expect(within(row).queryByRole('button', { name: 'Install 0.6.0' })).toBeNull();
  });
});
