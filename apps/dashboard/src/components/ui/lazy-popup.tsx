import { cloneElement, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type {
  ComponentType,
  FocusEvent,
  KeyboardEvent,
  MouseEvent,
  PointerEvent as ReactPointerEvent,
  ReactElement,
  Ref,
  RefCallback,
} from 'react';
import { flushSync } from 'react-dom';
import { OPEN_KEYS, afterPress, replay } from './popup-use.ts';
import type { PopupKind, Use } from './popup-use.ts';

export type { PopupKind } from './popup-use.ts';

// Menus, popovers, tooltips and the drawer load their code (Radix, floating-ui, scroll locking)
// when someone first uses them, not with the page. Until then the trigger is drawn as it looks
// closed, without Radix. Pointing at it or focusing it starts the load; the first use (a press,
// a key, a hover) is kept, and once the code is there the real component takes the trigger's
// place and the same use is played on it, so Radix opens it as if it had been there all along.
// The placeholder is only replaced on a use and never during a press: a click must end on the
// element it began on. The real trigger is a new element (focus moves over to it): code that kept
// the old one, such as a test, finds it again by its role and name.

/** The props the wrapper composes onto the trigger element. */
interface TriggerElementProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerMove?: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: ReactPointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}

/** The element a popup opens from (a button), drawn as is before the code loads. */
export type PopupTrigger = ReactElement<TriggerElementProps>;

/** What a lazy popup's real component takes: at least the element it opens from. */
export interface PopupTriggerProps {
  /** The button, given to Radix (`asChild`) once the code has loaded. */
  trigger: PopupTrigger;
}

/** The component's code, loaded once for every place that uses it. */
class PopupCode<P> {
  component: ComponentType<P> | null = null;
  private loading: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly load: () => Promise<ComponentType<P>>) {}

  preload = (): Promise<void> => {
    this.loading ??= this.load().then(
      (component) => {
        this.component = component;
        for (const listener of [...this.listeners]) listener();
      },
      (err: unknown) => {
        // Tried again on the next use (a chunk can fail on a flaky link).
        this.loading = null;
        console.error('Could not load a menu or popup', err);
      },
    );
    return this.loading;
  };

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * Wraps a popup component whose code loads on first use. `load` imports the module with the real
 * component (Radix inside); the result takes the same props and can be used in its place.
 */
export function lazyPopup<P extends PopupTriggerProps>(
  kind: PopupKind,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<void> } {
  const code = new PopupCode(load);

  function LazyPopup(props: P) {
    // Once loaded (by any instance), later mounts draw the real component at once.
    const [Real, setReal] = useState(() => code.component);
    const placeholderRef = useRef<HTMLElement | null>(null);
    const realRef = useRef<HTMLElement | null>(null);
    const kept = useRef<Use | null>(null);
    const pressing = useRef(false);
    const swap = useRef<{ use: Use; refocus: boolean } | null>(null);

    /** Replaces the placeholder if there is a use to play, the code, and no press under way. */
    const trySwap = useCallback(() => {
      const use = kept.current;
      const component = code.component;
      if (!use || !component || pressing.current) return;
      kept.current = null;
      // Judged now: once the placeholder is gone, focus has fallen to the body.
      const node = placeholderRef.current;
      swap.current = { use, refocus: node !== null && node === document.activeElement };
      flushSync(() => setReal(() => component));
    }, []);

    useEffect(() => (Real ? undefined : code.subscribe(trySwap)), [Real, trySwap]);

    useLayoutEffect(() => {
      if (!Real || !swap.current?.refocus) return;
      const active = document.activeElement;
      if (active === null || active === document.body) realRef.current?.focus();
    }, [Real]);

    // A passive effect: Radix's own effects (its document listeners) are in place by now.
    useEffect(() => {
      const played = swap.current;
      swap.current = null;
      if (Real && played && realRef.current) replay(kind, played.use, realRef.current);
    }, [Real]);

    const { trigger } = props;
    const own = trigger.props;
    if (Real) {
      const real = cloneElement(trigger, { ref: mergeRefs(own.ref, realRef) });
      return <Real {...props} trigger={real} />;
    }

    const keep = (use: Use) => {
      kept.current ??= use;
      void code.preload();
      trySwap();
    };
    const placeholder: TriggerElementProps & Record<string, unknown> = {
      ref: mergeRefs(own.ref, placeholderRef),
      'data-state': 'closed',
      onPointerEnter: (event) => {
        own.onPointerEnter?.(event);
        void code.preload();
      },
      onFocus: (event) => {
        own.onFocus?.(event);
        // Keyboard focus shows a tooltip; focus from a press does not (as in Radix).
        if (kind === 'tooltip' && !pressing.current) keep({ by: 'focus' });
        else void code.preload();
      },
      onBlur: (event) => {
        own.onBlur?.(event);
        kept.current = null;
      },
      onPointerDown: (event) => {
        own.onPointerDown?.(event);
        if (!pressing.current) {
          pressing.current = true;
          afterPress(event.pointerType, () => {
            pressing.current = false;
            trySwap();
          });
        }
        if (kind === 'tooltip') {
          // A press hides a tooltip until the pointer comes back (as in Radix).
          kept.current = null;
          return;
        }
        if (event.button !== 0 || event.ctrlKey) return;
        keep({ by: 'pointer', pointerType: event.pointerType });
        // As Radix's menu trigger does: the open menu takes focus, not the button.
        if (kind === 'menu') event.preventDefault();
      },
    };
    if (kind === 'tooltip') {
      // A mouse resting on the element asks for the tooltip (a touch does not, as in Radix).
      placeholder.onPointerMove = (event) => {
        own.onPointerMove?.(event);
        if (event.pointerType === 'mouse' && !pressing.current) keep({ by: 'hover' });
      };
      placeholder.onPointerLeave = (event) => {
        own.onPointerLeave?.(event);
        if (kept.current?.by === 'hover') kept.current = null;
      };
    } else {
      placeholder['aria-haspopup'] = kind;
      placeholder['aria-expanded'] = false;
      placeholder.onKeyDown = (event) => {
        own.onKeyDown?.(event);
        if (event.key === 'Escape') kept.current = null;
        if (!OPEN_KEYS[kind].includes(event.key)) return;
        event.preventDefault();
        keep({ by: 'key', key: event.key });
      };
      // A click with no press before it (assistive technology) opens a dialog trigger too.
      placeholder.onClick = (event) => {
        own.onClick?.(event);
        if (kind === 'dialog') keep({ by: 'click' });
      };
    }
    return cloneElement(trigger, placeholder);
  }

  LazyPopup.displayName = `LazyPopup(${kind})`;
  return Object.assign(LazyPopup, { preload: code.preload });
}
