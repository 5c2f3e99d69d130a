/** A reply as blocks the panel shows: paragraphs and list items, with no markdown symbols left in them. */
export type ReplyBlock = { kind: 'paragraph'; text: string } | { kind: 'item'; text: string };

const clean = (line: string) =>
  line
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/__(.+?)__/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(^|\s)[*_](\S(?:.*?\S)?)[*_](?=\s|[.,;:!?]|$)/g, '$1$2')
    .replace(/^#{1,6}\s+/, '')
    .trim();

/** docs/assistant.md, "The panel": figures and short lists readably, never raw markdown. */
export function readableReply(text: string): ReplyBlock[] {
  const blocks: ReplyBlock[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const item = /^\s*(?:[-*•]|\d+[.)])\s+(.*)$/.exec(raw);
    const line = clean(item ? item[1]! : raw);
    if (line === '') continue;
    blocks.push({ kind: item ? 'item' : 'paragraph', text: line });
  }
  return blocks;
}
