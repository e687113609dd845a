import { z } from 'zod/mini';

// Hearth SFTP (issue 28): the SSH public keys a user adds in their Profile, what a user needs to
// connect (address parts and one username per instance whose files they may read), and the
// owner's on/off and port setting.

/** A public key as listed in the Profile (the key itself is never sent back). */
export const SshKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key type: `ssh-ed25519`, `ecdsa-sha2-nistp256`, `ssh-rsa`, … */
  algorithm: z.string(),
  /** `SHA256:…`, as `ssh-keygen -lf key.pub` prints it. */
  fingerprint: z.string(),
  /** The comment after the key in its `.pub` line (often `user@host`), if it had one. */
  comment: z.nullable(z.string()),
  /** Unix seconds. */
  created_at: z.number(),
  /** Unix seconds of the last SFTP sign-in with it; null when never used. */
  last_used_at: z.nullable(z.number()),
});
export type SshKey = z.infer<typeof SshKeySchema>;
export const SshKeyListSchema = z.array(SshKeySchema);

/** `POST /ssh_keys`: a name and one line of an OpenSSH `.pub` file. */
export const SshKeyAddSchema = z.object({ name: z.string(), public_key: z.string() });
export type SshKeyAdd = z.infer<typeof SshKeyAddSchema>;

/** One instance the caller may reach over SFTP, and the username that reaches it. */
export const SftpAccountSchema = z.object({
  instance_uuid: z.string(),
  instance_name: z.string(),
  /** `<Hearth username>.<instance short id>` */
  username: z.string(),
  /** Whether the caller may write there too (else the account is read-only). */
  writable: z.boolean(),
});
export type SftpAccount = z.infer<typeof SftpAccountSchema>;

/** `GET /sftp`: the server's state and the caller's accounts. */
export const SftpInfoSchema = z.object({
  /** The owner's setting. */
  enabled: z.boolean(),
  port: z.number(),
  /** Accepting connections now (enabled and the port could be bound). */
  listening: z.boolean(),
  /** Why an enabled server is not listening (e.g. the port is taken); null otherwise. */
  problem: z.nullable(z.string()),
  /** `SHA256:…` of the server's host key, for checking the first connection; null before one exists. */
  host_key_fingerprint: z.nullable(z.string()),
  accounts: z.array(SftpAccountSchema),
});
export type SftpInfo = z.infer<typeof SftpInfoSchema>;

/** `PUT /sftp/settings` (owner). */
export const SftpSettingsSchema = z.object({ enabled: z.boolean(), port: z.number() });
export type SftpSettings = z.infer<typeof SftpSettingsSchema>;
