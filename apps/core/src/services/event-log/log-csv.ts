import {
  causeName,
  describeLogEntry,
  logEntryInstanceName,
  snowflakeToMs,
  type LogEntry,
} from '@hearth/protocol';

const COLUMNS = [
  'time',
  'level',
  'kind',
  'instance',
  'instance_uuid',
  'who',
  'summary',
  'detail',
  'snowflake',
];

/**
 * One CSV field (RFC 4180 quoting). A field a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return first) gets a leading apostrophe: the log holds text users typed.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvHeader(): string {
  return `${COLUMNS.join(',')}\r\n`;
}

/**
 * One row. `instance` is the instance's name (the one the entry carries, else its current name;
 * empty for an instance deleted since), `instance_uuid` its id: both for every row, whatever kind
 * of entry knows what (a file or macro event carries only the uuid, a state change both).
 */
export function csvLine(
  entry: LogEntry,
  instanceName: (uuid: string) => string | null = () => null,
): string {
  const { title, detail } = describeLogEntry(entry);
  const uuid = entry.instance_uuid;
  return `${[
    new Date(snowflakeToMs(entry.snowflake)).toISOString(),
    entry.level,
    entry.category,
    logEntryInstanceName(entry) ?? (uuid === null ? null : instanceName(uuid)) ?? '',
    uuid ?? '',
    causeName(entry.caused_by),
    title,
    detail ?? '',
    entry.snowflake,
  ]
    .map(csvField)
    .join(',')}\r\n`;
}
