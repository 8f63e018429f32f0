import { sendQueued, type Sent } from './offline-moves';

const SAID: Record<Sent['outcome'], string> = {
  made: 'You are back: the move you made offline was sent.',
  stale: 'You are back, but the game moved on meanwhile: your move made offline was not made. Look, and move again.',
  refused: 'You are back, but the move you made offline was refused: look, and move again.',
};

/** A line at the top of the page while the network is cut, and what became of the moves made meanwhile. */
function banner(): HTMLElement {
  const line = document.createElement('p');
  line.className = 'notice offline';
  line.setAttribute('role', 'status');
  line.hidden = true;
  document.querySelector('main')?.prepend(line);
  return line;
}

/**
 * The installable app's side of every page: registers the service worker (push, the offline shell),
 * says when the network is cut, and sends the moves made meanwhile when it is back.
 */
export function startAppShell(): void {
  if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const line = banner();
  const flush = () =>
    void sendQueued((sent) => {
      line.hidden = false;
      line.textContent = SAID[sent.outcome];
    });
  const update = () => {
    line.hidden = navigator.onLine;
    if (!navigator.onLine) line.textContent = 'You are offline; your move will be sent when you are back.';
    else flush();
  };
  addEventListener('online', update);
  addEventListener('offline', update);
  update();
}
