import { useId } from 'react';
import { Check, Download } from 'lucide-react';
import type { HandlerGameType, ShippedDefinition } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { useGames } from '../api/get-games.ts';
import { useCoreExtensions } from '../api/get-shipped-definitions.ts';
import { GameIcon, gameKeyLabel } from './game-icon.tsx';
import type { Wizard } from './use-wizard.ts';

const CARD = 'flex w-full items-center gap-3 rounded-lg border p-3 text-left transition-colors';

function cardClass(selected: boolean): string {
  return cn(
    CARD,
    selected
      ? 'border-accent bg-accent/10'
      : 'border-line bg-bg hover:border-faint hover:bg-hover/40',
  );
}

function GameCard({ game, wizard }: { game: HandlerGameType; wizard: Wizard }) {
  const selected = wizard.choice?.kind === 'game' && wizard.choice.game === game;
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={cardClass(selected)}
      onClick={() => wizard.choose({ kind: 'game', game })}
    >
      <GameIcon gameKey={game} size="md" />
      <span className="flex-1 text-sm font-medium">{gameKeyLabel(game)}</span>
      {selected ? <Check aria-hidden className="size-4 text-accent" /> : null}
    </button>
  );
}

/** A game that ships with the core, e.g. flying-squid (no download, no Java). */
function DefinitionCard({ definition, wizard }: { definition: ShippedDefinition; wizard: Wizard }) {
  const selected = wizard.choice?.kind === 'definition' && wizard.choice.url === definition.url;
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={cardClass(selected)}
      onClick={() => wizard.choose({ kind: 'definition', url: definition.url })}
    >
      <GameIcon
        game={{
          type: 'Generic',
          game_name: definition.game_name,
          game_display_name: definition.game_display_name,
        }}
        size="md"
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm font-medium">{definition.game_display_name}</span>
        <span className="text-xs text-muted">{definition.description}</span>
      </span>
      {selected ? <Check aria-hidden className="size-4 shrink-0 text-accent" /> : null}
    </button>
  );
}

function GenericUrlForm({ wizard }: { wizard: Wizard }) {
  const id = useId();
  const { generic } = wizard;
  return (
    <form
      noValidate
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        void wizard.loadGeneric();
      }}
    >
      <label htmlFor={id} className="text-[13px] font-medium text-muted">
        Definition URL
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={generic.url}
          placeholder="https://… or file:///…/definition.ts"
          autoComplete="off"
          aria-invalid={generic.error ? true : undefined}
          aria-describedby={`${id}-status`}
          onChange={(event) => wizard.setGenericUrl(event.target.value)}
          className={cn(
            'h-10 min-w-0 flex-1 rounded-md border bg-bg px-3 text-sm text-fg placeholder:text-faint focus:outline-none focus-visible:outline-2 focus-visible:outline-accent',
            generic.error ? 'border-danger' : 'border-line hover:border-faint',
          )}
        />
        <Button type="submit" loading={generic.loading}>
          <Download aria-hidden className="size-4" />
          Load
        </Button>
      </div>
      <div id={`${id}-status`} aria-live="polite" className="text-[13px]">
        {generic.error ? (
          <>
            <p className="text-danger">{generic.error}</p>
            {generic.detail ? <p className="text-xs text-faint">{generic.detail}</p> : null}
          </>
        ) : wizard.genericReady ? (
          <p className="text-success">Definition loaded</p>
        ) : (
          <p className="text-faint">Load the definition to see its settings.</p>
        )}
      </div>
    </form>
  );
}

function GenericCard({ wizard }: { wizard: Wizard }) {
  const selected = wizard.choice?.kind === 'generic';
  return (
    <div
      className={cn(
        'col-span-full flex flex-col gap-3 rounded-lg',
        selected && 'border border-accent/40 p-3 pt-0',
      )}
    >
      <button
        type="button"
        aria-pressed={selected}
        className={cn(cardClass(selected), selected && 'mt-3')}
        onClick={() => wizard.choose({ kind: 'generic' })}
      >
        <GameIcon gameKey="Generic" size="md" />
        <span className="flex flex-1 flex-col">
          <span className="flex items-center gap-2 text-sm font-medium">
            Docker Instance
            <span className="rounded-full border border-accent/50 px-1.5 text-[10px] font-semibold tracking-wide text-accent uppercase">
              Beta
            </span>
          </span>
          <span className="text-xs text-muted">
            Any game server described by a definition file, loaded from a URL
          </span>
        </span>
        {selected ? <Check aria-hidden className="size-4 text-accent" /> : null}
      </button>
      {selected ? <GenericUrlForm wizard={wizard} /> : null}
    </div>
  );
}

/**
 * Step 1: the games of /games, the games that ship with a Hearth core (none on a Lodestone core),
 * and the Docker Instance (generic, beta) card that loads a definition from a URL.
 */
export function WizardSelectGame({ wizard }: { wizard: Wizard }) {
  const games = useGames();
  const shipped = useCoreExtensions().data?.definitions ?? [];
  return (
    <div className="flex flex-col gap-3">
      {games.isPending ? <Spinner /> : null}
      {games.isError ? <p className="text-sm text-danger">{toUserMessage(games.error)}</p> : null}
      <div className="grid grid-cols-2 gap-3">
        {games.data?.map((game) => (
          <GameCard key={game} game={game} wizard={wizard} />
        ))}
        {shipped.map((definition) => (
          <DefinitionCard key={definition.url} definition={definition} wizard={wizard} />
        ))}
        <GenericCard wizard={wizard} />
      </div>
      {wizard.errors.game ? (
        <p role="alert" className="text-[13px] text-danger">
          {wizard.errors.game}
        </p>
      ) : null}
    </div>
  );
}
