/** @jsxImportSource hono/jsx/dom */
import type { NewsEntry } from './store';

function Entries({ entries }: { entries: readonly NewsEntry[] }) {
  return (
    <ul class="entries">
      {entries.map((e) => (
        <li class={e.milestone ? 'milestone' : ''}>{e.text}</li>
      ))}
    </ul>
  );
}

/** "Since your last visit" (what happened while away, as the API tells it), then what happens while here. */
export function NewsView({ since, news }: { since: readonly NewsEntry[] | null; news: readonly NewsEntry[] }) {
  return (
    <>
      {since && since.length > 0 ? (
        <div class="since">
          <h2>Since your last visit</h2>
          <Entries entries={since} />
        </div>
      ) : null}
      <h2>{since && since.length > 0 ? 'Since you came' : 'What happens'}</h2>
      {news.length > 0 ? (
        <Entries entries={[...news].reverse()} />
      ) : (
        <p class="muted">Moves show here as they happen.</p>
      )}
    </>
  );
}
