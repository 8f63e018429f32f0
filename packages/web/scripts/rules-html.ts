import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';

/** The rules as the project writes them down: one document, served as the site's rules page. */
export const RULES_MD = fileURLToPath(new URL('../../../docs/rules.md', import.meta.url));

/**
 * docs/rules.md as the rules page's body (HTML, GitHub-flavoured: its tables too), drawn at build
 * time so the server (and the Lambda bundle) carries no markdown parser. Each table scrolls sideways
 * in a box of its own the keyboard can reach, so a phone never scrolls the whole page sideways.
 * @example rulesHtml().startsWith('<h1>Chickenfoot: the rules') // true
 */
export function rulesHtml(markdown: string = readFileSync(RULES_MD, 'utf8')): string {
  const html = marked.parse(markdown, { gfm: true, async: false });
  return html
    .replace(
      /<table>/g,
      '<div class="table-scroll" tabindex="0" role="region" aria-label="A table of the rules"><table>',
    )
    .replace(/<\/table>/g, '</table></div>');
}
