/** @jsxImportSource hono/jsx */

/**
 * `/rules`: the rules this server plays, as docs/rules.md says them (drawn into HTML by the build),
 * with a way back to the game for whoever came from one.
 */
export function RulesPage({ html }: { html: string }) {
  return (
    <>
      <p class="rules-back">
        <a href="/">Your games</a>
      </p>
      <article class="card rules" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
