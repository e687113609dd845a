import { useId } from 'react';
import { Download } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HandlerGameType, ShippedDefinition } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { RadioCard, RadioCardGroup } from '@/components/ui/radio-cards.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { useGames } from '../api/get-games.ts';
import { useCoreExtensions } from '../api/get-shipped-definitions.ts';
import { GameIcon, gameKeyLabel } from './game-icon.tsx';
import type { GameChoice, Wizard } from './use-wizard.ts';

/** The radio value of a choice: what kind it is, then which one. */
function choiceValue(choice: GameChoice): string | null {
  if (!choice) return null;
  if (choice.kind === 'game') return `game:${choice.game}`;
  if (choice.kind === 'definition') return `definition:${choice.url}`;
  return 'generic';
}

function choiceOf(value: string): GameChoice {
  if (value.startsWith('game:')) return { kind: 'game', game: value.slice(5) as HandlerGameType };
  if (value.startsWith('definition:')) return { kind: 'definition', url: value.slice(11) };
  return { kind: 'generic' };
}

function GameCard({ game }: { game: HandlerGameType }) {
  return (
    <RadioCard value={`game:${game}`}>
      <GameIcon gameKey={game} size="md" />
      <span className="flex-1 text-sm font-medium" translate="no">
        {gameKeyLabel(game)}
      </span>
    </RadioCard>
  );
}

/** A game that ships with the core, e.g. flying-squid (no download, no Java). */
function DefinitionCard({ definition }: { definition: ShippedDefinition }) {
  return (
    <RadioCard value={`definition:${definition.url}`}>
      <GameIcon
        game={{
          type: 'Generic',
          game_name: definition.game_name,
          game_display_name: definition.game_display_name,
        }}
        size="md"
      />
      <span className="flex min-w-0 flex-1 flex-col">
        {/* A definition's own name and words, as its author wrote them. */}
        <span className="text-sm font-medium" translate="no">
          {definition.game_display_name}
        </span>
        <span className="text-xs text-muted" translate="no">
          {definition.description}
        </span>
      </span>
    </RadioCard>
  );
}

function GenericUrlForm({ wizard }: { wizard: Wizard }) {
  const { t } = useLingui();
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
        <Trans>Definition URL</Trans>
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={generic.url}
          placeholder={t`https://… or file:///…/definition.ts`}
          autoComplete="off"
          aria-invalid={generic.error ? true : undefined}
          aria-describedby={`${id}-status`}
          onChange={(event) => wizard.setGenericUrl(event.target.value)}
          className={cn(
            'h-11 min-w-0 flex-1 rounded-md border bg-bg px-3 text-sm text-fg placeholder:text-faint wide:h-10',
            generic.error ? 'border-danger' : 'border-edge hover:border-faint',
          )}
        />
        <Button type="submit" loading={generic.loading}>
          <Download aria-hidden className="size-4" />
          <Trans>Load</Trans>
        </Button>
      </div>
      <div id={`${id}-status`} aria-live="polite" className="text-[13px]">
        {generic.error ? (
          <>
            <p className="text-danger">{generic.error}</p>
            {generic.detail ? <p className="text-xs text-faint">{generic.detail}</p> : null}
          </>
        ) : wizard.genericReady ? (
          <p className="text-success">
            <Trans>Definition loaded</Trans>
          </p>
        ) : (
          <p className="text-faint">
            <Trans>Load the definition to see its settings.</Trans>
          </p>
        )}
      </div>
    </form>
  );
}

function GenericCard() {
  return (
    <RadioCard value="generic" className="col-span-full">
      <GameIcon gameKey="Generic" size="md" />
      <span className="flex flex-1 flex-col">
        <span className="flex items-center gap-2 text-sm font-medium">
          <Trans>Docker Instance</Trans>
          <span className="rounded-full border border-accent/50 px-1.5 text-[10px] font-semibold tracking-wide text-accent uppercase">
            <Trans>Beta</Trans>
          </span>
        </span>
        <span className="text-xs text-muted">
          <Trans>Any game server described by a definition file, loaded from a URL</Trans>
        </span>
      </span>
    </RadioCard>
  );
}

/**
 * Step 1: the games of /games, the games that ship with a Hearth core (none on a Lodestone core),
 * and the Docker Instance (generic, beta) card that loads a definition from a URL.
 */
export function WizardSelectGame({ wizard }: { wizard: Wizard }) {
  const { t } = useLingui();
  const games = useGames();
  const shipped = useCoreExtensions().data?.definitions ?? [];
  return (
    <div className="flex flex-col gap-3">
      {games.isError ? <p className="text-sm text-danger">{toUserMessage(games.error)}</p> : null}
      {/* Shown once the games are known, so that the first game (not Docker) takes focus. */}
      {games.isPending ? (
        <Spinner />
      ) : (
        <RadioCardGroup
          label={t`Game`}
          value={choiceValue(wizard.choice)}
          onValueChange={(value) => wizard.choose(choiceOf(value))}
          initialFocus
          className="grid grid-cols-1 gap-3 sm:grid-cols-2"
        >
          {games.data?.map((game) => (
            <GameCard key={game} game={game} />
          ))}
          {shipped.map((definition) => (
            <DefinitionCard key={definition.url} definition={definition} />
          ))}
          <GenericCard />
        </RadioCardGroup>
      )}
      {wizard.choice?.kind === 'generic' ? <GenericUrlForm wizard={wizard} /> : null}
      {wizard.errors.game ? (
        <p role="alert" className="text-[13px] text-danger">
          {wizard.errors.game}
        </p>
      ) : null}
    </div>
  );
}
