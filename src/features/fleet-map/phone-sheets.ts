/**
 * What covers the map on a phone, one thing at a time: nothing (the map, its handle and a chosen
 * node's card), the list sheet, or the options drawer (show, silent after, the moment). One at a
 * time, so that closing one always leaves the map in view, with the effect of what was changed.
 */
export type PhoneCover = 'map' | 'list' | 'options';

export type PhoneCoverAction =
  | { type: 'list'; open: boolean }
  | { type: 'options'; open: boolean }
  /** A node picked in the list: the list closes, so that the node and its card are seen. */
  | { type: 'node-shown' };

export function nextCover(cover: PhoneCover, action: PhoneCoverAction): PhoneCover {
  switch (action.type) {
    case 'list':
    case 'options':
      if (action.open) return action.type;
      // Closing what is not open changes nothing (a late drag on a handle under the drawer).
      return cover === action.type ? 'map' : cover;
    case 'node-shown':
      return 'map';
  }
}

/** The card of a chosen node shows over the map, never under the list or the drawer. */
export const cardShown = (cover: PhoneCover, chosen: boolean): boolean => chosen && cover === 'map';
