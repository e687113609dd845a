/** The upstream catalogue the fixture serves; every field can be replaced through `startUpstreamFixture`. */
export interface FixtureData {
  /** Mojang versions, newest first. `javaMajor` absent = no `javaVersion` key; `hasServer: false` = no server download. */
  mojang: { id: string; type: string; javaMajor?: number; hasServer?: boolean }[];
  /** Fabric game versions, newest first; `stable` doubles as the intermediary's stability. */
  fabricGame: { version: string; stable: boolean }[];
  /** Loaders listed for every Fabric game version (deliberately not sorted). */
  fabricLoaders: { version: string; stable: boolean }[];
  fabricInstallers: { version: string; stable: boolean }[];
  /** Paper versions, oldest first (as the API lists them). */
  paperVersions: string[];
  paperBuilds: Record<string, { build: number; channel: string }[]>;
  /** Forge maven-metadata.json: Minecraft version → build ids, oldest first. */
  forge: Record<string, string[]>;
  /** Mojang profiles: name → undashed uuid. */
  profiles: Record<string, string>;
}

export function defaultFixtureData(): FixtureData {
  return {
    mojang: [
      { id: '24w33a', type: 'snapshot', javaMajor: 21 },
      { id: '1.21.1', type: 'release', javaMajor: 21 },
      { id: '1.20.4', type: 'release', javaMajor: 17 },
      { id: '1.20.1', type: 'release', javaMajor: 17 },
      { id: '1.17.1', type: 'release', javaMajor: 16 },
      { id: '1.16.5', type: 'release', javaMajor: 8 },
      { id: 'b1.7.3', type: 'old_beta', hasServer: false },
    ],
    fabricGame: [
      { version: '24w33a', stable: false },
      { version: '1.21.1', stable: true },
      { version: '1.20.4', stable: true },
      { version: '1.20.1', stable: true },
    ],
    fabricLoaders: [
      { version: '0.16.0', stable: false },
      { version: '0.15.9', stable: true },
      { version: '0.15.11', stable: true },
      { version: '0.14.25', stable: true },
    ],
    fabricInstallers: [
      { version: '1.0.2', stable: false },
      { version: '0.11.2', stable: true },
      { version: '1.0.1', stable: true },
    ],
    paperVersions: ['1.20.1', '1.20.4', '1.21.1'],
    paperBuilds: {
      '1.20.1': [{ build: 196, channel: 'default' }],
      '1.20.4': [
        { build: 495, channel: 'default' },
        { build: 496, channel: 'default' },
        { build: 497, channel: 'experimental' },
      ],
      '1.21.1': [{ build: 1, channel: 'experimental' }],
    },
    forge: {
      '1.16.5': ['1.16.5-36.2.34', '1.16.5-36.2.39'],
      '1.20.1': ['1.20.1-47.2.0', '1.20.1-47.3.0'],
      '1.21.1': ['1.21.1-52.0.1'],
    },
    profiles: { Notch: '069a79f444e94726a5befca90e38aaf5' },
  };
}
