/** @jsxImportSource hono/jsx/dom */
import type { NewsEntry } from './store';

function Entries({ entries }: { entries: readonly NewsEntry[] }) {
  return (
    <ul class="entries">
      {entries.map((e) => (
        <li key={e.key} class={e.milestone ? 'milestone' : ''}>
          {e.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Since your last visit" (what happened while away, as the API tells it, newest first), or on a first
 * visit the game so far; then what happens while the page is open.
 */
export function NewsView(props: { since: readonly NewsEntry[] | null; first: boolean; news: readonly NewsEntry[] }) {
  const { since, first, news } = props;
  const earlier =
    since && since.length > 0 ? (
      <div class={first ? 'since so-far' : 'since'}>
        <h2>{first ? 'The game so far' : 'Since your last visit'}</h2>
        <Entries entries={[...since].reverse()} />
      </div>
    ) : null;
  // Coming back, what was missed comes first; on a first visit the game so far is background, below.
  return (
    <>
      {first ? null : earlier}
      <h2>{earlier && !first ? 'Since you came' : 'What happens'}</h2>
      {news.length > 0 ? (
        <Entries entries={[...news].reverse()} />
      ) : (
        <p class="muted">Moves show here as they happen.</p>
      )}
      {first ? earlier : null}
    </>
  );
}
