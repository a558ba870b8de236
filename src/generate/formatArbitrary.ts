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

/** Strings of a known `format`, or `undefined` for a format generation does not know (left to the guard). */
export function formatArbitrary(format: unknown): fc.Arbitrary<string> | undefined {
  if (typeof format !== 'string' || !Object.hasOwn(FORMATS, format)) return undefined;
  return FORMATS[format]?.();
}
