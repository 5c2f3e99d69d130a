/** The characters of Windows-1252 above ASCII that are not in Latin-1 (0x80–0x9F). */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Most text is plain ASCII and needs no work. */
const PLAIN = /^[\x20-\x7e\n\t]*$/;

function encodable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(char);
}

/**
 * The PDF's built-in Helvetica only has the Windows-1252 characters; jsPDF prints anything else as garbage
 * ('💅' comes out as 'Ø=Ü…'). Accented letters lose their accent when they must ('Ł' stays a letter: '?'),
 * line breaks and tabs stay, and emoji and other symbols are left out.
 */
export function toWinAnsi(text: string): string {
  if (PLAIN.test(text)) return text;
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (char === '\n' || char === '\t' || encodable(char)) {
      out += char;
      continue;
    }
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    if (base !== '' && [...base].every(encodable)) out += base;
    else if (/\p{L}|\p{N}/u.test(char)) out += '?';
  }
  return out.replace(/ {2,}/g, ' ').trim();
}
