/** What a push says, as the server sends it (packages/app/src/push/payload.ts): never a tile or a token. */
export interface PushPayload {
  readonly type: string;
  readonly gameId: string | null;
  readonly version: number;
  readonly title: string;
  readonly body: string;
  readonly url: string;
  readonly deadline: string | null;
  readonly by: string | null;
  readonly tag: string;
  readonly at: string;
}

/** A notification as the worker asks to show it. */
export interface ShownNotification {
  readonly title: string;
  readonly options: {
    readonly body: string;
    readonly tag: string;
    readonly icon: string;
    readonly renotify: boolean;
    readonly timestamp: number;
    readonly data: { readonly url: string; readonly version: number };
  };
}

const TIME = new Intl.DateTimeFormat('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * The notification a push makes: its title, its text with who moved and the deadline, one per game
 * (the tag: a newer one replaces it, and rings again), opening the game on a click.
 * @example notificationOf({ title: 'Your turn', body: 'Ann moved: it is your turn.', deadline, … }, '/icon.png')
 */
export function notificationOf(push: PushPayload, icon: string): ShownNotification {
  const deadline = push.deadline ? ` Move by ${TIME.format(new Date(push.deadline))}.` : '';
  return {
    title: push.title,
    options: {
      body: `${push.body}${deadline}`,
      tag: push.tag,
      icon,
      renotify: true,
      timestamp: Date.parse(push.at) || Date.now(),
      data: { url: push.url, version: push.version },
    },
  };
}
