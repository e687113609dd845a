import ignore from 'ignore';
import { BACKUP_ALWAYS_EXCLUDED } from '@hearth/protocol';

/** Whether a `/`-separated path relative to the instance folder is left out of a backup. */
export type Excluder = (relative: string, isDir: boolean) => boolean;

/**
 * An excluder for an instance's exclude list (gitignore syntax, through the `ignore` library, the
 * one ESLint uses) plus BACKUP_ALWAYS_EXCLUDED. As in git, an excluded directory is not entered, so
 * a `!pattern` cannot bring back a file inside it.
 */
export function buildExcluder(userPatterns: string): Excluder {
  const rules = ignore({ allowRelativePaths: true })
    .add([...BACKUP_ALWAYS_EXCLUDED])
    .add(userPatterns);
  return (relative, isDir) => {
    try {
      return rules.ignores(isDir ? `${relative}/` : relative);
    } catch {
      // A name the library cannot judge (it refuses a few odd ones such as "..."): keep it.
      return false;
    }
  };
}
