import type { ClientEvent, InstanceInfo } from '@hearth/protocol';

// dashboard.md §4: state changes arrive as events and update the list; an instance error sets
// Error; ending InstanceCreation adds the instance, ending InstanceDelete removes it; player
// changes update the player list and count. Pure, so the sidebar rules are tested without React.

function patch(list: InstanceInfo[], uuid: string, change: Partial<InstanceInfo>): InstanceInfo[] {
  let changed = false;
  const next = list.map((instance) => {
    if (instance.uuid !== uuid) return instance;
    changed = true;
    return { ...instance, ...change };
  });
  return changed ? next : list;
}

/** The list after `event`; the same array when the event changes nothing. */
export function applyInstanceEvent(list: InstanceInfo[], event: ClientEvent): InstanceInfo[] {
  const inner = event.event_inner;
  if (inner.type === 'InstanceEvent') {
    // Every instance event carries the instance's current name: a rename made elsewhere (which has
    // no event of its own in the v1 API) shows with the instance's next event.
    const named = patchName(list, inner.instance_uuid, inner.instance_name);
    return applyInstanceChange(named, inner);
  }
  return applyProgression(list, event);
}

function patchName(list: InstanceInfo[], uuid: string, name: string): InstanceInfo[] {
  const current = list.find((instance) => instance.uuid === uuid);
  return current && current.name !== name ? patch(list, uuid, { name }) : list;
}

function applyInstanceChange(
  list: InstanceInfo[],
  inner: Extract<ClientEvent['event_inner'], { type: 'InstanceEvent' }>,
): InstanceInfo[] {
  const change = inner.instance_event_inner;
  switch (change.type) {
    case 'StateTransition':
      return patch(list, inner.instance_uuid, { state: change.to });
    case 'InstanceError':
      return patch(list, inner.instance_uuid, { state: 'Error' });
    case 'PlayerChange':
      return patch(list, inner.instance_uuid, {
        player_list: change.player_list,
        player_count: change.player_list.length,
      });
    case 'InstanceWarning':
    case 'InstanceInput':
    case 'InstanceOutput':
    case 'SystemMessage':
    case 'PlayerMessage':
      return list;
  }
}

function applyProgression(list: InstanceInfo[], event: ClientEvent): InstanceInfo[] {
  const inner = event.event_inner;
  if (inner.type === 'ProgressionEvent') {
    const progression = inner.progression_event_inner;
    if (progression.type !== 'ProgressionEnd' || !progression.inner) return list;
    const end = progression.inner;
    switch (end.type) {
      case 'InstanceCreation': {
        const { type: _type, ...info } = end;
        const rest = list.filter((instance) => instance.uuid !== info.uuid);
        return [...rest, info];
      }
      case 'InstanceDelete': {
        const rest = list.filter((instance) => instance.uuid !== end.instance_uuid);
        return rest.length === list.length ? list : rest;
      }
      case 'FSOperationCompleted':
        return list;
    }
  }
  return list;
}
