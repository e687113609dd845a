// Public surface of the Minecraft Java runtime; see README.md in this folder.
export * from './upstreams.ts';
export * from './errors.ts';
export * from './flavours.ts';
export * from './config.ts';
export * from './versions.ts';
export * from './setup-manifest.ts';
export * from './artifacts.ts';
export * from './java.ts';
export * from './installer.ts';
export * from './launch.ts';
export * from './launch-policy.ts';
export * from './server-properties.ts';
export * from './settings-manifest.ts';
export * from './output-parser.ts';
export * from './mojang-profile.ts';
