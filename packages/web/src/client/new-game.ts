import { RULE_OPTIONS } from '../shared/game-options';
import { Api, type NewGame } from './api';
import { byId, onSubmit } from './dom';
import { loadSession } from './session';

type RuleOptions = NonNullable<NewGame['rules']>;

/** The form's values as the API takes them: only what differs from the default is sent. */
function readForm(data: FormData): NewGame {
  const rules: Record<string, string | number> = {};
  for (const [name, spec] of Object.entries(RULE_OPTIONS)) {
    const raw = String(data.get(name) ?? '').trim();
    if (raw === '') continue;
    const value = typeof spec.fallback === 'number' || spec.choices === null ? Number(raw) : raw;
    if (value !== spec.fallback) rules[name] = value;
  }
  return { seats: Number(data.get('seats') ?? 2), rules: rules as RuleOptions };
}

/** `/new`: creates the game with the chosen options and opens it (its page shows the invite link). */
export function startNewGame(): void {
  const form = byId<HTMLFormElement>('new-game');
  const seats = form.querySelector<HTMLInputElement>('input[name=seats]');
  // Double-6 seats at most five: the form says so before the API has to.
  const limitSeats = () => {
    const set = Number(new FormData(form).get('set') ?? 9);
    if (seats) seats.max = set === 6 ? '5' : '8';
  };
  form.addEventListener('change', limitSeats);
  limitSeats();
  onSubmit(form, async (data) => {
    const session = loadSession();
    if (!session) throw new Error('Choose your name first (on the home page).');
    const game = await new Api(session.token).create(readForm(data));
    location.assign(`/games/${game.id}`);
  });
}
