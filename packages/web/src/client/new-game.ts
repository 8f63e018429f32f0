import { maxSeats } from '../shared/game-options';
import { Api, type NewGame } from './api';
import { dealLine } from './deal';
import { byId, onSubmit } from './dom';
import { loadSession } from './session';

type RuleOptions = NonNullable<NewGame['rules']>;

/**
 * The form's values as the API takes them: only what differs from the default is sent. Each rule option
 * says on the page, as the contract has it, whether it is a number and what its default is.
 */
function readForm(form: HTMLFormElement, data: FormData): NewGame {
  const rules: Record<string, string | number> = {};
  for (const option of form.querySelectorAll<HTMLElement>('[data-rule]')) {
    const name = option.querySelector<HTMLInputElement>('input')?.name ?? '';
    const raw = String(data.get(name) ?? '').trim();
    if (name === '' || raw === '') continue;
    const value = option.dataset.type === 'number' ? Number(raw) : raw;
    if (String(value) !== option.dataset.default) rules[name] = value;
  }
  const seats = Number(data.get('seats') ?? 2);
  // Bots at the game's level ("Bots play"), in the lowest free seats.
  const bots = Math.max(0, Math.min(seats - 1, Number(data.get('bots') ?? 0) || 0));
  const seated = bots > 0 ? { bots: Array.from({ length: bots }, () => ({})) } : {};
  // Listed in the lobby only when asked: by default a game is for those with the link.
  const open = data.get('open') === 'true' ? { open: true } : {};
  return { seats, rules: rules as RuleOptions, ...seated, ...open };
}

/** `/new`: creates the game with the chosen options and opens it (its page shows the invite link). */
export function startNewGame(): void {
  const form = byId<HTMLFormElement>('new-game');
  const seats = form.querySelector<HTMLInputElement>('input[name=seats]');
  const bots = form.querySelector<HTMLInputElement>('input[name=bots]');
  // Double-6 seats at most five, and bots take only the other seats: the form says so before the API has to.
  const limitSeats = () => {
    const set = Number(new FormData(form).get('set') ?? 9);
    if (seats) seats.max = String(maxSeats(set));
    if (bots) bots.max = String(Math.max(0, Number(seats?.value ?? 2) - 1));
  };
  // The deal in words as the options change: how many tiles each player gets, and the boneyard.
  const deal = byId('deal-line');
  const tellDeal = () => {
    const data = new FormData(form);
    const size = String(data.get('handSize') ?? '').trim();
    deal.textContent = dealLine(
      Number(data.get('set') ?? 9),
      Number(data.get('seats') || 2),
      size ? Number(size) : null,
    );
  };
  form.addEventListener('change', () => (limitSeats(), tellDeal()));
  form.addEventListener('input', tellDeal);
  limitSeats();
  tellDeal();
  onSubmit(form, async (data) => {
    const session = loadSession();
    if (!session) throw new Error('Choose your name first (on the home page).');
    const game = await new Api(session.token).create(readForm(form, data));
    location.assign(`/games/${game.id}`);
  });
}
