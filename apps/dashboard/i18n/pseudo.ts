// The pseudo-locale: every letter of the English accented (so untranslated, hard-coded text stands
// out) and each vowel doubled, which makes a text about 30 % longer, as German often is (so cut-off
// text shows up). Placeholders, plural forms and `<0>…</0>` tags are left as they are.
const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};
const VOWELS = /[aeiouAEIOU]/;

/** Accents and lengthens one run of text; `<0>`, `</0>` and `<0/>` tags stay intact. */
export function pseudoText(text: string): string {
  return text
    .split(/(<\/?\d+\/?>)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : [...part]
            .map((char) => {
              const accented = ACCENTED[char] ?? char;
              return VOWELS.test(char) ? accented + accented : accented;
            })
            .join(''),
    )
    .join('');
}
