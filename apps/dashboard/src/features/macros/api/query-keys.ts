// One key root per instance of one core, so a resync can refetch everything macros show at once.

export const macroKeys = {
  instance: (coreId: string | null, uuid: string) => ['macros', coreId, uuid] as const,
};
