import {
  causeName,
  describeLogEntry,
  logEntryInstanceName,
  snowflakeToMs,
  type LogEntry,
} from '@hearth/protocol';

const COLUMNS = ['time', 'level', 'kind', 'instance', 'who', 'summary', 'detail', 'snowflake'];

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

export function csvLine(entry: LogEntry): string {
  const { title, detail } = describeLogEntry(entry);
  return `${[
    new Date(snowflakeToMs(entry.snowflake)).toISOString(),
    entry.level,
    entry.category,
    logEntryInstanceName(entry) ?? entry.instance_uuid ?? '',
    causeName(entry.caused_by),
    title,
    detail ?? '',
    entry.snowflake,
  ]
    .map(csvField)
    .join(',')}\r\n`;
}
