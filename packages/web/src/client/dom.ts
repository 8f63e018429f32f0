/** The element with this id, typed; throws when the page lacks it (a page and its script disagree). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

/** Puts `text` on the clipboard; says whether it worked (it needs a secure page, as localhost is). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs a form's submit handler with its button disabled meanwhile, and shows what it throws in the
 * form's alert (`[role=alert]`), in the API's words.
 */
export function onSubmit(form: HTMLFormElement, handler: (data: FormData) => Promise<void>): void {
  const alert = form.querySelector<HTMLElement>('[role=alert]');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
    if (button?.disabled) return;
    if (button) button.disabled = true;
    if (alert) alert.textContent = '';
    handler(new FormData(form))
      .catch((error: unknown) => {
        if (alert) alert.textContent = error instanceof Error ? error.message : String(error);
      })
      .finally(() => {
        if (button) button.disabled = false;
      });
  });
}

/** "just now", "waiting 5 minutes", "waiting 2 hours", "waiting 3 days": how long since `iso`, as a person says it. */
export function waited(iso: string, now = Date.now()): string {
  const seconds = (now - Date.parse(iso)) / 1000;
  return seconds < 60 ? 'just now' : `waiting ${span(seconds)}`;
}

/**
 * How long is left until a deadline, in words: "5 hours left", or "time is up" once it passed (the
 * sweeper then moves for the seat within a minute or so).
 * @example timeLeft('2026-12-02T10:00:00Z', Date.parse('2026-12-01T10:00:00Z')) // '1 day left'
 */
export function timeLeft(iso: string, now = Date.now()): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  return seconds <= 0 ? 'time is up' : `${span(seconds)} left`;
}

/** When something happened, as a person reads it at a glance: the time, and the day too when not today. */
export function shortTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const today = at.toDateString() === now.toDateString();
  return at.toLocaleString([], today ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' });
}

// A duration in the unit a person would say it in: minutes up to an hour and a half, hours up to a
// day and a half, then days.
function span(seconds: number): string {
  const [n, unit] =
    seconds < 5400
      ? [Math.max(1, Math.round(seconds / 60)), 'minute']
      : seconds < 129600
        ? [Math.round(seconds / 3600), 'hour']
        : [Math.round(seconds / 86400), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
