/** One labelled figure of an instance card (players, CPU, memory). */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-[11px] font-medium text-faint">{label}</dt>
      <dd aria-label={label} className="truncate text-sm font-medium tabular-nums">
        {value}
      </dd>
    </div>
  );
}
