import type { GetConfigResponse, SettingManifest } from '@hearth/protocol';
import { badRequest, internal } from '../../errors.ts';
import {
  ConfigDeclarationError,
  parseConfigDeclaration,
  type ConfigDeclaration,
} from '../../runtime/macros/config-declaration.ts';
import type { TaskInit } from '../../runtime/macros/sdk/task-context.ts';
import { MacroConfigStore, configResponse } from './config-store.ts';
import { MacroFiles, type MacroFile } from './macro-files.ts';

/** A macro found in an instance folder, with its config declaration (null: it declares none). */
export interface LoadedMacro {
  files: MacroFiles;
  file: MacroFile;
  declaration: ConfigDeclaration | null;
}

/** What `run` refuses with when the declaration is invalid or no valid config is stored (§1.4.17). */
const configError = () => internal('Config error');

async function load(instanceDir: string, name: string): Promise<LoadedMacro> {
  const files = new MacroFiles(instanceDir);
  const file = await files.resolve(name);
  return { files, file, declaration: parseConfigDeclaration(await files.readSource(file)) };
}

/** The macro and its declaration; an invalid declaration is a 400 that says why. */
async function loadForConfig(instanceDir: string, name: string): Promise<LoadedMacro> {
  try {
    return await load(instanceDir, name);
  } catch (err) {
    if (err instanceof ConfigDeclarationError)
      throw badRequest('Invalid config declaration', err.message);
    throw err;
  }
}

/** core-api.md §2.15 GetConfigResponse: declared settings with the stored values, or why not. */
export async function macroConfig(instanceDir: string, name: string): Promise<GetConfigResponse> {
  const { files, file, declaration } = await loadForConfig(instanceDir, name);
  if (declaration === null) return configResponse(null, null);
  return configResponse(
    declaration,
    await new MacroConfigStore(files).read(file.name, declaration),
  );
}

/**
 * Checks the settings against the declaration and stores them (`macros/<name>/<name>_config.json`);
 * returns the macro's files and name (the folder the config went into).
 */
export async function storeMacroConfig(
  instanceDir: string,
  name: string,
  body: Record<string, SettingManifest>,
): Promise<{ files: MacroFiles; name: string }> {
  const { files, file, declaration } = await loadForConfig(instanceDir, name);
  await new MacroConfigStore(files).write(file.name, declaration, body);
  return { files, name: file.name };
}

/**
 * Whether `run` would refuse the macro with `Config error` now (its declaration is invalid, or no
 * valid config is stored): the macro list says so, so a client opens the config dialog first.
 */
export async function needsConfig(files: MacroFiles, file: MacroFile): Promise<boolean> {
  let declaration: ConfigDeclaration | null;
  try {
    declaration = parseConfigDeclaration(await files.readSource(file));
  } catch (err) {
    if (err instanceof ConfigDeclarationError) return true;
    throw err;
  }
  if (declaration === null) return false;
  return (await new MacroConfigStore(files).read(file.name, declaration)).status !== 'ok';
}

/**
 * The macro to run and the config injected into it: `Config error` when the declaration is invalid
 * or the stored config is missing or no longer matches it.
 */
export async function macroToRun(
  instanceDir: string,
  name: string,
): Promise<LoadedMacro & { config: TaskInit['config'] }> {
  let macro: LoadedMacro;
  try {
    macro = await load(instanceDir, name);
  } catch (err) {
    if (err instanceof ConfigDeclarationError) throw configError();
    throw err;
  }
  const { declaration } = macro;
  if (declaration === null) return { ...macro, config: null };
  const stored = await new MacroConfigStore(macro.files).read(macro.file.name, declaration);
  if (stored.status !== 'ok') throw configError();
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(stored.values))
    if (value !== null) values[field] = value.value;
  return { ...macro, config: { variable: declaration.variable, values } };
}
