export type * from './definition.ts';
export { GenericDefinitionError } from './errors.ts';
export {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_FETCH_TIMEOUT_MS,
  DEFAULT_INSTALL_TIMEOUT_MS,
  describeBundle,
  flattenSetupValues,
  isStoredBundle,
  loadGenericDefinition,
  resolveConfigurableSections,
  resolveStartPlan,
  runInstall,
  runInstallWithPlan,
  startPlanKey,
  type CachedStartPlan,
  type CallOptions,
  type InstallOutcome,
  type InstallRequest,
  type InstallWithPlan,
  type DefinitionSandbox,
  type LoadedDefinition,
  type LoadOptions,
  type StartPlanOutcome,
  type StartRequest,
} from './loader.ts';
export {
  compileOutputPatterns,
  matchOutputLine,
  type CompiledOutputPatterns,
  type OutputMatch,
} from './output-patterns.ts';
export { CUSTOM_COMMAND_DEFINITION_URL, FLYING_SQUID_DEFINITION_URL } from './builtin.ts';
export {
  BackupHooksSchema,
  PlayerManagementSchema,
  StartPlanSchema,
  type ValidBackupHooks,
  type ValidPlayerManagement,
} from './schemas.ts';
export { launchFor, StartCommandError, type Launch } from './start-command.ts';
