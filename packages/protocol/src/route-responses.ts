import { z } from 'zod/mini';
import {
  ApiKeyCreatedSchema,
  ApiKeySchema,
  RecoveryCodesSchema,
  SessionSchema,
  TwoFactorChallengeSchema,
  TwoFactorSetupSchema,
  UserAccessSchema,
} from './access.ts';
import {
  AddonInstallResultSchema,
  AddonProjectSchema,
  AddonSearchPageSchema,
  AddonTargetSchema,
  AddonUpdateSchema,
  InstalledAddonSchema,
} from './addons.ts';
import { BackupRecordSchema, BackupSettingsSchema } from './backups.ts';
import { ConfigurableManifestSchema, SetupManifestSchema } from './configurable.ts';
import { LogPageSchema } from './event-log.ts';
import { ClientEventSchema } from './events.ts';
import { ClientFileSchema } from './files.ts';
import {
  HandlerGameTypeSchema,
  InstanceDiskSchema,
  InstanceInfoSchema,
  InstanceStateSchema,
  InstanceUuidSchema,
  PlayerSchema,
  ShippedDefinitionSchema,
} from './instances.ts';
import {
  GetConfigResponseSchema,
  HistoryEntrySchema,
  MacroEntrySchema,
  MacroOutputSchema,
  TaskEntrySchema,
} from './macros.ts';
import { PlayerActionResultSchema } from './players.ts';
import type { ApiRouteName } from './routes.ts';
import { ScheduleRunSchema, ScheduleSchema } from './schedules.ts';
import {
  CoreInfoSchema,
  GlobalSettingsDataSchema,
  PortStatusSchema,
  SystemCpuSchema,
  SystemDiskSchema,
  SystemRamSchema,
} from './settings.ts';
import { SftpInfoSchema, SshKeySchema } from './sftp.ts';
import { PlayitFlagSchema, PlayitSignupDataSchema, PlayitTunnelInfoSchema } from './tunnels.ts';
import { TwoFactorStatusSchema } from './two-factor-status.ts';
import { LoginReplySchema, PublicUserSchema } from './users.ts';
import { WebhookDeliverySchema, WebhookListSchema, WebhookSavedSchema } from './webhooks.ts';

// What a route answers, for the routes whose answer the protocol already describes. Test cores
// (`checkResponses`) parse every such answer with it, so a core that drifts from the shape the
// dashboard parses fails a test instead of a screen. Kept apart from the route table so that the
// dashboard's first load does not carry every schema: its calls name their schema where they parse.
export const apiResponses = {
  info: CoreInfoSchema,
  systemRam: SystemRamSchema,
  systemDisk: SystemDiskSchema,
  systemCpu: SystemCpuSchema,
  checkPort: PortStatusSchema,
  systemWarnings: z.array(z.string()),
  setup: LoginReplySchema,
  userLogin: z.union([LoginReplySchema, TwoFactorChallengeSchema]),
  userLoginTwoFactor: LoginReplySchema,
  userInfo: PublicUserSchema,
  userList: z.array(PublicUserSchema),
  userCreate: LoginReplySchema,
  user: PublicUserSchema,
  twoFactorStatus: TwoFactorStatusSchema,
  twoFactorSetup: TwoFactorSetupSchema,
  twoFactorConfirm: RecoveryCodesSchema,
  twoFactorRecoveryCodes: RecoveryCodesSchema,
  apiKeyList: z.array(ApiKeySchema),
  apiKeyCreate: ApiKeyCreatedSchema,
  sessionList: z.array(SessionSchema),
  sessionRevokeOthers: z.object({ revoked: z.number() }),
  accessOverview: z.array(UserAccessSchema),
  globalSettings: GlobalSettingsDataSchema,
  games: z.array(HandlerGameTypeSchema),
  gamesDefinitions: z.array(ShippedDefinitionSchema),
  setupManifest: SetupManifestSchema,
  genericSetupManifest: SetupManifestSchema,
  instanceList: z.array(InstanceInfoSchema),
  instanceInfo: InstanceInfoSchema,
  instanceCreate: InstanceUuidSchema,
  instanceState: InstanceStateSchema,
  instanceConfigurableManifest: ConfigurableManifestSchema,
  instanceDisk: InstanceDiskSchema,
  players: z.array(PlayerSchema),
  playerAction: PlayerActionResultSchema,
  consoleBuffer: z.array(ClientEventSchema),
  eventsBuffer: z.array(ClientEventSchema),
  eventsSearch: z.array(ClientEventSchema),
  fsLs: z.array(ClientFileSchema),
  macroList: z.array(MacroEntrySchema),
  taskList: z.array(TaskEntrySchema),
  historyList: z.array(HistoryEntrySchema),
  macroConfigGet: GetConfigResponseSchema,
  macroOutput: MacroOutputSchema,
  playitSignupLink: PlayitSignupDataSchema,
  playitVerify: PlayitFlagSchema,
  playitIsRunning: PlayitFlagSchema,
  playitTunnels: z.array(PlayitTunnelInfoSchema),
  backupList: z.array(BackupRecordSchema),
  backupCreate: BackupRecordSchema,
  backup: BackupRecordSchema,
  backupUpdate: BackupRecordSchema,
  backupSettings: BackupSettingsSchema,
  backupSettingsUpdate: BackupSettingsSchema,
  scheduleList: z.array(ScheduleSchema),
  scheduleCreate: ScheduleSchema,
  scheduleUpdate: ScheduleSchema,
  scheduleEnabled: ScheduleSchema,
  scheduleRun: ScheduleRunSchema,
  scheduleRuns: z.array(ScheduleRunSchema),
  activitySearch: LogPageSchema,
  webhookList: WebhookListSchema,
  webhookCreate: WebhookSavedSchema,
  webhookUpdate: WebhookSavedSchema,
  webhookTest: WebhookDeliverySchema,
  webhookDeliveries: z.array(WebhookDeliverySchema),
  addonTarget: AddonTargetSchema,
  addonSearch: AddonSearchPageSchema,
  addonProject: AddonProjectSchema,
  addonList: z.array(InstalledAddonSchema),
  addonInstall: AddonInstallResultSchema,
  addonUpdates: z.array(AddonUpdateSchema),
  addonUpdate: InstalledAddonSchema,
  sftpInfo: SftpInfoSchema,
  sshKeyList: z.array(SshKeySchema),
  sshKeyAdd: SshKeySchema,
} as const satisfies Partial<Record<ApiRouteName, z.core.$ZodType>>;
