/** @jsxImportSource hono/jsx/dom */
import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'hono/jsx/dom';
import type { Game } from '../api';
import { shortTime } from '../dom';
import { seatName } from './seat-names';
import type { Talk, TalkState } from './talk';

/**
 * Table talk: what the seated players said (oldest first, each by seat name), a box to say something
 * (for a seat still in the game), and muting the table for oneself.
 */
export function TalkView({ talk, view }: { talk: Talk; view: Game }) {
  const state = useSyncExternalStore(talk.store.subscribe, talk.store.get);
  const seat = view.seats[view.yourSeat];
  // The newest message is at the bottom: keep it in sight as messages come.
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [state.messages.length]);
  return (
    <>
      {talkHead(talk, state)}
      {said(state, view, list)}
      {seat?.player && !seat.left ? sayForm(talk, state) : null}
      <p class="problem" role="alert">
        {state.problem ?? ''}
      </p>
    </>
  );
}

/** The heading, and the button that mutes the table (or unmutes it). */
function talkHead(talk: Talk, state: TalkState) {
  return (
    <div class="talk-head">
      <h2>Table talk</h2>
      <button
        type="button"
        class="secondary"
        aria-pressed={state.muted ? 'true' : 'false'}
        disabled={state.busy}
        onClick={() => void talk.setMuted(!state.muted)}
      >
        {state.muted ? 'Unmute' : 'Mute'}
      </button>
    </div>
  );
}

/** What was said, oldest first (`list` is kept scrolled to the newest), or why nothing is shown. */
function said(state: TalkState, view: Game, list: RefObject<HTMLOListElement | null>) {
  if (state.muted) return <p class="muted">You muted this table: its messages are not shown to you.</p>;
  if (state.messages.length === 0) {
    return <p class="muted">{state.loaded ? 'Nothing said yet.' : 'Loading what was said…'}</p>;
  }
  return (
    <ol class="talk-list" ref={list} tabindex={0} aria-label="What was said">
      {state.messages.map((m) => (
        <li key={m.seq} class={m.seat === view.yourSeat ? 'talk-mine' : undefined}>
          <span class="talk-who">{seatName(view, m.seat, true)}</span> <time dateTime={m.at}>{shortTime(m.at)}</time>
          <p class="talk-text">{m.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The box to say something to the table: Enter sends it, and the box empties once it is posted. */
function sayForm(talk: Talk, state: TalkState) {
  const send = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const text = String(new FormData(form).get('text') ?? '').trim();
    if (text) void talk.say(text).then((posted) => posted && form.reset());
  };
  return (
    <form class="talk-say" onSubmit={send}>
      <label for="talk-text">Say something to the table</label>
      <textarea
        id="talk-text"
        name="text"
        rows={2}
        maxlength={280}
        required
        aria-describedby="talk-keys"
        onKeyDown={(e: KeyboardEvent) => {
          // Enter sends, as in any chat; Shift+Enter breaks the line (and a composing IME keeps its Enter).
          if (e.key !== 'Enter' || e.shiftKey || e.isComposing) return;
          e.preventDefault();
          (e.currentTarget as HTMLTextAreaElement).form?.requestSubmit();
        }}
      />
      <p class="hint" id="talk-keys">
        Enter sends; Shift+Enter starts a new line.
      </p>
      <button type="submit" disabled={state.busy}>
        Send
      </button>
    </form>
  );
}
