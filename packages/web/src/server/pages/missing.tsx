/** @jsxImportSource hono/jsx */

/** Any other page path: a person's 404, with the way back. */
export function MissingPage() {
  return (
    <section class="card">
      <h1>There is no such page</h1>
      <p>
        <a href="/">Back to your games</a>.
      </p>
    </section>
  );
}
