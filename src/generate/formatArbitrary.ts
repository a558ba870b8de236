import fc from 'fast-check';

const MIN_DATE = new Date('1970-01-01T00:00:00.000Z');
const MAX_DATE = new Date('2099-12-31T23:59:59.999Z');

const isoInstant = (): fc.Arbitrary<string> =>
  fc.date({ min: MIN_DATE, max: MAX_DATE, noInvalidDate: true }).map((date) => date.toISOString());

/** fast-check's own arbitraries for the `format`s that servers declare; ajv-formats judges them. */
const FORMATS: Readonly<Record<string, () => fc.Arbitrary<string>>> = {
  email: () => fc.emailAddress(),
  'idn-email': () => fc.emailAddress(),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
  iri: () => fc.webUrl(),
  'uri-reference': () => fc.webUrl(),
  'iri-reference': () => fc.webUrl(),
  uuid: () => fc.uuid(),
  date: () => isoInstant().map((instant) => instant.slice(0, 10)),
  'date-time': isoInstant,
  time: () => isoInstant().map((instant) => instant.slice(11)),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  hostname: () => fc.domain(),
  'idn-hostname': () => fc.domain(),
};

/** Formats whose values may be fetched: web URLs need a network the sandbox does not have. */
const FETCHABLE = new Set(['uri', 'url', 'iri']);

/** `data:` URLs of short texts: the one kind of URL a tool can fetch without a network. */
const dataUrl = (): fc.Arbitrary<string> =>
  fc
    .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 '), maxLength: 40 })
    .map((text) => `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`);

/**
 * Strings of a known `format`, or `undefined` for a format generation does not know (left to the guard). A
 * URI is a web URL three times in four and a `data:` URL otherwise, the other way round when the description
 * speaks of data URIs ("URL or data URI of the file"): in the sandbox only the `data:` one can be fetched.
 */
export function formatArbitrary(format: unknown, description?: unknown): fc.Arbitrary<string> | undefined {
  if (typeof format !== 'string' || !Object.hasOwn(FORMATS, format)) return undefined;
  const values = FORMATS[format]?.();
  if (values === undefined || !FETCHABLE.has(format)) return values;
  const wantsData = typeof description === 'string' && /\bdata[ -]?(uri|url)s?\b|\bdata:/i.test(description);
  return fc.oneof(
    { arbitrary: values, weight: wantsData ? 1 : 3 },
    { arbitrary: dataUrl(), weight: wantsData ? 3 : 1 },
  );
}
