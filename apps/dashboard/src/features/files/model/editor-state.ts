// Save and Discard Changes are enabled only when the loaded content was changed (dashboard.md §2).

export interface EditorContent {
  /** The content as loaded (or last saved); null while loading or on error. */
  original: string | null;
  /** The edited text; null when untouched. */
  draft: string | null;
}

export function isDirty({ original, draft }: EditorContent): boolean {
  return original !== null && draft !== null && draft !== original;
}
