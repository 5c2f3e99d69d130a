/**
 * Reads RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF line ends) into records of fields. Strict: a
 * stray quote or an unterminated quoted field is an error, so a writer bug cannot hide behind a lenient reader.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i += 1;
        if (i < text.length && !/[,\r\n]/.test(text[i]!)) throw new SyntaxError(`Text after a closing quote at ${i}`);
      } else {
        field += c;
        i += 1;
      }
    } else if (c === '"') {
      if (field !== '') throw new SyntaxError(`A quote inside an unquoted field at ${i}`);
      quoted = true;
      i += 1;
    } else if (c === ',') {
      endField();
      i += 1;
    } else if (c === '\r' || c === '\n') {
      endField();
      records.push(record);
      record = [];
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i += 1;
    }
  }
  if (quoted) throw new SyntaxError('An unterminated quoted field');
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}
