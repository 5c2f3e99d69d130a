/** The class names given, the falsy ones left out: `cx(s.value, good && s.good)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
