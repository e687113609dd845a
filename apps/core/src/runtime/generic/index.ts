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
export { FLYING_SQUID_DEFINITION_URL } from './builtin.ts';
export { BackupHooksSchema, StartPlanSchema, type ValidBackupHooks } from './schemas.ts';
export { launchFor, StartCommandError, type Launch } from './start-command.ts';
