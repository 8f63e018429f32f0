/** @jsxImportSource hono/jsx */
import { GAME_FIELDS, type OptionSpec } from '../../shared/game-options';
import type { FormOption } from '../contract-options';

/**
 * What the client needs to send a rule option as the API takes it (client/new-game.ts): that it is
 * one, whether its values are numbers, and its default (only a value that differs from it is sent).
 */
function ruleData(spec: OptionSpec<string | number | boolean>) {
  const number = spec.choices === null || typeof spec.choices[0]?.value === 'number';
  return {
    'data-rule': '',
    'data-type': number ? 'number' : 'string',
    ...(spec.fallback === null ? {} : { 'data-default': String(spec.fallback) }),
  };
}

/** One option: its label, its values (a choice of buttons, or a number), and its sentence. */
function Option({ name, spec, rule }: { name: string; spec: OptionSpec<string | number | boolean>; rule?: boolean }) {
  const hint = `hint-${name}`;
  const data = rule ? ruleData(spec) : {};
  if (spec.choices === null) {
    return (
      <div class="option" {...data}>
        <label for={`option-${name}`}>{spec.label}</label>
        <input
          id={`option-${name}`}
          name={name}
          type="number"
          inputmode="numeric"
          min={spec.range?.min}
          max={spec.range?.max}
          value={spec.range?.start == null ? undefined : String(spec.range.start)}
          placeholder={spec.range?.start === null ? 'usual' : undefined}
          aria-describedby={hint}
        />
        <p class="hint" id={hint}>
          {spec.sentence}
        </p>
      </div>
    );
  }
  return (
    <fieldset class="option" aria-describedby={hint} {...data}>
      <legend>{spec.label}</legend>
      <div class="choices">
        {spec.choices.map((choice) => (
          <label class="choice">
            <input type="radio" name={name} value={String(choice.value)} checked={choice.value === spec.fallback} />
            {choice.label}
          </label>
        ))}
      </div>
      <p class="hint" id={hint}>
        {spec.sentence}
      </p>
    </fieldset>
  );
}

/**
 * `/new`: every option of a new game, each with the sentence that says what it does, the defaults
 * chosen: the seats and bots, then the rule options as the contract lists them (`ruleOptionsOf`). The
 * client sends it to `POST /v1/games` and opens the game, where the invite link is.
 */
export function NewGamePage({ options }: { options: readonly FormOption[] }) {
  return (
    <section class="card" aria-labelledby="new-title">
      <h1 id="new-title">New game</h1>
      <p data-when="signed-out" class="notice">
        <a href="/">Choose your name</a> first: then come back here.
      </p>
      <form id="new-game" class="options" novalidate>
        {(Object.entries(GAME_FIELDS) as [string, OptionSpec<number | boolean>][]).map(([name, spec]) => (
          <Option name={name} spec={spec} />
        ))}
        {options.map(({ name, spec }) => (
          <Option name={name} spec={spec} rule />
        ))}
        <div class="actions">
          <p class="deal" id="deal-line" role="status">
            Each of the 2 players gets 21 tiles (the usual deal); 13 of the 55 stay in the boneyard.
          </p>
          <button type="submit">Create the game</button>
          <p class="problem" role="alert" id="new-game-problem" />
        </div>
      </form>
    </section>
  );
}
