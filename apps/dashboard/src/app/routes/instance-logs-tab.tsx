/** dashboard.md §2 Event Logs: the reference's placeholder text, kept word for word. */
export function InstanceLogsTab() {
  return (
    <div className="flex h-full items-center justify-center p-8 text-sm text-zinc-400">
      <p>Coming soon to a dashboard near you!</p>
    </div>
  );
}
