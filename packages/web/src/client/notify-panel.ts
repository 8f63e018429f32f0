import { PushDevice, type EventType } from './push-device';

/** Each event a device can be told of, in the panel's words; `on`: ticked for a new device. */
const EVENTS: readonly { type: EventType; label: string; on: boolean }[] = [
  { type: 'turn.started', label: 'It is my turn', on: true },
  { type: 'turn.reminder', label: 'My turn is running out', on: true },
  { type: 'game.started', label: 'A game of mine started', on: true },
  { type: 'game.finished', label: 'A game of mine is over', on: true },
  { type: 'game.cancelled', label: 'A game I joined was cancelled', on: true },
  { type: 'rematch.offered', label: 'Someone wants a rematch', on: true },
  { type: 'turn.timed-out', label: 'A bot moved for me', on: false },
  { type: 'hand.ended', label: 'A hand is over', on: false },
];

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string | boolean> = {},
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  Object.assign(made, props);
  return made;
}

/** A label around a checkbox, with its words. */
function labelled(box: HTMLInputElement, words: string): HTMLLabelElement {
  const label = element('label');
  label.append(box, ` ${words}`);
  return label;
}

/**
 * The "Notifications" panel of the home page, for this device: "Notify me on this device" (the
 * browser asks for the permission only after that click, never on load), which events, a test
 * notification, and a plain word when the browser refuses or has no push.
 */
export function startNotifyPanel(token: string): void {
  const section = document.getElementById('notify');
  if (!section) return;
  const status = element('p', { className: 'notice' });
  status.setAttribute('role', 'status');
  const say = (text: string) => void (status.textContent = text);
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    section.append(status);
    return say('This browser cannot show notifications when no tab is open.');
  }
  const device = new PushDevice(token);
  void device.refresh().catch(() => undefined);
  const toggle = element('input', { type: 'checkbox', checked: device.id !== null });
  const boxes = EVENTS.map((e) => element('input', { type: 'checkbox', value: e.type, checked: e.on }));
  const chosen = () => boxes.filter((b) => b.checked).map((b) => b.value as EventType);
  toggle.addEventListener('change', async () => {
    if (!toggle.checked) return say(await device.turnOff());
    const { on, say: words } = await device.turnOn(chosen());
    toggle.checked = on;
    say(words);
  });
  for (const box of boxes) box.addEventListener('change', () => void device.choose(chosen()));
  const test = element('button', { type: 'button', textContent: 'Send a test notification' });
  test.addEventListener('click', async () => say(await device.test()));
  const list = element('fieldset');
  list.append(
    element('legend', { textContent: 'Tell me when' }),
    ...EVENTS.map((e, i) => labelled(boxes[i]!, e.label)),
  );
  section.append(labelled(toggle, 'Notify me on this device'), list, test, status);
}
