/**
 * Amounts summed exactly: a tablet count is a fraction (½, 1½, ¼), and floating-point sums of
 * such counts drift when they are not powers of two (0.1 + 0.2) or a person reads them as text.
 * An amount is held as a reduced fraction of big integers; every number the API answers is a
 * finite decimal, so it converts without loss.
 */
export interface ExactAmount {
  /** Reduced: gcd(numerator, denominator) = 1. */
  readonly numerator: bigint;
  /** Always positive. */
  readonly denominator: bigint;
}

export const zeroAmount: ExactAmount = { numerator: 0n, denominator: 1n };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function reduced(numerator: bigint, denominator: bigint): ExactAmount {
  if (denominator === 0n) throw new RangeError('an amount cannot have a zero denominator');
  const sign = denominator < 0n ? -1n : 1n;
  const divisor = gcd(numerator, denominator) || 1n;
  return { numerator: (sign * numerator) / divisor, denominator: (sign * denominator) / divisor };
}

/**
 * The exact value of a finite number as JavaScript prints it (the shortest decimal that reads
 * back as the same number): 0.5 is ½, 0.1 is 1/10, 1e-7 is 1/10,000,000. Not finite: RangeError.
 */
export function exactFromNumber(value: number): ExactAmount {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(value));
  if (match === null) throw new RangeError(`unreadable amount: ${value}`);
  const [, sign, whole = '0', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  let numerator = BigInt(`${whole}${fraction}`) * (sign === '-' ? -1n : 1n);
  let denominator = 1n;
  if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
  else denominator = 10n ** BigInt(-exponent);
  return reduced(numerator, denominator);
}

export function addExact(a: ExactAmount, b: ExactAmount): ExactAmount {
  return reduced(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function sumExact(amounts: Iterable<ExactAmount>): ExactAmount {
  let total = zeroAmount;
  for (const amount of amounts) total = addExact(total, amount);
  return total;
}

export function compareExact(a: ExactAmount, b: ExactAmount): number {
  const difference = a.numerator * b.denominator - b.numerator * a.denominator;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/**
 * The amount as an exact decimal ("2.25", "0.1") when it has one (denominator of 2s and 5s
 * only), else as a fraction ("1/3"): never a rounded number.
 */
export function exactDecimal(amount: ExactAmount): string {
  let denominator = amount.denominator;
  let twos = 0;
  let fives = 0;
  while (denominator % 2n === 0n) [denominator, twos] = [denominator / 2n, twos + 1];
  while (denominator % 5n === 0n) [denominator, fives] = [denominator / 5n, fives + 1];
  if (denominator !== 1n) return `${amount.numerator}/${amount.denominator}`;
  const digits = Math.max(twos, fives);
  const scaled = (amount.numerator * 10n ** BigInt(digits)) / amount.denominator;
  const negative = scaled < 0n;
  const text = (negative ? -scaled : scaled).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

/** The amount as a JSON number: exact for every decimal the API answers and every sum of halves and quarters. */
export function exactNumber(amount: ExactAmount): number {
  const decimal = exactDecimal(amount);
  return decimal.includes('/') ? Number(amount.numerator) / Number(amount.denominator) : Number(decimal);
}

const glyphs = new Map<bigint, Map<bigint, string>>([
  [2n, new Map([[1n, '½']])],
  [
    4n,
    new Map([
      [1n, '¼'],
      [3n, '¾'],
    ]),
  ],
]);

/**
 * The amount as a person reads it on a blister plan: whole, halves and quarters with their
 * signs ("1½", "¾", "2"), anything else as its exact decimal or fraction ("0.1", "1/3").
 */
export function amountText(amount: ExactAmount): string {
  const negative = amount.numerator < 0n;
  const size = negative ? -amount.numerator : amount.numerator;
  const whole = size / amount.denominator;
  const rest = size % amount.denominator;
  const glyph = glyphs.get(amount.denominator)?.get(rest);
  if (rest !== 0n && glyph === undefined) return exactDecimal(amount);
  return `${negative ? '-' : ''}${whole === 0n && rest !== 0n ? '' : whole.toString()}${glyph ?? ''}`;
}
