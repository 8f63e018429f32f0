/** @jsxImportSource hono/jsx/dom */
import { memo } from 'hono/jsx/dom';
import type { NewsEntry } from './store';

function Entries({ entries }: { entries: readonly NewsEntry[] }) {
  return (
    <ul class="entries">
      {entries.map((e) => (
        <li key={e.key} data-key={e.key} class={e.milestone ? 'milestone' : ''}>
          {e.text}
        </li>
      ))}
    </ul>
  );
}

/** The story cut by hand, in the order the hands were played: what happened before the first deal, then each hand. */
export function byHand(story: readonly NewsEntry[]): { hand: number | null; entries: NewsEntry[] }[] {
  const parts: { hand: number | null; entries: NewsEntry[] }[] = [];
  for (const entry of story) {
    const last = parts.at(-1);
    if (last && last.hand === entry.hand) last.entries.push(entry);
    else parts.push({ hand: entry.hand, entries: [entry] });
  }
  return parts;
}

/** A hand's line when folded: its number, and how it ended (the sentence that said so) or that it is on. */
function summaryOf(part: { hand: number | null; entries: readonly NewsEntry[] }): string {
  if (part.hand === null) return 'Before the first deal';
  const end = part.entries.find((e) => e.milestone && e.text.startsWith('Hand '));
  return end ? end.text : `Hand ${part.hand + 1}: in play`;
}

interface Props {
  readonly story: readonly NewsEntry[];
  readonly seenBefore: number | null;
  readonly loadedAt: number;
}

/**
 * What happened, from the story: "Since your last visit" (what was missed, newest first) when coming
 * back, "What happens" (newest first) while the page is open, and the whole game hand by hand, each
 * folded (a person opens the hand they want to read, oldest line first).
 */
export const NewsView = memo(function NewsView({ story, seenBefore, loadedAt }: Props) {
  const since = seenBefore === null ? [] : story.filter((e) => e.version > seenBefore && e.version <= loadedAt);
  const live = story.filter((e) => e.version > loadedAt);
  return (
    <>
      {since.length > 0 ? (
        <div class="since">
          <h2>Since your last visit</h2>
          <Entries entries={[...since].reverse()} />
        </div>
      ) : null}
      <h2>What happens</h2>
      {live.length > 0 ? (
        <Entries entries={[...live].reverse()} />
      ) : (
        <p class="muted">Moves show here as they happen.</p>
      )}
      {story.length > 0 ? (
        <div class="story">
          <h2>The game so far</h2>
          {byHand(story)
            .reverse()
            .map((part) => (
              <details key={`hand-${part.hand ?? 'none'}`} data-hand={part.hand ?? undefined}>
                <summary>{summaryOf(part)}</summary>
                <Entries entries={part.entries} />
              </details>
            ))}
        </div>
      ) : null}
    </>
  );
});
