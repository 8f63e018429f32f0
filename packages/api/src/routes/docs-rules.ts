import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { page } from './docs-problems';

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Inline Markdown: code, bold, links (http(s) or this site's paths only). */
function inline(text: string): string {
  return escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(((?:https?:\/\/|\/)[^)\s]*)\)/g, '<a href="$2">$1</a>');
}

/**
 * docs/rules.md as HTML: the few Markdown forms it uses (headings, paragraphs, lists with wrapped lines,
 * tables, inline code, bold, links). Not a general Markdown renderer: a page of this one document.
 * @example renderRules(readFileSync('docs/rules.md', 'utf8'))
 */
export function renderRules(markdown: string): string {
  const out: string[] = [];
  let block: { kind: 'p' | 'li' | 'table'; lines: string[] } | null = null;
  let inList = false;
  const flush = () => {
    if (!block) return;
    if (block.kind === 'table') {
      const rows = block.lines.filter((l) => !/^\|[\s|:-]+\|$/.test(l));
      out.push(
        `<table>${rows
          .map(
            (r) =>
              `<tr>${r
                .slice(1, -1)
                .split('|')
                .map((c) => `<td>${inline(c.trim())}</td>`)
                .join('')}</tr>`,
          )
          .join('')}</table>`,
      );
    } else out.push(`<${block.kind}>${inline(block.lines.join(' '))}</${block.kind}>`);
    block = null;
  };
  const closeList = () => {
    if (inList) out.push('</ul>');
    inList = false;
  };
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,4}) (.*)$/.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      closeList();
      out.push(`<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`);
    } else if (line.startsWith('|')) {
      if (block?.kind !== 'table') flush();
      block ??= { kind: 'table', lines: [] };
      block.lines.push(line);
    } else if (/^[-*] /.test(line)) {
      flush();
      if (!inList) out.push('<ul>');
      inList = true;
      block = { kind: 'li', lines: [line.slice(2)] };
    } else if (block) block.lines.push(line);
    else {
      if (!raw.startsWith(' ')) closeList();
      block = { kind: 'p', lines: [line] };
    }
  }
  flush();
  closeList();
  return page('The rules', `<p><a href="/docs">API docs</a> · <a href="/problems">Problems</a></p>\n${out.join('\n')}`);
}

let rules: string | null | undefined;

/**
 * The rules page, made once from docs/rules.md beside the source (null where the file is not there:
 * a bundle that was built without it).
 */
export function rulesPage(): string | null {
  if (rules !== undefined) return rules;
  try {
    rules = renderRules(readFileSync(fileURLToPath(new URL('../../../../docs/rules.md', import.meta.url)), 'utf8'));
  } catch {
    rules = null;
  }
  return rules;
}
